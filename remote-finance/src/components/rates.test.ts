import { bpToPercent, moscowToday, percentToBp, rateError, rateText, standingOf, validityText } from './rates';
import { rateVersions } from './segmentRates';

describe('rates on screen: percent typed, basis points sent', () => {
  test('percent with up to two decimals → basis points, exactly (1,15% is 115, not 1.15 × 100 = 114.999…)', () => {
    expect(percentToBp('1,15')).toBe(115);
    expect(percentToBp('0,29')).toBe(29);
    expect(percentToBp('12,5')).toBe(1250);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('0,07')).toBe(7);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp(' 10 ')).toBe(1000);
    for (const bad of ['', ',5', '12,', '12,345', '-1', '1e2', '12 %']) expect(percentToBp(bad)).toBeNull();
  });

  test('basis points → percent as the field and the lists write it', () => {
    expect([1250, 1205, 1000, 7, 115, 0, 10_000].map(bpToPercent)).toEqual(['12,5', '12,05', '10', '0,07', '1,15', '0', '100']);
    expect(rateText(1250)).toBe('12,5%');
    for (const bp of [1, 99, 115, 1250, 9999]) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });

  test('what is wrong with a typed rate', () => {
    expect(rateError('12,5')).toBeNull();
    expect(rateError('100')).toBeNull();
    expect(rateError('100,01')).toBe('Ставка не больше 100%');
    expect(rateError('1000')).toBe('Ставка не больше 100%');
    expect(rateError('12,345')).toBe('Ставка в процентах, не больше двух знаков после запятой');
  });
});

describe('days', () => {
  test('today is Moscow’s: 22:30 UTC on 30 November is already 1 December', () => {
    expect(moscowToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(moscowToday(new Date('2026-11-30T20:59:00Z'))).toBe('2026-11-30');
  });

  test('a span of days: its text and where it stands', () => {
    expect(validityText('2026-12-01', '2026-12-31')).toBe('с 01.12.2026 по 31.12.2026');
    expect(validityText('2026-12-01', null)).toBe('с 01.12.2026, бессрочно');
    const today = '2026-12-10';
    expect(standingOf('2026-12-11', null, today)).toBe('future');
    expect(standingOf('2026-12-10', null, today)).toBe('current');
    expect(standingOf('2026-12-01', '2026-12-10', today)).toBe('current');
    expect(standingOf('2026-12-01', '2026-12-09', today)).toBe('past');
  });

  test('a segment’s versions per insurer × product: to come, the newest started one in force, older ones replaced', () => {
    const v = (companyId: string, validFrom: string) => ({ companyId, companyName: companyId, product: 'eosago', productName: 'Е-ОСАГО', rateBp: 1000, validFrom });
    const groups = rateVersions([v('a', '2026-01-01'), v('a', '2027-01-01'), v('b', '2026-12-10'), v('a', '2025-01-01'), v('a', '2026-06-01')], '2026-12-10');
    expect(groups.map((g) => g.map((r) => `${r.companyId} ${r.validFrom} ${r.standing}`))).toEqual([
      ['a 2027-01-01 future', 'a 2026-06-01 current', 'a 2026-01-01 replaced', 'a 2025-01-01 replaced'],
      ['b 2026-12-10 current'],
    ]);
  });
});
