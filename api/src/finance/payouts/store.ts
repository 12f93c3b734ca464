import {
  OPF_TITLES,
  PAYOUT_STATUS_TITLES,
  PAYOUT_WAITS_FOR_RECEIPT,
  SELF_EMPLOYED_YEAR_LIMIT_KOPECKS,
  VAT_MODE_TITLES,
  access,
  ledgerPeriodTitle,
  type Opf,
  type PayoutRow,
  type PayoutStatus,
  type PayoutsQuery,
  type SessionUser,
  type VatMode,
} from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { Queryable } from '../../platform/db.js';
import type { Realtime } from '../../platform/realtime.js';
import { agentIdsCondition, ownViewersOfAgents, staffWho } from '../../platform/scope.js';
import { isoTime } from '../../platform/sql.js';

/**
 * Payouts as their readers see them (the agent their own, a network owner also their sub-agents', staff
 * their scope — platform/scope.ts) and the one place that tells open pages a payout changed.
 */

type Me = { user: SessionUser };

export interface PayoutDbRow {
  id: string | number;
  agent_id: string;
  agent_fio: string;
  period: string;
  opf: Opf | null;
  gross_kopecks: string | number;
  tax_kopecks: string | number;
  net_kopecks: string | number;
  lines: number;
  status: PayoutStatus;
  act_number: string;
  vat_mode: VatMode;
  receipt_number: string | null;
  receipt_date: string | null;
  receipt_amount_kopecks: string | number | null;
  receipt_inn: string | null;
  receipt_link: string | null;
  register_id: string | number | null;
  register_number: number | null;
  year_gross: string | number;
  created_at: string | Date;
  paid_at: string | Date | null;
}

/** The columns of a payout row; `p` payouts, joins users u and payout_registers r. */
export const PAYOUT_COLUMNS = `p.id, p.agent_id, ${fioSql('u')} AS agent_fio, p.period, p.opf, p.gross_kopecks, p.tax_kopecks, p.net_kopecks,
  (SELECT count(*)::int FROM payout_lines pl WHERE pl.payout_id = p.id) AS lines, p.status, p.act_number, p.vat_mode,
  p.receipt_number, p.receipt_date::text AS receipt_date, p.receipt_amount_kopecks, p.receipt_inn, p.receipt_link,
  p.register_id, r.number AS register_number,
  (SELECT coalesce(sum(y.gross_kopecks), 0) FROM payouts y WHERE y.agent_id = p.agent_id AND y.tax_year = p.tax_year AND y.id <= p.id)::text AS year_gross,
  p.created_at, p.paid_at`;
export const PAYOUT_FROM = 'FROM payouts p JOIN users u ON u.id = p.agent_id LEFT JOIN payout_registers r ON r.id = p.register_id';

export function toPayoutRow(r: PayoutDbRow): PayoutRow {
  const gross = Number(r.gross_kopecks);
  return {
    id: String(r.id),
    agent: { id: r.agent_id, fio: r.agent_fio },
    period: r.period,
    periodTitle: ledgerPeriodTitle(r.period),
    opf: r.opf,
    opfTitle: r.opf ? OPF_TITLES[r.opf] : 'Не указана',
    grossKopecks: gross,
    taxKopecks: Number(r.tax_kopecks),
    netKopecks: Number(r.net_kopecks),
    lines: r.lines,
    status: r.status,
    statusTitle: PAYOUT_STATUS_TITLES[r.status],
    waitingReason: r.status === 'awaiting_receipt' ? PAYOUT_WAITS_FOR_RECEIPT : null,
    receipt: r.receipt_number
      ? { number: r.receipt_number, date: r.receipt_date!, amountKopecks: Number(r.receipt_amount_kopecks), inn: r.receipt_inn!, link: r.receipt_link }
      : null,
    actNumber: r.act_number,
    vatTitle: VAT_MODE_TITLES[r.vat_mode] ?? VAT_MODE_TITLES.exempt,
    register: r.register_id == null ? null : { id: String(r.register_id), number: r.register_number! },
    selfEmployedLimitExceeded: r.opf === 'SZ' && Number(r.year_gross) > SELF_EMPLOYED_YEAR_LIMIT_KOPECKS,
    createdAt: isoTime(r.created_at),
    paidAt: isoTime(r.paid_at),
  };
}

export const encodePayoutCursor = (id: string | number) => Buffer.from(String(id), 'utf8').toString('base64url');
export function decodePayoutCursor(cursor: string): number | null {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^\d{1,18}$/.test(id) ? Number(id) : null;
}

/** A page of the payouts the viewer sees, newest first (keyset by id). */
export async function payoutsPage(q: Queryable, me: Me, query: PayoutsQuery & { after?: string; limit: number }): Promise<{ items: PayoutRow[]; next: string | null }> {
  const params: unknown[] = [];
  const where = [agentIdsCondition(me, 'p.agent_id', params)];
  const eq = (column: string, value: unknown) => {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  if (query.period) eq('p.period', query.period);
  if (query.agent) eq('p.agent_id', query.agent);
  if (query.status) eq('p.status', query.status);
  if (query.after) {
    params.push(decodePayoutCursor(query.after));
    where.push(`p.id < $${params.length}`);
  }
  params.push(query.limit + 1);
  const rows = await q.query<PayoutDbRow>(`SELECT ${PAYOUT_COLUMNS} ${PAYOUT_FROM} WHERE ${where.join(' AND ')} ORDER BY p.id DESC LIMIT $${params.length}`, params);
  const items = rows.slice(0, query.limit).map(toPayoutRow);
  return { items, next: rows.length > query.limit && items.length ? encodePayoutCursor(items[items.length - 1].id) : null };
}

/** One payout, if the viewer sees its agent. */
export async function payoutFor(q: Queryable, me: Me, payoutId: string): Promise<PayoutRow | null> {
  const params: unknown[] = [payoutId];
  const [row] = await q.query<PayoutDbRow>(`SELECT ${PAYOUT_COLUMNS} ${PAYOUT_FROM} WHERE p.id = $1 AND ${agentIdsCondition(me, 'p.agent_id', params)}`, params);
  return row ? toPayoutRow(row) : null;
}

export async function payoutsOfRegister(q: Queryable, registerId: string): Promise<PayoutRow[]> {
  const rows = await q.query<PayoutDbRow>(`SELECT ${PAYOUT_COLUMNS} ${PAYOUT_FROM} WHERE p.register_id = $1 ORDER BY ${fioSql('u')}, p.id`, [registerId]);
  return rows.map(toPayoutRow);
}

/** The minimum payout (finance_settings). */
export async function minPayoutKopecks(q: Queryable): Promise<number> {
  const [s] = await q.query<{ min: string | number }>('SELECT min_payout_kopecks AS min FROM finance_settings');
  return Number(s?.min ?? 0);
}

/** The user's own ledger money not yet in any payout. */
export async function unpaidBalance(q: Queryable, agentId: string): Promise<number> {
  const [b] = await q.query<{ sum: string }>(
    `SELECT coalesce(sum(l.amount_kopecks), 0)::text AS sum FROM commission_ledger l
      WHERE l.agent_id = $1 AND NOT EXISTS (SELECT 1 FROM payout_lines pl WHERE pl.ledger_id = l.id)`,
    [agentId],
  );
  return Number(b.sum);
}

/**
 * `payout_changed` (after the change committed): to each changed payout's agent and those who have the
 * agent as their own (network owner, parent), naming it; to the staff who see КВ, naming only the register
 * (or nothing) — their lists reload in their own scope.
 */
export async function pushPayoutsChanged(q: Queryable, rt: Realtime, e: { registerId: string | null; payouts: { id: string; agentId: string }[] }): Promise<void> {
  for (const id of await staffWho(q, (u) => access(u).canSeeCommissions)) rt.emitToUser(id, 'payout_changed', { agentId: null, payoutId: null, registerId: e.registerId });
  const byAgent = new Map<string, string[]>();
  for (const p of e.payouts) byAgent.set(p.agentId, [...(byAgent.get(p.agentId) ?? []), p.id]);
  for (const { agentId, viewerId } of await ownViewersOfAgents(q, [...byAgent.keys()])) {
    const ids = byAgent.get(agentId)!;
    rt.emitToUser(viewerId, 'payout_changed', { agentId, payoutId: ids.length === 1 ? ids[0] : null, registerId: e.registerId });
  }
}
