/**
 * The insurer calls log (`GET /api/v2/soap-logs`, the soap-logs page, staff only): every call the
 * product made to an insurer with what was asked, what came back or the error, and how long it took.
 * Each viewer sees the calls of the agents in their scope (a contract's calls: its agent's; a quote's:
 * the user who asked). Payment tokens and document numbers are never stored: see INSURER_LOG_MASK.
 */
export const INSURER_CALL_METHODS = ['quoteOsago', 'prepareOsago', 'checkOsago', 'paymentLink', 'issueOsago', 'statusOsago'] as const;
export type InsurerCallMethod = (typeof INSURER_CALL_METHODS)[number];

export const INSURER_CALL_METHOD_TITLES: Record<InsurerCallMethod, string> = {
  quoteOsago: 'Расчёт премии',
  prepareOsago: 'Передача данных договора',
  checkOsago: 'Проверка данных',
  paymentLink: 'Ссылка на оплату',
  issueOsago: 'Выпуск полиса',
  statusOsago: 'Статус полиса у страховщика',
};

export interface InsurerCallLogItem {
  id: number;
  companyId: string | null;
  companyName: string | null;
  contractId: string | null;
  method: string;
  request: unknown;
  response: unknown;
  error: string | null;
  durationMs: number;
  at: string;
}

export interface InsurerCallLogPage {
  items: InsurerCallLogItem[];
  /** The id to pass as `before` for the next page; null on the last. */
  next: number | null;
}

/** The page's URL filters, sent to the api as they are. */
export const INSURER_CALL_FILTERS = ['company', 'method', 'contract', 'errors'] as const;

/**
 * What a masked secret in the log starts with: a payment token, a passport's or a driver's licence's
 * series or number is stored as this mark and the secret's last third, at most 4 characters («••••Xk3q»
 * for a token, «••••07» for a passport number) — for everyone, admins too. The api's database masks every
 * row as it is written (migration 18, insurer_log_masked); the page says so where a call shows one.
 */
export const INSURER_LOG_MASK = '••••';
export const INSURER_LOG_MASKED_NOTE = 'Платёжные токены и номера паспортов и водительских удостоверений в журнале скрыты: видны только последние символы.';
