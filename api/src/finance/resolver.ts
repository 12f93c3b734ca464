import { RATE_SOURCE_TITLES, RATING_LEVELS, formatDate, type RateSource } from '@oyster/shared-kit/domain';
import type { Queryable } from '../platform/db.js';

/**
 * THE answer to «which commission rate applies to this sale, and why» (issue 24): the agent's personal
 * template for the insurer × product in force on the sale's date, else the rate of the agent's segment,
 * else the rate of the agent's level — and, on a sub-agent's sale, the network owner's override. The
 * offer's «Ваше КВ» (routes/osago.ts, routes/contracts.ts) and the accrual (ledger.ts) both ask here, and
 * every ledger line keeps the reason it was given.
 */

export interface ResolvedRate {
  rateBp: number;
  source: RateSource;
  /** «Уровень «Агент»: 10% с 01.01.2025», «Персональный шаблон: 12% с 01.12.2026 по 31.12.2026», … */
  reason: string;
}

/** `toLocaleString('ru-RU', …)` with its formatter made once (it made one per call: each rate's reason of every quote). */
const PERCENT = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
/** Basis points as a Russian percent: 1150 → «11,5%». */
export const percent = (bp: number) => `${PERCENT.format(bp / 100)}%`;
const since = (from: string, to?: string | null) => `с ${formatDate(from)}${to ? ` по ${formatDate(to)}` : ''}`;

/** Why a level's rate applies: «Уровень «Агент»: 10% с 01.01.2025». */
export const levelReason = (level: 1 | 2 | 3, rateBp: number, from: string) => `${RATE_SOURCE_TITLES.level} «${RATING_LEVELS[level]}»: ${percent(rateBp)} ${since(from)}`;
/** Why the owner's override applies: «КВ владельца сети: 2% с 01.01.2025». */
export const overrideReason = (rateBp: number, from: string) => `${RATE_SOURCE_TITLES.override}: ${percent(rateBp)} ${since(from)}`;

/** Every insurer's rate for one seller and product on `date` (YYYY-MM-DD), by company id; none for a seller without any. */
export async function sellerRatesOn(q: Queryable, agentId: string, product: string, date: string): Promise<Map<string, ResolvedRate>> {
  const [templates, segments, levels] = await Promise.all([
    q.query<{ company_id: string; rate_bp: number; from: string; to: string | null }>(
      `SELECT DISTINCT ON (company_id) company_id, rate_bp, valid_from::text AS from, valid_to::text AS to FROM commission_templates
        WHERE agent_id = $1 AND product = $2 AND valid_from <= $3::date AND (valid_to IS NULL OR valid_to >= $3::date)
        ORDER BY company_id, valid_from DESC`,
      [agentId, product, date],
    ),
    q.query<{ company_id: string; rate_bp: number; from: string; name: string }>(
      `SELECT DISTINCT ON (r.company_id) r.company_id, r.rate_bp, r.valid_from::text AS from, s.name
         FROM commission_segment_members m JOIN commission_segments s ON s.id = m.segment_id JOIN commission_segment_rates r ON r.segment_id = s.id
        WHERE m.agent_id = $1 AND r.product = $2 AND r.valid_from <= $3::date ORDER BY r.company_id, r.valid_from DESC`,
      [agentId, product, date],
    ),
    q.query<{ company_id: string; rate_bp: number; from: string; level: 1 | 2 | 3 }>(
      `SELECT DISTINCT ON (r.company_id) r.company_id, r.rate_bp, r.valid_from::text AS from, r.level
         FROM commission_rates r JOIN users u ON u.id = $1 AND r.level = u.rating_level
        WHERE r.product = $2 AND r.valid_from <= $3::date ORDER BY r.company_id, r.valid_from DESC`,
      [agentId, product, date],
    ),
  ]);
  const out = new Map<string, ResolvedRate>();
  // Lowest priority first: each later source replaces what it has a rate for.
  for (const l of levels) out.set(l.company_id, { rateBp: l.rate_bp, source: 'level', reason: levelReason(l.level, l.rate_bp, l.from) });
  for (const s of segments) out.set(s.company_id, { rateBp: s.rate_bp, source: 'segment', reason: `${RATE_SOURCE_TITLES.segment} «${s.name}»: ${percent(s.rate_bp)} ${since(s.from)}` });
  for (const t of templates) out.set(t.company_id, { rateBp: t.rate_bp, source: 'template', reason: `${RATE_SOURCE_TITLES.template}: ${percent(t.rate_bp)} ${since(t.from, t.to)}` });
  return out;
}

/** One seller's rate for one insurer × product on `date`, or null: «нет ставки». */
export async function sellerRateOn(q: Queryable, agentId: string, companyId: string, product: string, date: string): Promise<ResolvedRate | null> {
  return (await sellerRatesOn(q, agentId, product, date)).get(companyId) ?? null;
}

/** The network owner's override on a sub-agent's sale of one insurer × product on `date`, or null. */
export async function overrideRateOn(q: Queryable, companyId: string, product: string, date: string): Promise<ResolvedRate | null> {
  const [r] = await q.query<{ rate_bp: number; from: string }>(
    `SELECT rate_bp, valid_from::text AS from FROM commission_rates WHERE company_id = $1 AND product = $2 AND level = 0 AND valid_from <= $3::date ORDER BY valid_from DESC LIMIT 1`,
    [companyId, product, date],
  );
  return r ? { rateBp: r.rate_bp, source: 'override', reason: overrideReason(r.rate_bp, r.from) } : null;
}
