import { ndflToWithhold, type Opf, type PayoutCalculation } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
import { HttpError } from '../../platform/errors.js';
import { moscowMonthStart } from '../../platform/sql.js';
import { minPayoutKopecks } from './store.js';

/**
 * A finished period's payouts (finance's «Рассчитать выплаты»): for every agent, the ledger lines written
 * before the period's end that no payout took yet — the period's own and what earlier periods carried. A
 * sum under the minimum payout (or negative) makes no payout: those lines wait for the next period. Set
 * based (one read, one insert of payouts, one of their lines), so a network of 100,000 agents is a few
 * statements, and checked before commit: each payout's gross is the sum of its lines.
 *
 * Legal form (users.opf) decides: FL — НДФЛ withheld by the cumulative method over the tax year (the
 * Moscow year of the calculation: the tax agent withholds when it pays, and a period is paid after it
 * ends); an agent with no legal form is taken as a natural person (FL) — an agency contract with a person;
 * SZ — the payout waits for its receipt; IP, YL — nothing withheld.
 */

export const PAYOUT_TEXTS = {
  notFinished: 'Поле «period»: период ещё не закончился — выплаты считаются за прошедшие месяцы',
  sumMismatch: 'Сумма выплат не сошлась со строками начислений — расчёт отменён, повторите его',
} as const;

const MOSCOW_MS = 3 * 3_600_000;
const moscowYear = (now: Date) => new Date(now.getTime() + MOSCOW_MS).getUTCFullYear();
const moscowPeriod = (now: Date) => new Date(now.getTime() + MOSCOW_MS).toISOString().slice(0, 7);

export async function calculatePayouts(q: Queryable, period: string, by: string, now = new Date()): Promise<PayoutCalculation & { payouts: { id: string; agentId: string }[] }> {
  if (period >= moscowPeriod(now)) throw new HttpError(400, PAYOUT_TEXTS.notFinished, { error: true, type: 'validation', field: 'period' });
  const taxYear = moscowYear(now);
  const min = await minPayoutKopecks(q);
  // One calculation at a time: two would count the same lines (transaction-scoped, released at commit).
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('payout_calculation'))`);
  const periodEnd = moscowMonthStart(`(($1 || '-01')::date::timestamp AT TIME ZONE 'Europe/Moscow')`, 1);
  const balances = await q.query<{ agent_id: string; opf: Opf | null; gross: string; year_gross: string; year_tax: string }>(
    `WITH open_lines AS (
       SELECT l.agent_id, sum(l.amount_kopecks) AS gross FROM commission_ledger l
        WHERE l.at < ${periodEnd} AND NOT EXISTS (SELECT 1 FROM payout_lines pl WHERE pl.ledger_id = l.id)
        GROUP BY l.agent_id)
     SELECT o.agent_id, u.opf, o.gross::text AS gross,
            coalesce(y.gross, 0)::text AS year_gross, coalesce(y.tax, 0)::text AS year_tax
       FROM open_lines o JOIN users u ON u.id = o.agent_id
       LEFT JOIN LATERAL (SELECT sum(p.gross_kopecks) AS gross, sum(p.tax_kopecks) AS tax FROM payouts p WHERE p.agent_id = o.agent_id AND p.tax_year = $2) y ON true
      WHERE NOT EXISTS (SELECT 1 FROM payouts p WHERE p.agent_id = o.agent_id AND p.period = $1)
      ORDER BY o.agent_id`,
    [period, taxYear],
  );
  const agents: string[] = [];
  const opfs: (Opf | null)[] = [];
  const grosses: number[] = [];
  const taxes: number[] = [];
  const statuses: string[] = [];
  let carried = 0;
  for (const b of balances) {
    const gross = Number(b.gross);
    if (gross <= 0 || gross < min) {
      carried++;
      continue;
    }
    const asPerson = b.opf === 'FL' || b.opf === null;
    agents.push(b.agent_id);
    opfs.push(b.opf);
    grosses.push(gross);
    taxes.push(asPerson ? ndflToWithhold(Number(b.year_gross), Number(b.year_tax), gross) : 0);
    statuses.push(b.opf === 'SZ' ? 'awaiting_receipt' : 'ready');
  }
  if (!agents.length) return { period, created: 0, carried, awaitingReceipt: 0, payouts: [] };
  const created = await q.query<{ id: string | number; agent_id: string }>(
    `INSERT INTO payouts (agent_id, period, opf, tax_year, gross_kopecks, tax_kopecks, status, act_number, vat_mode, created_by)
     SELECT x.agent, $1, x.opf, $2, x.gross, x.tax, x.status, 'А-' || $1 || '-' || lpad(nextval('payout_act_seq')::text, 6, '0'), coalesce(b.vat_mode, 'exempt'), $3
       FROM unnest($4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::text[]) AS x(agent, opf, gross, tax, status)
       LEFT JOIN agent_billing b ON b.user_id = x.agent
     RETURNING id, agent_id`,
    [period, taxYear, by, agents, opfs, grosses, taxes, statuses],
  );
  await q.query(
    `INSERT INTO payout_lines (ledger_id, payout_id)
     SELECT l.id, p.id FROM payouts p JOIN commission_ledger l ON l.agent_id = p.agent_id
      WHERE p.id = ANY($1::bigint[]) AND l.at < ${periodEnd.replaceAll('$1', '$2')} AND NOT EXISTS (SELECT 1 FROM payout_lines pl WHERE pl.ledger_id = l.id)`,
    [created.map((c) => c.id), period],
  );
  const [wrong] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payouts p
      WHERE p.id = ANY($1::bigint[]) AND p.gross_kopecks <> (SELECT coalesce(sum(l.amount_kopecks), 0) FROM payout_lines pl JOIN commission_ledger l ON l.id = pl.ledger_id WHERE pl.payout_id = p.id)`,
    [created.map((c) => c.id)],
  );
  if (wrong.n) throw new HttpError(409, PAYOUT_TEXTS.sumMismatch);
  return {
    period,
    created: created.length,
    carried,
    awaitingReceipt: statuses.filter((s) => s === 'awaiting_receipt').length,
    payouts: created.map((c) => ({ id: String(c.id), agentId: c.agent_id })),
  };
}
