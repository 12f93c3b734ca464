import fc from 'fast-check';
import { rateMortgage, rateMortgageAll, MORTGAGE_INSURERS } from './rating';
import { validateMortgageInput, type MortgageCalculateRequest } from './input';
import { MORTGAGE_BANKS, MORTGAGE_TARIFFS } from './tariffs';
import { MORTGAGE_STEPS, mortgageSummary } from './steps';
import { offerOf, tariffsOutsideRanges } from '../ratingKit';

/** Mortgage (ipoteka) against research §5: the note's cross-check, factors, refusals, fields, properties. */

const rub = (r: number) => r * 100;
const offer = offerOf;
const MAN_35 = { birthDate: '1991-03-01', sex: 'male' as const, share: 100 };
const loan = (over: Partial<MortgageCalculateRequest> = {}): MortgageCalculateRequest => ({
  bank: 'sber',
  balance: rub(3_000_000),
  property: 'flat',
  life: true,
  borrowers: [MAN_35],
  title: false,
  startDate: '2026-06-01',
  ...over,
});
const premium = (req: MortgageCalculateRequest, insurer = 'ingos') => offer(rateMortgage(req, insurer)).premium;

test('the research cross-check: 3 m ₽ × 1,1 × (0,1 % + 0,3 %) = 13 200 ₽ (ingos)', () => {
  // SI 3 300 000; flat 0,1 % = 3 300; man of 35, share 100 %, 0,3 % = 9 900 → 13 200 ₽ (inside the 9–30 k ₽ of §5 [V pro100osago.ru])
  const o = offer(rateMortgage(loan(), 'ingos'));
  expect(o.premium).toBe(rub(13_200));
  expect(o.factors.map((f) => [f.label, f.text])).toEqual([
    ['Страховая сумма', '× 1,10'],
    ['Имущество (залог)', '0,10\u00a0%'],
    ['Жизнь заёмщика 1', '0,30\u00a0%'],
  ]);
  expect(o.factors[0].why).toContain('собственной цифры банка в исследовании нет — принято 10 % по умолчанию');
  expect(o.instalments).toEqual([rub(13_200)]);
});

describe('each part', () => {
  test.each<[string, Partial<MortgageCalculateRequest>, number]>([
    // + title 3 300 000 × 0,2 % = 6 600 → 19 800
    ['title in year 1', { title: true }, 19_800],
    ['title dropped in year 4', { title: true, policyYear: 4 }, 13_200],
    // 3 300 + 9 900 × 0,6 = 9 240
    ['a woman of 35 (× 0,6)', { borrowers: [{ ...MAN_35, sex: 'female' }] }, 9_240],
    // 3 300 + 9 900 × 50 % + 9 900 × 50 % × 0,6 = 3 300 + 4 950 + 2 970 = 11 220
    ['two borrowers 50/50', { borrowers: [{ ...MAN_35, share: 50 }, { ...MAN_35, sex: 'female', share: 50 }] }, 11_220],
    // man of 55: 3 300 000 × 1,0 % = 33 000 + 3 300 = 36 300
    ['a man of 55', { borrowers: [{ ...MAN_35, birthDate: '1971-01-01' }] }, 36_300],
    // wooden house 0,45 % = 14 850 + 9 900 = 24 750
    ['a wooden house', { property: 'house_wooden' }, 24_750],
    ['property only', { life: false, borrowers: undefined }, 3_300],
  ])('%s', (_t, over, expected) => expect(premium(loan(over))).toBe(rub(expected)));

  test('notes: year 4 without title, no life cover', () => {
    expect(offer(rateMortgage(loan({ title: true, policyYear: 4 }), 'ingos')).notes).toContain('Титул не страхуется: 4-й год, титул — только первые 3 года');
    expect(offer(rateMortgage(loan({ life: false }), 'ingos')).notes).toContain('Без страхования жизни банк может повысить ставку по кредиту на 0,5–1 п. п.');
  });
});

describe('refusals', () => {
  test('a bank the insurer is not accredited with', () => {
    expect(rateMortgage(loan({ bank: 'rshb' }), 'ingos')).toEqual({ kind: 'refusal', insurer: 'ingos', reason: 'Страховщик не аккредитован в банке «Россельхозбанк»' });
    expect(rateMortgage(loan({ bank: 'gazprombank' }), 'alfa')).toMatchObject({ reason: 'Страховщик не аккредитован в банке «Газпромбанк»' });
  });
  test('a borrower over 60: on request', () => {
    expect(rateMortgageAll(loan({ borrowers: [{ ...MAN_35, birthDate: '1965-01-01' }] })).map((q) => (q.kind === 'refusal' ? q.reason : q.kind))).toEqual(
      MORTGAGE_INSURERS.map(() => 'Заёмщик 1: страхование жизни старше 60 лет — по запросу к страховщику'),
    );
  });
});

test('banks carry the default uplift and a checklist; tariffs inside research §5', () => {
  for (const b of MORTGAGE_BANKS) {
    expect([b.code, b.uplift.ppm, b.upliftSource]).toEqual([b.code, 100_000, null]);
    expect(b.requirements[0]).toEqual({ text: 'Страхование залога (конструктив) — обязательно по закону', required: true });
  }
  expect(tariffsOutsideRanges(MORTGAGE_TARIFFS, 'research §5 [I]')).toEqual([]);
});

describe('validation names the field in Russian', () => {
  const errors = (v: unknown) => validateMortgageInput(v).map((e) => [e.path, e.message]);
  test('valid', () => expect(errors(loan())).toEqual([]));
  test('shares, borrowers, bank, balance', () => {
    expect(errors(loan({ borrowers: [{ ...MAN_35, share: 60 }, { ...MAN_35, share: 30 }] }))).toEqual([['borrowers', 'Поле «borrowers»: доли заёмщиков в сумме должны составлять 100 % (сейчас 90 %)']]);
    expect(errors(loan({ borrowers: [] }))).toEqual([['borrowers', 'Поле «borrowers»: для страхования жизни укажите заёмщиков']]);
    expect(errors(loan({ bank: 'x' }))).toEqual([['bank', 'Поле «bank» должно быть одним из: sber, vtb, gazprombank, alfabank, domrf, rshb']]);
    expect(errors(loan({ balance: 300_000_000.5 }))).toEqual([['balance', 'Поле «balance» должно быть целым числом']]);
    expect(errors(loan({ borrowers: [{ ...MAN_35, sex: 'x' as never }] }))).toEqual([['borrowers[0].sex', 'Поле «borrowers[].sex» должно быть одним из: male, female']]);
  });
});

test('steps and summary', () => {
  expect(MORTGAGE_STEPS.map((s) => s.title)).toEqual(['Банк и требования', 'Кредит и имущество', 'Заёмщики', 'Предложения страховщиков', 'Страхователь', 'Оплата']);
  const req = loan();
  const [credit, borrowers, money] = mortgageSummary(req, offer(rateMortgage(req, 'ingos')), 'Ингосстрах').map((b) => Object.fromEntries(b.rows.map((r) => [r.label, r.value])));
  expect(credit['Страховая сумма']).toBe('3\u00a0300\u00a0000,00\u00a0₽');
  expect(credit['Срок страхования']).toBe('с 01.06.2026 по 31.05.2027 (1-й год)');
  expect(borrowers['Заёмщик 1']).toBe('мужчина, 01.03.1991, доля 100 %');
  expect(money['Страховая премия']).toBe('13\u00a0200,00\u00a0₽');
});

test('premiums are integers and never fall as the balance grows', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 10_000_000, max: 50_000_000_000 }), fc.integer({ min: 0, max: 1_000_000_000 }), fc.boolean(), fc.boolean(),
      fc.integer({ min: 1966, max: 2007 }), fc.constantFrom('male', 'female' as const), fc.constantFrom(...MORTGAGE_INSURERS), fc.constantFrom('flat', 'house_wooden' as const),
      (balance, more, life, title, year, sex, insurer, property) => {
        const mk = (b: number) => loan({ balance: b, life, title, property, borrowers: life ? [{ birthDate: `${year}-07-01`, sex, share: 100 }] : undefined });
        const a = premium(mk(balance), insurer);
        expect(Number.isInteger(a)).toBe(true);
        expect(premium(mk(balance + more), insurer)).toBeGreaterThanOrEqual(a);
      },
    ),
    { numRuns: 200 },
  );
});
