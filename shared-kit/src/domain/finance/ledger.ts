import type { ContractParty } from '../sales/contractWire';
import type { LedgerKind } from './money';
import type { PayoutStatus } from './payouts';

/**
 * Мое КВ / КВ всех (`/app/cr`, issue 24): the commission ledger's lines by period, in the viewer's scope.
 * A period is a Moscow calendar month 'YYYY-MM' (GET /api/v2/payments/period-filters-pay-lists); money is
 * integer kopecks; a line is «ожидается» until the payout that took it is paid.
 */

/** 'YYYY-MM': a Moscow calendar month. */
export const LEDGER_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const MONTHS_NOMINATIVE = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'];

/** «Ноябрь 2026» for '2026-11'. */
export function ledgerPeriodTitle(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return `${MONTHS_NOMINATIVE[m - 1]} ${y}`;
}

/** One entry of `period-filters-pay-lists`, newest first. */
export interface LedgerPeriod {
  value: string;
  title: string;
}

/** What a line of the ledger is to its agent. */
export const LEDGER_LINE_STATUSES = ['expected', 'paid'] as const;
export type LedgerLineStatus = (typeof LEDGER_LINE_STATUSES)[number];
export const LEDGER_LINE_STATUS_TITLES: Record<LedgerLineStatus, string> = { expected: 'Ожидается', paid: 'Выплачено' };

/** GET /api/v2/finance/ledger: the filters (all in the page's URL). */
export interface LedgerQuery {
  period: string;
  /** Staff and network owners: one agent of their scope. */
  agent?: string;
  company?: string;
  product?: string;
  kind?: LedgerKind;
  /** Expected (not yet in a paid payout) or paid. */
  status?: LedgerLineStatus;
  /** Keyset cursor of the next page. */
  after?: string;
  limit?: number;
}

export interface LedgerRow {
  id: string;
  /** When the line was written (ISO). */
  at: string;
  kind: LedgerKind;
  kindTitle: string;
  /** Whose money the line is. */
  agent: ContractParty;
  /** The contract the line is for; null for an adjustment not tied to one. */
  contract: { id: string; policyNumber: string | null; productName: string; companyName: string | null; clientName: string | null; premium: number | null } | null;
  /** An adjustment's reason, as finance wrote it (null for other lines). */
  note: string | null;
  /** Basis points; null: no rate was in force («нет ставки»). */
  rateBp: number | null;
  /** Why this rate: «Уровень «Агент»: 10% с 01.01.2025», a template or a segment; null for lines written before reasons were kept. */
  rateReason: string | null;
  baseKopecks: number;
  amountKopecks: number;
  status: LedgerLineStatus;
  statusTitle: string;
  /** The payout the line went into (its act number and status), or null while no payout took it. */
  payout: { id: string; actNumber: string; period: string; status: PayoutStatus; statusTitle: string } | null;
}

/** A period's figures for the same filters: what came in before it and is still owed, what it added, what is owed after it. */
export interface LedgerTotals {
  period: string;
  /** Lines of earlier periods still expected (carried in). */
  openingKopecks: number;
  /** The period's accruals (positive lines). */
  accruedKopecks: number;
  /** The period's reversals (negative lines, as a negative number). */
  reversedKopecks: number;
  /** accrued + reversed. */
  netKopecks: number;
  /** Of the period's lines, already paid out. */
  paidKopecks: number;
  /** opening + net − paid: owed after the period. */
  closingKopecks: number;
  /** Lines written without a rate («нет ставки»). */
  noRateLines: number;
  lines: number;
}

export interface LedgerPage {
  items: LedgerRow[];
  next: string | null;
  totals: LedgerTotals;
}

/** `ledger_changed`: lines were written for this agent — their (and their scope's) КВ pages reload. */
export interface LedgerChangedEvent {
  agentId: string;
}
