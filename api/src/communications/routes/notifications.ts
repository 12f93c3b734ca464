import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams, yup } from '../../platform/validation.js';
import { decodeNotificationCursor, listNotifications, pushCount, unreadCount } from '../notifications.js';

const listQuery = yup.object({
  after: yup.string().trim().max(200).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => !v || decodeNotificationCursor(v) !== null).label('after'),
  limit: yup.number().integer().min(1).max(100).default(20).label('limit'),
});

/**
 * The notifications page (issue 13): the user's own, unread first; marking one or all read, each
 * answered with the new unread number and pushed to the user's other tabs (`notifications_count`).
 * Who may: whoever has the notifications section (canSeeNotifications); another user's notification is
 * not told apart from a missing one (404).
 */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/notifications', summary: 'Уведомления: свои, сначала непрочитанные', access: 'canSeeNotifications', query: listQuery }, async (req) => {
    const { after, limit } = req.query as { after?: string; limit: number };
    return { data: await listNotifications(ctx.db, req.me.user._id, { after, limit }) };
  });

  route(app, { method: 'POST', url: '/api/v2/notifications/:notificationId/read', summary: 'Уведомления: отметить прочитанным', access: 'canSeeNotifications', params: idParams('notificationId') }, async (req) => {
    const me = req.me.user._id;
    const rows = await ctx.db.query<{ id: string }>('UPDATE notifications SET is_read = true, read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id', [req.params.notificationId, me]);
    if (!rows.length) throw new HttpError(404, 'Уведомление не найдено');
    await pushCount(ctx, me);
    return { data: { unread: await unreadCount(ctx.db, me) } };
  });

  route(app, { method: 'POST', url: '/api/v2/notifications/read-all', summary: 'Уведомления: прочитать все', access: 'canSeeNotifications' }, async (req) => {
    const me = req.me.user._id;
    await ctx.db.query('UPDATE notifications SET is_read = true, read_at = now() WHERE user_id = $1 AND NOT is_read', [me]);
    await pushCount(ctx, me);
    return { data: { unread: 0 } };
  });
}
