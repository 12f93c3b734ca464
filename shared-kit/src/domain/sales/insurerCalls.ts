/**
 * The insurer calls log (`GET /api/v2/soap-logs`, the soap-logs page, staff only): every call the
 * product made to an insurer with what was asked, what came back or the error, and how long it took.
 * Each viewer sees the calls of the agents in their scope (a contract's calls: its agent's; a quote's:
 * the user who asked). Payment tokens and document numbers are never stored: see INSURER_LOG_MASK.
 */
export const INSURER_CALL_METHODS = ['quote', 'prepare', 'check', 'paymentLink', 'issue', 'status', 'cancel', 'endorse'] as const;
export type InsurerCallMethod = (typeof INSURER_CALL_METHODS)[number];

/**
 * The names e-OSAGO's calls were logged under before the adapter was made product-neutral (issue 25): the
 * rows keep them; the filter by a method finds its old rows too, and they show the same titles.
 */
export const LEGACY_INSURER_CALL_METHODS = { quoteOsago: 'quote', prepareOsago: 'prepare', checkOsago: 'check', issueOsago: 'issue', statusOsago: 'status' } as const;
export type LegacyInsurerCallMethod = keyof typeof LEGACY_INSURER_CALL_METHODS;

export const INSURER_CALL_METHOD_TITLES: Record<InsurerCallMethod | LegacyInsurerCallMethod, string> = {
  quote: 'Расчёт премии',
  prepare: 'Передача данных договора',
  check: 'Проверка данных',
  paymentLink: 'Ссылка на оплату',
  issue: 'Выпуск полиса',
  status: 'Статус полиса у страховщика',
  cancel: 'Расторжение договора',
  endorse: 'Изменение договора',
  quoteOsago: 'Расчёт премии',
  prepareOsago: 'Передача данных договора',
  checkOsago: 'Проверка данных',
  issueOsago: 'Выпуск полиса',
  statusOsago: 'Статус полиса у страховщика',
};

/** A method of the filter and every name its rows may carry (the new one and its e-OSAGO name before issue 25). */
export function insurerCallMethodNames(method: string): string[] {
  const legacy = Object.entries(LEGACY_INSURER_CALL_METHODS).filter(([, now]) => now === method).map(([old]) => old);
  return [method, ...legacy];
}

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
