/**
 * Mortgage insurance (ipoteka) — banks and the demo insurers' tariffs (issue 25). No regulated tariff:
 * ../shared/research/insurance-rating.md §5. Seen there [V]: only the pledged property's cover is
 * mandatory by law, banks push life and title cover and raise the loan rate by 0.5–1 pp without life
 * cover (v-zaem.ru, pro100osago.ru); complex cover costs 0.3–1 % of the debt a year, for 3 m ₽ property
 * + life 9 000–30 000 ₽ (pro100osago.ru). Proposed [I]: sum insured = balance × 1.10, uplift per bank.
 *
 * Premium of a policy year = SI × property rate + Σ borrowers (SI × share × life rate(age, sex)) +
 * SI × title rate (years 1–3 only), one rounding; paid yearly — each next year is re-priced on the
 * balance of its start.
 */
import { chosen, type InsurerTariff, type ResearchRange, type TariffValue } from '../ratingKit';

const R = (min: number, max: number, source: string): ResearchRange => ({ min, max, source });
const I5 = 'research §5 [I]';

export const MORTGAGE_RANGES = {
  uplift: R(100_000, 100_000, `${I5}: sum insured = balance × 1.10 («balance + 10 %»), configurable per bank`),
  propertyFlat: R(800, 1_500, `${I5}: property (structure), flats 0.08–0.15 %`),
  propertyWoodenHouse: R(3_000, 6_000, `${I5}: property, wooden houses 0.3–0.6 %`),
  title: R(1_500, 3_000, `${I5}: title (first 3 years) 0.15–0.3 %`),
  lifeMen18to30: R(1_500, 2_500, `${I5}: life and disability, men 18–30, 0.15–0.25 %`),
  lifeMen31to40: R(2_500, 4_000, `${I5}: life and disability, men 31–40, 0.25–0.4 %`),
  lifeMen41to50: R(4_500, 7_000, `${I5}: life and disability, men 41–50, 0.45–0.7 %`),
  lifeMen51to60: R(8_000, 14_000, `${I5}: life and disability, men 51–60, 0.8–1.4 %`),
  lifeWomen: R(600_000, 600_000, `${I5}: women about 0.6 × the male rate at the same age`),
} as const;

/** Title cover is sold for the first 3 years of ownership (§5). */
export const MORTGAGE_TITLE_YEARS = 3;
/** Life rates are known for borrowers aged 18–60 (§5); older — on request. */
export const MORTGAGE_LIFE_MAX_AGE = 60;

export interface MortgageBank {
  code: string;
  name: string;
  /** ppm over the balance; the research's default 10 % where the bank's own figure has no source. */
  uplift: TariffValue;
  /** Where the bank's uplift comes from; null: no source for this bank — the default 10 % is used. */
  upliftSource: string | null;
  /** What the bank asks for, as the agent's checklist. */
  requirements: { text: string; required: boolean }[];
}

/**
 * The banks of the calculator. Their names are real; no bank's own uplift or list was researched, so
 * every bank carries the research's default (balance + 10 %) and the general requirements of §5 —
 * `upliftSource: null` says so, and the offer repeats it to the agent.
 */
const REQUIREMENTS: MortgageBank['requirements'] = [
  { text: 'Страхование залога (конструктив) — обязательно по закону', required: true },
  { text: 'Страхование жизни и трудоспособности заёмщиков — без него банк повышает ставку на 0,5–1 п. п.', required: false },
  { text: 'Страхование титула — на первые 3 года владения, если банк требует', required: false },
];
const bank = (code: string, name: string): MortgageBank => ({ code, name, uplift: chosen(100_000, MORTGAGE_RANGES.uplift), upliftSource: null, requirements: REQUIREMENTS });
export const MORTGAGE_BANKS: readonly MortgageBank[] = [
  bank('sber', 'Сбербанк'),
  bank('vtb', 'ВТБ'),
  bank('gazprombank', 'Газпромбанк'),
  bank('alfabank', 'Альфа-Банк'),
  bank('domrf', 'Банк ДОМ.РФ'),
  bank('rshb', 'Россельхозбанк'),
];
export const MORTGAGE_BANK_CODES = MORTGAGE_BANKS.map((b) => b.code);

export interface MortgageTariffRows {
  propertyFlat: TariffValue;
  propertyWoodenHouse: TariffValue;
  title: TariffValue;
  lifeMen: { to30: TariffValue; to40: TariffValue; to50: TariffValue; to60: TariffValue };
  /** Banks the insurer is accredited with (demo choice, not a fact about a real company). */
  banks: readonly string[];
}

const M = MORTGAGE_RANGES;
export const MORTGAGE_VALID_FROM = '2026-01-01';
const SOURCE = 'Демо-тариф страховщика в диапазонах исследования, раздел 5 (ипотека)';
const life = (a: number, b: number, c: number, d: number) => ({ to30: chosen(a, M.lifeMen18to30), to40: chosen(b, M.lifeMen31to40), to50: chosen(c, M.lifeMen41to50), to60: chosen(d, M.lifeMen51to60) });

export const MORTGAGE_TARIFFS: readonly InsurerTariff<MortgageTariffRows>[] = [
  {
    // ingos: the research's cross-check (flat 0.1 %, men 31–40 0.3 %); not accredited with Россельхозбанк.
    insurer: 'ingos',
    validFrom: MORTGAGE_VALID_FROM,
    source: SOURCE,
    rows: { propertyFlat: chosen(1_000, M.propertyFlat), propertyWoodenHouse: chosen(4_500, M.propertyWoodenHouse), title: chosen(2_000, M.title), lifeMen: life(2_000, 3_000, 5_500, 10_000), banks: ['sber', 'vtb', 'gazprombank', 'alfabank', 'domrf'] },
  },
  {
    // alfa: the low end; not accredited with Газпромбанк.
    insurer: 'alfa',
    validFrom: MORTGAGE_VALID_FROM,
    source: SOURCE,
    rows: { propertyFlat: chosen(800, M.propertyFlat), propertyWoodenHouse: chosen(3_000, M.propertyWoodenHouse), title: chosen(1_500, M.title), lifeMen: life(1_500, 2_500, 4_500, 8_000), banks: ['sber', 'vtb', 'alfabank', 'domrf', 'rshb'] },
  },
  {
    // sogaz: the high end; accredited with every bank of the list.
    insurer: 'sogaz',
    validFrom: MORTGAGE_VALID_FROM,
    source: SOURCE,
    rows: { propertyFlat: chosen(1_500, M.propertyFlat), propertyWoodenHouse: chosen(6_000, M.propertyWoodenHouse), title: chosen(3_000, M.title), lifeMen: life(2_500, 4_000, 7_000, 14_000), banks: MORTGAGE_BANK_CODES },
  },
];
