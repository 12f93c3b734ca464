import { formatMoney } from '../format';
import type { ContractParty } from '../sales/contractWire';

/**
 * The money of one contract as finance sees it (issue 23; the finance screens of issue 24 read the same
 * tables): the commission ledger's lines and the payments that came for it but could not be applied.
 */

/**
 * Kinds of commission ledger lines: an accrual when the contract is paid, its reversal when a paid one is
 * cancelled, and finance's adjustment (plus or minus, with its reason) — a correction is a new line, never an edit.
 */
export const LEDGER_KINDS = ['commission', 'override', 'commission_reversal', 'override_reversal', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_TITLES: Record<LedgerKind, string> = {
  commission: 'КВ агента',
  override: 'КВ владельца сети',
  commission_reversal: 'Сторно КВ агента',
  override_reversal: 'Сторно КВ владельца сети',
  adjustment: 'Корректировка',
};

/** The limits of an adjustment's reason (what finance writes; the agent reads it). */
export const ADJUSTMENT_REASON_LIMITS = { min: 5, max: 500 } as const;

/** POST /api/v2/finance/ledger/adjustments: a correction of an agent's commission, plus or minus, with its reason. */
export interface LedgerAdjustmentInput {
  agentId: string;
  /** Integer kopecks, not zero: negative takes money back. */
  amountKopecks: number;
  reason: string;
  /** The contract it corrects, when it corrects one. */
  contractId?: string | null;
}

/** A sale with no rate in force for its seller: a line of 0 with this mark, never a missing line. */
export const NO_RATE_TEXT = 'нет ставки';

/** How a line was counted, as every screen writes it: «10% от 12 345,67 ₽», or «нет ставки». */
export function ledgerRateText(rateBp: number | null, baseKopecks: number): string {
  if (rateBp === null) return NO_RATE_TEXT;
  return `${(rateBp / 100).toLocaleString('ru-RU', { maximumFractionDigits: 2 })}% от ${formatMoney(baseKopecks)}`;
}

export interface LedgerLine {
  kind: LedgerKind;
  kindTitle: string;
  /** Whose money: the seller (commission) or the network owner (override). */
  agent: ContractParty;
  /** Basis points; null: no rate was in force (NO_RATE_TEXT), the amount is 0. */
  rateBp: number | null;
  /** Why this rate (template, segment, level, override, with its version); null for lines written before reasons were kept. */
  rateReason: string | null;
  /** An adjustment's reason, as finance wrote it (null for other lines). */
  note: string | null;
  /** The premium the rate applies to, integer kopecks. */
  baseKopecks: number;
  /** Integer kopecks; negative for a reversal. */
  amountKopecks: number;
  at: string;
}

/**
 * Why a payment that arrived was not applied to its contract — the money belongs to the client and must be
 * returned (a refund-due payment). The insurer is told the payment was not applied, with the same reason.
 */
export const REFUND_DUE_REASONS = ['already_paid', 'canceled', 'not_released', 'expired', 'not_waiting', 'amount_mismatch', 'unknown_contract'] as const;
export type RefundDueReason = (typeof REFUND_DUE_REASONS)[number];
export const REFUND_DUE_REASON_TITLES: Record<RefundDueReason, string> = {
  already_paid: 'Договор уже оплачен другим платежом',
  canceled: 'Договор отменён',
  not_released: 'Договор не состоялся',
  expired: 'Срок ссылки на оплату истёк',
  not_waiting: 'Договор не ожидал оплаты',
  amount_mismatch: 'Сумма платежа не совпадает со страховой премией договора',
  unknown_contract: 'Платёж не относится ни к одному договору',
};
/** What the insurer is answered for a payment that was not applied. */
export const refundDueAnswer = (reason: RefundDueReason) => `${REFUND_DUE_REASON_TITLES[reason]}: платёж не зачтён, деньги нужно вернуть`;

export interface RefundDuePayment {
  id: string;
  /** The insurer's own id of the payment. */
  paymentId: string;
  companyCode: string;
  amountKopecks: number;
  reason: RefundDueReason;
  reasonTitle: string;
  /** When the insurer says the client paid (ISO), if it said. */
  paidAt: string | null;
  /** When the callback arrived (ISO). */
  recordedAt: string;
}

/** A contract's money block: only for those who may see it (access `canSeeContractMoney`). */
export interface ContractMoney {
  lines: LedgerLine[];
  refundDue: RefundDuePayment[];
}

/** `contract_money`: a contract's ledger lines or refund-due payments changed — its page refetches. */
export interface ContractMoneyEvent {
  contractId: string;
}
