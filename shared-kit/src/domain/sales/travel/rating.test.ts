import fc from 'fast-check';
import { rateTravel, rateTravelAll, TRAVEL_INSURERS } from './rating';
import { travelZone, validateTravelInput, type TravelCalculateRequest } from './input';
import { TRAVEL_RESEARCH, TRAVEL_TARIFFS } from './tariffs';
import { TRAVEL_STEPS, travelSummary } from './steps';
import { offerOf, tariffsOutsideRanges } from '../ratingKit';

/** Travel (vzr) against research §4: worked examples by hand, factors, refusals, fields, properties. Cents of € or $. */

const offer = offerOf;
const trip = (over: Partial<TravelCalculateRequest> = {}): TravelCalculateRequest => ({
  countries: ['IT', 'FR'],
  tripType: 'single',
  startDate: '2026-07-01',
  endDate: '2026-07-14',
  travellers: [{ birthDate: '1990-05-20' }],
  sumInsured: 'eur30000',
  sport: 'none',
  ...over,
});
const premium = (req: TravelCalculateRequest, insurer = 'ingos') => offer(rateTravel(req, insurer)).premium;

describe('worked examples (ingos)', () => {
  test('14 days in Europe, one adult 2–64, 1 € a day on the basic tier → 14,00 €', () => {
    // 14 days × 1,00 € × 1 (age 36) × 1 (no sport) = 14,00 € = 1 400 cents (research §4: «1 €/day, 2–65» [V])
    const o = offer(rateTravel(trip(), 'ingos'));
    expect([o.premium, o.currency]).toEqual([1_400, 'EUR']);
    expect(o.factors[0]).toMatchObject({ label: 'Тариф в день', text: '1,00\u00a0€ × 14 дн.' });
    expect(o.factors[0].why).toContain('Шенген и Европа; выбор страховщика в диапазоне 0,80\u00a0€–1,00\u00a0€ в день');
    expect(o.notes).toContain('Премия в евро; в рублях — по курсу на день оформления');
  });
  test('two travellers, one of 67 (× 2): 14 + 28 = 42,00 €', () => {
    expect(premium(trip({ travellers: [{ birthDate: '1990-05-20' }, { birthDate: '1959-03-01' }] }))).toBe(4_200);
  });
  test('the USA: 14 days × 3,00 $ = 42,00 $', () => {
    const o = offer(rateTravel(trip({ countries: ['US'], sumInsured: 'usd100000' }), 'ingos'));
    expect([o.premium, o.currency]).toEqual([4_200, 'USD']);
  });
});

describe('each factor (ingos, from 14,00 €)', () => {
  test.each<[string, Partial<TravelCalculateRequest>, number]>([
    ['50 000 € (× 1,2)', { sumInsured: 'eur50000' }, 1_680],
    ['active leisure (× 1,5)', { sport: 'active' }, 2_100],
    ['skiing (× 2)', { sport: 'skiing' }, 2_800],
    ['extreme sports (× 4, the insurer’s choice in 3–5)', { sport: 'extreme' }, 5_600],
    ['an infant (× 2)', { travellers: [{ birthDate: '2025-12-01' }] }, 2_800],
    ['aged 72 (× 3)', { travellers: [{ birthDate: '1954-01-01' }] }, 4_200],
    ['aged 80 (× 4)', { travellers: [{ birthDate: '1946-01-01' }] }, 5_600],
    // 30 covered days × 1 € × 0,65 = 19,50 €
    ['multi-trip, 30 days (× 0,65)', { tripType: 'multi', endDate: undefined, coveredDays: 30 }, 1_950],
    // 90 × 1 € × 0,5 = 45,00 €
    ['multi-trip, 90 days (× 0,5)', { tripType: 'multi', endDate: undefined, coveredDays: 90 }, 4_500],
    ['worldwide excl. the USA (1,30 $ a day)', { countries: ['TH'], sumInsured: 'usd50000' }, 1_820],
  ])('%s', (_t, over, expected) => expect(premium(trip(over))).toBe(expected));
});

describe('refusals', () => {
  test('85 and older: on request, at every insurer', () => {
    for (const q of rateTravelAll(trip({ travellers: [{ birthDate: '1990-01-01' }, { birthDate: '1941-01-01' }] }))) {
      expect(q).toMatchObject({ kind: 'refusal', reason: 'Путешественник 2: с 85 лет — по запросу к страховщику' });
    }
  });
  test('alfa: no extreme sports; renins: no USA', () => {
    expect(rateTravel(trip({ sport: 'extreme' }), 'alfa')).toEqual({ kind: 'refusal', insurer: 'alfa', reason: 'Экстремальный спорт не страхуем' });
    expect(rateTravel(trip({ countries: ['CA'], sumInsured: 'usd100000' }), 'renins')).toMatchObject({ kind: 'refusal', reason: 'Не страхуем поездки в США и Канаду' });
  });
});

test('zones follow the countries; every tariff value inside its research §4 range', () => {
  expect([travelZone(['it', 'FR']), travelZone(['IT', 'TR']), travelZone(['TR', 'US'])]).toEqual(['europe', 'world_excl_us', 'world_incl_us']);
  expect(tariffsOutsideRanges(TRAVEL_TARIFFS, TRAVEL_RESEARCH)).toEqual([]);
});

describe('validation names the field in Russian', () => {
  const errors = (v: unknown) => validateTravelInput(v).map((e) => [e.path, e.message]);
  test('valid', () => expect(errors(trip())).toEqual([]));
  test('the sum follows the zone, the dates, the travellers', () => {
    expect(errors(trip({ countries: ['US'] }))).toEqual([['sumInsured', 'Поле «sumInsured»: для территории «Весь мир, включая США и Канаду» — 100 000 $']]);
    expect(errors(trip({ endDate: '2026-06-30' }))).toEqual([['endDate', 'Поле «endDate»: дата окончания раньше даты начала']]);
    expect(errors(trip({ endDate: undefined }))).toEqual([['endDate', 'Поле «endDate» обязательно']]);
    expect(errors(trip({ tripType: 'multi', coveredDays: 60 as never }))).toEqual([['coveredDays', 'Поле «coveredDays» должно быть одним из: 30, 90']]);
    expect(errors(trip({ travellers: [] }))).toEqual([['travellers', 'Поле «travellers»: укажите хотя бы одного путешественника']]);
    expect(errors(trip({ countries: ['Италия'] }))).toEqual([['countries[0]', 'Поле «countries[]»: код страны из двух латинских букв']]);
  });
});

test('steps and summary', () => {
  expect(TRAVEL_STEPS.map((s) => s.title)).toEqual(['Поездка', 'Путешественники', 'Страховая сумма и опции', 'Предложения страховщиков', 'Страхователь', 'Оплата']);
  const req = trip({ options: ['baggage'] });
  const [tripBlock, people, cover, money] = travelSummary(req, offer(rateTravel(req, 'ingos')), 'Ингосстрах').map((b) => Object.fromEntries(b.rows.map((r) => [r.label, r.value])));
  expect(tripBlock['Срок страхования']).toBe('с 01.07.2026 по 14.07.2026');
  expect(tripBlock['Дней']).toBe('14');
  expect(people['Путешественник 1']).toBe('дата рождения 20.05.1990');
  expect(cover['Опции']).toBe('Багаж');
  expect(money['Страховая премия']).toBe('14,00\u00a0€');
});

test('premiums are integers, grow with the sum insured and with the days', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 180 }), fc.integer({ min: 0, max: 180 }), fc.array(fc.integer({ min: 1942, max: 2026 }), { minLength: 1, maxLength: 5 }),
      fc.constantFrom('none', 'active', 'skiing' as const), fc.constantFrom(...TRAVEL_INSURERS),
      (days, more, years, sport, insurer) => {
        const end = (d: number) => new Date(Date.UTC(2026, 6, d)).toISOString().slice(0, 10);
        const mk = (d: number, sumInsured: TravelCalculateRequest['sumInsured']) => trip({ endDate: end(d), sumInsured, sport, travellers: years.map((y) => ({ birthDate: `${y}-01-01` })) });
        const a = premium(mk(days, 'eur30000'), insurer);
        expect(Number.isInteger(a)).toBe(true);
        expect(premium(mk(days, 'eur50000'), insurer)).toBeGreaterThanOrEqual(a);
        expect(premium(mk(days + more, 'eur30000'), insurer)).toBeGreaterThanOrEqual(a);
      },
    ),
    { numRuns: 200 },
  );
});
