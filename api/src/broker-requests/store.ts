import {
  BROKER_REQUEST_STATUS as S,
  BROKER_REQUEST_STATUS_TITLES,
  FINAL_BROKER_REQUEST_STATUSES,
  access,
  actsAsStaff,
  brokerProductOf,
  brokerRequestActorOf,
  brokerRequestStepOf,
  brokerRequestTransitionError,
  nextBrokerRequestStatuses,
  quickPeriodRange,
  slaDeadline,
  type BrokerFormValues,
  type BrokerRequestActor,
  type BrokerRequestDetails,
  type BrokerRequestHistoryEntry,
  type BrokerRequestListItem,
  type BrokerRequestListQuery,
  type BrokerRequestOffer,
  type BrokerRequestPage,
  type BrokerRequestStatus,
  type SessionUser,
} from '@oyster/shared-kit/domain';
import { fioSql } from '../platform/auth/users.js';
import type { Queryable } from '../platform/db.js';
import { HttpError } from '../platform/errors.js';
import { agentIdsCondition, scopedAgentIds } from '../platform/scope.js';
import { isoTime } from '../platform/sql.js';
import { moscowToday } from '../sales/osago.js';
import { requestFiles } from './files.js';

/**
 * Broker requests in the database: row ↔ wire, the scoped reads (platform/scope.ts decides whose
 * requests a user sees — one condition on broker_requests.agent_id) and `moveRequest`, the only
 * writer of broker_requests.status: the move is checked against the shared-kit table (a 409 in
 * Russian otherwise), its timestamps set (sent → the SLA clock starts; taken → the executor; closed),
 * and the history row written, in the caller's transaction.
 */

export const BROKER_REQUEST_TEXTS = {
  notFound: 'Запрос не найден',
  reasonNeeded: 'Поле «reason»: укажите причину',
  offerNeeded: 'Поле «offerId»: выберите предложение',
  unknownOffer: 'Поле «offerId»: такого предложения в запросе нет',
  noOffers: 'Добавьте хотя бы одно предложение страховщика',
  notDraft: 'Заявку можно менять, пока она не отправлена',
  notYours: 'Это запрос другого исполнителя',
  offersClosed: (title: string) => `В запрос в статусе «${title}» предложения не добавляются`,
} as const;

export interface RequestRow {
  id: string;
  number: string | number;
  agent_id: string;
  created_by: string | null;
  executor_id: string | null;
  product_id: string;
  status: BrokerRequestStatus;
  form: BrokerFormValues;
  client_name: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
  sla_hours: number;
  sla_due_at: string | Date | null;
  closed_at: string | Date | null;
  close_reason: string | null;
  accepted_offer_id: string | null;
  updated_at: string | Date;
  agent_fio: string;
  executor_fio: string | null;
}

export const REQUEST_SELECT = `
  SELECT br.id, br.number, br.agent_id, br.created_by, br.executor_id, br.product_id, br.status, br.form, br.client_name,
         br.created_at, br.sent_at, br.sla_hours, br.sla_due_at, br.closed_at, br.close_reason, br.accepted_offer_id, br.updated_at,
         ${fioSql('a')} AS agent_fio, ${fioSql('e')} AS executor_fio
    FROM broker_requests br
    JOIN users a ON a.id = br.agent_id
    LEFT JOIN users e ON e.id = br.executor_id`;

export function toListItem(r: RequestRow): BrokerRequestListItem {
  return {
    id: r.id,
    number: Number(r.number),
    productType: r.product_id,
    productTitle: brokerProductOf(r.product_id)?.title ?? r.product_id,
    status: r.status,
    statusTitle: BROKER_REQUEST_STATUS_TITLES[r.status] ?? String(r.status),
    step: brokerRequestStepOf(r.status),
    agent: { id: r.agent_id, fio: r.agent_fio },
    executor: r.executor_id ? { id: r.executor_id, fio: r.executor_fio ?? '' } : null,
    clientName: r.client_name,
    createdAt: isoTime(r.created_at),
    sentAt: isoTime(r.sent_at),
    updatedAt: isoTime(r.updated_at),
    slaHours: r.sla_hours,
    slaDueAt: isoTime(r.sla_due_at),
    closedAt: isoTime(r.closed_at),
  };
}

/** The client or company as a list shows it: the company's name, else the client's (or insured's) full name. */
export function clientNameOf(values: BrokerFormValues): string | null {
  const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string).trim() : '');
  if (text('companyName')) return text('companyName').slice(0, 300);
  for (const who of ['client', 'insured']) {
    const name = [text(`${who}LastName`), text(`${who}FirstName`), text(`${who}MiddleName`)].filter(Boolean).join(' ');
    if (name) return name.slice(0, 300);
  }
  return null;
}

/**
 * Staff see a request once it was sent — it is the broker's from then on — and never before: not an
 * agent's draft, nor a draft the agent withdrew unsent (its status, «Не состоялся», would not tell).
 * sent_at is set by the move to «Отправлен» and never cleared; the status part lets the queue's partial
 * index serve. The one rule for staff over `br`: the read, the lists and the live pushes ask it.
 */
export const SENT_TO_BROKER = `br.status NOT IN (${S.blank}, ${S.draft}) AND br.sent_at IS NOT NULL`;

/** The requests (`br`) a user's lists and counts hold: staff what was sent to the broker; agents all but blanks (nothing typed yet). */
export const listedFor = (user: SessionUser) => (actsAsStaff(user) ? SENT_TO_BROKER : `br.status <> ${S.blank}`);

/** A request the user may see, or a 404 (another's request is not told apart from a missing one). */
export async function scopedRequest(q: Queryable, me: { user: SessionUser }, id: string, forUpdate = false): Promise<RequestRow> {
  const params: unknown[] = [id];
  const scope = agentIdsCondition(me, 'br.agent_id', params);
  const staffOnly = actsAsStaff(me.user) ? ` AND ${SENT_TO_BROKER}` : '';
  const rows = await q.query<RequestRow>(`${REQUEST_SELECT} WHERE br.id = $1 AND ${scope}${staffOnly}${forUpdate ? ' FOR UPDATE OF br' : ''}`, params);
  if (!rows[0]) throw new HttpError(404, BROKER_REQUEST_TEXTS.notFound);
  return rows[0];
}

/**
 * What the viewer is to a visible request: its agent side (whoever does not act as staff sees only their
 * scope's requests: their own, their sub-agents', their network's), its executor, or a reader.
 */
export function actorOf(user: SessionUser, r: Pick<RequestRow, 'agent_id' | 'executor_id'>): Exclude<BrokerRequestActor, 'system'> | null {
  return brokerRequestActorOf(user, { agentId: r.agent_id, executorId: r.executor_id }, !actsAsStaff(user));
}

export async function requestDetails(q: Queryable, r: RequestRow, viewer: SessionUser): Promise<BrokerRequestDetails> {
  const actor = actorOf(viewer, r);
  const showCommission = access(viewer).canSeeCommissionInTooltips;
  const [offers, files, history] = await Promise.all([
    q.query<{ id: string; company_id: string; company_name: string; premium_kopecks: string | number; commission_percent: string | null; conditions: string; created_at: string | Date }>(
      `SELECT o.id, o.company_id, c.short_name AS company_name, o.premium_kopecks, o.commission_percent, o.conditions, o.created_at
         FROM broker_request_offers o JOIN companies c ON c.id = o.company_id
        WHERE o.request_id = $1 ORDER BY o.premium_kopecks, o.created_at`,
      [r.id],
    ),
    requestFiles(q, r.id),
    q.query<{ from_status: number | null; to_status: number; actor: BrokerRequestActor; by: string | null; note: string | null; created_at: string | Date }>(
      `SELECT h.from_status, h.to_status, h.actor, ${fioSql('u')} AS by, h.note, h.created_at
         FROM broker_request_history h LEFT JOIN users u ON u.id = h.user_id
        WHERE h.request_id = $1 ORDER BY h.id`,
      [r.id],
    ),
  ]);
  // The agent sees the executor's offers once they have been put to the client (300), not while they are made.
  const offersShown = actor !== 'agent' || history.some((h) => h.to_status === S.clientAcceptance);
  const offerItems: BrokerRequestOffer[] = (offersShown ? offers : []).map((o) => ({
    id: o.id,
    companyId: o.company_id,
    companyName: o.company_name,
    premium: Number(o.premium_kopecks),
    ...(showCommission ? { commissionPercent: o.commission_percent == null ? null : Number(o.commission_percent) } : {}),
    conditions: o.conditions,
    createdAt: isoTime(o.created_at),
    accepted: o.id === r.accepted_offer_id,
    files: files.filter((f) => f.offerId === o.id),
  }));
  const historyItems: BrokerRequestHistoryEntry[] = history.map((h) => ({
    from: h.from_status as BrokerRequestStatus | null,
    to: h.to_status as BrokerRequestStatus,
    toTitle: BROKER_REQUEST_STATUS_TITLES[h.to_status] ?? String(h.to_status),
    actor: h.actor,
    by: h.by || null,
    note: h.note,
    at: isoTime(h.created_at),
  }));
  return {
    ...toListItem(r),
    values: r.form ?? {},
    offers: offerItems,
    files: files.filter((f) => f.offerId === null),
    history: historyItems,
    closeReason: r.close_reason,
    actor,
    next: actor ? nextBrokerRequestStatuses(r.status, actor).filter((to) => to !== S.draft) : [],
  };
}

export interface MoveOptions {
  actor: BrokerRequestActor;
  userId: string | null;
  note?: string | null;
  /** 110 → 125: who takes it. */
  executorId?: string;
  /** 300 → 325: the offer accepted. */
  offerId?: string;
}

/**
 * The one writer of a request's status (inside the caller's transaction, on a row read FOR UPDATE):
 * the move must be in the shared-kit table for this actor, else a 409 in Russian.
 */
export async function moveRequest(q: Queryable, r: Pick<RequestRow, 'id' | 'status' | 'sla_hours'>, to: BrokerRequestStatus, o: MoveOptions, now = new Date()): Promise<void> {
  const refusal = brokerRequestTransitionError(r.status, to, o.actor);
  if (refusal) throw new HttpError(409, refusal, { status: r.status });
  const sets = ['status = $2', 'updated_at = $3'];
  const params: unknown[] = [r.id, to, now.toISOString()];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (to === S.sent) {
    set('sent_at', now.toISOString());
    set('sla_due_at', slaDeadline(now, r.sla_hours).toISOString());
    set('escalated_at', null);
  }
  if (to === S.prepared && o.executorId) set('executor_id', o.executorId);
  if (to === S.executorAcceptance && o.offerId) set('accepted_offer_id', o.offerId);
  if (to === S.calculating) set('accepted_offer_id', null);
  if ((FINAL_BROKER_REQUEST_STATUSES as readonly number[]).includes(to)) {
    set('closed_at', now.toISOString());
    if (to === S.notReleased) set('close_reason', o.note ?? null);
  }
  await q.query(`UPDATE broker_requests SET ${sets.join(', ')} WHERE id = $1`, params);
  await q.query(
    'INSERT INTO broker_request_history (request_id, from_status, to_status, actor, user_id, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [r.id, r.status, to, o.actor, o.userId, o.note ?? null, now.toISOString()],
  );
}

/** The keyset cursor: the sort key of the last row and its id. */
export function encodeRequestCursor(key: string, id: string): string {
  return Buffer.from(`${key}|${id}`, 'utf8').toString('base64url');
}
export function decodeRequestCursor(cursor: string): { key: string; id: string } | null {
  const [key, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !id || !/^[0-9a-f]{24}$/.test(id) || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(key)) return null;
  return { key, id };
}

/**
 * A page of requests. An agent sees their scope's, newest first. Staff see sent ones (never an agent's
 * draft): `unassigned` — sent and not taken, `mine` — open ones they execute, both by deadline
 * (overdue first, the SLA clock's order); `all` — everything in their scope, newest first.
 */
export async function listRequests(q: Queryable, me: { user: SessionUser }, query: BrokerRequestListQuery & { limit: number }, today = moscowToday()): Promise<BrokerRequestPage> {
  const params: unknown[] = [];
  const where: string[] = [];
  // Whose requests: the scope module's ids, read first (see scopedAgentIds), or everyone's.
  const agents = await scopedAgentIds(q, me);
  // One value as an equality, so an index leading with it also gives the list's order.
  const oneOf = (column: string, values: readonly unknown[], type: string) => {
    params.push(values.length === 1 ? values[0] : values);
    where.push(values.length === 1 ? `${column} = $${params.length}` : `${column} = ANY($${params.length}::${type}[])`);
  };
  if (agents) oneOf('br.agent_id', agents, 'char(24)');
  const staff = actsAsStaff(me.user);
  const view = staff ? query.view ?? 'all' : 'all';
  // A blank (nothing typed) is nobody's list item; staff list only what was sent to the broker.
  where.push(listedFor(me.user));
  if (staff && view === 'unassigned') where.push(`br.status = ${S.sent} AND br.executor_id IS NULL`);
  if (staff && view === 'mine') {
    params.push(me.user._id);
    where.push(`br.executor_id = $${params.length} AND br.status NOT IN (${FINAL_BROKER_REQUEST_STATUSES.join(',')})`);
  }
  if (query.status) oneOf('br.status', query.status.split(',').map(Number), 'int');
  if (query.product) {
    params.push(query.product);
    where.push(`br.product_id = $${params.length}`);
  }
  if (query.agent) {
    params.push(query.agent);
    where.push(`br.agent_id = $${params.length}`);
  }
  if (query.network) {
    params.push(query.network);
    where.push(`a.broker_network_id = $${params.length}`);
  }
  if (query.period) {
    const { from, to } = quickPeriodRange(query.period, today);
    params.push(from, to);
    where.push(`br.created_at >= ($${params.length - 1}::date::timestamp AT TIME ZONE 'Europe/Moscow') AND br.created_at < (($${params.length}::date + 1)::timestamp AT TIME ZONE 'Europe/Moscow')`);
  }
  if (query.search) {
    const term = query.search.trim();
    if (/^\d{1,12}$/.test(term)) {
      params.push(Number(term));
      where.push(`br.number = $${params.length}`);
    } else {
      // The start of the client's or company's name (what is typed first), so its index serves it.
      params.push(`${term.replace(/[\\%_]/g, (m) => `\\${m}`).toLowerCase()}%`);
      where.push(`lower(br.client_name) LIKE $${params.length}`);
    }
  }
  // By deadline for the working views (open requests always have one), else newest first.
  const byDue = staff && (view === 'unassigned' || view === 'mine');
  const keyColumn = byDue ? 'br.sla_due_at' : 'br.created_at';
  if (query.after) {
    const cursor = decodeRequestCursor(query.after)!;
    params.push(cursor.key, cursor.id);
    where.push(`(${keyColumn}, br.id) ${byDue ? '>' : '<'} ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(query.limit + 1);
  const order = byDue ? 'br.sla_due_at ASC, br.id ASC' : 'br.created_at DESC, br.id DESC';
  const rows = await q.query<RequestRow>(`${REQUEST_SELECT} WHERE ${where.length ? where.join(' AND ') : 'true'} ORDER BY ${order} LIMIT $${params.length}`, params);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(toListItem);
  const last = items[items.length - 1];
  const lastKey = last ? (byDue ? last.slaDueAt : last.createdAt) : null;
  return { items, next: more && last && lastKey ? encodeRequestCursor(lastKey, last.id) : null };
}
