import { LEDGER_KIND_TITLES, access, type ContractMoney, type LedgerKind, type LedgerLine } from '@oyster/shared-kit/domain';
import { fioSql } from '../platform/auth/users.js';
import type { Queryable } from '../platform/db.js';
import type { Realtime } from '../platform/realtime.js';
import { viewersOfAgent } from '../platform/scope.js';
import { isoTime } from '../platform/sql.js';
import { contractRefundsDue } from './refunds.js';

/**
 * A contract's money for its page (access canSeeContractMoney: administrators and finance controllers):
 * the commission ledger's lines — a sale accrued without a rate shows as «нет ставки» — and the payments
 * to return to the client. Live: `contract_money` to the finance staff when either changes.
 */
export async function contractMoney(q: Queryable, contractId: string): Promise<ContractMoney> {
  const rows = await q.query<{ kind: LedgerKind; agent_id: string; fio: string; rate_bp: number | null; rate_reason: string | null; note: string | null; base_kopecks: string | number; amount_kopecks: string | number; at: string | Date }>(
    `SELECT l.kind, l.agent_id, ${fioSql('u')} AS fio, l.rate_bp, l.rate_reason, l.note, l.base_kopecks, l.amount_kopecks, l.at
       FROM commission_ledger l JOIN users u ON u.id = l.agent_id WHERE l.contract_id = $1 ORDER BY l.id`,
    [contractId],
  );
  const lines: LedgerLine[] = rows.map((r) => ({
    kind: r.kind,
    kindTitle: LEDGER_KIND_TITLES[r.kind],
    agent: { id: r.agent_id, fio: r.fio },
    rateBp: r.rate_bp,
    rateReason: r.rate_reason,
    note: r.note,
    baseKopecks: Number(r.base_kopecks),
    amountKopecks: Number(r.amount_kopecks),
    at: isoTime(r.at),
  }));
  return { lines, refundDue: await contractRefundsDue(q, contractId) };
}

/**
 * Tells the open pages that a contract's money changed (after the change committed): `contract_money` to
 * those who see its money, `ledger_changed` to those whose КВ pages show the lines of each agent it has
 * lines for (the seller, a network owner's override).
 */
export async function pushContractMoney(q: Queryable, rt: Realtime, contractId: string): Promise<void> {
  const [c] = await q.query<{ agent_id: string }>('SELECT agent_id FROM contracts WHERE id = $1', [contractId]);
  if (!c) return;
  for (const id of await viewersOfAgent(q, c.agent_id, (u) => access(u).canSeeContractMoney)) rt.emitToUser(id, 'contract_money', { contractId });
  const agents = await q.query<{ agent_id: string }>('SELECT DISTINCT agent_id FROM commission_ledger WHERE contract_id = $1', [contractId]);
  for (const { agent_id: agentId } of agents) await pushLedgerChanged(q, rt, agentId);
}

/** `ledger_changed` to everyone whose КВ shows this agent's lines. */
export async function pushLedgerChanged(q: Queryable, rt: Realtime, agentId: string): Promise<void> {
  for (const id of await viewersOfAgent(q, agentId, (u) => access(u).canSeeCommissions)) rt.emitToUser(id, 'ledger_changed', { agentId });
}
