import type { Queryable } from '../platform/db.js';
import { overrideRateOn, percent, sellerRateOn } from './resolver.js';

/**
 * The commission ledger (migration 6; lines without a rate since 16): the one writer sales calls. Accrued
 * in the transaction that marks a contract paid, reversed in the one that cancels a paid contract — so the
 * ledger never disagrees with the status. Rates come from commission_rates (rates.ts: insurer × product ×
 * the seller's level; level 0 the network owner's override on a sub-agent's sale), the version in force
 * on the contract's start date — resolver.ts decides which and why. A seller with no rate in force gets a
 * line of 0 with no rate («нет ставки», shown to finance on the contract's page), never no line.
 */

/** premium × rate, rounded half up to whole kopecks (integers only). */
export const commissionOf = (premiumKopecks: number, rateBp: number) => Math.floor((premiumKopecks * rateBp + 5_000) / 10_000);

/**
 * The paid contract's commission (and the owner's override for a sub-agent's sale), at the rates the
 * resolver gives for its start date, each line with the reason. When the rate differs from the one the
 * offer showed («Ваше КВ» when the contract was made), the reason says so. Answers the lines written;
 * those without a rate count too. The rate is the policy's kind's (contracts.kind: a policy entered by
 * hand is rated as the product the agent said it is).
 */
export async function accrueCommission(
  q: Queryable,
  contractId: string,
  log?: { warn(o: object, m: string): void },
  /** One payment event of several (an instalment, an endorsement's extra premium): its key and its base; none — the whole premium under 'payment'. */
  part?: { eventKey: string; baseKopecks: number },
): Promise<{ written: number; withoutRate: number }> {
  // start_date as text: a calendar day, whatever the driver makes of a date column.
  // The rate the offer showed, a percent in its JSON, as basis points by exact decimal arithmetic (numeric), not a float.
  const [c] = await q.query<{ agent_id: string; company_id: string; product: string; premium: string | number; start_date: string; parent: string | null; is_sub_agent: boolean; shown_bp: number | null }>(
    `SELECT c.agent_id, c.company_id, c.kind AS product, c.premium, c.start_date::text AS start_date, u.parent_agent_id AS parent,
            (u.is_sub_agent OR 'sub_agent' = ANY(u.roles)) AS is_sub_agent, round((c.offer->'agentCommission'->>'percent')::numeric * 100)::int AS shown_bp
       FROM contracts c JOIN users u ON u.id = c.agent_id WHERE c.id = $1`,
    [contractId],
  );
  if (!c) return { written: 0, withoutRate: 0 };
  const premium = part ? part.baseKopecks : Number(c.premium);
  const own = await sellerRateOn(q, c.agent_id, c.company_id, c.product, c.start_date);
  const shownBp = c.shown_bp;
  const ownReason = own && shownBp !== null && shownBp !== own.rateBp ? `${own.reason}; при расчёте было ${percent(shownBp)} — ставка изменилась до оплаты` : own?.reason ?? null;
  const lines: { agent: string; kind: 'commission' | 'override'; rate: number | null; reason: string | null }[] = [{ agent: c.agent_id, kind: 'commission', rate: own?.rateBp ?? null, reason: ownReason }];
  if (c.is_sub_agent && c.parent) {
    const override = await overrideRateOn(q, c.company_id, c.product, c.start_date);
    lines.push({ agent: c.parent, kind: 'override', rate: override?.rateBp ?? null, reason: override?.reason ?? null });
  }
  for (const l of lines) {
    await q.query(
      `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, rate_reason, base_kopecks, amount_kopecks, event_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [contractId, l.agent, l.kind, l.rate, l.reason, premium, l.rate === null ? 0 : commissionOf(premium, l.rate), part?.eventKey ?? 'payment'],
    );
  }
  const withoutRate = lines.filter((l) => l.rate === null).length;
  if (withoutRate) log?.warn({ contractId, product: c.product, companyId: c.company_id, startDate: c.start_date }, 'paid contract accrued without a commission rate');
  return { written: lines.length, withoutRate };
}

/**
 * A paid contract cancelled, or money returned to the client in part (the insurer states the refund):
 * reversal lines, negative, per seller and kind. Whole: what is left of each accrual (the accruals less
 * earlier partial reversals), under the payment's event key. In part: the accruals × refund ÷ premium,
 * rounded half up to a kopeck in exact decimal (numeric: no float, no overflow), never more than is left,
 * under the refund's own event key — so each refund is reversed once however often it is reported.
 */
export async function reverseCommission(q: Queryable, contractId: string, part?: { eventKey: string; refundKopecks: number; premiumKopecks: number }): Promise<void> {
  await q.query(
    `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, rate_reason, base_kopecks, amount_kopecks, event_key)
     SELECT a.contract_id, a.agent_id, a.kind || '_reversal', a.rate_bp, a.rate_reason, coalesce($2::bigint, a.base),
            -least(a.remaining, CASE WHEN $2::bigint IS NULL THEN a.remaining ELSE round(a.accrued::numeric * $2::bigint / $3::bigint)::bigint END), $4
       FROM (SELECT l.contract_id, l.agent_id, l.kind, max(l.rate_bp) AS rate_bp, max(l.rate_reason) AS rate_reason, max(l.base_kopecks) AS base,
                    sum(l.amount_kopecks) AS accrued,
                    sum(l.amount_kopecks) + coalesce((SELECT sum(r.amount_kopecks) FROM commission_ledger r
                                                       WHERE r.contract_id = l.contract_id AND r.agent_id = l.agent_id AND r.kind = l.kind || '_reversal'), 0) AS remaining
               FROM commission_ledger l WHERE l.contract_id = $1 AND l.kind IN ('commission', 'override')
              GROUP BY l.contract_id, l.agent_id, l.kind ORDER BY min(l.id)) a
      WHERE a.remaining > 0 OR a.accrued = 0
     ON CONFLICT DO NOTHING`,
    [contractId, part?.refundKopecks ?? null, part?.premiumKopecks ?? null, part?.eventKey ?? 'payment'],
  );
}

/**
 * Finance's adjustment of an agent's commission (plus or minus, with its reason, tied to one of the agent's
 * contracts or to none): a new line, never an edit of another. Answers the line's id.
 */
export async function adjustCommission(q: Queryable, a: { agentId: string; amountKopecks: number; reason: string; contractId?: string | null }, by: string): Promise<string> {
  const [line] = await q.query<{ id: string | number }>(
    `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks, note, created_by, event_key)
     VALUES ($1, $2, 'adjustment', NULL, 0, $3, $4, $5, 'adjustment') RETURNING id`,
    [a.contractId ?? null, a.agentId, a.amountKopecks, a.reason, by],
  );
  return String(line.id);
}
