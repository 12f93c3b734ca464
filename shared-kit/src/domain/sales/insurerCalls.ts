/**
 * The insurer calls log (`GET /api/v2/soap-logs`, the soap-logs page, staff only): every call the
 * product made to an insurer with what was asked, what came back or the error, and how long it took.
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
