/** §8 error catalogue and §9 toast durations, shared by the shell's HTTP client and its tests. */
export const TOAST_DURATION_SEC = {
  default: 3,
  error: 5,
  forbidden: 15,
  webinar: 30 * 60,
  notificationFallback: 60,
} as const;
export const MAX_TOASTS = 3;

export const ERROR_TEXTS = {
  unauthorized: 'Вы не авторизованы',
  forbidden: 'Нет доступа к данному ресурсу',
  notFound: 'Запрашиваемый ресурс не найден',
  tooManyRequests: 'Слишком много запросов',
  server: 'Системная ошибка. Обратитесь к администратору',
  unexpected: 'Произошла непредвиденная ошибка. Попробуйте попытку позже',
  attachSuccess: 'Файл успешно прикреплен к запросу',
  timeout: 'Сервер не ответил вовремя. Попробуйте ещё раз',
  network: 'Нет связи с сервером. Проверьте подключение',
  /** 503: the database (or another service the api needs) is away for a moment; the api recovers by itself. */
  unavailable: 'Сервис временно недоступен. Повторите попытку через минуту',
} as const;

export type HttpErrorReaction =
  | { kind: 'toast'; type: 'error' | 'warning'; text: string; durationSec: number }
  | { kind: 'logout'; text: string; durationSec: number };

/**
 * What the client does with a failed call. `status` 0 means the call never got an answer
 * (network down or the 30 s timeout).
 */
export function httpErrorReaction(status: number, serverMessage?: string | null, timedOut = false): HttpErrorReaction {
  const msg = serverMessage && serverMessage.trim() ? serverMessage : null;
  switch (status) {
    case 400:
      return { kind: 'toast', type: 'error', text: msg ?? ERROR_TEXTS.unexpected, durationSec: TOAST_DURATION_SEC.error };
    case 401:
      return { kind: 'logout', text: ERROR_TEXTS.unauthorized, durationSec: TOAST_DURATION_SEC.error };
    case 403:
      return { kind: 'toast', type: 'error', text: msg ?? ERROR_TEXTS.forbidden, durationSec: TOAST_DURATION_SEC.forbidden };
    case 404:
      return { kind: 'toast', type: 'error', text: ERROR_TEXTS.notFound, durationSec: TOAST_DURATION_SEC.error };
    case 429:
      return { kind: 'toast', type: 'error', text: msg ?? ERROR_TEXTS.tooManyRequests, durationSec: TOAST_DURATION_SEC.error };
    case 503:
      return { kind: 'toast', type: 'warning', text: msg ?? ERROR_TEXTS.unavailable, durationSec: TOAST_DURATION_SEC.error };
    case 0:
      return {
        kind: 'toast',
        type: 'error',
        text: timedOut ? ERROR_TEXTS.timeout : ERROR_TEXTS.network,
        durationSec: TOAST_DURATION_SEC.error,
      };
    default:
      if (status >= 500) {
        return { kind: 'toast', type: 'error', text: ERROR_TEXTS.server, durationSec: TOAST_DURATION_SEC.error };
      }
      return { kind: 'toast', type: 'error', text: msg ?? ERROR_TEXTS.unexpected, durationSec: TOAST_DURATION_SEC.error };
  }
}
