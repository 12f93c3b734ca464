import { BROKER_REQUEST_STATUS as S, type BrokerRequestStatus } from '@oyster/shared-kit/domain';

/**
 * What a move's button says, by where it goes and from where (the table of shared-kit decides which
 * moves the viewer has; these are their words). Sending (draft → sent) and accepting an offer
 * (→ waiting for the executor) have their own places: the form's «Отправить запрос», the offer's «Выбрать».
 */
export function moveLabel(from: BrokerRequestStatus, to: BrokerRequestStatus): string | null {
  switch (to) {
    case S.prepared:
      return 'Взять в работу';
    case S.calculating:
      return from === S.prepared ? 'Начать расчёт' : from === S.clientAcceptance ? 'Запросить другие предложения' : 'Вернуть в расчёт';
    case S.calculated:
      return 'Расчёт завершён';
    case S.saved:
      return 'Сохранить предложения';
    case S.clientAcceptance:
      return 'Отправить предложения агенту';
    case S.paymentChecked:
      return 'Оплата проверена';
    case S.complete:
      return 'Завершить запрос';
    case S.notReleased:
      return 'Не состоялся…';
    default:
      return null;
  }
}

/** The moves shown as buttons (in this order); the others have their own controls. */
export const BUTTON_MOVES: readonly BrokerRequestStatus[] = [S.prepared, S.calculating, S.calculated, S.saved, S.clientAcceptance, S.paymentChecked, S.complete, S.notReleased];
