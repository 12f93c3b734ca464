import { RATING_LEVELS, formatDate } from '@oyster/shared-kit/domain';
import type { Queryable } from '../platform/db.js';
import { validationError } from '../platform/errors.js';
import { sellerRatesOn } from './resolver.js';

/**
 * Commission rates, each a version valid from a date (basis points, integers):
 * - insurer_rates: what the insurer pays the broker for a product (migration 16);
 * - commission_rates: what the broker pays out — the seller's rate by level (1 agent, 2 expert, 3 broker)
 *   and, as level 0, the network owner's override on a sub-agent's sale (migration 6).
 * A rate set (one insurer × product from a date: the insurer's rate, the three levels and the override)
 * is written only through `saveRateSet`, which refuses a set that would pay out more on a sale than the
 * insurer pays for it, on any day from its start: the broker would lose money on every such sale.
 */

/** §9 levels: 1 agent, 2 expert, 3 broker. */
export type RatingLevel = keyof typeof RATING_LEVELS;
/** A seller's level, or 0: the network owner's override on a sub-agent's sale. */
export type RateLevel = 0 | RatingLevel;

/**
 * The seller-side rates in force on `date` (YYYY-MM-DD) for one product and level, by insurer (company id →
 * basis points): for each insurer the version with the latest valid_from not after the date.
 */
export async function ratesOn(q: Queryable, product: string, level: RateLevel, date: string): Promise<Map<string, number>> {
  const rows = await q.query<{ company_id: string; rate_bp: number }>(
    `SELECT DISTINCT ON (company_id) company_id, rate_bp FROM commission_rates
      WHERE product = $1 AND level = $2 AND valid_from <= $3::date ORDER BY company_id, valid_from DESC`,
    [product, level, date],
  );
  return new Map(rows.map((r) => [r.company_id, r.rate_bp]));
}

/** What each insurer pays the broker for `product` on `date`, by company id (basis points). */
export async function insurerRatesOn(q: Queryable, product: string, date: string): Promise<Map<string, number>> {
  const rows = await q.query<{ company_id: string; rate_bp: number }>(
    `SELECT DISTINCT ON (company_id) company_id, rate_bp FROM insurer_rates
      WHERE product = $1 AND valid_from <= $2::date ORDER BY company_id, valid_from DESC`,
    [product, date],
  );
  return new Map(rows.map((r) => [r.company_id, r.rate_bp]));
}

/** What an offer shows the seller: their own rate (the resolver's: template, segment or level) and the insurer's, by insurer (basis points). */
export async function offerRates(q: Queryable, userId: string, product: string, date: string) {
  const [seller, insurer] = await Promise.all([sellerRatesOn(q, userId, product, date), insurerRatesOn(q, product, date)]);
  return { seller: new Map([...seller].map(([company, r]) => [company, r.rateBp])), insurer };
}

/** One insurer × product from a date: every rate of it, basis points. */
export interface RateSet {
  companyId: string;
  product: string;
  validFrom: string;
  insurerRateBp: number;
  levels: Record<'agent' | 'expert' | 'broker', number>;
  ownerOverrideBp: number;
}

const LEVEL_KEYS = { agent: 1, expert: 2, broker: 3 } as const satisfies Record<keyof RateSet['levels'], RatingLevel>;
/** `toLocaleString('ru-RU', …)` with its formatter made once (it made one per call: each rate's reason of every quote). */
const PERCENT = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const percent = (bp: number) => `${PERCENT.format(bp / 100)}%`;

export const RATE_TEXTS = {
  overpays: (day: string, who: string, sellerBp: number, overrideBp: number, insurerBp: number) =>
    `Ставки с ${formatDate(day)} выплачивают больше, чем платит страховщик: ${who} ${percent(sellerBp)} + КВ владельца сети ${percent(overrideBp)} = ${percent(sellerBp + overrideBp)}, а страховщик платит ${percent(insurerBp)}`,
  noInsurerRate: (day: string) => `С ${formatDate(day)} у страховщика нет ставки по этому продукту: выплаты агентам не с чего платить`,
  past: 'Поле «validFrom»: ставки не меняются задним числом — укажите сегодняшнюю или будущую дату',
  noCompany: 'Поле «companyId»: такого страховщика нет',
  noProduct: 'Поле «product»: такого продукта нет',
} as const;

/** A rate version: from a day, to a day (a template) or until the next version. */
export interface Version {
  from: string;
  bp: number;
  to?: string | null;
}
/** The version in force on `day`: the latest starting on or before it that has not ended. */
const inForce = (versions: readonly Version[], day: string) =>
  versions.filter((v) => v.from <= day && (v.to == null || v.to >= day)).sort((a, b) => (a.from < b.from ? 1 : -1))[0]?.bp ?? null;

/** One kind of seller-side rate for the check: whose it is (for the refusal) and the field a refusal names. */
export interface SellerRates {
  label: string;
  field: string;
  versions: readonly Version[];
}

/** The three levels of a rate set's seller rates, as the check takes them. */
export const levelSellers = (levels: ReadonlyMap<RateLevel, readonly Version[]>): SellerRates[] =>
  Object.entries(LEVEL_KEYS).map(([key, level]) => ({ label: `«${RATING_LEVELS[level]}»`, field: `levels.${key}`, versions: levels.get(level) ?? [] }));

/**
 * The first day, from `from` on, on which a seller's rate plus the network owner's override pays out more
 * than the insurer's rate (or someone is paid and the insurer pays nothing), with the refusal; null when
 * every day is covered. Rates change only on their versions' start days, so those days are the ones checked.
 */
export function payoutProblem(insurer: readonly Version[], override: readonly Version[], sellers: readonly SellerRates[], from: string): { message: string; field: string } | null {
  const starts = [insurer, override, ...sellers.map((s) => s.versions)].flat().map((v) => v.from);
  for (const day of [...new Set([from, ...starts].filter((d) => d >= from))].sort()) {
    const ins = inForce(insurer, day);
    const ov = inForce(override, day) ?? 0;
    const paid = sellers.map((s) => ({ s, bp: inForce(s.versions, day) })).filter((x): x is { s: SellerRates; bp: number } => x.bp !== null);
    if (!paid.length && !ov) continue;
    if (ins === null) return { message: RATE_TEXTS.noInsurerRate(day), field: paid[0]?.s.field ?? 'insurerRateBp' };
    const top = paid.reduce<{ s: SellerRates | null; bp: number }>((a, b) => (b.bp > a.bp ? b : a), { s: null, bp: 0 });
    if (top.bp + ov > ins) return { message: RATE_TEXTS.overpays(day, top.s?.label ?? '«Агент»', top.bp, ov, ins), field: top.s?.field ?? 'ownerOverrideBp' };
  }
  return null;
}

/** The insurer's and the override's versions for one insurer × product: what every seller rate is checked against. */
export async function payingSide(q: Queryable, companyId: string, product: string) {
  const insurer = await q.query<Version>(`SELECT valid_from::text AS from, rate_bp AS bp FROM insurer_rates WHERE company_id = $1 AND product = $2`, [companyId, product]);
  const override = await q.query<Version>(`SELECT valid_from::text AS from, rate_bp AS bp FROM commission_rates WHERE company_id = $1 AND product = $2 AND level = 0`, [companyId, product]);
  return { insurer, override };
}

/** The templates' and the segments' rates for one insurer × product, as sellers for the check. */
export async function personalSellers(q: Queryable, companyId: string, product: string): Promise<SellerRates[]> {
  const templates = await q.query<{ id: string; fio: string; from: string; to: string | null; bp: number }>(
    `SELECT t.id, concat_ws(' ', u.second_name, u.first_name) AS fio, t.valid_from::text AS from, t.valid_to::text AS to, t.rate_bp AS bp
       FROM commission_templates t JOIN users u ON u.id = t.agent_id WHERE t.company_id = $1 AND t.product = $2`,
    [companyId, product],
  );
  const segments = await q.query<{ name: string; from: string; bp: number }>(
    `SELECT s.name, r.valid_from::text AS from, r.rate_bp AS bp FROM commission_segment_rates r JOIN commission_segments s ON s.id = r.segment_id
      WHERE r.company_id = $1 AND r.product = $2 ORDER BY s.name`,
    [companyId, product],
  );
  const bySegment = new Map<string, Version[]>();
  for (const r of segments) bySegment.set(r.name, [...(bySegment.get(r.name) ?? []), { from: r.from, bp: r.bp }]);
  return [
    ...templates.map((t) => ({ label: `персональный шаблон (${t.fio})`, field: 'rateBp', versions: [{ from: t.from, to: t.to, bp: t.bp }] })),
    ...[...bySegment].map(([name, versions]) => ({ label: `сегмент «${name}»`, field: 'rateBp', versions })),
  ];
}

/**
 * Writes a rate set (replacing a version with the same start), after checking it against the versions
 * already there: a 400 naming the field when it would pay out more than the insurer pays on any day from
 * its start. `today` (Moscow) refuses a start in the past — the ledger already accrued by the old rates;
 * the demo seed writes its history with `allowPast`.
 */
export async function saveRateSet(q: Queryable, set: RateSet, opts: { today: string; allowPast?: boolean }): Promise<void> {
  if (!opts.allowPast && set.validFrom < opts.today) throw validationError(RATE_TEXTS.past, 'validFrom');
  const [company] = await q.query('SELECT 1 FROM companies WHERE id = $1', [set.companyId]);
  if (!company) throw validationError(RATE_TEXTS.noCompany, 'companyId');
  const [product] = await q.query('SELECT 1 FROM products WHERE id = $1', [set.product]);
  if (!product) throw validationError(RATE_TEXTS.noProduct, 'product');
  // Locked for the check and the write: two sets for one insurer × product do not pass each other's check.
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rates:${set.companyId}:${set.product}`]);
  const { insurer: insurerRows } = await payingSide(q, set.companyId, set.product);
  const levelRows = await q.query<{ level: RateLevel; from: string; bp: number }>(
    `SELECT level, valid_from::text AS from, rate_bp AS bp FROM commission_rates WHERE company_id = $1 AND product = $2`,
    [set.companyId, set.product],
  );
  const replaced = (rows: readonly Version[], bp: number) => [...rows.filter((v) => v.from !== set.validFrom), { from: set.validFrom, bp }];
  const proposed: [RateLevel, number][] = [[0, set.ownerOverrideBp], ...Object.entries(LEVEL_KEYS).map(([k, l]) => [l, set.levels[k as keyof RateSet['levels']]] as [RateLevel, number])];
  const levels = new Map<RateLevel, Version[]>(proposed.map(([l, bp]) => [l, replaced(levelRows.filter((r) => r.level === l), bp)]));
  // The agents' own templates and their segments' rates are paid out of the same insurer rate.
  const sellers = [...levelSellers(levels), ...(await personalSellers(q, set.companyId, set.product))];
  const problem = payoutProblem(replaced(insurerRows, set.insurerRateBp), levels.get(0) ?? [], sellers, set.validFrom);
  if (problem) throw validationError(problem.message, problem.field.startsWith('levels.') ? problem.field : 'insurerRateBp');
  await q.query(
    `INSERT INTO insurer_rates (company_id, product, rate_bp, valid_from) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id, product, valid_from) DO UPDATE SET rate_bp = EXCLUDED.rate_bp`,
    [set.companyId, set.product, set.insurerRateBp, set.validFrom],
  );
  for (const [level, bp] of proposed) {
    await q.query(
      `INSERT INTO commission_rates (company_id, product, level, rate_bp, valid_from) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, product, level, valid_from) DO UPDATE SET rate_bp = EXCLUDED.rate_bp`,
      [set.companyId, set.product, level, bp, set.validFrom],
    );
  }
}

/** A rate set as listed: a rate not set in that version's time is null. */
export interface RateSetView {
  companyId: string;
  companyName: string;
  product: string;
  validFrom: string;
  insurerRateBp: number | null;
  levels: Record<keyof RateSet['levels'], number | null>;
  ownerOverrideBp: number | null;
}

/** Every rate set (of one product, or all), by insurer, the newest start first: the rates in force from each start. */
export async function rateSets(q: Queryable, product?: string): Promise<RateSetView[]> {
  const rows = await q.query<{ company_id: string; company_name: string; product: string; valid_from: string; insurer_bp: number | null; levels: Record<string, number | null> }>(
    `SELECT k.company_id, co.short_name AS company_name, k.product, k.valid_from::text AS valid_from,
            (SELECT i.rate_bp FROM insurer_rates i WHERE i.company_id = k.company_id AND i.product = k.product AND i.valid_from <= k.valid_from ORDER BY i.valid_from DESC LIMIT 1) AS insurer_bp,
            (SELECT jsonb_object_agg(l.level::text, (SELECT r.rate_bp FROM commission_rates r WHERE r.company_id = k.company_id AND r.product = k.product AND r.level = l.level AND r.valid_from <= k.valid_from ORDER BY r.valid_from DESC LIMIT 1))
               FROM generate_series(0, 3) AS l(level)) AS levels
       FROM (SELECT company_id, product, valid_from FROM insurer_rates UNION SELECT company_id, product, valid_from FROM commission_rates) k
       JOIN companies co ON co.id = k.company_id
      WHERE $1::text IS NULL OR k.product = $1
      ORDER BY co.short_name, k.product, k.valid_from DESC`,
    [product ?? null],
  );
  return rows.map((r) => ({
    companyId: r.company_id,
    companyName: r.company_name,
    product: r.product,
    validFrom: r.valid_from,
    insurerRateBp: r.insurer_bp,
    levels: { agent: r.levels['1'] ?? null, expert: r.levels['2'] ?? null, broker: r.levels['3'] ?? null },
    ownerOverrideBp: r.levels['0'] ?? null,
  }));
}
