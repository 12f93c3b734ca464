import { createHash } from 'node:crypto';
import { CONTRACT_STATUS as S, CONTRACT_STATUS_TITLES, ERROR_TEXTS, formatMoney, instalmentTitle, refundDueAnswer, type ContractStatus, type RefundDueReason } from '@oyster/shared-kit/domain';
import { accrueCommission } from '../../finance/ledger.js';
import { isoTime } from '../../platform/sql.js';
import type { RateLimiter } from '../../platform/auth/rate-limit.js';
import type { Queryable } from '../../platform/db.js';
import { pushContractMoney } from '../../finance/contract-money.js';
import { recordRefundDue, refundDueReason } from '../../finance/refunds.js';
import { PAYMENT_EXPIRED_NOTE, pushMoved, release, type FlowDeps } from '../contracts/flow.js';
import { moveContract, type MovedContract } from '../contracts/store.js';
import { verifyCallback, type SignatureVerdict } from './signature.js';

/**
 * A payment callback from an insurer (`POST /api/v2/payments/callback/:companyCode`, routes/payments.ts),
 * from the signature to what the money becomes — in this order:
 * 1. The signature (signature.ts: the insurer's own secret, its code and the signed time). A forged or
 *    stale one changes nothing; it is kept as a digest, a size and at most the first 2 KB, and counted
 *    against the sender's address like sign-in attempts (429 past the limit, nothing kept). A correctly
 *    signed callback is never limited: someone else's noise cannot lock the insurer out.
 * 2. In ONE transaction, the contract locked by its payment link: the same insurer payment id seen before
 *    → the same answer as then; a contract waiting for this exact amount → paid (the ledger accrues in the
 *    same move) and the callback marked applied; anything else → the money is recorded as refund-due
 *    (finance/refunds.ts) and the insurer told it was not applied. So a crash can never leave a payment
 *    half-applied, a payment that loses a race with a cancel or an expiry is never answered «duplicate»,
 *    and no money that arrived vanishes.
 * 3. After the commit: the move pushed, finance staff told the contract's money changed, the policy issued.
 */

export const PAYMENT_TEXTS = {
  forged: 'Подпись уведомления об оплате неверна',
  stale: 'Подпись уведомления об оплате устарела: каждая доставка подписывается при отправке, допуск 5 минут',
  applied: 'Оплата принята',
  duplicate: 'Это уведомление уже обработано',
} as const;

/** What the callback route declares of the body (routes/payments.ts validates it). */
export interface CallbackBody {
  paymentId: string;
  paymentToken: string;
  amount: number;
  paidAt: string;
}

export type CallbackResult = 'applied' | 'duplicate' | 'refund_due';
export interface CallbackAnswer {
  status: number;
  body: { error: boolean; message: string; result?: CallbackResult; reason?: RefundDueReason };
}

/** How much of a callback's body is kept: a digest and the size always, the text up to this many bytes. */
export const KEPT_BODY_BYTES = 2048;

/** A callback as kept in payment_callbacks: never the whole body of whatever anyone sent. */
export function keptBody(raw: string) {
  const bytes = Buffer.from(raw, 'utf8');
  // Cut at a character boundary: a partial UTF-8 sequence at the end is dropped, not mangled.
  let head = bytes.subarray(0, KEPT_BODY_BYTES).toString('utf8');
  if (bytes.length > KEPT_BODY_BYTES) head = head.replace(/\uFFFD$/, '');
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, head };
}

interface Delivery {
  companyCode: string;
  raw: string;
  signature: unknown;
  /** The sender's address (behind the gateway: the one it saw). */
  address: string;
  body: CallbackBody;
  now?: Date;
}

async function keep(q: Queryable, d: Pick<Delivery, 'companyCode' | 'raw' | 'address'>, paymentId: string | null, contractId: string | null, outcome: string) {
  const b = keptBody(d.raw);
  await q.query(
    `INSERT INTO payment_callbacks (company_code, payment_id, contract_id, outcome, body_sha256, body_size, body_head, address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [d.companyCode, paymentId, contractId, outcome, b.sha256, b.size, b.head, d.address],
  );
}

const refused = (status: number, message: string): CallbackAnswer => ({ status, body: { error: true, message } });
const applied: CallbackAnswer = { status: 200, body: { error: false, result: 'applied', message: PAYMENT_TEXTS.applied } };
const duplicate: CallbackAnswer = { status: 200, body: { error: false, result: 'duplicate', message: PAYMENT_TEXTS.duplicate } };
/** Not applied: 404 when no contract has the link, 409 when the contract could not take it. */
const refundDue = (reason: RefundDueReason): CallbackAnswer => ({
  status: reason === 'unknown_contract' ? 404 : 409,
  body: { error: true, result: 'refund_due', reason, message: refundDueAnswer(reason) },
});

interface PaidRow {
  id: string;
  status: ContractStatus;
  premium: string | number;
  company_code: string;
  payment_expires_at: string | Date | null;
}

interface LaterRow extends PaidRow {
  number: number;
  purpose: 'premium' | 'endorsement';
  change_id: string | null;
  state: 'scheduled' | 'waiting' | 'paid' | 'canceled';
  of: number;
  agent_id: string;
  created_by: string;
}

/** A later instalment (or an extra payment) by its link, its contract locked (the same lock order as the first payment's). */
async function laterInstalment(q: Queryable, token: string): Promise<LaterRow | undefined> {
  const [found] = await q.query<{ contract_id: string }>('SELECT contract_id FROM contract_instalments WHERE payment_token = $1', [token]);
  if (!found) return undefined;
  await q.query('SELECT 1 FROM contracts WHERE id = $1 FOR UPDATE', [found.contract_id]);
  const [row] = await q.query<LaterRow>(
    `SELECT c.id, c.status, i.amount_kopecks AS premium, co.id_unicus AS company_code, i.payment_expires_at, i.number, i.purpose, i.change_id, i.state,
            c.agent_id, c.created_by, (SELECT count(*)::int FROM contract_instalments x WHERE x.contract_id = c.id AND x.purpose = 'premium') AS of
       FROM contract_instalments i JOIN contracts c ON c.id = i.contract_id JOIN companies co ON co.id = c.company_id
      WHERE i.payment_token = $1`,
    [token],
  );
  return row;
}

/**
 * A later payment applied, in the callback's transaction: the instalment paid, its own ledger accrual
 * (event `instalment:N` or `endorsement:<change>`, base = the payment), a line in the history. Answers
 * the event to push (the status is unchanged; the page reloads its schedule).
 */
async function applyLaterPayment(q: Queryable, row: LaterRow, paymentId: string, paidAt: string): Promise<MovedContract> {
  const amount = Number(row.premium);
  await q.query(`UPDATE contract_instalments SET state = 'paid', paid_at = $3, payment_id = $4 WHERE contract_id = $1 AND number = $2`, [row.id, row.number, paidAt, paymentId]);
  const eventKey = row.purpose === 'premium' ? `instalment:${row.number}` : `endorsement:${row.change_id}`;
  await accrueCommission(q, row.id, undefined, { eventKey, baseKopecks: amount });
  const what = instalmentTitle({ number: row.number, of: row.of, purpose: row.purpose });
  const [h] = await q.query<{ at: string | Date }>(
    `INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, note) VALUES ($1, $2, $2, 'system', NULL, $3) RETURNING at`,
    [row.id, row.status, `${what} оплачен: ${formatMoney(amount)}, платёж ${paymentId}`],
  );
  const [c] = await q.query<{ policy_number: string | null }>('SELECT policy_number FROM contracts WHERE id = $1', [row.id]);
  return {
    event: { contractId: row.id, status: row.status, statusTitle: CONTRACT_STATUS_TITLES[row.status], policyNumber: c.policy_number, at: isoTime(h.at) },
    notify: [...new Set([row.agent_id, row.created_by])],
    moneyChanged: true,
  };
}

/** Why a contract in this status cannot take a payment. */
function notWaitingReason(status: ContractStatus): RefundDueReason {
  if (status >= S.paid && status <= S.ended) return 'already_paid';
  if (status === S.canceled) return 'canceled';
  if (status === S.notReleased) return 'not_released';
  return 'not_waiting';
}

/** A link still waiting for payment whose time has run out (the calendar may not have ended it yet). */
export const linkExpired = (status: ContractStatus, expiresAt: string | Date | null, now: Date) =>
  status === S.waitingPayment && expiresAt != null && new Date(expiresAt).getTime() <= now.getTime();

export interface CallbackDeps {
  flow: FlowDeps;
  /** The insurers' secrets by code (payments/secrets.ts). */
  secrets: Readonly<Record<string, string>>;
  /** Failed deliveries per address (the sign-in limiter's address window). */
  limiter: RateLimiter;
}

/** One delivery of a payment callback: what it changes and what the insurer is answered. */
export async function receiveCallback(deps: CallbackDeps, d: Delivery): Promise<CallbackAnswer> {
  const { db } = deps.flow;
  const now = d.now ?? new Date();
  const verdict: SignatureVerdict = verifyCallback(deps.secrets[d.companyCode], d.companyCode, d.raw, d.signature, now);
  if (verdict !== 'ok') {
    if (!(await deps.limiter.hit(`payment-callback:ip:${d.address}`))) return refused(429, ERROR_TEXTS.tooManyRequests);
    await keep(db, d, null, null, verdict);
    deps.flow.log.warn({ companyCode: d.companyCode, address: d.address, verdict }, 'payment callback refused: signature');
    return refused(401, verdict === 'stale' ? PAYMENT_TEXTS.stale : PAYMENT_TEXTS.forged);
  }

  const { paymentId } = d.body;
  const outcome = await db.tx(async (q): Promise<{ answer: CallbackAnswer; contractId: string | null; moved: MovedContract[]; paid: boolean; refundRecorded: boolean; later?: boolean }> => {
    // The contract's first payment (its link is the contract's) — or a later instalment / an endorsement's extra payment.
    const [first] = await q.query<PaidRow>(
      `SELECT c.id, c.status, coalesce((SELECT i.amount_kopecks FROM contract_instalments i WHERE i.contract_id = c.id AND i.number = 1), c.premium) AS premium,
              co.id_unicus AS company_code, c.payment_expires_at
         FROM contracts c JOIN companies co ON co.id = c.company_id WHERE c.payment_token = $1 FOR UPDATE OF c`,
      [d.body.paymentToken],
    );
    const later = first ? undefined : await laterInstalment(q, d.body.paymentToken);
    const row = first ?? later;
    const contractId = row && row.company_code === d.companyCode ? row.id : null;
    const done = (answer: CallbackAnswer, moved: MovedContract[] = [], paid = false, refundRecorded = false) => ({ answer, contractId, moved, paid, refundRecorded });
    // A delivery of a payment seen before (the insurer's retry, or two at once: the lock above orders them).
    const [wasApplied] = await q.query(`SELECT 1 FROM payment_callbacks WHERE company_code = $1 AND payment_id = $2 AND outcome = 'applied'`, [d.companyCode, paymentId]);
    const wasRefund = wasApplied ? null : await refundDueReason(q, d.companyCode, paymentId);
    if (wasApplied || wasRefund) {
      await keep(q, d, paymentId, contractId, 'duplicate');
      return done(wasApplied ? duplicate : refundDue(wasRefund!));
    }
    const notApplied = async (reason: RefundDueReason, moved: MovedContract[] = []) => {
      const recorded = await recordRefundDue(q, { companyCode: d.companyCode, paymentId, contractId, amountKopecks: d.body.amount, reason, paidAt: d.body.paidAt });
      await keep(q, d, paymentId, contractId, 'refund_due');
      deps.flow.log.warn({ companyCode: d.companyCode, paymentId, contractId, reason }, 'payment not applied: refund due');
      return done(refundDue(recorded), moved, false, true);
    };
    if (!row || !contractId) return notApplied('unknown_contract');
    if (later) {
      // A later instalment or an extra payment: paid while the policy is in force, its own ledger event.
      if (later.status === S.canceled || later.state === 'canceled') return notApplied('canceled');
      if (later.state === 'paid') return notApplied('already_paid');
      if (later.status < S.paid || later.status > S.inAction || later.state !== 'waiting') return notApplied('not_waiting');
      if (later.payment_expires_at && new Date(later.payment_expires_at).getTime() <= now.getTime()) return notApplied('expired');
      if (d.body.amount !== Number(later.premium)) return notApplied('amount_mismatch');
      const moved = await applyLaterPayment(q, later, paymentId, d.body.paidAt);
      await keep(q, d, paymentId, later.id, 'applied');
      return { ...done(applied, [moved]), later: true };
    }
    if (linkExpired(row.status, row.payment_expires_at, now)) {
      // The link ran out before the calendar noticed: the contract ends unpaid now, in this transaction.
      return notApplied('expired', [await moveContract(q, row.id, S.notReleased, { actor: 'system', userId: null, note: PAYMENT_EXPIRED_NOTE })]);
    }
    if (row.status !== S.waitingPayment) return notApplied(notWaitingReason(row.status));
    if (d.body.amount !== Number(row.premium)) return notApplied('amount_mismatch');
    const moved = await moveContract(q, row.id, S.paid, { actor: 'system', userId: null, note: `Платёж ${paymentId}` }, { paid_at: d.body.paidAt });
    await keep(q, d, paymentId, row.id, 'applied');
    return done(applied, [moved], true);
  });

  for (const m of outcome.moved) await pushMoved(deps.flow, m);
  if (outcome.refundRecorded && outcome.contractId) await pushContractMoney(db, deps.flow.rt, outcome.contractId);
  if (outcome.paid && outcome.contractId) void release(deps.flow, outcome.contractId);
  return outcome.answer;
}
