import DEMO from '../../testing/demo-calculations.json';
import { endorsementDays, proRataDelta } from './endorsement';
import { applyKaskoChange, describeKaskoChange, kaskoChangeSchema, priceKaskoChange, type KaskoCalculateRequest } from './kasko';
import { applyPropertyChange, describePropertyChange, pricePropertyChange, propertyChangeProblem, propertyChangeSchema, type PropertyCalculateRequest } from './property';
import { validateInput } from './ratingKit';

/**
 * Endorsements (issue 25): the insurer re-rates the changed calculation with the quote's own rating and the
 * client pays (or gets back) (new − old annual premium) × days left / days of the term. Worked by hand below.
 */
const rub = (r: number) => r * 100;
/** 01.06.2026 – 31.05.2027: 365 days; a change from 01.12.2026 leaves 31 + 31 + 28 + 31 + 30 + 31 = 182 days. */
const TERM = { startDate: '2026-06-01', endDate: '2027-05-31' };
const DEC_1 = { ...TERM, date: '2026-12-01' };

const kasko: KaskoCalculateRequest = {
  vehicle: { make: 'Kia', model: 'Rio', year: 2025, plate: 'А123ВС77', highTheft: false },
  sumInsured: rub(2_000_000),
  drivers: [{ birthDate: '1986-01-15', experienceSince: '2005-01-01' }],
  deductible: 'none',
  antiTheft: 'standard',
  instalments: 1,
  region: 'other',
  startDate: '2026-06-01',
};

const flat = { ...DEMO.flat, startDate: '2026-06-01' } as PropertyCalculateRequest;

describe('pro rata temporis', () => {
  test('days of the term and days left, both ends counted; before the start — the whole term; the last day — one', () => {
    expect(endorsementDays(DEC_1)).toEqual({ daysLeft: 182, termDays: 365 });
    expect(endorsementDays({ ...TERM, date: '2026-05-20' })).toEqual({ daysLeft: 365, termDays: 365 });
    expect(endorsementDays({ ...TERM, date: '2027-05-31' })).toEqual({ daysLeft: 1, termDays: 365 });
  });

  test('the difference × days left / term, to the nearest kopeck, halves away from zero both ways', () => {
    // 9 900 ₽ × 182 / 365 = 4 936,4383… ₽ → 4 936,44 ₽
    expect(proRataDelta(rub(99_000), rub(108_900), DEC_1)).toBe(493_644);
    expect(proRataDelta(rub(108_900), rub(99_000), DEC_1)).toBe(-493_644);
    // A leap term (01.06.2027 – 31.05.2028: 366 days), 183 days left: 1 kopeck × ½ → 1, and −1 back.
    const leap = { startDate: '2027-06-01', endDate: '2028-05-31', date: '2027-12-01' };
    expect(endorsementDays(leap)).toEqual({ daysLeft: 183, termDays: 366 });
    expect(proRataDelta(0, 1, leap)).toBe(1);
    expect(proRataDelta(1, 0, leap)).toBe(-1);
    expect(proRataDelta(rub(5_000), rub(5_000), DEC_1)).toBe(0);
  });
});

describe('e-KASKO: a change re-rated by the insurer', () => {
  test('worked example (ingos): the sum 2 000 000 → 2 200 000 ₽ from 01.12.2026 costs 4 936,44 ₽ extra', () => {
    // Before: 2 000 000 × 5,5 % × 0,9 (other region) = 99 000 ₽; after: 2 200 000 × 5,5 % × 0,9 = 108 900 ₽.
    expect(priceKaskoChange('ingos', kasko, { sumInsured: rub(2_200_000) }, DEC_1)).toEqual({
      kind: 'priced',
      oldPremium: rub(99_000),
      newPremium: rub(108_900),
      daysLeft: 182,
      termDays: 365,
      delta: 493_644,
    });
  });

  test('the stored calculation and the names follow the change; described in Russian', () => {
    const young = { name: 'Петров Иван Сергеевич', birthDate: '2005-03-01', experienceSince: '2024-04-01' };
    const change = { sumInsured: rub(2_200_000), drivers: [{ name: 'Смирнова Анна Петровна', ...kasko.drivers![0] }, young] };
    const next = applyKaskoChange(kasko, ['Смирнова Анна Петровна'], change);
    expect(next.calculation).toEqual({ ...kasko, sumInsured: rub(2_200_000), drivers: [kasko.drivers![0], { birthDate: '2005-03-01', experienceSince: '2024-04-01' }] });
    expect(next.driverNames).toEqual(['Смирнова Анна Петровна', 'Петров Иван Сергеевич']);
    expect(describeKaskoChange(kasko, ['Смирнова Анна Петровна'], change)).toBe(
      'Страховая сумма 2\u00a0000\u00a0000,00\u00a0₽ → 2\u00a0200\u00a0000,00\u00a0₽; добавлен водитель Петров Иван Сергеевич (дата рождения 01.03.2005, стаж с 01.04.2024)',
    );
    expect(describeKaskoChange(kasko, ['Смирнова Анна Петровна'], { unrestricted: true, deductible: 'rub30000' })).toBe('Водители: без ограничений вместо списка; франшиза: Без франшизы → 30 000 ₽');
    expect(describeKaskoChange(kasko, ['Смирнова Анна Петровна'], { sumInsured: kasko.sumInsured })).toBeNull();
    // A young driver puts the whole policy in the young band: more to pay.
    const priced = priceKaskoChange('ingos', kasko, { drivers: change.drivers }, DEC_1);
    expect(priced.kind === 'priced' && priced.delta).toBeGreaterThan(0);
  });

  test('the insurer’s refusal of the changed policy names the field; a bad change is refused by the schema naming the field', () => {
    // One demo insurer takes no driver with less than a year's experience (its tariff's minExperience).
    const novice = [{ name: 'Новиков Пётр', birthDate: '1990-01-01', experienceSince: '2026-05-01' }];
    const answers = ['ingos', 'reso', 'alfa', 'sogaz', 'renins', 'vsk'].map((i) => priceKaskoChange(i, kasko, { drivers: novice }, DEC_1));
    const refusal = answers.find((a) => a.kind === 'refusal');
    expect(refusal).toMatchObject({ kind: 'refusal', field: 'change.drivers' });
    expect(validateInput(kaskoChangeSchema, { sumInsured: rub(50_000) })).toMatchObject([{ path: 'sumInsured', message: 'Поле «change.sumInsured» должно быть не меньше 10000000' }]);
    expect(validateInput(kaskoChangeSchema, {})[0].message).toMatch(/^Поле «change»: укажите, что меняется/);
    expect(validateInput(kaskoChangeSchema, { unrestricted: true, drivers: novice })[0]).toMatchObject({ path: 'drivers' });
  });
});

describe('property: a change of cover sums re-rated by the insurer', () => {
  test('worked example (ingos): contents 300 000 → 100 000 ₽ from 01.12.2026 returns 498,63 ₽', () => {
    // Before: 1 200 + 2 000 + 1 500 + 1 500 = 6 200 ₽; after: contents 100 000 × 0,5 % = 500 → 5 200 ₽;
    // −1 000 ₽ × 182 / 365 = −498,630… ₽ → −498,63 ₽.
    expect(pricePropertyChange('ingos', flat, { cover: { contents: rub(100_000) } }, DEC_1)).toEqual({
      kind: 'priced',
      oldPremium: rub(6_200),
      newPremium: rub(5_200),
      daysLeft: 182,
      termDays: 365,
      delta: -49_863,
    });
    expect(applyPropertyChange(flat, { cover: { contents: rub(100_000) } }).cover).toEqual({ ...flat.cover, contents: rub(100_000) });
    expect(describePropertyChange(flat, { cover: { contents: rub(100_000), liability: 0 } })).toBe(
      'Движимое имущество 300\u00a0000,00\u00a0₽ → 100\u00a0000,00\u00a0₽; Гражданская ответственность перед соседями: больше не страхуется (было 500\u00a0000,00\u00a0₽)',
    );
  });

  test('nothing left insured, or no sum given, is refused naming the field', () => {
    expect(propertyChangeProblem(flat, { cover: { structure: 0, finishing: 0, contents: 0, liability: 0 } })).toMatchObject({ field: 'change.cover' });
    expect(propertyChangeProblem(flat, { cover: { liability: 0 } })).toBeNull();
    expect(validateInput(propertyChangeSchema, { cover: {} })[0].message).toMatch(/^Поле «change\.cover»: укажите новую сумму/);
    expect(validateInput(propertyChangeSchema, { cover: { contents: -1 } })).toMatchObject([{ path: 'cover.contents', message: 'Поле «change.cover.contents» должно быть не меньше 0' }]);
  });
});
