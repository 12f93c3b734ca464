import { access } from '../access';
import type { SessionUser } from '../roles';
import { BROKER_REQUEST_STATUS_TITLES } from './statuses';

/**
 * The broker request's state machine (spec §4, issue 12) — one table for the api, which refuses any
 * other move with a 409 and the Russian text below, and for the pages, which offer only these moves.
 *
 *   draft 100 → sent 110 (the agent) → prepared 125 (an executor takes it) → calculating 150
 *   → calculated 180 → saved 200 (the offers are ready) → waiting for the client 300 (shown to the agent)
 *   → waiting for the executor 325 (the agent accepted an offer) → payment checked 350 → complete 500;
 *   not released 11000, with a reason, from any open status after sending.
 *
 * Where the spec and the issue are silent the table decides, and says so here:
 * - blank (50) is a request made but not yet typed into; the first saved field makes it a draft (100);
 * - the agent may withdraw a request until an offer is accepted (100, 110, 300 → 11000), the executor
 *   may close any sent one as not released; a reason is required either way;
 * - the agent may ask for other offers while choosing (300 → 150), the executor may reopen the
 *   calculation until the client accepted (180/200 → 150).
 * Status titles: statuses.ts.
 */
export const BROKER_REQUEST_STATUS = {
  blank: 50,
  draft: 100,
  sent: 110,
  prepared: 125,
  calculating: 150,
  calculated: 180,
  saved: 200,
  clientAcceptance: 300,
  executorAcceptance: 325,
  paymentChecked: 350,
  complete: 500,
  notReleased: 11000,
} as const;
export type BrokerRequestStatus = (typeof BROKER_REQUEST_STATUS)[keyof typeof BROKER_REQUEST_STATUS];

/** Who moves a request: its agent (or whoever sells for them), its executor (a manager, or senior staff acting as one), the system. */
export type BrokerRequestActor = 'agent' | 'executor' | 'system';

const S = BROKER_REQUEST_STATUS;

export const BROKER_REQUEST_TRANSITIONS: readonly { from: BrokerRequestStatus; to: BrokerRequestStatus; by: readonly BrokerRequestActor[] }[] = [
  { from: S.blank, to: S.draft, by: ['agent'] },
  { from: S.draft, to: S.sent, by: ['agent'] },
  { from: S.sent, to: S.prepared, by: ['executor'] },
  { from: S.prepared, to: S.calculating, by: ['executor'] },
  { from: S.calculating, to: S.calculated, by: ['executor'] },
  { from: S.calculated, to: S.saved, by: ['executor'] },
  { from: S.saved, to: S.clientAcceptance, by: ['executor'] },
  { from: S.calculated, to: S.calculating, by: ['executor'] },
  { from: S.saved, to: S.calculating, by: ['executor'] },
  { from: S.clientAcceptance, to: S.calculating, by: ['agent'] },
  { from: S.clientAcceptance, to: S.executorAcceptance, by: ['agent'] },
  { from: S.executorAcceptance, to: S.paymentChecked, by: ['executor'] },
  { from: S.paymentChecked, to: S.complete, by: ['executor'] },
  ...[S.draft, S.sent, S.clientAcceptance].map((from) => ({ from, to: S.notReleased, by: ['agent'] as const })),
  ...[S.sent, S.prepared, S.calculating, S.calculated, S.saved, S.clientAcceptance, S.executorAcceptance, S.paymentChecked].map((from) => ({
    from,
    to: S.notReleased,
    by: ['executor'] as const,
  })),
];

export const FINAL_BROKER_REQUEST_STATUSES: readonly BrokerRequestStatus[] = [S.complete, S.notReleased];

/**
 * While the broker owes the agent an answer — from sending until the offers go to the agent — the
 * product's «до N р.ч.» clock runs (sla.ts); once the agent has the offers it is the client's turn.
 */
export const SLA_RUNNING_STATUSES: readonly BrokerRequestStatus[] = [S.sent, S.prepared, S.calculating, S.calculated, S.saved];
export const isSlaRunning = (status: number) => (SLA_RUNNING_STATUSES as readonly number[]).includes(status);

export const isBrokerRequestStatus = (v: unknown): v is BrokerRequestStatus => typeof v === 'number' && (Object.values(S) as number[]).includes(v);

/** The steps of a request's page (§4): `request-broker/{requestId}/{step}`. */
export const BROKER_REQUEST_STEPS = [
  { key: 'draft', title: 'Заявка' },
  { key: 'calc', title: 'Расчёт' },
  { key: 'execution', title: 'Выбор предложения' },
  { key: 'wait-payment', title: 'Оплата' },
  { key: 'completed', title: 'Итог' },
] as const;
export type BrokerRequestStep = (typeof BROKER_REQUEST_STEPS)[number]['key'];
export const BROKER_REQUEST_STEP_KEYS: readonly BrokerRequestStep[] = BROKER_REQUEST_STEPS.map((s) => s.key);

/** The step a status belongs to. */
export function brokerRequestStepOf(status: number): BrokerRequestStep {
  if (status <= S.draft) return 'draft';
  if (status < S.clientAcceptance) return 'calc';
  if (status < S.paymentChecked) return 'execution';
  if (status < S.complete) return 'wait-payment';
  return 'completed';
}

/** Moves that need a reason (the agent and the executor read it). */
export const needsReason = (to: BrokerRequestStatus) => to === S.notReleased;

/**
 * Who a signed-in user is to one request they can see (the scope module decides that): admins and
 * supervisors act as its executor; a manager when it is theirs or nobody's yet (taking it); its agent
 * when it is theirs or their network's (`ownsAgent`); anyone else (a finance controller) only reads.
 */
export function brokerRequestActorOf(user: SessionUser, request: { agentId: string; executorId: string | null }, ownsAgent: boolean): Exclude<BrokerRequestActor, 'system'> | null {
  const a = access(user);
  if (a.isAdmin || a.isSupervisor) return 'executor';
  if (a.isMage) return request.executorId === user._id || request.executorId === null ? 'executor' : null;
  return ownsAgent ? 'agent' : null;
}

/** The moves open from a status to an actor (what a page offers). */
export function nextBrokerRequestStatuses(from: BrokerRequestStatus, actor: BrokerRequestActor): BrokerRequestStatus[] {
  return BROKER_REQUEST_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to);
}

const title = (s: number) => BROKER_REQUEST_STATUS_TITLES[s] ?? String(s);

/** null when the move is allowed; otherwise the Russian reason the api answers with its 409. */
export function brokerRequestTransitionError(from: BrokerRequestStatus, to: BrokerRequestStatus, actor: BrokerRequestActor): string | null {
  const move = BROKER_REQUEST_TRANSITIONS.find((t) => t.from === from && t.to === to);
  if (!move) return `Нельзя перевести запрос из статуса «${title(from)}» в «${title(to)}»`;
  if (!move.by.includes(actor)) {
    return actor === 'agent' ? `Перевести запрос в статус «${title(to)}» может только исполнитель` : `Перевести запрос в статус «${title(to)}» может только агент`;
  }
  return null;
}
