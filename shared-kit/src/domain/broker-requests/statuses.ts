/**
 * Broker request statuses (spec §4): the numbers the api stores and the names people read.
 * A request is open until it is complete (500) or not released (11000).
 */
export const BROKER_REQUEST_STATUS_TITLES: Record<number, string> = {
  50: 'Пустой',
  100: 'Черновик',
  110: 'Запрос отправлен',
  125: 'Подготовлен',
  150: 'Расчёт',
  180: 'Расчёт завершён',
  200: 'Сохранён',
  300: 'Ожидает согласия клиента',
  325: 'Ожидает согласия исполнителя',
  350: 'Оплата проверена',
  500: 'Завершён',
  11000: 'Не состоялся',
};

export const BROKER_REQUEST_STATUSES = Object.keys(BROKER_REQUEST_STATUS_TITLES).map(Number);

/** Complete (500) and not released (11000): no longer «в работе». */
export const CLOSED_BROKER_REQUEST_STATUSES: readonly number[] = [500, 11000];

export function brokerRequestStatusTitle(status: number): string {
  return BROKER_REQUEST_STATUS_TITLES[status] ?? `Статус ${status}`;
}
