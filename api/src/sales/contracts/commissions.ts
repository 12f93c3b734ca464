import type { Queryable } from '../../platform/db.js';

/**
 * The commission ledger (migration 6): accrued in the transaction that marks a contract paid, reversed
 * in the one that cancels a paid contract — so the ledger never disagrees with the status. Rates come
 * from commission_rates (insurer × product × the seller's level; level 0: the network owner's override
 * on a sub-agent's sale), the version in force on the contract's start date.
 */

/** premium × rate, rounded half up to whole kopecks (integers only). */
export const commissionOf = (premiumKopecks: number, rateBp: number) => Math.floor((premiumKopecks * rateBp + 5_000) / 10_000);

/**
 * The rates in force on `date` for one product and seller level, by insurer (company id → basis points):
 * for each insurer the version with the latest valid_from not after the date.
 */
export async function ratesOn(q: Queryable, product: string, level: number, date: string): Promise<Map<string, number>> {
  const rows = await q.query<{ company_id: string; rate_bp: number }>(
    `SELECT DISTINCT ON (company_id) company_id, rate_bp FROM commission_rates
      WHERE product = $1 AND level = $2 AND valid_from <= $3::date ORDER BY company_id, valid_from DESC`,
    [product, level, date],
  );
  return new Map(rows.map((r) => [r.company_id, r.rate_bp]));
}

async function rateOn(q: Queryable, companyId: string, product: string, level: number, date: string): Promise<number | null> {
  return (await ratesOn(q, product, level, date)).get(companyId) ?? null;
}

/** The rates a user would earn selling `product` on `date` (their level's), by insurer; empty without a level. */
export async function sellerRates(q: Queryable, userId: string, product: string, date: string): Promise<Map<string, number>> {
  const [u] = await q.query<{ level: number | null }>('SELECT rating_level AS level FROM users WHERE id = $1', [userId]);
  return u?.level ? ratesOn(q, product, u.level, date) : new Map();
}

/** The paid contract's commission (and the owner's override for a sub-agent's sale). Answers the rows written. */
export async function accrueCommission(q: Queryable, contractId: string): Promise<number> {
  const [c] = await q.query<{ agent_id: string; company_id: string; product: string; premium: string | number; start_date: string | Date; level: number; parent: string | null; is_sub_agent: boolean }>(
    `SELECT c.agent_id, c.company_id, c.product, c.premium, c.start_date, u.rating_level AS level, u.parent_agent_id AS parent, (u.is_sub_agent OR 'sub_agent' = ANY(u.roles)) AS is_sub_agent
       FROM contracts c JOIN users u ON u.id = c.agent_id WHERE c.id = $1`,
    [contractId],
  );
  if (!c) return 0;
  const premium = Number(c.premium);
  const date = c.start_date instanceof Date ? c.start_date.toISOString().slice(0, 10) : String(c.start_date).slice(0, 10);
  const lines: { agent: string; kind: 'commission' | 'override'; rate: number }[] = [];
  const own = await rateOn(q, c.company_id, c.product, c.level, date);
  if (own !== null) lines.push({ agent: c.agent_id, kind: 'commission', rate: own });
  if (c.is_sub_agent && c.parent) {
    const override = await rateOn(q, c.company_id, c.product, 0, date);
    if (override !== null) lines.push({ agent: c.parent, kind: 'override', rate: override });
  }
  for (const l of lines) {
    await q.query(
      `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [contractId, l.agent, l.kind, l.rate, premium, commissionOf(premium, l.rate)],
    );
  }
  return lines.length;
}

/** A paid contract cancelled: every accrual of it, once more with the opposite sign. */
export async function reverseCommission(q: Queryable, contractId: string): Promise<void> {
  await q.query(
    `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks)
     SELECT contract_id, agent_id, kind || '_reversal', rate_bp, base_kopecks, -amount_kopecks
       FROM commission_ledger WHERE contract_id = $1 AND kind IN ('commission', 'override') ORDER BY id
     ON CONFLICT DO NOTHING`,
    [contractId],
  );
}
