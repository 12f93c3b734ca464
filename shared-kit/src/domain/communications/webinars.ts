/**
 * Webinars (spec §2 webinar toast, §3 webinar, §4 webinar toast modes and countdown, §7
 * webinars/registration and the socket's webinar-notification, §8 sign-up error, §9 toast 30 min and the
 * reminder 10 minutes before the start; issue 13): staff (admins, copywriters) plan a webinar, invite the
 * agents, may postpone it (removeWebinar); agents sign up; 10 minutes before the start the registered
 * are reminded once — the toast then counts down to the start and offers «Подключиться».
 */

/** §9: registered agents are reminded this long before the start (once, whatever the api instances). */
export const WEBINAR_REMINDER_MINUTES = 10;

/** §7 POST /api/v2/webinars/registration/{id}: 'singUp' (sic, the wire's spelling) signs up, 'watch' joins. */
export const WEBINAR_REGISTRATION_STATUSES = ['singUp', 'watch'] as const;
export type WebinarRegistrationStatus = (typeof WEBINAR_REGISTRATION_STATUSES)[number];
export const webinarRegistrationPath = (webinarId: string) => `/api/v2/webinars/registration/${webinarId}`;

/** §3 webinar: what the api sends (the list, the page, the socket's webinar-notification, the toast). */
export interface Webinar {
  _id: string;
  title: string;
  description: string;
  /** dd.mm.yyyy and HH:mm, Moscow time (as the spec's fields date and time). */
  date: string;
  time: string;
  /** The start, ISO 8601. */
  startsAt: string;
  platform: string;
  /** Minutes. */
  duration: number;
  /** 'end' once start + duration has passed; 'live' while it runs; 'planned' before. */
  status: WebinarStatus;
  /** The start is near (the reminder has gone) or the webinar runs: the toast counts down and offers to join. */
  isSendAnnouncement: boolean;
  /** Postponed: the date is off, the registered are told «о следующем сообщим позже». */
  removeWebinar: boolean;
  /** The caller has signed up. */
  registration: boolean;
  /** Time left to the start when it was sent (0:00 once started). */
  untilTime: { minutes: number; seconds: number };
  conferenceLink: string;
  /** Staff only: how many signed up, how many joined, when the agents were invited. */
  registrations?: number;
  watched?: number;
  announcedAt?: string | null;
}
export type WebinarStatus = 'planned' | 'live' | 'end';

/** What staff write (POST /api/v2/webinars, PUT /api/v2/webinars/{id}). startsAt is ISO with its zone. */
export interface WebinarInput {
  title: string;
  description: string;
  startsAt: string;
  duration: number;
  platform: string;
  conferenceLink: string;
}

/** One line of a webinar's registrations (staff). */
export interface WebinarRegistration {
  userId: string;
  fio: string;
  email: string;
  signedUpAt: string;
  watchedAt: string | null;
}

export const WEBINAR_LIMITS = {
  title: 200,
  description: 3000,
  platform: 60,
  link: 500,
  minDuration: 10,
  maxDuration: 480,
} as const;

export const WEBINAR_TEXTS = {
  toastTitle: 'Вебинар',
  join: 'Подключиться',
  postponed: 'Вебинар отложен, о следующем сообщим позже',
  understood: 'Понятно',
  registered: 'Вы записались на вебинар, оповестим за 10 минут до начала!',
  signUp: 'Записаться',
  startsIn: 'До начала',
  empty: 'Вебинаров пока нет',
  emptyPast: 'Прошедших вебинаров нет',
  create: 'Новый вебинар',
  notFound: 'Вебинар не найден',
  ended: 'Вебинар уже закончился',
  postponedNoSignUp: 'Вебинар отложен: запись откроется, когда появится новая дата',
  notForStaff: 'Записываются агенты: у сотрудников брокера записи нет',
  pastStart: 'Поле «startsAt»: время начала уже прошло',
  reminderTitle: (title: string) => `Вебинар «${title}» начнётся через 10 минут`,
  inviteTitle: (title: string) => `Новый вебинар: «${title}»`,
  postponedTitle: (title: string) => `Вебинар «${title}» отложен`,
} as const;

export const WEBINAR_STATUS_TITLES: Record<WebinarStatus, string> = { planned: 'Запланирован', live: 'Идёт сейчас', end: 'Завершён' };

/** §4 the webinar toast's four modes, in the spec's order. */
export type WebinarToastMode = 'announcement' | 'postponed' | 'registered' | 'signUp';
export function webinarToastMode(w: Pick<Webinar, 'isSendAnnouncement' | 'status' | 'removeWebinar' | 'registration'>): WebinarToastMode {
  if (w.isSendAnnouncement && w.status !== 'end') return 'announcement';
  if (w.removeWebinar) return 'postponed';
  if (w.registration && !w.isSendAnnouncement) return 'registered';
  return 'signUp';
}

/** The time left to `startsAt` at `now` as the toast's countdown start (minutes, seconds; 0:00 once started). */
export function untilTime(startsAt: string | Date, now: number = Date.now()): { minutes: number; seconds: number } {
  const left = Math.max(0, Math.floor((new Date(startsAt).getTime() - now) / 1000));
  return { minutes: Math.floor(left / 60), seconds: left % 60 };
}

/** §9: at most this many toasts are kept on screen (the oldest goes). */
export const MAX_WEBINAR_TOASTS = 3;

/**
 * §4 webinar toasts on screen: one per webinar — a newer word about the same webinar replaces the toast in
 * place (a sign-up turning into the registered version, a postponement), a new webinar goes first; at most
 * MAX_WEBINAR_TOASTS are kept.
 */
export function webinarToastsAdd(toasts: readonly Webinar[], next: Webinar): Webinar[] {
  const at = toasts.findIndex((w) => w._id === next._id);
  if (at < 0) return [next, ...toasts].slice(0, MAX_WEBINAR_TOASTS);
  const copy = [...toasts];
  copy[at] = next;
  return copy;
}
