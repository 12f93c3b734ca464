import type { SessionUser } from '../roles';
import { actsAsStaff } from '../scope';
import type { ReportStatus } from './statuses';
/**
 * The contract state machine of spec §4 as issue 11 orders it — one table, read by the api (which
 * refuses any other move with a 409 and the Russian text below) and by the pages (which offer only
 * the moves the table allows).
 *
 *   draft 100 → calculating 105 → calculated 106 → prepared 120 → sent 125 → awaiting insurer check 210
 *   → check ok 215 | needs fixing 220 | failed 225 → waiting for payment 250 → payment complete 500
 *   → released 510 → in action 600 (on the start date) → ended 700; canceled 10000, not released 11000.
 *
 * Where the issue is silent the table decides, and says so here:
 * - a calculated contract goes back to draft when the agent edits it, and is recalculated from there;
 * - «needs fixing» (220) returns to prepared (120) once the agent fixed the data; «failed» (225) ends
 *   as not released (11000);
 * - an unpaid payment link that expires ends as not released (11000);
 * - the agent may cancel before payment; after payment only staff may (the commission is reversed).
 * A policy issued elsewhere and entered by hand (product `manual`, issue 25) takes its own short way:
 *   draft 100 → review 130 («Отправить на проверку», the scan attached) → staff look at the scan:
 *   «Вернуть агенту» (130 → 100, with the reason) or «Подтвердить» (130 → 500: the ledger accrues as on a
 *   payment — nothing is paid through Oyster, the client paid the insurer) → 510 → 600 like any policy.
 * Status names: the spec gives them in English only; the Russian ones below are ours.
 */

export const CONTRACT_STATUS = {
  draft: 100,
  calculating: 105,
  calculated: 106,
  prepared: 120,
  review: 130,
  sent: 125,
  awaitingCheck: 210,
  checkOk: 215,
  needsFixing: 220,
  checkFailed: 225,
  waitingPayment: 250,
  paid: 500,
  released: 510,
  inAction: 600,
  ended: 700,
  canceled: 10000,
  notReleased: 11000,
} as const;
export type ContractStatusKey = keyof typeof CONTRACT_STATUS;
export type ContractStatus = (typeof CONTRACT_STATUS)[ContractStatusKey];

export const CONTRACT_STATUS_TITLES: Record<ContractStatus, string> = {
  100: 'Черновик',
  105: 'Идёт расчёт',
  106: 'Расчёт получен',
  120: 'Подготовлен',
  130: 'Проверка',
  125: 'Отправлен страховщику',
  210: 'Проверка страховщиком',
  215: 'Проверка пройдена',
  220: 'Требует исправления',
  225: 'Проверка не пройдена',
  250: 'Ожидает оплаты',
  500: 'Оплачен',
  510: 'Полис выпущен',
  600: 'Действует',
  700: 'Завершён',
  10000: 'Отменён',
  11000: 'Не состоялся',
};

/** Who makes a move: the agent (or whoever sells for them), staff, or the system (insurer answers, payment webhook, the calendar). */
export type ContractActor = 'agent' | 'staff' | 'system';

const S = CONTRACT_STATUS;
const BEFORE_PAYMENT = [S.draft, S.calculating, S.calculated, S.prepared, S.review, S.sent, S.awaitingCheck, S.checkOk, S.needsFixing, S.waitingPayment] as const;

/** Every allowed move: from → to, and who may make it. Nothing else is allowed. */
export const CONTRACT_TRANSITIONS: readonly { from: ContractStatus; to: ContractStatus; by: readonly ContractActor[] }[] = [
  { from: S.draft, to: S.calculating, by: ['agent'] },
  { from: S.calculating, to: S.calculated, by: ['system'] },
  { from: S.calculating, to: S.draft, by: ['system'] }, // every insurer refused or failed: back to the data
  { from: S.calculated, to: S.draft, by: ['agent'] },
  { from: S.calculated, to: S.prepared, by: ['agent'] },
  { from: S.prepared, to: S.sent, by: ['agent'] },
  { from: S.sent, to: S.awaitingCheck, by: ['system'] },
  { from: S.awaitingCheck, to: S.checkOk, by: ['system'] },
  { from: S.awaitingCheck, to: S.needsFixing, by: ['system'] },
  { from: S.awaitingCheck, to: S.checkFailed, by: ['system'] },
  { from: S.needsFixing, to: S.prepared, by: ['agent'] },
  { from: S.checkFailed, to: S.notReleased, by: ['system'] },
  { from: S.checkOk, to: S.waitingPayment, by: ['agent', 'system'] },
  { from: S.waitingPayment, to: S.paid, by: ['system'] },
  { from: S.waitingPayment, to: S.notReleased, by: ['system'] },
  { from: S.paid, to: S.released, by: ['system'] },
  { from: S.released, to: S.inAction, by: ['system'] },
  { from: S.inAction, to: S.ended, by: ['system'] },
  // A policy entered by hand (manual): sent for review, returned to the agent or confirmed by staff (→ paid: the ledger accrues).
  { from: S.draft, to: S.review, by: ['agent', 'staff'] },
  { from: S.review, to: S.draft, by: ['staff'] },
  { from: S.review, to: S.paid, by: ['staff'] },
  ...BEFORE_PAYMENT.map((from) => ({ from, to: S.canceled, by: ['agent', 'staff'] as const })),
  ...[S.paid, S.released, S.inAction].map((from) => ({ from, to: S.canceled, by: ['staff'] as const })),
];

/** Statuses no move leaves. */
export const FINAL_CONTRACT_STATUSES: readonly ContractStatus[] = [S.ended, S.canceled, S.notReleased];

export const isContractStatus = (v: unknown): v is ContractStatus => typeof v === 'number' && v in CONTRACT_STATUS_TITLES;

/**
 * How long a payment link lives: a day from when the insurer made it (the demo insurer's setting; a real
 * insurer's answer may carry its own), and never past the policy's start — a policy cannot begin before
 * it is paid. An unpaid link then ends the contract as «Не выпущен» (250 → 11000).
 */
export const PAYMENT_LINK_TTL_HOURS = 24;

/** When a payment link made at `madeAt` for a policy starting on `startDate` (YYYY-MM-DD, Moscow) stops working. */
export function paymentLinkExpiry(madeAt: Date, startDate: string): Date {
  const byTtl = madeAt.getTime() + PAYMENT_LINK_TTL_HOURS * 3_600_000;
  const byStart = Date.parse(`${startDate}T00:00:00+03:00`);
  return new Date(Number.isNaN(byStart) ? byTtl : Math.min(byTtl, byStart));
}

/** The statuses in which the agent fills and edits the documents (the steps, PATCH details). */
export function isContractEditable(status: number): boolean {
  return status === CONTRACT_STATUS.calculated || status === CONTRACT_STATUS.needsFixing;
}

/** Who a signed-in user is to a contract's table: the broker's staff (scope.ts actsAsStaff), or its agent. */
export function contractActorOf(user: SessionUser): Exclude<ContractActor, 'system'> {
  return actsAsStaff(user) ? 'staff' : 'agent';
}

/** Files are attached while the contract is alive: not to a cancelled or not released one. */
export const canAttachContractFiles = (status: ContractStatus) => status !== CONTRACT_STATUS.canceled && status !== CONTRACT_STATUS.notReleased;

/** A file is removed by who attached it, or by staff, until the contract is paid (then it is part of the sold policy). */
export function canRemoveContractFile(user: SessionUser, status: ContractStatus, attachedBy: string | null): boolean {
  return canAttachContractFiles(status) && status < CONTRACT_STATUS.paid && (attachedBy === user._id || contractActorOf(user) === 'staff');
}

/** The moves open from a status to an actor (what a page offers). */
export function nextContractStatuses(from: ContractStatus, actor: ContractActor): ContractStatus[] {
  return CONTRACT_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to);
}

/** null when the move is allowed; otherwise the Russian reason the api answers with its 409. */
export function contractTransitionError(from: ContractStatus, to: ContractStatus, actor: ContractActor): string | null {
  const move = CONTRACT_TRANSITIONS.find((t) => t.from === from && t.to === to);
  if (!move) return `Нельзя перевести договор из статуса «${CONTRACT_STATUS_TITLES[from]}» в «${CONTRACT_STATUS_TITLES[to]}»`;
  if (!move.by.includes(actor)) {
    if (to === S.canceled) return 'Отменить оплаченный договор может только сотрудник брокера';
    if (move.by.length === 1 && move.by[0] === 'system') return `Статус «${CONTRACT_STATUS_TITLES[to]}» ставит не пользователь, а система`;
    if (!move.by.includes('agent')) return `Статус «${CONTRACT_STATUS_TITLES[to]}» ставит сотрудник брокера`;
    return `Статус «${CONTRACT_STATUS_TITLES[to]}» ставит агент, оформляющий договор`;
  }
  return null;
}

/**
 * The §3 report status a contract status is shown under (its icon and the displayed group of §4):
 * before the insurer has it a draft, then «in processing» until the payment link, then by payment.
 */
export function reportStatusOf(status: ContractStatus): ReportStatus {
  if (status <= S.calculated) return 'draft';
  if (status < S.waitingPayment) return 'execution';
  if (status === S.waitingPayment) return 'wait_payment';
  if (status === S.paid || status === S.released) return 'payment_complete';
  if (status === S.inAction) return 'in_action';
  if (status === S.ended) return 'end';
  if (status === S.canceled) return 'archive';
  return 'not_released';
}

/**
 * The calendar day in Moscow (UTC+3 all year) `addDays` from `now`, as a Date at local midnight — what
 * «today» and «tomorrow» mean for the broker's rules (a policy's start, its payment link) whatever the
 * browser's zone: at 00:30 in Moscow a browser on UTC still has yesterday. (Here, not in format.ts:
 * that module is on home's first paint, which has no bytes to spare.)
 */
export function moscowCalendarDay(now: Date = new Date(), addDays = 0): Date {
  const msk = new Date(now.getTime() + 3 * 3600_000);
  return new Date(msk.getUTCFullYear(), msk.getUTCMonth(), msk.getUTCDate() + addDays);
}

/** The same Moscow calendar day as «YYYY-MM-DD» (what the api takes), whatever the browser's zone. */
export function moscowIsoDay(now: Date = new Date(), addDays = 0): string {
  const msk = new Date(now.getTime() + 3 * 3600_000);
  return new Date(Date.UTC(msk.getUTCFullYear(), msk.getUTCMonth(), msk.getUTCDate() + addDays)).toISOString().slice(0, 10);
}
