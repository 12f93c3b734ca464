import {
  CONTRACT_PRODUCT_TITLES,
  CONTRACT_STATUS as S,
  CONTRACT_STATUS_TITLES,
  RENEWAL_OUTCOME_TITLES,
  RENEWAL_UNDO_HOURS,
  addCalendarDays,
  calendarDaysBetween,
  renewalBucketDays,
  renewalBucketOf,
  renewalQuotePath,
  manualProductName,
  manualRenewalPrefill,
  type ContractStatus,
  type ManualDetails,
  type ManualKind,
  type RenewalBucket,
  type RenewalCounts,
  type RenewalItem,
  type RenewalListQuery,
  type RenewalMark,
  type RenewalOutcomeKind,
  type RenewalPage,
  type RenewalQuote,
  type SessionUser,
  access,
} from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { Queryable } from '../../platform/db.js';
import { HttpError, notFound, validationError } from '../../platform/errors.js';
import type { Realtime } from '../../platform/realtime.js';
import { agentIdsCondition, viewersOfAgent } from '../../platform/scope.js';
import { isoTime } from '../../platform/sql.js';
import { toClient, type ClientRow } from '../clients/store.js';
import { moscowToday } from '../osago.js';

/**
 * Renewals in the database (issue 25): the worklist (policies in force or ended, by their end date, in
 * the user's scope), the outcome marks, the old policy's data for the calculator, the link from a new
 * contract to the policy it renews, and the counts per agent (`renewalCountsByAgent`, for the worklist
 * and for analytics). «Renewed here» is written by migration 28's trigger when the renewing contract is paid.
 * The product is read generically (contracts.kind: a policy entered by hand is its kind's); which calculator re-quotes it is shared-kit's
 * `renewalQuotePath`.
 */

/** Statuses of a policy that can be renewed: in force, or ended. */
export const RENEWABLE_STATUSES: readonly ContractStatus[] = [S.inAction, S.ended];
const RENEWABLE_SQL = `(${RENEWABLE_STATUSES.join(', ')})`;

interface WorklistRow {
  id: string;
  /** What the policy is (contracts.kind: a manual policy's kind). */
  product: string;
  /** The contract's own product ('manual' for a policy entered by hand). */
  origin: string;
  status: ContractStatus;
  policy_number: string | null;
  client_name: string | null;
  plate: string | null;
  vin: string | null;
  details: Record<string, unknown> | null;
  company_name: string | null;
  premium: string | number | null;
  end_date: string;
  agent_id: string;
  agent_fio: string;
  outcome: RenewalOutcomeKind | null;
  comment: string | null;
  marked_at: string | Date | null;
  marked_by: string | null;
  marked_fio: string | null;
  renewed_by: string | null;
  renewed_policy: string | null;
}

const WORKLIST_SELECT = `
  SELECT c.id, c.kind AS product, c.product AS origin, c.status, c.policy_number, c.client_name, c.plate, c.vin, c.details, co.short_name AS company_name,
         c.premium, c.end_date, c.agent_id, ${fioSql('u')} AS agent_fio,
         o.outcome, o.comment, o.marked_at, o.marked_by, ${fioSql('mu')} AS marked_fio, o.renewed_by, rc.policy_number AS renewed_policy
    FROM contracts c
    JOIN users u ON u.id = c.agent_id
    LEFT JOIN companies co ON co.id = c.company_id
    LEFT JOIN renewal_outcomes o ON o.contract_id = c.id
    LEFT JOIN users mu ON mu.id = o.marked_by
    LEFT JOIN contracts rc ON rc.id = o.renewed_by`;

/** The insured object in a few words: a vehicle's make, model and plate (or VIN); a property's address. */
export function objectOf(r: Pick<WorklistRow, 'plate' | 'vin' | 'details'>): string | null {
  const d = (r.details ?? {}) as { vehicle?: { make?: string | null; model?: string | null }; object?: { address?: string | null }; address?: string | null };
  const car = [d.vehicle?.make, d.vehicle?.model].filter(Boolean).join(' ');
  const text = [car, r.plate ?? r.vin].filter(Boolean).join(', ') || d.object?.address || null;
  return text || null;
}

/** Whether `me` may take back this mark now: their own, a hand mark, within RENEWAL_UNDO_HOURS. */
function undoable(r: Pick<WorklistRow, 'outcome' | 'marked_by' | 'marked_at'>, me: string, now: Date): boolean {
  if (!r.outcome || r.outcome === 'renewed_here' || r.marked_by !== me || !r.marked_at) return false;
  return now.getTime() - new Date(r.marked_at).getTime() < RENEWAL_UNDO_HOURS * 3_600_000;
}

function toItem(r: WorklistRow, today: string, me: string, now: Date): RenewalItem {
  const daysLeft = calendarDaysBetween(today, r.end_date);
  return {
    contractId: r.id,
    product: r.product,
    productName: r.origin === 'manual' ? manualProductName(r.product) : (CONTRACT_PRODUCT_TITLES as Record<string, string>)[r.product] ?? r.product,
    policyNumber: r.policy_number,
    clientName: r.client_name,
    object: objectOf(r),
    companyName: r.company_name,
    premium: r.premium == null ? null : Number(r.premium),
    endDate: r.end_date,
    daysLeft,
    bucket: renewalBucketOf(daysLeft) ?? 'overdue',
    outcome: r.outcome
      ? {
          kind: r.outcome,
          title: RENEWAL_OUTCOME_TITLES[r.outcome],
          comment: r.comment,
          at: isoTime(r.marked_at!),
          by: r.marked_by ? { id: r.marked_by, fio: r.marked_fio ?? '' } : null,
          renewedBy: r.renewed_by ? { id: r.renewed_by, policyNumber: r.renewed_policy } : null,
          canUndo: undoable(r, me, now),
        }
      : null,
    agent: { id: r.agent_id, fio: r.agent_fio },
    // «Пересчитать» makes the agent's own new contract: only on their own policies.
    // A policy entered by hand: its kind's calculator, filled from what the entry stored (renewalQuote).
    quotePath: r.agent_id !== me ? null : renewalQuotePath(r.product, r.id),
  };
}

/** The worklist's keyset cursor: the last row's end date and id. */
export function encodeRenewalCursor(endDate: string, id: string): string {
  return Buffer.from(`${endDate}|${id}`, 'utf8').toString('base64url');
}
export function decodeRenewalCursor(cursor: string): { endDate: string; id: string } | null {
  const [endDate, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !/^\d{4}-\d{2}-\d{2}$/.test(endDate ?? '') || Number.isNaN(Date.parse(endDate)) || !/^[0-9a-f]{24}$/.test(id ?? '')) return null;
  return { endDate, id };
}

/**
 * The worklist: policies in force or ended whose end date is within the bucket's days of `today`
 * (Moscow), soonest end first, keyset by (end_date, id). Without an outcome filter, an ended policy
 * shows only while it has no outcome (overdue); with one, every policy of the window with that outcome.
 */
export async function listRenewals(q: Queryable, me: { user: SessionUser }, query: RenewalListQuery & { limit: number }, today = moscowToday(), now = new Date()): Promise<RenewalPage> {
  const params: unknown[] = [];
  const where = [`c.status IN ${RENEWABLE_SQL}`, agentIdsCondition(me, 'c.agent_id', params)];
  const days = renewalBucketDays((query.bucket ?? null) as RenewalBucket | null);
  params.push(addCalendarDays(today, days.min), addCalendarDays(today, days.max));
  where.push(`c.end_date BETWEEN $${params.length - 1}::date AND $${params.length}::date`);
  if (query.agent) {
    params.push(query.agent);
    where.push(`c.agent_id = $${params.length}`);
  }
  if (query.outcome === 'none') where.push('o.contract_id IS NULL');
  else if (query.outcome) {
    params.push(query.outcome);
    where.push(`o.outcome = $${params.length}`);
  } else {
    params.push(today);
    where.push(`(c.end_date >= $${params.length}::date OR o.contract_id IS NULL)`);
  }
  if (query.after) {
    const cursor = decodeRenewalCursor(query.after)!;
    params.push(cursor.endDate, cursor.id);
    where.push(`(c.end_date, c.id) > ($${params.length - 1}::date, $${params.length})`);
  }
  params.push(query.limit + 1);
  const rows = await q.query<WorklistRow>(`${WORKLIST_SELECT} WHERE ${where.join(' AND ')} ORDER BY c.end_date, c.id LIMIT $${params.length}`, params);
  const items = rows.slice(0, query.limit).map((r) => toItem(r, today, me.user._id, now));
  const last = items[items.length - 1];
  return { items, next: rows.length > query.limit && last ? encodeRenewalCursor(last.endDate, last.contractId) : null, today };
}

/** One row of the worklist (after a mark), or a 404 outside the user's scope. */
export async function renewalItem(q: Queryable, me: { user: SessionUser }, id: string, today = moscowToday(), now = new Date()): Promise<RenewalItem> {
  const params: unknown[] = [id];
  const [row] = await q.query<WorklistRow>(`${WORKLIST_SELECT} WHERE c.id = $1 AND ${agentIdsCondition(me, 'c.agent_id', params)}`, params);
  if (!row) throw notFound();
  return toItem(row, today, me.user._id, now);
}

/** A policy the user sees, locked, that may be renewed (in force or ended within the worklist's window); 404 / 409 otherwise. */
async function renewablePolicy(q: Queryable, me: { user: SessionUser }, id: string, today: string) {
  const params: unknown[] = [id];
  const [row] = await q.query<{ id: string; agent_id: string; status: ContractStatus; end_date: string | null }>(
    `SELECT c.id, c.agent_id, c.status, c.end_date FROM contracts c WHERE c.id = $1 AND ${agentIdsCondition(me, 'c.agent_id', params)} FOR UPDATE OF c`,
    params,
  );
  if (!row) throw notFound();
  if (!RENEWABLE_STATUSES.includes(row.status)) {
    throw new HttpError(409, `Продлевают действующий или завершившийся полис, а этот договор в статусе «${CONTRACT_STATUS_TITLES[row.status]}»`, { error: true, status: row.status });
  }
  if (!row.end_date || renewalBucketOf(calendarDaysBetween(today, row.end_date)) === null) {
    throw new HttpError(409, 'Отметить можно полис, который заканчивается в ближайшие 45 дней или закончился не больше 30 дней назад', { error: true });
  }
  return row;
}

/** The agent's mark: lost or renewed elsewhere, with an optional comment; replaces an earlier hand mark. */
export async function markRenewal(q: Queryable, me: { user: SessionUser }, id: string, mark: { outcome: RenewalMark; comment?: string | null }, today = moscowToday()) {
  const row = await renewablePolicy(q, me, id, today);
  const [kept] = await q.query<{ outcome: RenewalOutcomeKind }>('SELECT outcome FROM renewal_outcomes WHERE contract_id = $1', [id]);
  if (kept?.outcome === 'renewed_here') throw new HttpError(409, 'Полис уже продлён у нас: отметку не изменить', { error: true });
  await q.query(
    `INSERT INTO renewal_outcomes (contract_id, agent_id, outcome, comment, marked_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (contract_id) DO UPDATE SET outcome = EXCLUDED.outcome, comment = EXCLUDED.comment, marked_by = EXCLUDED.marked_by, marked_at = now(), renewed_by = NULL`,
    [id, row.agent_id, mark.outcome, mark.comment?.trim() || null, me.user._id],
  );
  return row;
}

/** Takes back the user's own hand mark within RENEWAL_UNDO_HOURS; 409 otherwise. */
export async function undoRenewalMark(q: Queryable, me: { user: SessionUser }, id: string, now = new Date()) {
  const params: unknown[] = [id];
  const [row] = await q.query<{ agent_id: string; outcome: RenewalOutcomeKind | null; marked_by: string | null; marked_at: string | Date | null }>(
    `SELECT c.agent_id, o.outcome, o.marked_by, o.marked_at FROM contracts c LEFT JOIN renewal_outcomes o ON o.contract_id = c.id
      WHERE c.id = $1 AND ${agentIdsCondition(me, 'c.agent_id', params)} FOR UPDATE OF c`,
    params,
  );
  if (!row) throw notFound();
  if (!row.outcome) throw new HttpError(409, 'У полиса нет отметки о продлении', { error: true });
  if (row.outcome === 'renewed_here') throw new HttpError(409, 'Продление у нас не отменяется: новый договор оплачен', { error: true });
  if (row.marked_by !== me.user._id) throw new HttpError(409, 'Отменить можно только свою отметку', { error: true });
  if (!undoable(row, me.user._id, now)) throw new HttpError(409, `Отметку можно отменить в течение ${RENEWAL_UNDO_HOURS} часов`, { error: true });
  await q.query('DELETE FROM renewal_outcomes WHERE contract_id = $1', [id]);
  return row;
}

/**
 * A renewal's outcome changed: the policy's people — and whoever sees that agent's renewals (a network owner,
 * staff of their scope: platform/scope.ts) — hear it as its (unchanged) status, so their worklists reload.
 */
export async function pushRenewalChanged(q: Queryable, rt: Realtime, id: string, also: readonly string[]) {
  const [c] = await q.query<{ agent_id: string; created_by: string; status: ContractStatus; policy_number: string | null; updated_at: string | Date }>(
    'SELECT agent_id, created_by, status, policy_number, updated_at FROM contracts WHERE id = $1',
    [id],
  );
  if (!c) return;
  const event = { contractId: id, status: c.status, statusTitle: CONTRACT_STATUS_TITLES[c.status], policyNumber: c.policy_number, at: isoTime(c.updated_at) };
  const viewers = await viewersOfAgent(q, c.agent_id, (u) => access(u).canSeeContracts);
  for (const userId of new Set([c.agent_id, c.created_by, ...also, ...viewers])) rt.emitToUser(userId, 'contract_status', event);
}

/**
 * The old policy's data for its product's calculator: the stored calculation with the new start date —
 * the day after the old end — and the documents. The user's own policy only («Пересчитать» makes their
 * contract); another's is not found.
 */
export async function renewalQuote(q: Queryable, me: { user: SessionUser }, id: string, today = moscowToday()): Promise<RenewalQuote> {
  const [row] = await q.query<{ id: string; agent_id: string; product: string; status: ContractStatus; policy_number: string | null; company_name: string | null; end_date: string | null; calculation: Record<string, unknown>; details: Record<string, unknown> | null }>(
    `SELECT c.id, c.agent_id, c.product, c.status, c.policy_number, co.short_name AS company_name, c.end_date, c.calculation, c.details
       FROM contracts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id = $1 AND c.agent_id = $2`,
    [id, me.user._id],
  );
  if (!row) throw notFound();
  if (!RENEWABLE_STATUSES.includes(row.status) || !row.end_date) {
    throw new HttpError(409, `Продлевают действующий или завершившийся полис, а этот договор в статусе «${CONTRACT_STATUS_TITLES[row.status]}»`, { error: true, status: row.status });
  }
  // The new policy starts the day after the old one ends — or tomorrow, when that day has passed.
  const next = addCalendarDays(row.end_date, 1);
  const tomorrow = addCalendarDays(today, 1);
  const startDate = next > tomorrow ? next : tomorrow;
  if (row.product === 'manual') {
    // A policy entered by hand: its kind's calculator, filled from what the entry stored (the insurant's client record, the car, the address).
    const d = (row.details ?? {}) as Partial<ManualDetails>;
    const kind = (row.calculation as { kind: ManualKind }).kind;
    const [client] = d.insurant?.clientId ? await q.query<ClientRow>(`SELECT *, '' AS agent_fio FROM clients WHERE id = $1 AND agent_id = $2`, [d.insurant.clientId, row.agent_id]) : [];
    const prefill = manualRenewalPrefill(kind, d, client ? toClient(client) : null);
    return {
      contractId: row.id,
      product: kind,
      policyNumber: row.policy_number,
      companyName: row.company_name,
      endDate: row.end_date,
      startDate,
      calculation: { ...prefill.calculation, startDate },
      details: prefill.details as RenewalQuote['details'],
      fromManual: true,
    };
  }
  return {
    contractId: row.id,
    product: row.product,
    policyNumber: row.policy_number,
    companyName: row.company_name,
    endDate: row.end_date,
    startDate,
    calculation: { ...row.calculation, startDate },
    details: (row.details ?? {}) as RenewalQuote['details'],
  };
}

export const RENEWS_REFUSED = 'Поле «renewsContractId»: продлить можно только свой действующий или завершившийся полис того же продукта';

/**
 * Marks a new contract (made in `q`'s transaction) as the renewal of `renewsId`: the same agent, the same
 * product, the old one in force or ended — else a 400 naming the field (the transaction writes nothing).
 */
export async function linkRenewal(q: Queryable, contractId: string, renewsId: string, agentId: string, product: string) {
  // The same product: a policy entered by hand is renewed by a contract of its kind (contracts.kind).
  const [old] = await q.query<{ agent_id: string; status: ContractStatus; kind: string }>('SELECT agent_id, status, kind FROM contracts WHERE id = $1 FOR SHARE', [renewsId]);
  if (!old || old.agent_id !== agentId || old.kind !== product || !RENEWABLE_STATUSES.includes(old.status)) throw validationError(RENEWS_REFUSED, 'renewsContractId');
  await q.query('UPDATE contracts SET renews_contract_id = $2 WHERE id = $1', [contractId, renewsId]);
}

/**
 * The renewal counts per agent over the policies that ended between `from` and `to` (Moscow days,
 * inclusive): how many ended, and how many of them were renewed here, lost, renewed elsewhere.
 * `agentIds` null: every agent (scope already decided by the caller). The renewal rate is
 * renewedHere ÷ ended (shared-kit renewalRateText). For the worklist and for analytics.
 */
export async function renewalCountsByAgent(q: Queryable, opts: { from: string; to: string; agentIds: readonly string[] | null; agentId?: string }): Promise<RenewalCounts[]> {
  const params: unknown[] = [opts.from, opts.to];
  const where = [`c.status IN ${RENEWABLE_SQL}`, 'c.end_date BETWEEN $1::date AND $2::date'];
  if (opts.agentIds) {
    params.push(opts.agentIds);
    where.push(`c.agent_id = ANY($${params.length}::text[])`);
  }
  if (opts.agentId) {
    params.push(opts.agentId);
    where.push(`c.agent_id = $${params.length}`);
  }
  const rows = await q.query<{ agent_id: string; fio: string; ended: number; here: number; lost: number; elsewhere: number }>(
    `SELECT c.agent_id, ${fioSql('u')} AS fio, count(*)::int AS ended,
            count(*) FILTER (WHERE o.outcome = 'renewed_here')::int AS here,
            count(*) FILTER (WHERE o.outcome = 'lost')::int AS lost,
            count(*) FILTER (WHERE o.outcome = 'renewed_elsewhere')::int AS elsewhere
       FROM contracts c JOIN users u ON u.id = c.agent_id LEFT JOIN renewal_outcomes o ON o.contract_id = c.id
      WHERE ${where.join(' AND ')}
      GROUP BY c.agent_id, u.second_name, u.first_name, u.middle_name
      ORDER BY count(*) DESC, c.agent_id`,
    params,
  );
  return rows.map((r) => ({ agent: { id: r.agent_id, fio: r.fio }, ended: r.ended, renewedHere: r.here, lost: r.lost, renewedElsewhere: r.elsewhere }));
}
