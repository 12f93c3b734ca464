/**
 * Notifications (spec §3 «Notification», §7 notifications/count-not-read; issue 13): what the bell
 * counts and the notifications page lists — the user's own, unread first.
 */

/** One notification as the page shows it. */
export interface NotificationItem {
  _id: string;
  title: string;
  body: string;
  isRead: boolean;
  createdAt: string;
  /** Where it leads: a path under /app/ («Открыть»), or null. */
  action: string | null;
  /** The link's words (§3 actionText); «Открыть» when not given. */
  actionText: string | null;
}

export interface NotificationPage {
  items: NotificationItem[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
  /** Unread ones in all (the bell's number). */
  unread: number;
}

/** The socket event `notifications_count`: the bell's number changed (read, read all, a new one). */
export interface NotificationsCountEvent {
  count: number;
}

export const NOTIFICATION_TEXTS = {
  empty: 'Уведомлений нет',
  readAll: 'Прочитать все',
  markRead: 'Прочитано',
  open: 'Открыть',
  unread: 'Новое',
} as const;

/** An action is a path inside the app (never another site): what the page may link to. */
export const isAppPath = (v: string) => /^\/(?!\/)[\w\-./?=&%]*$/.test(v) && !v.includes('..');
