/**
 * Reconciliation with insurers (`/app/finance/reconciliation`, issue 24): an insurer's commission statement
 * (акт-отчёт) for a Moscow month, matched line by line to our contracts, each exception resolved by a person
 * (finance staff: canManageCommissionRates). Money is integer kopecks; rates are basis points.
 * The api is api/src/finance/reconciliation/.
 */

/** What a statement line is after matching. */
export const RECON_LINE_STATUSES = ['matched', 'amount_differs', 'rate_differs', 'missing', 'unknown'] as const;
export type ReconLineStatus = (typeof RECON_LINE_STATUSES)[number];
export const RECON_LINE_STATUS_TITLES: Record<ReconLineStatus, string> = {
  matched: 'Сошлось',
  amount_differs: 'Сумма отличается',
  rate_differs: 'Ставка отличается',
  missing: 'Нет в выписке',
  unknown: 'Неизвестный договор',
};
/** What each status means, for the page's legend. */
export const RECON_LINE_STATUS_HINTS: Record<ReconLineStatus, string> = {
  matched: 'Договор найден, сумма КВ совпадает с ожидаемой',
  amount_differs: 'Ставка та же, а сумма КВ страховщика другая',
  rate_differs: 'Страховщик начислил по другой ставке',
  missing: 'Оплаченный договор периода, которого нет в выписке: деньги ожидались, но не пришли',
  unknown: 'В выписке полис, которого у нас нет',
};

/** A person's decision on an exception. */
export const RECON_ACTIONS = ['accept', 'dispute', 'ignore'] as const;
export type ReconAction = (typeof RECON_ACTIONS)[number];
export const RECON_ACTION_TITLES: Record<ReconAction, string> = { accept: 'Принять сумму страховщика', dispute: 'Оспорить', ignore: 'Игнорировать' };
/** The resolution a line carries after the action. */
export const RECON_RESOLUTION_TITLES: Record<ReconAction, string> = { accept: 'Принято', dispute: 'Оспорено', ignore: 'Игнорировано' };
export const RECON_NOTE_LIMITS = { min: 5, max: 500 } as const;

/** The columns of a statement file a mapping names (the file's header texts). */
export const RECON_COLUMNS = ['policyNumber', 'clientName', 'product', 'startDate', 'premium', 'rate', 'commission'] as const;
export type ReconColumn = (typeof RECON_COLUMNS)[number];
export const RECON_COLUMN_TITLES: Record<ReconColumn, string> = {
  policyNumber: 'Номер полиса',
  clientName: 'Страхователь',
  product: 'Продукт',
  startDate: 'Дата начала',
  premium: 'Премия, ₽',
  rate: 'Ставка КВ, %',
  commission: 'Сумма КВ, ₽',
};
/** Without these a file cannot be matched. */
export const RECON_REQUIRED_COLUMNS: readonly ReconColumn[] = ['policyNumber', 'commission'];
/** Column → the header text in the insurer's file (a column left out is not read). */
export type ReconMapping = Partial<Record<ReconColumn, string>>;

/** Decisions made and still to make: on a statement, or over an insurer's statements. */
export interface ReconProgress {
  lines: number;
  matched: number;
  /** Lines that need a person (every status but matched). */
  exceptions: number;
  /** Accepted or ignored. */
  resolved: number;
  /** Disputed: still open, with a note. */
  disputed: number;
  /** exceptions − resolved (disputed ones included). */
  open: number;
}

export interface ReconStatement {
  id: string;
  companyId: string;
  companyName: string;
  period: string;
  fileName: string;
  createdAt: string;
  createdBy: string;
  progress: ReconProgress;
  /** The insurer's total in the file, and what we expected for the period's contracts (kopecks). */
  statementKopecks: number;
  expectedKopecks: number;
}

export interface ReconLine {
  id: string;
  /** The row in the file (1 = the first after the header); null for a line «нет в выписке». */
  row: number | null;
  status: ReconLineStatus;
  statusTitle: string;
  /** How the contract was found: by policy number or by client and premium. */
  matchedBy: 'policy' | 'client' | null;
  contract: { id: string; policyNumber: string | null; clientName: string | null; premiumKopecks: number; startDate: string | null } | null;
  /** The insurer's figures as the file says. */
  policyNumber: string | null;
  clientName: string | null;
  premiumKopecks: number | null;
  rateBp: number | null;
  amountKopecks: number | null;
  /** Ours: the insurer's rate in force on the start date, and premium × rate plus accepted adjustments. */
  expectedRateBp: number | null;
  expectedKopecks: number | null;
  /** amountKopecks − expectedKopecks (a missing line: −expected). */
  differenceKopecks: number;
  resolution: ReconAction | null;
  resolutionTitle: string | null;
  note: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  /** The insurer-side adjustment an acceptance wrote (kopecks), if any. */
  adjustmentKopecks: number | null;
}

export interface ReconStatementPage {
  statement: ReconStatement;
  lines: ReconLine[];
}

/** Margin of one insurer × product for a period: what insurers pay the broker minus what it pays agents. */
export interface ReconMarginRow {
  companyId: string;
  companyName: string;
  product: string | null;
  productName: string;
  contracts: number;
  /** premium × insurer rate of the period's paid contracts. */
  insurerExpectedKopecks: number;
  /** Accepted insurer figures (±). */
  adjustmentsKopecks: number;
  /** Agents' ledger lines on those contracts: commission, override, reversals, adjustments. */
  agentsKopecks: number;
  marginKopecks: number;
}

export interface ReconOverview {
  statements: ReconStatement[];
  /** Per insurer, over all its statements. */
  insurers: { companyId: string; companyName: string; statements: number; progress: ReconProgress }[];
  /** The insurers one may import a statement for (and download a demo statement of, in demo mode). */
  companies: { id: string; name: string; demo: boolean }[];
}

/** `reconciliation_changed`: a statement was imported or a line resolved — the pages reload. */
export interface ReconciliationChangedEvent {
  statementId: string;
}
