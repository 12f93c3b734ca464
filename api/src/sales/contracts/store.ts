import {
  CONTRACT_STATUS,
  CONTRACT_STATUS_TITLES,
  CONTRACT_PRODUCT_TITLES,
  type ContractProduct,
  access,
  contractTransitionError,
  nextContractStatuses,
  quickPeriodRange,
  reportStatusOf,
  isContractEditable,
  canAttachContractFiles,
  contractActorOf,
  resumeContractStep,
  type ContractActor,
  type ContractDetails,
  type ContractHistoryEntry,
  type ContractListItem,
  type ContractListQuery,
  type ContractPage,
  type ContractParty,
  type ContractStatus,
  type ContractStatusEvent,
  type ContractChange,
  type ContractCurrency,
  type ContractInstalment,
  type SessionUser,
  manualProductName,
} from '@oyster/shared-kit/domain';
import { productModule } from '../products/index.js';
import { fioSql } from '../../platform/auth/users.js';
import type { Queryable } from '../../platform/db.js';
import { HttpError, forbidden, notFound } from '../../platform/errors.js';
import type { Realtime } from '../../platform/realtime.js';
import { agentIdsCondition } from '../../platform/scope.js';
import { isoTime } from '../../platform/sql.js';
import { moscowToday } from '../osago.js';
import { accrueCommission, reverseCommission } from '../../finance/ledger.js';
import { contractMoney } from '../../finance/contract-money.js';
import { contractFiles } from './files.js';
import { decodeContractCursor, encodeContractCursor } from '../schemas.js';

/**
 * Contracts in the database: the row ↔ wire mapping, the scoped reads (platform/scope.ts decides whose
 * contracts a user sees — one condition on contracts.agent_id) and `moveContract`, the only writer of
 * contracts.status: it checks the move against the shared-kit table (a 409 in Russian otherwise),
 * writes the history row in the same transaction and pushes `contract_status` to the agent.
 */

export interface ContractRow {
  id: string;
  agent_id: string;
  created_by: string;
  /** A registered product's code (products/index.ts). */
  product: ContractProduct;
  /** What the policy is: the product, or a manual policy's kind (migration 29's generated column). */
  kind: ContractProduct;
  status: ContractStatus;
  company_id: string | null;
  company_name: string | null;
  /** The insurer's code (its adapter's). */
  company_code: string | null;
  /** Kopecks (for a foreign currency: the foreign premium at the stored rate). */
  premium: string | number | null;
  /** The product's calculation (its module's calculationSchema). */
  calculation: any;
  offer: any;
  /** The product's details (its module's detailsSchema). */
  details: any;
  currency: ContractCurrency;
  premium_foreign: string | number | null;
  currency_rate: number | null;
  currency_rate_date: string | null;
  currency_rate_source: string | null;
  client_name: string | null;
  plate: string | null;
  vin: string | null;
  policy_number: string | null;
  /** Calendar days, 'YYYY-MM-DD' as the database handles give them (platform/db.ts). */
  start_date: string | null;
  end_date: string | null;
  insurer_ref: string | null;
  insurer_message: string | null;
  payment_token: string | null;
  payment_expires_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  agent_fio: string;
}

export const CONTRACT_SELECT = `
  SELECT c.*, co.short_name AS company_name, co.id_unicus AS company_code,
         ${fioSql('u')} AS agent_fio
    FROM contracts c
    LEFT JOIN companies co ON co.id = c.company_id
    JOIN users u ON u.id = c.agent_id`;

export function toListItem(r: ContractRow): ContractListItem {
  return {
    id: r.id,
    product: r.product,
    kind: r.kind ?? r.product,
    productName: r.product === 'manual' ? manualProductName(r.kind) : CONTRACT_PRODUCT_TITLES[r.product as ContractProduct] ?? r.product,
    status: r.status,
    statusTitle: CONTRACT_STATUS_TITLES[r.status],
    reportStatus: reportStatusOf(r.status),
    policyNumber: r.policy_number,
    companyId: r.company_id,
    companyName: r.company_name,
    premium: r.premium == null ? null : Number(r.premium),
    clientName: r.client_name,
    plate: r.plate,
    vin: r.vin,
    startDate: r.start_date,
    endDate: r.end_date,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
    agent: { id: r.agent_id, fio: r.agent_fio },
    // The e-OSAGO steps; another product's steps are its own page's (none to resume here yet).
    resumeStep: isContractEditable(r.status) && r.product === 'eosago' ? resumeContractStep(r.details ?? {}, r.calculation) : null,
  };
}

/** Staff move as staff; everyone else who may see a contract moves it as its agent. */
/** One contract the user may see, or a 404 (another's contract is simply not found). */
export async function scopedContract(q: Queryable, me: { user: SessionUser }, id: string, lock = false): Promise<ContractRow> {
  const params: unknown[] = [id];
  const scope = agentIdsCondition(me, 'c.agent_id', params);
  const [row] = await q.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.id = $1 AND ${scope}${lock ? ' FOR UPDATE OF c' : ''}`, params);
  if (!row) throw notFound();
  return row;
}

export async function contractDetails(q: Queryable, row: ContractRow, user: SessionUser, publicBase: string): Promise<ContractDetails> {
  const history = await q.query<{ from_status: ContractStatus | null; to_status: ContractStatus; at: string | Date; actor: ContractActor; user_id: string | null; fio: string | null; note: string | null }>(
    `SELECT h.from_status, h.to_status, h.at, h.actor, h.user_id, h.note,
            ${fioSql('u')} AS fio
       FROM contract_status_history h LEFT JOIN users u ON u.id = h.user_id
      WHERE h.contract_id = $1 ORDER BY h.id`,
    [row.id],
  );
  const entries: ContractHistoryEntry[] = history.map((h) => ({
    from: h.from_status,
    to: h.to_status,
    at: isoTime(h.at),
    actor: h.actor,
    by: h.user_id ? { id: h.user_id, fio: h.fio ?? '' } : null,
    note: h.note,
  }));
  const offer = row.offer && !access(user).canSeeCommissionInTooltips ? { ...row.offer, commissionPercent: undefined } : row.offer;
  const module = productModule(row.product);
  const actor = contractActorOf(user);
  return {
    ...toListItem(row),
    calculation: row.calculation,
    offer,
    details: row.details ?? {},
    history: entries,
    next: nextContractStatuses(row.status, contractActorOf(user)),
    paymentUrl: row.status === 250 && row.payment_token ? `${publicBase}/pay/${row.payment_token}` : null,
    paymentExpiresAt: row.status === 250 && row.payment_expires_at ? isoTime(row.payment_expires_at) : null,
    insurerMessage: row.insurer_message,
    // A manual policy has no documents of Oyster's: its scan (the files) is the policy.
    documents: row.product === 'manual' ? [] : [...(row.status >= 106 && row.status <= 250 ? (['draft'] as const) : []), ...(row.policy_number ? (['policy'] as const) : [])],
    files: await contractFiles(q, row.id),
    canAttachFiles: canAttachContractFiles(row.status),
    money: access(user).canSeeContractMoney ? await contractMoney(q, row.id) : null,
    summary: module ? module.summary(row) : [],
    currency: row.currency ?? 'RUB',
    foreign:
      row.currency && row.currency !== 'RUB' && row.currency_rate
        ? { premium: Number(row.premium_foreign ?? 0), rate: row.currency_rate, rateDate: String(row.currency_rate_date), rateSource: row.currency_rate_source ?? 'demo' }
        : null,
    instalments: await contractInstalments(q, row, publicBase),
    changes: await contractChanges(q, row.id),
    canCancel: canCancelAtInsurer(row.status, actor),
    canEndorse: !!module?.changeSchema && (row.status === CONTRACT_STATUS.released || row.status === CONTRACT_STATUS.inAction),
    canReview: row.product === 'manual' && row.status === CONTRACT_STATUS.review && access(user).canReviewManualPolicies,
  };
}

/**
 * Who cancels when: the agent (or staff) before payment — a status move, nothing at the insurer; staff a
 * paid contract — at the insurer, with the refund it states (routes/changes.ts).
 */
export function canCancelAtInsurer(status: ContractStatus, actor: ContractActor): boolean {
  return nextContractStatuses(status, actor).includes(CONTRACT_STATUS.canceled);
}

/** The payment schedule as the page shows it: each instalment with its link while it waits, overdue when its due date passed unpaid. */
export async function contractInstalments(q: Queryable, row: Pick<ContractRow, 'id' | 'status'>, publicBase: string, today = moscowToday()): Promise<ContractInstalment[]> {
  const rows = await q.query<{ number: number; purpose: 'premium' | 'endorsement'; change_id: string | null; due_date: string; amount_kopecks: string | number; state: ContractInstalment['state']; payment_token: string | null; payment_expires_at: string | Date | null; paid_at: string | Date | null }>(
    `SELECT number, purpose, change_id, due_date::text AS due_date, amount_kopecks, state, payment_token, payment_expires_at, paid_at FROM contract_instalments WHERE contract_id = $1 ORDER BY number`,
    [row.id],
  );
  const of = rows.filter((r) => r.purpose === 'premium').length;
  const live = row.status !== CONTRACT_STATUS.canceled && row.status !== CONTRACT_STATUS.notReleased;
  return rows.map((r) => {
    const open = live && (r.state === 'waiting' || r.state === 'scheduled');
    return {
      number: r.number,
      of,
      purpose: r.purpose,
      changeId: r.change_id,
      dueDate: r.due_date,
      amount: Number(r.amount_kopecks),
      state: live ? r.state : r.state === 'paid' ? 'paid' : 'canceled',
      overdue: open && r.due_date < today,
      paymentUrl: open && r.state === 'waiting' && r.payment_token ? `${publicBase}/pay/${r.payment_token}` : null,
      paymentExpiresAt: open && r.payment_expires_at ? isoTime(r.payment_expires_at) : null,
      paidAt: r.paid_at ? isoTime(r.paid_at) : null,
    };
  });
}

/** Cancellation and endorsements at the insurer, oldest first. */
export async function contractChanges(q: Queryable, contractId: string): Promise<ContractChange[]> {
  const rows = await q.query<{ id: string; kind: 'cancel' | 'endorsement'; at: string | Date; description: string; premium_delta: string | number; created_by: string | null; fio: string | null }>(
    `SELECT ch.id, ch.kind, ch.at, ch.description, ch.premium_delta, ch.created_by, ${fioSql('u')} AS fio
       FROM contract_changes ch LEFT JOIN users u ON u.id = ch.created_by WHERE ch.contract_id = $1 ORDER BY ch.at, ch.id`,
    [contractId],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, at: isoTime(r.at), description: r.description, premiumDelta: Number(r.premium_delta), by: r.created_by ? { id: r.created_by, fio: r.fio ?? '' } : null }));
}

/**
 * The ledger event of the contract's first payment (250 → 500): the whole premium under 'payment' for a
 * contract of one instalment (e-OSAGO, as before instalments), else the first instalment under its own key.
 */
export async function firstPaymentEvent(q: Queryable, contractId: string): Promise<{ eventKey: string; baseKopecks: number } | undefined> {
  const [r] = await q.query<{ amount: string | number; n: number }>(
    `SELECT amount_kopecks AS amount, (SELECT count(*)::int FROM contract_instalments WHERE contract_id = $1 AND purpose = 'premium') AS n FROM contract_instalments WHERE contract_id = $1 AND number = 1`,
    [contractId],
  );
  return r && r.n > 1 ? { eventKey: 'instalment:1', baseKopecks: Number(r.amount) } : undefined;
}

/** Columns a move may set besides the status. */
export interface MoveColumns {
  insurer_ref?: string | null;
  insurer_message?: string | null;
  payment_token?: string | null;
  payment_expires_at?: string | null;
  policy_number?: string;
  paid_at?: string;
}

export interface MoveBy {
  actor: ContractActor;
  userId: string | null;
  note?: string | null;
}

/** A move made: the event to push once committed, to whom, and whether the contract's ledger changed with it. */
export interface MovedContract {
  event: ContractStatusEvent;
  notify: string[];
  moneyChanged: boolean;
}

/**
 * Moves a contract one step, in its own transaction unless `q` is one: the row is locked, the move
 * checked against the table (409 with the table's Russian text), the history written. Answers the
 * event to push once committed (`pushContractStatus`).
 */
export async function moveContract(
  q: Queryable,
  id: string,
  to: ContractStatus,
  by: MoveBy,
  columns: MoveColumns = {},
  /** A paid contract cancelled at the insurer: the refund it stated is reversed in part (event 'cancel'), not the whole commission. */
  refund?: { refundKopecks: number; paidKopecks: number },
): Promise<MovedContract> {
  const [row] = await q.query<{ status: ContractStatus; agent_id: string; created_by: string }>('SELECT status, agent_id, created_by FROM contracts WHERE id = $1 FOR UPDATE', [id]);
  if (!row) throw notFound();
  const refusal = contractTransitionError(row.status, to, by.actor);
  if (refusal) throw new HttpError(409, refusal, { error: true, status: row.status });
  const sets = ['status = $2', 'updated_at = now()'];
  const params: unknown[] = [id, to];
  for (const [column, value] of Object.entries(columns)) {
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  const [updated] = await q.query<{ policy_number: string | null; updated_at: string | Date }>(`UPDATE contracts SET ${sets.join(', ')} WHERE id = $1 RETURNING policy_number, updated_at`, params);
  // The money follows the status in the same transaction: accrued when paid, reversed when a paid one is cancelled.
  const accrues = to === CONTRACT_STATUS.paid;
  const reverses = to === CONTRACT_STATUS.canceled && row.status >= CONTRACT_STATUS.paid && !(refund && refund.refundKopecks === 0);
  if (accrues) await accrueCommission(q, id, undefined, await firstPaymentEvent(q, id));
  if (reverses && refund) {
    if (refund.refundKopecks > 0) await reverseCommission(q, id, { eventKey: 'cancel', refundKopecks: refund.refundKopecks, premiumKopecks: refund.paidKopecks });
  } else if (reverses) await reverseCommission(q, id);
  if (to === CONTRACT_STATUS.paid) {
    await q.query(`UPDATE contract_instalments SET state = 'paid', paid_at = coalesce($2, now()) WHERE contract_id = $1 AND number = 1 AND state <> 'paid'`, [id, columns.paid_at ?? null]);
  }
  if (to === CONTRACT_STATUS.canceled || to === CONTRACT_STATUS.notReleased) {
    await q.query(`UPDATE contract_instalments SET state = 'canceled' WHERE contract_id = $1 AND state IN ('scheduled', 'waiting')`, [id]);
  }
  await q.query('INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, note) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    row.status,
    to,
    by.actor,
    by.userId,
    by.note ?? null,
  ]);
  return {
    event: { contractId: id, status: to, statusTitle: CONTRACT_STATUS_TITLES[to], policyNumber: updated.policy_number, at: isoTime(updated.updated_at) },
    notify: [...new Set([row.agent_id, row.created_by])],
    moneyChanged: accrues || reverses || !!refund,
  };
}

export function pushContractStatus(rt: Realtime, moved: Pick<MovedContract, 'event' | 'notify'>) {
  for (const userId of moved.notify) rt.emitToUser(userId, 'contract_status', moved.event);
}

/**
 * Polisy: the user's scope, the §3 filters, newest first, keyset by (created_at, id). `agentId`: one
 * agent's contracts — an agent the scope module lets the user see (a network owner: their sub-agents and
 * network; an agent: themselves), else a 403 (an unknown id too, so nothing tells the two apart); the page
 * then names the agent.
 */
export async function listContracts(q: Queryable, me: { user: SessionUser }, query: ContractListQuery & { limit: number }, today = moscowToday()): Promise<ContractPage> {
  const params: unknown[] = [];
  let agent: ContractParty | undefined;
  const where: string[] = [];
  if (query.agentId) {
    const seen: unknown[] = [query.agentId];
    const [row] = await q.query<{ id: string; fio: string }>(`SELECT a.id, ${fioSql('a')} AS fio FROM users a WHERE a.id = $1 AND ${agentIdsCondition(me, 'a.id', seen)}`, seen);
    if (!row) throw forbidden();
    agent = { id: row.id, fio: row.fio };
    // The scope is answered: this one agent's contracts, read from contracts_agent_keyset_idx in list order.
    params.push(row.id);
    where.push(`c.agent_id = $${params.length}`);
  } else {
    where.push(agentIdsCondition(me, 'c.agent_id', params));
  }
  if (query.status) {
    params.push(query.status.split(',').map(Number));
    where.push(`c.status = ANY($${params.length}::int[])`);
  }
  if (query.period) {
    const { from, to } = quickPeriodRange(query.period, today);
    // Moscow days: the list's dates are the agent's calendar, not UTC's.
    params.push(from, to);
    where.push(`c.created_at >= ($${params.length - 1}::date::timestamp AT TIME ZONE 'Europe/Moscow') AND c.created_at < (($${params.length}::date + 1)::timestamp AT TIME ZONE 'Europe/Moscow')`);
  }
  if (query.company) {
    params.push(query.company);
    where.push(`c.company_id = $${params.length}`);
  }
  if (query.product) {
    params.push(query.product);
    // A product's policies entered by hand are that product's too (contracts.kind); 'manual': those entered by hand.
    where.push(`(c.product = $${params.length} OR c.kind = $${params.length})`);
  }
  if (query.search) {
    const term = query.search.trim();
    // The start of the value (what an agent types first), so the search indexes serve it.
    params.push(`${term.replace(/[\\%_]/g, (m) => `\\${m}`).toUpperCase()}%`);
    const n = params.length;
    where.push(`(upper(c.policy_number) LIKE $${n} OR upper(c.plate) LIKE $${n} OR upper(c.vin) LIKE $${n} OR upper(c.client_name) LIKE $${n})`);
  }
  if (query.after) {
    const cursor = decodeContractCursor(query.after)!;
    params.push(cursor.createdAt, cursor.id);
    where.push(`(c.created_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(query.limit + 1);
  const rows = await q.query<ContractRow>(`${CONTRACT_SELECT} WHERE ${where.join(' AND ')} ORDER BY c.created_at DESC, c.id DESC LIMIT $${params.length}`, params);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(toListItem);
  const last = items[items.length - 1];
  return { items, next: more && last ? encodeContractCursor(last.createdAt, last.id) : null, ...(agent ? { agent } : {}) };
}
