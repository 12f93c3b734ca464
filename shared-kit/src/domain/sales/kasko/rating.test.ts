import fc from 'fast-check';
import { KASKO_STEPS, kaskoSummary } from './steps';
import { rateKasko, rateKaskoAll, KASKO_INSURERS } from './rating';
import { validateKaskoInput, type KaskoCalculateRequest } from './input';
import { KASKO_TARIFFS } from './tariffs';
import { applyPpm, premiumOfParts, splitInstalments, tariffValuesOf, offerOf, tariffsOutsideRanges } from '../ratingKit';

/**
 * e-KASKO against research §2: worked examples computed by hand (in the comments), each factor's
 * effect, the clamp, the refusals, the field messages, and properties over random inputs.
 */

const START = '2026-06-01';
const EXPERIENCED = { birthDate: '1986-01-15', experienceSince: '2005-01-01' }; // 40 years, 21 years' experience
const rub = (r: number) => r * 100;

const base = (over: Partial<KaskoCalculateRequest> = {}): KaskoCalculateRequest => ({
  vehicle: { make: 'Kia', model: 'Rio', year: 2025, plate: 'А123ВС77', highTheft: false },
  sumInsured: rub(2_000_000),
  drivers: [EXPERIENCED],
  deductible: 'none',
  antiTheft: 'standard',
  instalments: 1,
  region: 'other',
  startDate: START,
  ...over,
});

const offer = offerOf;
const premium = (req: KaskoCalculateRequest, insurer = 'ingos') => offer(rateKasko(req, insurer)).premium;

describe('worked examples (ingos)', () => {
  test('a 1-year-old car, 2 000 000 ₽, one experienced driver, no deductible, other region', () => {
    // 2 000 000 × 5,5 % (0–3 years, up to 5 m) = 110 000; × 1,0 driver × 1,0 deductible × 1,0 alarm × 1,0 once × 0,9 region = 99 000 ₽
    const o = offer(rateKasko(base(), 'ingos'));
    expect(o.premium).toBe(rub(99_000));
    expect(o.currency).toBe('RUB');
    expect(o.clamps).toEqual([]);
    expect(o.instalments).toEqual([rub(99_000)]);
    expect(o.factors.map((f) => [f.label, f.text])).toEqual([
      ['Базовый тариф', '5,50\u00a0%'],
      ['Водители', '× 1,00'],
      ['Франшиза', '× 1,00'],
      ['Противоугонная система', '× 1,00'],
      ['Оплата', '× 1,00'],
      ['Регион использования', '× 0,90'],
    ]);
    expect(o.factors[0].why).toContain('автомобиль 0–3 лет, 1 год; выбор страховщика в диапазоне 4,00\u00a0%–6,00\u00a0%');
    expect(o.factors[5].why).toContain('research §2 [I]: K_region, other regions, 0.8–1.0');
    expect(o.notes[0]).toMatch(/демонстрационному тарифу/);
  });

  test('over 5 m ₽ the part above is rated at the lower rate', () => {
    // 5 000 000 × 5,5 % = 275 000 + 1 000 000 × 4,2 % = 42 000 → 317 000 × 0,9 = 285 300 ₽
    const o = offer(rateKasko(base({ sumInsured: rub(6_000_000) }), 'ingos'));
    expect(o.premium).toBe(rub(285_300));
    expect(o.factors[0].text).toBe('5,50\u00a0% до 5 млн ₽, 4,20\u00a0% свыше');
  });
});

describe('each factor (ingos, from 99 000 ₽)', () => {
  test.each<[string, Partial<KaskoCalculateRequest>, number]>([
    ['a driver of 20 (× 1,8)', { drivers: [EXPERIENCED, { birthDate: '2006-01-01', experienceSince: '2024-05-01' }] }, 178_200],
    ['a driver of 24 with 6 years (× 1,3)', { drivers: [{ birthDate: '2002-01-01', experienceSince: '2020-01-01' }] }, 128_700],
    ['any driver (× 1,7)', { drivers: undefined, unrestricted: true }, 168_300],
    ['deductible 15 000 ₽ (× 0,85)', { deductible: 'rub15000' }, 84_150],
    ['deductible 30 000 ₽ (× 0,75)', { deductible: 'rub30000' }, 74_250],
    ['deductible 50 000 ₽ (× 0,65)', { deductible: 'rub50000' }, 64_350],
    ['deductible 2 % (× 0,6)', { deductible: 'percent2' }, 59_400],
    ['satellite (× 0,9)', { antiTheft: 'satellite' }, 89_100],
    ['two payments (× 1,03)', { instalments: 2 }, 101_970],
    ['four payments (× 1,05)', { instalments: 4 }, 103_950],
    // 2 000 000 × 5,5 % × 1,2 = 132 000
    ['Moscow or St Petersburg (1,2 instead of 0,9)', { region: 'capitals' }, 132_000],
    // (5,5 % + 2 %) × 2 000 000 × 0,9 = 135 000
    ['a high-theft model with an alarm (+2 pp)', { vehicle: { ...base().vehicle, highTheft: true } }, 135_000],
    // × 1,2 on top: 135 000 × 1,2 = 162 000
    ['a high-theft model without anti-theft (× 1,2)', { vehicle: { ...base().vehicle, highTheft: true }, antiTheft: 'none' }, 162_000],
    // 6 years old: 7,0 % × 2 000 000 × 0,9 = 126 000
    ['a 6-year-old car (4–7 band, 7 %)', { vehicle: { ...base().vehicle, year: 2020 } }, 126_000],
    // 9 years old: 9,0 % → 162 000
    ['a 9-year-old car (8+ band, 9 %)', { vehicle: { ...base().vehicle, year: 2017 } }, 162_000],
  ])('%s', (_t, over, expected) => {
    expect(premium(base(over))).toBe(rub(expected));
  });

  test('instalments are integer payments that sum to the premium', () => {
    expect(offer(rateKasko(base({ instalments: 2 }), 'ingos')).instalments).toEqual([rub(50_985), rub(50_985)]);
    expect(offer(rateKasko(base({ instalments: 4 }), 'ingos')).instalments).toEqual([2_598_750, 2_598_750, 2_598_750, 2_598_750]);
    expect(splitInstalments(1001, 4)).toEqual([251, 250, 250, 250]);
  });
});

describe('the 2–12 % clamp (research §2 output bounds)', () => {
  test('raised to 2 % of the sum insured', () => {
    // alfa: 5 000 000 × 5 % + 15 000 000 × 4 % = 850 000; × 0,6 (2 %) × 0,95 (satellite) × 0,8 (other) = 387 600 < 400 000 (2 % of 20 m)
    const o = offer(rateKasko(base({ sumInsured: rub(20_000_000), deductible: 'percent2', antiTheft: 'satellite' }), 'alfa'));
    expect(o.premium).toBe(rub(400_000));
    expect(o.clamps).toEqual(['Премия 387\u00a0600,00\u00a0₽ меньше 2,00\u00a0% страховой суммы: поднята до 400\u00a0000,00\u00a0₽ (research §2 [I]: clamp the final rate to 2–12 % of SI, label results as "indicative")']);
  });

  test('lowered to 12 % of the sum insured', () => {
    // sogaz: 12-year-old high-theft car: (8 % + 1,5 %) × 1 000 000 = 95 000; × 1,9 young × 1,3 no anti-theft × 1,05 four payments × 1,25 capitals
    // = 307 978,125 ₽ > 120 000 (12 %)
    const o = offer(
      rateKasko(
        base({
          vehicle: { ...base().vehicle, year: 2014, highTheft: true },
          sumInsured: rub(1_000_000),
          drivers: [{ birthDate: '2006-01-01', experienceSince: '2024-05-01' }],
          antiTheft: 'none',
          instalments: 4,
          region: 'capitals',
        }),
        'sogaz',
      ),
    );
    expect(o.premium).toBe(rub(120_000));
    expect(o.clamps[0]).toBe('Премия 307\u00a0978,13\u00a0₽ больше 12,00\u00a0% страховой суммы: снижена до 120\u00a0000,00\u00a0₽ (research §2 [I]: clamp the final rate to 2–12 % of SI, label results as "indicative")');
  });
});

describe('refusals', () => {
  test('ingos: a car over 10 years', () => {
    expect(rateKasko(base({ vehicle: { ...base().vehicle, year: 2015 } }), 'ingos')).toEqual({ kind: 'refusal', insurer: 'ingos', reason: 'Не страхуем автомобили старше 10 лет (этому 11)' });
  });
  test('reso: a high-theft model without anti-theft', () => {
    expect(rateKasko(base({ vehicle: { ...base().vehicle, highTheft: true }, antiTheft: 'none' }), 'reso')).toMatchObject({ kind: 'refusal', reason: 'Модель в списке угоняемых: страхуем только с противоугонной системой' });
  });
  test('alfa: a driver with under a year of experience', () => {
    expect(rateKasko(base({ drivers: [{ birthDate: '1990-01-01', experienceSince: '2026-01-10' }] }), 'alfa')).toMatchObject({ kind: 'refusal', reason: 'Не страхуем водителей со стажем менее 1 года' });
  });
  test('no tariff before its valid-from date', () => {
    expect(rateKasko(base({ startDate: '2025-12-31' }), 'ingos')).toMatchObject({ kind: 'refusal', reason: 'Нет тарифа страховщика на дату начала 31.12.2025' });
  });
  test('every insurer answers, several with offers', () => {
    const all = rateKaskoAll(base());
    expect(all.map((q) => q.insurer)).toEqual(KASKO_INSURERS);
    expect(KASKO_INSURERS.length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((q) => (q.kind === 'offer' ? q.premium : 0))).size).toBe(all.length);
  });
});

describe('tariffs', () => {
  test('every value of every insurer lies inside its research range, with a citation and a valid-from date', () => {
    for (const t of KASKO_TARIFFS) {
      expect(t.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const values = tariffValuesOf(t.rows);
      expect(values.length).toBeGreaterThan(10);
      for (const { path, value } of values) {
        expect([t.insurer, path, value.ppm >= value.range.min && value.ppm <= value.range.max]).toEqual([t.insurer, path, true]);
        expect(value.range.source).toMatch(/research §2 \[I\]/);
      }
      // «≥ 5 m ₽ cars at the low end»: the part above 5 m ₽ is never dearer.
      for (const b of [t.rows.base0to3, t.rows.base4to7, t.rows.base8plus]) expect(b.above5m.ppm).toBeLessThanOrEqual(b.upTo5m.ppm);
    }
  });

  test('the range check finds a value outside its range or citing another section', () => {
    expect(tariffsOutsideRanges(KASKO_TARIFFS, 'research §2 [I]')).toEqual([]);
    const slip = { ...KASKO_TARIFFS[0], rows: { ...KASKO_TARIFFS[0].rows, regionOther: { ...KASKO_TARIFFS[0].rows.regionOther, ppm: 1_050_000 } } };
    expect(tariffsOutsideRanges([slip], 'research §2 [I]')).toEqual(['ingos regionOther']);
    expect(tariffsOutsideRanges(KASKO_TARIFFS, 'research §3')).toContain('ingos highTheft');
  });

  test('integer arithmetic rounds once, half up', () => {
    expect(applyPpm(1, 500_000)).toBe(1); // 0,5 → 1
    expect(applyPpm(1, 499_999)).toBe(0);
    expect(premiumOfParts([{ amount: 3, ppms: [500_000] }], [1_000_000])).toBe(2); // 1,5 → 2
  });
});

describe('validation names the field in Russian', () => {
  const errors = (v: unknown) => validateKaskoInput(v).map((e) => [e.path, e.message]);
  test('a valid input has no errors', () => expect(validateKaskoInput(base())).toEqual([]));
  test('missing and wrong fields', () => {
    const bad = { ...base(), vehicle: { ...base().vehicle, make: '' }, sumInsured: 100, deductible: 'x', startDate: '2026-02-30' };
    expect(errors(bad)).toEqual(
      expect.arrayContaining([
        ['vehicle.make', 'Поле «vehicle.make» обязательно'],
        ['sumInsured', 'Поле «sumInsured» должно быть не меньше 10000000'],
        ['deductible', 'Поле «deductible» должно быть одним из: none, rub15000, rub30000, rub50000, percent2'],
        ['startDate', 'Поле «startDate»: дата в формате ГГГГ-ММ-ДД'],
      ]),
    );
  });
  test('plate or VIN, drivers or unrestricted, year not after the start', () => {
    expect(errors({ ...base(), vehicle: { ...base().vehicle, plate: undefined } })).toEqual([['vehicle.plate', 'Укажите госномер (vehicle.plate) или VIN (vehicle.vin)']]);
    expect(errors({ ...base(), vehicle: { ...base().vehicle, vin: 'XW8ZZZ61ZJG00066O' } })).toEqual([['vehicle.vin', 'Поле «vehicle.vin»: VIN — 17 латинских букв и цифр без I, O, Q']]);
    expect(errors({ ...base(), drivers: [] })).toEqual([['drivers', 'Укажите водителей (drivers) или «без ограничений» (unrestricted: true)']]);
    expect(errors({ ...base(), vehicle: { ...base().vehicle, year: 2027 } })).toEqual([['vehicle.year', 'Поле «vehicle.year»: год выпуска позже даты начала полиса']]);
    expect(errors({ ...base(), drivers: [{ birthDate: '1990-01-01' }] })).toEqual([['drivers[0].experienceSince', 'Поле «drivers[].experienceSince» обязательно']]);
  });
});

describe('steps and summary', () => {
  test('the calculator steps', () => {
    expect(KASKO_STEPS.map((s) => s.title)).toEqual(['Автомобиль', 'Водители', 'Условия страхования', 'Предложения страховщиков', 'Осмотр и фото', 'Страхователь', 'Оплата']);
  });
  test('the policy blocks', () => {
    const req = base({ instalments: 2 });
    const blocks = kaskoSummary(req, offer(rateKasko(req, 'ingos')), 'Ингосстрах');
    expect(blocks.map((b) => b.title)).toEqual(['Транспортное средство', 'Водители', 'Условия страхования', 'Премия']);
    const rows = Object.fromEntries(blocks.flatMap((b) => b.rows.map((r) => [r.label, r.value])));
    expect(rows['Марка и модель']).toBe('Kia Rio');
    expect(rows['Водитель 1']).toBe('40 лет (15.01.1986), стаж с 01.01.2005');
    expect(rows['Страховая сумма']).toBe('2\u00a0000\u00a0000,00\u00a0₽');
    expect(rows['Срок страхования']).toBe('с 01.06.2026 по 31.05.2027');
    expect(rows['Страховая премия']).toBe('101\u00a0970,00\u00a0₽');
    expect(rows['Платежи']).toBe('50\u00a0985,00\u00a0₽ + 50\u00a0985,00\u00a0₽');
    expect(rows['Регион использования']).toMatch(/^× 0,90 — Другой регион/);
  });
});

describe('properties', () => {
  const input = fc.record({
    year: fc.integer({ min: 2000, max: 2026 }),
    highTheft: fc.boolean(),
    driverYear: fc.integer({ min: 1950, max: 2007 }),
    experienceYears: fc.integer({ min: 0, max: 18 }),
    unrestricted: fc.boolean(),
    deductible: fc.constantFrom(...(['none', 'rub15000', 'rub30000', 'rub50000', 'percent2'] as const)),
    antiTheft: fc.constantFrom(...(['none', 'standard', 'satellite'] as const)),
    instalments: fc.constantFrom(...([1, 2, 4] as const)),
    region: fc.constantFrom(...(['capitals', 'other'] as const)),
    insurer: fc.constantFrom(...KASKO_INSURERS),
  });
  type Case = typeof input extends fc.Arbitrary<infer T> ? T : never;
  const req = (i: Case, sumInsured: number): KaskoCalculateRequest =>
    base({
      vehicle: { ...base().vehicle, year: i.year, highTheft: i.highTheft },
      sumInsured,
      unrestricted: i.unrestricted,
      drivers: i.unrestricted ? undefined : [{ birthDate: `${i.driverYear}-03-01`, experienceSince: `${2026 - Math.min(i.experienceYears, 2026 - i.driverYear - 18)}-01-01` }],
      deductible: i.deductible,
      antiTheft: i.antiTheft,
      instalments: i.instalments,
      region: i.region,
    });

  test('premiums are integers within 2–12 % of the sum insured and never fall as the sum insured grows', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 10_000_000, max: 10_000_000_000 }), fc.integer({ min: 0, max: 1_000_000_000 }), (i, si, more) => {
        const a = rateKasko(req(i, si), i.insurer);
        const b = rateKasko(req(i, Math.min(si + more, 10_000_000_000)), i.insurer);
        expect(a.kind).toBe(b.kind);
        if (a.kind !== 'offer' || b.kind !== 'offer') return;
        expect(Number.isInteger(a.premium)).toBe(true);
        expect(a.premium).toBeGreaterThanOrEqual(applyPpm(si, 20_000));
        expect(a.premium).toBeLessThanOrEqual(applyPpm(si, 120_000));
        expect(b.premium).toBeGreaterThanOrEqual(a.premium);
        expect(a.instalments.reduce((s, x) => s + x, 0)).toBe(a.premium);
      }),
      { numRuns: 300 },
    );
  });
});
