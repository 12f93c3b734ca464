import { REFUND_DUE_REASON_TITLES, type RefundDuePayment, type RefundDueReason } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { isoTime } from '../platform/sql.js';

/**
 * Refund-due payments: money an insurer took from a client that could not be applied to a contract (it was
 * paid already by another payment, cancelled, not released, its link had run out, the amount was wrong, or
 * no contract has that link). It belongs to the client and must be returned; finance sees it (the
 * contract's page until the finance screens). One row per insurer payment: a repeated delivery finds it.
 */
export interface NewRefundDue {
  companyCode: string;
  paymentId: string;
  contractId: string | null;
  amountKopecks: number;
  reason: RefundDueReason;
  paidAt: string | null;
}

/** Records it (once per insurer payment id, in the caller's transaction); answers the reason on record — the first delivery's. */
export async function recordRefundDue(q: Queryable, r: NewRefundDue): Promise<RefundDueReason> {
  await q.query(
    `INSERT INTO refund_due_payments (id, company_code, payment_id, contract_id, amount_kopecks, reason, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (company_code, payment_id) DO NOTHING`,
    [newId(), r.companyCode, r.paymentId, r.contractId, r.amountKopecks, r.reason, r.paidAt],
  );
  return (await refundDueReason(q, r.companyCode, r.paymentId))!;
}

/** The reason an insurer payment was recorded as refund-due, or null when it was not. */
export async function refundDueReason(q: Queryable, companyCode: string, paymentId: string): Promise<RefundDueReason | null> {
  const [row] = await q.query<{ reason: RefundDueReason }>('SELECT reason FROM refund_due_payments WHERE company_code = $1 AND payment_id = $2', [companyCode, paymentId]);
  return row?.reason ?? null;
}

/** A contract's refund-due payments, oldest first. */
export async function contractRefundsDue(q: Queryable, contractId: string): Promise<RefundDuePayment[]> {
  const rows = await q.query<{ id: string; company_code: string; payment_id: string; amount_kopecks: string | number; reason: RefundDueReason; paid_at: string | Date | null; created_at: string | Date }>(
    'SELECT id, company_code, payment_id, amount_kopecks, reason, paid_at, created_at FROM refund_due_payments WHERE contract_id = $1 ORDER BY created_at, id',
    [contractId],
  );
  return rows.map((r) => ({
    id: r.id,
    paymentId: r.payment_id,
    companyCode: r.company_code,
    amountKopecks: Number(r.amount_kopecks),
    reason: r.reason,
    reasonTitle: REFUND_DUE_REASON_TITLES[r.reason],
    paidAt: r.paid_at == null ? null : isoTime(r.paid_at),
    recordedAt: isoTime(r.created_at),
  }));
}
