/**
 * What the ratings of e-KASKO, property, travel and mortgage share (issue 25): integer arithmetic in
 * parts per million, the shape of an offer and of a refusal, the documented research range a tariff value
 * must lie in, the calculator's steps and a policy's summary blocks, and Russian-worded yup fields.
 *
 * It lives in kasko/ only because that task was limited to the four product folders; nothing in it is
 * KASKO's, and it may move to sales/ as it is.
 *
 * Arithmetic: every rate and coefficient is an integer in parts per million (ppm): a coefficient 1.15 is
 * 1 150 000, a rate of 0.1 % of the sum insured is 1 000. A premium is `amount × f1 × … × fn / 10^6n`
 * computed with BigInt and rounded ONCE, half up (x.5 kopeck → up), to the currency's minor unit
 * (kopecks; euro or dollar cents for travel). No float touches money.
 */
import * as yup from 'yup';
import { collectErrors, type FieldError } from '../validation';
import { spanEnd } from './term';
import type { SummaryBlock } from './products';
export type { SummaryBlock };
import { formatDate, formatMoney } from '../format';

/** One in parts per million: the coefficient 1.0, or 100 % as a rate. */
export const PPM = 1_000_000;

/** `num / den` rounded half up (both non-negative). */
export function divHalfUp(num: bigint, den: bigint): bigint {
  return (num * 2n + den) / (2n * den);
}

/** `amount × f1 × … × fn` with every factor in ppm, rounded once, half up, to an integer. */
export function applyPpm(amount: number, ...factors: number[]): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`applyPpm: amount must be a non-negative integer, got ${amount}`);
  for (const f of factors) if (!Number.isSafeInteger(f) || f < 0) throw new Error(`applyPpm: factor must be a non-negative integer in ppm, got ${f}`);
  const num = factors.reduce((acc, f) => acc * BigInt(f), BigInt(amount));
  return Number(divHalfUp(num, BigInt(PPM) ** BigInt(factors.length)));
}

/**
 * Σ amount_i × Π ppm_i, then × Π coefficients, rounded once, half up: a premium of several parts (a
 * price split into tiers, a flat's structure and contents, a mortgage's property and life) with the
 * multipliers that apply to all of them. Each part's rates are in ppm; a part with fewer factors than
 * the longest is scaled up, so there is one exact division.
 */
export function premiumOfParts(parts: readonly { amount: number; ppms: readonly number[] }[], coefficients: readonly number[] = []): number {
  const longest = Math.max(0, ...parts.map((p) => p.ppms.length));
  const ppm = BigInt(PPM);
  let sum = 0n;
  for (const p of parts) {
    if (!Number.isSafeInteger(p.amount) || p.amount < 0) throw new Error(`premiumOfParts: amount must be a non-negative integer, got ${p.amount}`);
    const term = p.ppms.reduce((acc, f) => acc * BigInt(f), BigInt(p.amount));
    sum += term * ppm ** BigInt(longest - p.ppms.length);
  }
  const num = coefficients.reduce((acc, f) => acc * BigInt(f), sum);
  return Number(divHalfUp(num, ppm ** BigInt(longest + coefficients.length)));
}

/** `premium` in `count` integer payments, in order, summing to it: the kopecks left over go to the first. */
export function splitInstalments(premium: number, count: number): number[] {
  const each = Math.floor(premium / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? premium - each * (count - 1) : each));
}

/** A documented range a tariff value must lie in (ppm), with the research citation it comes from. */
export interface ResearchRange {
  min: number;
  max: number;
  /** Section and mark of ../shared/research/insurance-rating.md, e.g. «research §2 [I]». */
  source: string;
}

/** A value an insurer chose: the figure (ppm) and the documented range it was chosen in. */
export interface TariffValue {
  ppm: number;
  range: ResearchRange;
}

/** A value chosen inside `range` (a test and `checkTariffValue` hold it there). */
export const chosen = (ppm: number, range: ResearchRange): TariffValue => ({ ppm, range });

/** Throws when a tariff value has left its documented range (a slip in a tariff table, never the user's fault). */
export function checkTariffValue(name: string, v: TariffValue): number {
  if (!Number.isSafeInteger(v.ppm) || v.ppm < v.range.min || v.ppm > v.range.max) {
    throw new Error(`tariff value ${name} = ${v.ppm} ppm is outside ${v.range.min}–${v.range.max} (${v.range.source})`);
  }
  return v.ppm;
}

/** Russian decimal text of a ppm value scaled by `scale` (1 for a coefficient, 100 for a percent), 2–4 decimals as needed. */
function decimalText(ppm: number, scale: number): string {
  const value = BigInt(ppm) * BigInt(scale); // value / 10^6
  const whole = value / 1_000_000n;
  let frac = String(value % 1_000_000n).padStart(6, '0').replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `${whole},${frac.slice(0, 4)}`;
}

/** A coefficient as the agent reads it: 1 150 000 → «1,15». */
export const coefficientText = (ppm: number) => decimalText(ppm, 1);
/** A rate as the agent reads it: 1 000 → «0,10 %». */
export const percentText = (ppm: number) => `${decimalText(ppm, 100)}\u00a0%`;

/** One factor applied to a premium, so the offer can show why it costs what it costs. */
export interface AppliedFactor {
  /** Stable key (`baseRate`, `driver`, `deductible`…). */
  key: string;
  /** Russian label: «Базовый тариф», «Возраст и стаж водителей». */
  label: string;
  /** ppm: a rate of the sum insured, or a coefficient. */
  ppm: number;
  kind: 'rate' | 'coefficient';
  /** The value as shown: «5,00 %» or «× 1,30». */
  text: string;
  /** Why this value (Russian), with the research range and citation it was chosen in. */
  why: string;
}

export const rateFactor = (key: string, label: string, v: TariffValue, why: string): AppliedFactor => ({
  key,
  label,
  ppm: v.ppm,
  kind: 'rate',
  text: percentText(v.ppm),
  why: `${why}; выбор страховщика в диапазоне ${percentText(v.range.min)}–${percentText(v.range.max)} (${v.range.source})`,
});

export const coefficientFactor = (key: string, label: string, v: TariffValue, why: string): AppliedFactor => ({
  key,
  label,
  ppm: v.ppm,
  kind: 'coefficient',
  text: `× ${coefficientText(v.ppm)}`,
  why: v.range.min === v.range.max ? `${why} (${v.range.source})` : `${why}; выбор страховщика в диапазоне ${coefficientText(v.range.min)}–${coefficientText(v.range.max)} (${v.range.source})`,
});

export type PremiumCurrency = 'RUB' | 'EUR' | 'USD';

/** The tariff an offer was computed with. */
export interface TariffRef {
  insurer: string;
  validFrom: string; // YYYY-MM-DD
  source: string;
}

/** One insurer's priced offer for a product (integer minor units of `currency`). */
export interface ProductOffer {
  kind: 'offer';
  insurer: string;
  /** Integer kopecks (RUB) or cents (EUR, USD): the whole premium of the policy (of the policy year, for mortgage). */
  premium: number;
  currency: PremiumCurrency;
  /** Every factor applied, in the formula's order. */
  factors: AppliedFactor[];
  /** Bounds applied after the factors (KASKO's 2–12 % of the sum insured), said in Russian; empty when none. */
  clamps: string[];
  /** What the agent must know (indicative result, title cover ending…). */
  notes: string[];
  /** The payments the premium is paid in, in order, summing to it (one when paid at once). */
  instalments: number[];
  tariff: TariffRef;
}

/** An insurer that will not quote this case, with its Russian reason. */
export interface ProductRefusal {
  kind: 'refusal';
  insurer: string;
  reason: string;
}

export type ProductQuote = ProductOffer | ProductRefusal;

/** Every premium of this kind of result is labelled so (issue 25: «each result labelled as that insurer's offer»). */
export const INDICATIVE_NOTE = 'Расчёт по демонстрационному тарифу страховщика; окончательную премию назначает страховщик';

/** A version of a demo insurer's tariff: its own values, valid from a date. */
export interface InsurerTariff<T> {
  insurer: string;
  validFrom: string; // YYYY-MM-DD
  /** Where the figures come from (the research note's sections). */
  source: string;
  rows: T;
}

/** The version of `insurer`'s tariff in force on `date`, or null. */
export function tariffOn<T>(tariffs: readonly InsurerTariff<T>[], insurer: string, date: string): InsurerTariff<T> | null {
  let found: InsurerTariff<T> | null = null;
  for (const t of tariffs) if (t.insurer === insurer && t.validFrom <= date && (!found || t.validFrom > found.validFrom)) found = t;
  return found;
}

/** The insurers a product's tariff table knows, in order of appearance. */
export const tariffInsurers = (tariffs: readonly InsurerTariff<unknown>[]) => [...new Set(tariffs.map((t) => t.insurer))];

export const noTariffRefusal = (insurer: string, date: string): ProductRefusal => ({
  kind: 'refusal',
  insurer,
  reason: `Нет тарифа страховщика на дату начала ${date.split('-').reverse().join('.')}`,
});

/** A calculator's step. */
export interface CalculatorStep<K extends string = string> {
  key: K;
  title: string;
}


// ─── validation ───────────────────────────────────────────────────────────────────────────────────

/** Every problem of an input, each with its field path and a Russian message naming it. */
export const validateInput = (schema: yup.AnySchema, value: unknown): FieldError[] => collectErrors(schema, value);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const f = (path: string) => `Поле «${path}»`;

/** Russian-worded field schemas (the same texts as the api's validation layer), labelled with the field path. */
export const fields = {
  /** A whole number in [min, max]. */
  int: (path: string, min: number, max: number) =>
    yup
      .number()
      .typeError(`${f(path)} должно быть числом`)
      .integer(`${f(path)} должно быть целым числом`)
      .min(min, `${f(path)} должно быть не меньше ${min}`)
      .max(max, `${f(path)} должно быть не больше ${max}`)
      .label(path),
  /** One of the listed values. */
  oneOf: <T extends string | number>(path: string, values: readonly T[]) =>
    yup
      .mixed<T>()
      .oneOf(values as T[], `${f(path)} должно быть одним из: ${values.join(', ')}`)
      .label(path),
  /** A calendar date YYYY-MM-DD that exists. */
  date: (path: string) =>
    yup
      .string()
      .typeError(`${f(path)} должно быть строкой`)
      .test('iso-date', `${f(path)}: дата в формате ГГГГ-ММ-ДД`, (v) => {
        if (v == null) return true;
        if (!ISO_DATE.test(v)) return false;
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      })
      .label(path),
  /** A trimmed text of at most `max` characters. */
  text: (path: string, max: number) =>
    yup
      .string()
      .typeError(`${f(path)} должно быть строкой`)
      .trim()
      .max(max, `${f(path)}: максимальная длина ${max}`)
      .label(path),
  bool: (path: string) => yup.boolean().strict().typeError(`${f(path)} должно быть логическим значением (true или false)`).label(path),
  required: (path: string) => `${f(path)} обязательно`,
};

// ─── dates ────────────────────────────────────────────────────────────────────────────────────────

const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));

/** Calendar days from `from` to `to`, both counted (01.07 → 14.07 is 14 days). */
export const daysInclusive = (from: string, to: string) => Math.round((utc(to) - utc(from)) / 86_400_000) + 1;

/** A year's policy from `date`: its last day (term.ts' convention, «с 00:00 from по 24:00 to»). */
export const yearPolicyEnd = (date: string) => spanEnd(date, 12);

// ─── what a policy shows ──────────────────────────────────────────────────────────────────────────

const CURRENCY_SIGN: Record<PremiumCurrency, string> = { RUB: '₽', EUR: '€', USD: '$' };

/** An amount in minor units of its currency as the agent reads it: «1 234,56 ₽», «14,00 €», «100 000,00 $». */
export function formatPremium(amount: number, currency: PremiumCurrency): string {
  return currency === 'RUB' ? formatMoney(amount) : formatMoney(amount).replace('₽', CURRENCY_SIGN[currency]);
}

/** «с 01.06.2026 по 31.05.2027». */
export const spanText = (from: string, to: string) => `с ${formatDate(from)} по ${formatDate(to)}`;

/**
 * The premium block of a policy: the insurer, the premium, its payments, every factor (label → value
 * and why), the clamps and the notes — what the offer card, the contract page and the PDF print.
 */
/**
 * A factor's reason as a client reads it: without the research citation the code keeps for its figures
 * («(research §2 [I]: K_driver, …)» — the source stays in the offer's `why`, for the team).
 */
export const factorReason = (why: string) => why.replace(/\s*\((?:not in )?research\b(?:[^()]|\([^()]*\))*\)/g, '').trim();

export function premiumBlock(offer: ProductOffer, insurerName: string): SummaryBlock {
  const money = (a: number) => formatPremium(a, offer.currency);
  const rows = [
    { label: 'Страховщик', value: insurerName },
    { label: 'Страховая премия', value: money(offer.premium) },
    ...(offer.instalments.length > 1 ? [{ label: 'Платежи', value: offer.instalments.map(money).join(' + ') }] : []),
    ...offer.factors.map((x) => ({ label: x.label, value: `${x.text} — ${factorReason(x.why)}` })),
    ...offer.clamps.map((c) => ({ label: 'Ограничение премии', value: c })),
    ...offer.notes.map((n) => ({ label: 'Примечание', value: n })),
    { label: 'Тариф', value: `${offer.tariff.source}, действует с ${formatDate(offer.tariff.validFrom)}` },
  ];
  return { title: 'Премия', rows };
}

/** Every tariff value of a tariff's rows, with its path (`base0to3.upTo5m`): what a test holds to the ranges. */
export function tariffValuesOf(rows: unknown, path = ''): { path: string; value: TariffValue }[] {
  if (!rows || typeof rows !== 'object') return [];
  const o = rows as Record<string, unknown>;
  if (typeof o.ppm === 'number' && o.range && typeof o.range === 'object') return [{ path, value: o as unknown as TariffValue }];
  return Object.entries(o).flatMap(([k, v]) => tariffValuesOf(v, path ? `${path}.${k}` : k));
}

/** The values of a product's tariffs outside their research range, or citing another section: `insurer path` each (a test expects none). */
export function tariffsOutsideRanges(tariffs: readonly InsurerTariff<unknown>[], section: string): string[] {
  return tariffs.flatMap((t) =>
    tariffValuesOf(t.rows)
      .filter(({ value }) => value.ppm < value.range.min || value.ppm > value.range.max || !value.range.source.includes(section))
      .map(({ path }) => `${t.insurer} ${path}`),
  );
}

/** The offer of a quote; a refusal throws with its reason (tests and callers that expect an offer). */
export function offerOf(q: ProductQuote): ProductOffer {
  if (q.kind !== 'offer') throw new Error(`refused: ${q.reason}`);
  return q;
}

/** The steps every calculator ends with: the insurers' offers, the insurant, the payment. */
export const CALCULATOR_CLOSING_STEPS = [
  { key: 'offers', title: 'Предложения страховщиков' },
  { key: 'insurant', title: 'Страхователь' },
  { key: 'payment', title: 'Оплата' },
] as const satisfies readonly CalculatorStep[];
