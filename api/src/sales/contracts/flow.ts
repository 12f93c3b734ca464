import { CONTRACT_STATUS as S, paymentLinkExpiry, type ContractStatus } from '@oyster/shared-kit/domain';
import type { Db, Queryable } from '../../platform/db.js';
import type { Realtime } from '../../platform/realtime.js';
import type { ContractSubmission, InsurerAdapter } from '../insurers/adapter.js';
import { moduleOf, type ProductRow } from '../products/index.js';
import type { RateSource } from '../currency/rates.js';
import { moscowToday } from '../osago.js';
import { contractFiles } from './files.js';
import { loggedCall } from './insurer-calls.js';
import { pushContractMoney } from '../../finance/contract-money.js';
import { moveContract, pushContractStatus, type MoveBy, type MoveColumns, type MovedContract } from './store.js';

/**
 * The contract's way from «Отправить страховщику» to a policy in force — the steps nobody clicks:
 * the insurer takes the documents (125 → 210), checks them (215 / 220 / 225), a payment link is made
 * (250); once the payment webhook lands (500) the policy is issued (510) and is in force from its
 * start date (600), until it ends (700). Each step is one `moveContract` (the table decides), each
 * insurer call logged; a failed call leaves the contract where it was, with the reason, for staff.
 */

export interface FlowDeps {
  db: Db;
  rt: Realtime;
  adapterOf(companyCode: string): InsurerAdapter | undefined;
  /** The day's currency rates (currency/rates.ts; the demo table unless another source is given). */
  rates?: RateSource;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
  /** After a release: the policy PDF (documents.ts), stored with the contract. */
  onReleased?(contractId: string): Promise<void>;
}

interface FlowRow extends ProductRow {
  status: ContractStatus;
  company_id: string;
  company_code: string;
  insurer_ref: string | null;
}

async function flowRow(q: Queryable, id: string): Promise<FlowRow> {
  const [row] = await q.query<FlowRow>(
    `SELECT c.id, c.product, c.status, c.company_id, co.id_unicus AS company_code, c.premium, c.insurer_ref, c.details, c.calculation, c.offer,
            c.start_date::text AS start_date, c.end_date::text AS end_date, c.policy_number
       FROM contracts c JOIN companies co ON co.id = c.company_id WHERE c.id = $1`,
    [id],
  );
  return row;
}

/** One move in its own transaction, pushed once committed. */
export async function move(deps: Pick<FlowDeps, 'db' | 'rt'>, id: string, to: ContractStatus, by: MoveBy, columns?: MoveColumns) {
  const moved = await deps.db.tx((q) => moveContract(q, id, to, by, columns));
  await pushMoved(deps, moved);
  return moved;
}

/** Tells whom a committed move concerns: the contract's people its status, finance staff its money when the ledger moved. */
export async function pushMoved(deps: Pick<FlowDeps, 'db' | 'rt'>, moved: MovedContract) {
  pushContractStatus(deps.rt, moved);
  if (moved.moneyChanged) await pushContractMoney(deps.db, deps.rt, moved.event.contractId);
}

const SYSTEM: MoveBy = { actor: 'system', userId: null };

/** The contract as the insurer gets it (the flow's calls and the demo's logged ones): its product module's submission. */
export function submission(row: ProductRow): ContractSubmission {
  return moduleOf(row).submission(row);
}

/** The agent's «Отправить страховщику» from 106 or 220: complete details → prepared → sent, in one transaction. */
export async function sendToInsurer(deps: FlowDeps, id: string, by: MoveBy, row: ProductRow) {
  const module = moduleOf(row);
  const missing = module.missing(row.details, row.calculation) ?? (module.missingFiles ? module.missingFiles(await contractFiles(deps.db, id), row.calculation) : null);
  if (missing) return { missing };
  const moved = await deps.db.tx(async (q) => [
    await moveContract(q, id, S.prepared, { ...by, note: 'Данные для оформления заполнены' }),
    await moveContract(q, id, S.sent, by, { insurer_message: null }),
  ]);
  for (const m of moved) pushContractStatus(deps.rt, m);
  // Not awaited: the agent gets the answer now, the insurer's steps follow over the socket.
  void runInsurerCheck(deps, id);
  return { missing: null };
}

/** The statuses the insurer's check passes through: a contract left in one of them is resumed by checksLeftBehind. */
const CHECK_STEPS: readonly ContractStatus[] = [S.sent, S.awaitingCheck, S.checkOk];

/**
 * 125 → 210 → 215 → 250 (or 220 / 225 → 11000), each step as the insurer answers — from the step the
 * contract is at: a check cut short (the api stopped between two steps) is resumed by checksLeftBehind
 * with the reference the insurer gave, not sent a second time.
 */
export async function runInsurerCheck(deps: FlowDeps, id: string) {
  try {
    const row = await flowRow(deps.db, id);
    if (!CHECK_STEPS.includes(row.status)) return;
    const adapter = deps.adapterOf(row.company_code);
    if (!adapter) throw new Error(`no adapter for ${row.company_code}`);
    const product = moduleOf(row).code;
    const sub = submission(row);
    let ref = row.insurer_ref;
    if (row.status === S.sent || !ref) {
      ref = (await loggedCall(deps.db, { companyId: row.company_id, contractId: id, method: 'prepare', request: sub }, () => adapter.prepare(product, sub))).ref;
      await move(deps, id, S.awaitingCheck, { ...SYSTEM, note: `Номер заявки у страховщика: ${ref}` }, { insurer_ref: ref });
    }
    const insurerRef = ref;
    if (row.status !== S.checkOk) {
      const verdict = await loggedCall(deps.db, { companyId: row.company_id, contractId: id, method: 'check', request: { ref: insurerRef, ...sub } }, () => adapter.check(insurerRef, product, sub));
      if (verdict.kind === 'fix') {
        await move(deps, id, S.needsFixing, { ...SYSTEM, note: verdict.message }, { insurer_message: verdict.message });
        return;
      }
      if (verdict.kind === 'failed') {
        await move(deps, id, S.checkFailed, { ...SYSTEM, note: verdict.message }, { insurer_message: verdict.message });
        await move(deps, id, S.notReleased, { ...SYSTEM, note: verdict.message });
        return;
      }
      await move(deps, id, S.checkOk, SYSTEM);
    }
    // The first instalment's link (the whole premium when there is one); later ones are made at release.
    const first = await firstInstalment(deps.db, id, sub.premium);
    const purpose = first.of > 1 ? `Взнос 1 из ${first.of}` : 'Страховая премия';
    const link = await loggedCall(deps.db, { companyId: row.company_id, contractId: id, method: 'paymentLink', request: { ref: insurerRef, premium: first.amount, purpose } }, () => adapter.paymentLink(insurerRef, first.amount, purpose));
    const expires = paymentLinkExpiry(new Date(), row.calculation.startDate).toISOString();
    const moved = await deps.db.tx(async (q) => {
      const m = await moveContract(q, id, S.waitingPayment, { ...SYSTEM, note: 'Ссылка на оплату готова' }, { payment_token: link.token, payment_expires_at: expires });
      await q.query(`UPDATE contract_instalments SET state = 'waiting', payment_token = $2, payment_expires_at = $3 WHERE contract_id = $1 AND number = 1`, [id, link.token, expires]);
      return m;
    });
    await pushMoved(deps, moved);
  } catch (e) {
    // The contract stays where the failure found it; the call log says why, staff see it there.
    deps.log.error({ err: String(e), contractId: id }, 'contract insurer step failed');
  }
}

/**
 * After the payment webhook moved the contract to 500: issue the policy (510), in force if it starts today
 * (600). `askFirst`: a retry — the insurer is asked first whether it already issued the policy (its
 * number is then the one recorded). Answers whether the contract was released.
 */
export async function release(deps: FlowDeps, id: string, { askFirst = false } = {}): Promise<boolean> {
  try {
    const row = await flowRow(deps.db, id);
    if (row.status !== S.paid) return false;
    const adapter = deps.adapterOf(row.company_code);
    if (!adapter || !row.insurer_ref) throw new Error(`cannot issue ${id}: no adapter or reference`);
    const ref = row.insurer_ref;
    const call = (method: 'status' | 'issue') => ({ companyId: row.company_id, contractId: id, method, request: { ref } });
    let policyNumber: string | null = null;
    if (askFirst) {
      const status = await loggedCall(deps.db, call('status'), () => adapter.status(ref));
      if (status.state === 'issued') policyNumber = status.policyNumber;
    }
    policyNumber ??= (await loggedCall(deps.db, call('issue'), () => adapter.issue(ref))).policyNumber;
    await move(deps, id, S.released, { ...SYSTEM, note: `Полис ${policyNumber}` }, { policy_number: policyNumber });
    // The later instalments' links: a failure here leaves them for the calendar (instalmentLinksLeftBehind), the policy stands.
    await laterInstalmentLinks(deps, id, row.company_id, ref, adapter).catch((e) => deps.log.warn({ err: String(e), contractId: id }, 'instalment links left for the calendar'));
    await deps.onReleased?.(id);
    if (row.calculation.startDate <= moscowToday()) await move(deps, id, S.inAction, { ...SYSTEM, note: 'Дата начала действия наступила' });
    return true;
  } catch (e) {
    // Left paid: releaseLeftBehind tries again.
    deps.log.error({ err: String(e), contractId: id }, 'policy release failed');
    return false;
  }
}

/** The first instalment of a contract (a contract without a schedule: one of its whole premium). */
async function firstInstalment(q: Queryable, id: string, premium: number): Promise<{ amount: number; of: number }> {
  const [r] = await q.query<{ amount: string | number; of: number }>(
    `SELECT amount_kopecks AS amount, (SELECT count(*)::int FROM contract_instalments WHERE contract_id = $1 AND purpose = 'premium') AS of
       FROM contract_instalments WHERE contract_id = $1 AND number = 1`,
    [id],
  );
  return r ? { amount: Number(r.amount), of: r.of } : { amount: premium, of: 1 };
}

/**
 * How long a later instalment's link stays payable after its due date (a demo insurer's grace period, the
 * kind KASKO rules give): past it the instalment is overdue and the link refused (refund-due «expired»).
 */
export const INSTALMENT_GRACE_DAYS = 30;

/** Once the policy is issued: a payment link for each later instalment (each its own token and expiry), logged. */
export async function laterInstalmentLinks(deps: Pick<FlowDeps, 'db'>, id: string, companyId: string, ref: string, adapter: InsurerAdapter) {
  const due = await deps.db.query<{ number: number; amount: string | number; due_date: string; of: number }>(
    `SELECT number, amount_kopecks AS amount, due_date::text AS due_date, (SELECT count(*)::int FROM contract_instalments WHERE contract_id = $1 AND purpose = 'premium') AS of
       FROM contract_instalments WHERE contract_id = $1 AND purpose = 'premium' AND number > 1 AND state = 'scheduled' AND payment_token IS NULL ORDER BY number`,
    [id],
  );
  for (const i of due) {
    const purpose = `Взнос ${i.number} из ${i.of}`;
    const amount = Number(i.amount);
    const link = await loggedCall(deps.db, { companyId, contractId: id, method: 'paymentLink', request: { ref, premium: amount, purpose } }, () => adapter.paymentLink(ref, amount, purpose));
    const expires = new Date(Date.parse(`${i.due_date}T21:00:00Z`) + INSTALMENT_GRACE_DAYS * 86_400_000).toISOString();
    await deps.db.query(`UPDATE contract_instalments SET state = 'waiting', payment_token = $3, payment_expires_at = $4 WHERE contract_id = $1 AND number = $2 AND payment_token IS NULL`, [id, i.number, link.token, expires]);
  }
}

/** A paid contract is retried this long after its payment at the earliest (a release in flight is not raced). */
export const RELEASE_RETRY_AFTER_MS = 2 * 60_000;

/**
 * Paid contracts a release left behind (the insurer failed, or the api stopped between the insurer's
 * answer and the move): the insurer is asked how the policy stands — issued: its number is recorded; not
 * yet: issued now. Nothing is issued twice (the insurer's issue is idempotent by reference; the table
 * refuses a second 500 → 510). Answers how many were released.
 */
/** How many paid contracts wait for releaseLeftBehind now (the metric `oyster_queue_depth{queue="release_retries"}`). */
export async function releaseRetriesWaiting(db: Pick<FlowDeps['db'], 'query'>, now = new Date(), afterMs = RELEASE_RETRY_AFTER_MS): Promise<number> {
  const rows = await db.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM contracts WHERE status = ${S.paid} AND updated_at <= $1`, [
    new Date(now.getTime() - afterMs).toISOString(),
  ]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Contracts whose insurer's check was cut short (the api stopped between «Отправлен страховщику» and the
 * payment link): each taken by one node (its updated_at claimed) and resumed from its step, as long after
 * its last move as a release retry waits. Answers how many were resumed.
 */
export async function checksLeftBehind(deps: FlowDeps, now = new Date(), afterMs = RELEASE_RETRY_AFTER_MS): Promise<number> {
  const before = new Date(now.getTime() - afterMs).toISOString();
  const due = await deps.db.query<{ id: string }>(`SELECT id FROM contracts WHERE status IN (${CHECK_STEPS.join(', ')}) AND updated_at <= $1 ORDER BY updated_at, id LIMIT 100`, [before]);
  let resumed = 0;
  for (const c of due) {
    const claimed = await deps.db.query(`UPDATE contracts SET updated_at = now() WHERE id = $1 AND status IN (${CHECK_STEPS.join(', ')}) AND updated_at <= $2 RETURNING id`, [c.id, before]);
    if (!claimed.length) continue;
    await runInsurerCheck(deps, c.id);
    resumed++;
  }
  return resumed;
}

export async function releaseLeftBehind(deps: FlowDeps, now = new Date(), afterMs = RELEASE_RETRY_AFTER_MS): Promise<number> {
  const due = await deps.db.query<{ id: string }>(`SELECT id FROM contracts WHERE status = ${S.paid} AND updated_at <= $1 ORDER BY updated_at, id LIMIT 100`, [
    new Date(now.getTime() - afterMs).toISOString(),
  ]);
  let released = 0;
  for (const c of due) if (await release(deps, c.id, { askFirst: true })) released++;
  return released;
}

/**
 * The calendar's moves: unpaid contracts whose payment link has run out are not released; released
 * policies whose start date has come are in force; policies whose end date has passed have ended.
 * Safe with several api instances: each move locks its row and a second instance's move is refused by
 * the table.
 */
export async function calendarTick(deps: Pick<FlowDeps, 'db' | 'rt' | 'log'> & Partial<Pick<FlowDeps, 'adapterOf'>>, today = moscowToday(), now = new Date()) {
  const expired = await expirePaymentLinks(deps, now);
  if (deps.adapterOf) await instalmentLinksLeftBehind({ ...deps, adapterOf: deps.adapterOf });
  const due = await deps.db.query<{ id: string; status: ContractStatus }>(
    `SELECT id, status FROM contracts WHERE (status = ${S.released} AND start_date <= $1::date) OR (status = ${S.inAction} AND end_date < $1::date) LIMIT 1000`,
    [today],
  );
  for (const c of due) {
    const to = c.status === S.released ? S.inAction : S.ended;
    try {
      await move(deps, c.id, to, { ...SYSTEM, note: to === S.inAction ? 'Дата начала действия наступила' : 'Срок действия истёк' });
    } catch (e) {
      deps.log.warn({ err: String(e), contractId: c.id }, 'calendar move skipped');
    }
  }
  return due.length + expired;
}

/** Issued policies whose later instalments have no link yet (the insurer failed at release): asked again. */
export async function instalmentLinksLeftBehind(deps: Pick<FlowDeps, 'db' | 'log' | 'adapterOf'>) {
  const due = await deps.db.query<{ id: string; company_id: string; company_code: string; insurer_ref: string }>(
    `SELECT DISTINCT c.id, c.company_id, co.id_unicus AS company_code, c.insurer_ref
       FROM contract_instalments i JOIN contracts c ON c.id = i.contract_id JOIN companies co ON co.id = c.company_id
      WHERE i.state = 'scheduled' AND i.payment_token IS NULL AND i.number > 1 AND c.status IN (${S.released}, ${S.inAction}) AND c.insurer_ref IS NOT NULL LIMIT 100`,
  );
  for (const c of due) {
    const adapter = deps.adapterOf(c.company_code);
    if (!adapter) continue;
    await laterInstalmentLinks(deps, c.id, c.company_id, c.insurer_ref, adapter).catch((e) => deps.log.warn({ err: String(e), contractId: c.id }, 'instalment links still left'));
  }
}

export const PAYMENT_EXPIRED_NOTE = 'Срок ссылки на оплату истёк: полис не оплачен';

/** Contracts whose payment link has run out unpaid end as «Не выпущен» (250 → 11000). Answers how many. */
export async function expirePaymentLinks(deps: Pick<FlowDeps, 'db' | 'rt' | 'log'>, now = new Date()) {
  const due = await deps.db.query<{ id: string }>(`SELECT id FROM contracts WHERE status = ${S.waitingPayment} AND payment_expires_at <= $1 LIMIT 1000`, [now.toISOString()]);
  let moved = 0;
  for (const c of due) if (await expirePaymentLink(deps, c.id)) moved++;
  return moved;
}

/** One contract whose payment link has run out unpaid → «Не выпущен»; false when the table refused the move. */
export async function expirePaymentLink(deps: Pick<FlowDeps, 'db' | 'rt' | 'log'>, id: string): Promise<boolean> {
  try {
    await move(deps, id, S.notReleased, { ...SYSTEM, note: PAYMENT_EXPIRED_NOTE });
    return true;
  } catch (e) {
    // Paid in the same moment (or moved by another instance): the table refused, nothing to do.
    deps.log.warn({ err: String(e), contractId: id }, 'payment link expiry skipped');
    return false;
  }
}
