import { OSAGO_TERM_MONTHS, periodOfUse, policyTerm, shorterPeriodOfUse, spanEnd } from './term';

describe('a policy’s term and its period of use (ГК РФ ст. 190–192)', () => {
  test('an e-OSAGO policy is issued for a year: с 30.11.2026 по 29.11.2027, whatever its period of use', () => {
    expect(OSAGO_TERM_MONTHS).toBe(12);
    expect(policyTerm('2026-11-30')).toEqual({ from: '2026-11-30', to: '2027-11-29' });
    expect(policyTerm('2026-12-01')).toEqual({ from: '2026-12-01', to: '2027-11-30' });
    expect(policyTerm('2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });

  test('a 3-month period of use from 30 November ends on the last day of February (no 30 February), not in March', () => {
    expect(periodOfUse('2026-11-30', 3)).toEqual({ from: '2026-11-30', to: '2027-02-28' });
    expect(spanEnd('2026-11-29', 3)).toBe('2027-02-28');
    expect(spanEnd('2026-12-01', 3)).toBe('2027-02-28');
    expect(spanEnd('2026-11-28', 3)).toBe('2027-02-27');
  });

  test('a month from 31 January ends on the last day of February: the 28th, the 29th in a leap year', () => {
    expect(spanEnd('2027-01-31', 1)).toBe('2027-02-28');
    expect(spanEnd('2028-01-31', 1)).toBe('2028-02-29');
    expect(spanEnd('2028-01-30', 1)).toBe('2028-02-29');
    expect(spanEnd('2028-01-29', 1)).toBe('2028-02-28');
    // A month whose matching day exists ends the day before it.
    expect(spanEnd('2027-03-01', 1)).toBe('2027-03-31');
    expect(spanEnd('2027-02-28', 1)).toBe('2027-03-27');
  });

  test('a year from 29 February ends on 28 February; a year across a 29 February keeps the matching day', () => {
    expect(policyTerm('2028-02-29')).toEqual({ from: '2028-02-29', to: '2029-02-28' });
    expect(policyTerm('2028-03-01')).toEqual({ from: '2028-03-01', to: '2029-02-28' });
    expect(policyTerm('2027-03-01')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(policyTerm('2027-02-28')).toEqual({ from: '2027-02-28', to: '2028-02-27' });
  });

  test('consecutive periods leave no day out and never overlap', () => {
    let from = '2026-11-30';
    const ends: string[] = [];
    for (let i = 0; i < 4; i++) {
      const to = spanEnd(from, 3);
      ends.push(to);
      const next = new Date(`${to}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      from = next.toISOString().slice(0, 10);
    }
    expect(ends).toEqual(['2027-02-28', '2027-05-31', '2027-08-31', '2027-11-30']);
  });

  test('the period of use is shown apart only when it is shorter than the term', () => {
    expect(shorterPeriodOfUse('2026-11-30', 3)).toEqual({ from: '2026-11-30', to: '2027-02-28' });
    expect(shorterPeriodOfUse('2026-11-30', 9)).toEqual({ from: '2026-11-30', to: '2027-08-29' });
    expect(shorterPeriodOfUse('2026-11-30', 12)).toBeNull();
    expect(periodOfUse('2026-11-30', 12)).toEqual(policyTerm('2026-11-30'));
  });

  test('a day that is not a calendar day, or a count that is not whole months, is refused', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '30.11.2026', '2026-11-30T00:00:00Z', '']) expect(() => spanEnd(bad, 3)).toThrow(RangeError);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => spanEnd('2026-11-30', bad)).toThrow(RangeError);
  });
});
