/** §3: the contract report status names (titles and shared icons below; unknown → draft). */
export const REPORT_STATUSES = [
  'draft',
  'calc',
  'execution',
  'wait_payment',
  'payment_hold',
  'payment_complete',
  'in_action',
  'end',
  'stopped',
  'archive',
  'not_released',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Displayed names (§4): 100 draft, 200 calculation received, 300 processing, 400 awaiting payment, … */
export const REPORT_STATUS_TITLES: Record<ReportStatus, string> = {
  draft: 'Черновик',
  calc: 'Расчёт получен',
  execution: 'В обработке',
  wait_payment: 'Ожидает оплаты',
  payment_hold: 'Средства заблокированы',
  payment_complete: 'Оплачен',
  in_action: 'Действует',
  end: 'Завершён',
  stopped: 'Приостановлен',
  archive: 'Архив',
  not_released: 'Не состоялся',
};

export type ReportIconKey = 'draft' | 'calc' | 'execution' | 'payment' | 'paid' | 'active' | 'end' | 'stopped' | 'archive';

/** §3: wait_payment and payment_hold share one icon, stopped and not_released share one. */
export const REPORT_STATUS_ICON: Record<ReportStatus, ReportIconKey> = {
  draft: 'draft',
  calc: 'calc',
  execution: 'execution',
  wait_payment: 'payment',
  payment_hold: 'payment',
  payment_complete: 'paid',
  in_action: 'active',
  end: 'end',
  stopped: 'stopped',
  archive: 'archive',
  not_released: 'stopped',
};

export function isReportStatus(status: unknown): status is ReportStatus {
  return typeof status === 'string' && (REPORT_STATUSES as readonly string[]).includes(status);
}
