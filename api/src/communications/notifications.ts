import { isAppPath, type NotificationItem, type NotificationPage } from '@oyster/shared-kit/domain';
import type { AppContext } from '../platform/context.js';
import { newId, type Queryable } from '../platform/db.js';
import { isoTime } from '../platform/sql.js';

/**
 * Notifications in the database (issue 13): `notify` — the one way a domain tells a user something on
 * the bell (the row, the unread cache dropped, `notification` and `notifications_count` pushed) — and
 * the user's own page of them, unread first, newest first, by keyset.
 */

export interface NotifyInput {
  title: string;
  body?: string;
  /** A path under /app/ the notification leads to. */
  action?: string | null;
  actionText?: string | null;
}

interface Row {
  id: string;
  title: string;
  body: string;
  is_read: boolean;
  created_at: string | Date;
  action: string | null;
  action_text: string | null;
}

const toItem = (r: Row): NotificationItem => ({ _id: r.id, title: r.title, body: r.body, isRead: r.is_read, createdAt: isoTime(r.created_at), action: r.action, actionText: r.action_text });

export async function unreadCount(q: Queryable, userId: string): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT is_read', [userId]);
  return n;
}

/** The user's bell changed: the cached count is dropped (every instance) and the new number pushed. */
export async function pushCount(ctx: Pick<AppContext, 'db' | 'rt' | 'unread'>, userId: string): Promise<void> {
  await ctx.unread.forget(userId);
  ctx.rt.emitToUser(userId, 'notifications_count', { count: await unreadCount(ctx.db, userId) });
}

/** A notification written for one user, to push once its transaction has committed. */
export interface WrittenNotification {
  id: string;
  userId: string;
  title: string;
  body: string;
  action: string | null;
  actionText: string | null;
}

/**
 * Writes the notifications of `userIds` with `q` — inside a caller's transaction when a job must write
 * them together with its own «done» (pushNotifications after the commit). An action that is not a path
 * inside the app is dropped.
 */
export async function writeNotifications(q: Queryable, userIds: readonly string[], n: NotifyInput): Promise<WrittenNotification[]> {
  const action = n.action && isAppPath(n.action) ? n.action : null;
  const written = [...new Set(userIds)].map((userId) => ({ id: newId(), userId, title: n.title, body: n.body ?? '', action, actionText: action ? (n.actionText ?? 'Открыть') : null }));
  for (let i = 0; i < written.length; i += 500) {
    const part = written.slice(i, i + 500);
    await q.query(
      `INSERT INTO notifications (id, user_id, title, body, action, action_text) SELECT i, u, $3, $4, $5, $6 FROM unnest($1::text[], $2::text[]) AS t(i, u)`,
      [part.map((w) => w.id), part.map((w) => w.userId), n.title, n.body ?? '', action, n.actionText ?? null],
    );
  }
  return written;
}

/**
 * Pushes written notifications: the toast (`notification`) and the bell's new count of each user.
 * `toast: false` when the caller shows the news its own way (a webinar's toast) — the bell only.
 */
export async function pushNotifications(ctx: Pick<AppContext, 'db' | 'rt' | 'unread'>, written: readonly WrittenNotification[], { toast = true } = {}): Promise<void> {
  for (const w of written) {
    if (toast) ctx.rt.emitToUser(w.userId, 'notification', { _id: w.id, guid: w.id, title: w.title, body: w.body, ...(w.action ? { action: w.action, actionText: w.actionText ?? 'Открыть' } : {}) });
    await pushCount(ctx, w.userId);
  }
}

/** Tells `userIds` something on the bell (written, then pushed). */
export async function notify(ctx: Pick<AppContext, 'db' | 'rt' | 'unread'>, userIds: readonly string[], n: NotifyInput): Promise<void> {
  await pushNotifications(ctx, await writeNotifications(ctx.db, userIds, n));
}

/** The keyset cursor: is_read, created_at, id of the last row. */
export function encodeNotificationCursor(r: { isRead: boolean; createdAt: string; _id: string }): string {
  return Buffer.from(`${r.isRead ? 1 : 0}|${r.createdAt}|${r._id}`, 'utf8').toString('base64url');
}
export function decodeNotificationCursor(c: string): { read: boolean; at: string; id: string } | null {
  const [read, at, id, ...rest] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  if (rest.length || (read !== '0' && read !== '1') || !/^[0-9a-f]{24}$/.test(id ?? '') || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at ?? '')) return null;
  return { read: read === '1', at, id };
}

/** A page of the user's own notifications: unread first, newest first. */
export async function listNotifications(q: Queryable, userId: string, { after, limit }: { after?: string; limit: number }): Promise<NotificationPage> {
  const params: unknown[] = [userId];
  let where = 'user_id = $1';
  if (after) {
    const c = decodeNotificationCursor(after)!;
    params.push(c.read, c.at, c.id);
    // Order: is_read ASC, created_at DESC, id DESC — «after» means a later read flag, or the same one and older.
    where += ` AND (is_read > $2 OR (is_read = $2 AND (created_at, id) < ($3::timestamptz, $4)))`;
  }
  params.push(limit + 1);
  const rows = await q.query<Row>(
    `SELECT id, title, body, is_read, created_at, action, action_text FROM notifications WHERE ${where} ORDER BY is_read, created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  const items = rows.slice(0, limit).map(toItem);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? encodeNotificationCursor(last) : null, unread: await unreadCount(q, userId) };
}
