import type { Opf } from '../roles';
import type { ContractParty } from '../sales/contractWire';
import { ledgerPeriodTitle } from './ledger';

/**
 * Payouts by legal form, acts and payout registers (issue 24). Money is integer kopecks.
 *
 * A payout is one agent's money for one period (a Moscow month 'YYYY-MM'): the ledger lines written up to
 * the period's end that no earlier payout took. Finance calculates a finished period's payouts; an amount
 * under the minimum payout (or a negative one) makes no payout — its lines wait for the next period
 * («перенесено»). By legal form (../shared/research/agent-payouts.md):
 * - FL: the broker withholds НДФЛ on the progressive scale over the calendar year (tax.ts) — gross, tax, net;
 * - SZ: nothing withheld; the payout waits for the agent's «Мой налог» receipt (amount = the payout, the
 *   agent's INN); finance is warned when the year's payouts pass the self-employed limit;
 * - IP, YL: nothing withheld; the act prints the agent's VAT line.
 * A register gathers payouts ready to pay; another finance employee approves it (four eyes), it is
 * exported for the bank (1CClientBankExchange 1.03, windows-1251; XLSX) and marked paid line by line or whole.
 * A paid payout locks its lines: later corrections are new lines of a later period.
 */

export const PAYOUT_STATUSES = ['awaiting_receipt', 'ready', 'in_register', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_TITLES: Record<PayoutStatus, string> = {
  awaiting_receipt: 'Ждёт чек «Мой налог»',
  ready: 'К выплате',
  in_register: 'В реестре на выплату',
  paid: 'Выплачено',
};

/** Why an SZ payout waits (what the agent reads). */
export const PAYOUT_WAITS_FOR_RECEIPT = 'Выплата ждёт чек из «Мой налог» на сумму выплаты с вашим ИНН — прикрепите его';

/** The VAT line of an act (IP, YL); a VAT payer's rate is not in the research file yet, so only these. */
export const VAT_MODES = ['exempt', 'without'] as const;
export type VatMode = (typeof VAT_MODES)[number];
export const VAT_MODE_TITLES: Record<VatMode, string> = { exempt: 'НДС не облагается', without: 'Без НДС' };

export interface PayoutReceipt {
  number: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  amountKopecks: number;
  inn: string;
  link: string | null;
}

export interface PayoutRow {
  id: string;
  agent: ContractParty;
  period: string;
  periodTitle: string;
  opf: Opf | null;
  opfTitle: string;
  /** The sum of the payout's ledger lines (what the agent earned). */
  grossKopecks: number;
  /** НДФЛ withheld (FL only; 0 otherwise). */
  taxKopecks: number;
  /** gross − tax: what the bank sends. */
  netKopecks: number;
  /** How many ledger lines the payout took. */
  lines: number;
  status: PayoutStatus;
  statusTitle: string;
  /** Why it waits, in the agent's words (SZ without a receipt); null otherwise. */
  waitingReason: string | null;
  receipt: PayoutReceipt | null;
  /** The act: «А-2026-10-000012». */
  actNumber: string;
  vatTitle: string;
  register: { id: string; number: number } | null;
  /** SZ: the year's payouts from us including this one pass 2 400 000 ₽ (flag for finance). */
  selfEmployedLimitExceeded: boolean;
  createdAt: string;
  paidAt: string | null;
}

/** GET /api/v2/finance/payouts: filters. */
export interface PayoutsQuery {
  period?: string;
  agent?: string;
  status?: PayoutStatus;
  /** One register's lines (its id). */
  register?: string;
}

/** POST /api/v2/finance/payouts/calculate: what the calculation did. */
export interface PayoutCalculation {
  period: string;
  created: number;
  /** Agents whose balance was under the minimum (or negative): carried to the next period. */
  carried: number;
  awaitingReceipt: number;
}

/** The agent's balance not yet in any payout (Мое КВ, «Выплаты»). */
export interface PayoutBalance {
  /** Lines not in a payout, up to now. */
  unpaidKopecks: number;
  minPayoutKopecks: number;
}

export interface PayoutReceiptInput {
  number: string;
  date: string;
  amountKopecks: number;
  inn: string;
  link?: string | null;
}

export const REGISTER_STATUSES = ['draft', 'approved', 'paid'] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];
export const REGISTER_STATUS_TITLES: Record<RegisterStatus, string> = { draft: 'На проверке', approved: 'Утверждён', paid: 'Оплачен' };

export interface RegisterRow {
  id: string;
  number: number;
  period: string;
  periodTitle: string;
  status: RegisterStatus;
  statusTitle: string;
  totalKopecks: number;
  lines: number;
  paidLines: number;
  builtBy: ContractParty;
  approvedBy: ContractParty | null;
  createdAt: string;
  approvedAt: string | null;
}

export interface RegisterDetail extends RegisterRow {
  /** The first 500 lines (by agent); a bigger register's rest: GET /api/v2/finance/payouts?register=<id>. */
  payouts: PayoutRow[];
  /** Payouts of the period left out, and why (no bank details, …). */
  skipped: { agent: ContractParty; reason: string }[];
}

/** `payout_changed`: a payout (or a register) changed — the agent's «Выплаты» and finance's lists reload. */
export interface PayoutChangedEvent {
  agentId: string | null;
  payoutId: string | null;
  registerId: string | null;
}

/** «Реестр № 3 за октябрь 2026». */
export function registerTitle(number: number, period: string): string {
  return `Реестр № ${number} за ${ledgerPeriodTitle(period).toLowerCase()}`;
}

/**
 * An agent's billing details (for the act and the bank file): kept by finance staff
 * (GET/PUT /api/v2/finance/billing/{agentId}); the agent reads their own. Checked offline (bank.ts).
 */
export interface AgentBilling {
  agentId: string;
  /** As the act and the bank print it: «ИП Фёдоров М. В.», «ООО «…»», or the person's full name. */
  legalName: string;
  inn: string;
  kpp: string | null;
  bankName: string | null;
  bik: string | null;
  account: string | null;
  corrAccount: string | null;
  vatMode: VatMode;
}
export type AgentBillingInput = Omit<AgentBilling, 'agentId'>;
