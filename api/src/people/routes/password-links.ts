import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { auditedTx } from '../../platform/audit.js';
import { idParams } from '../../platform/validation.js';
import { createPasswordLink } from '../../platform/auth/password-links.js';

/**
 * «Сбросить пароль»: an administrator makes a one-time link for a user to set a new password
 * (platform/auth/password-links.ts; the older links of the user stop working). The link is shown to
 * copy and send; the audit log keeps who made it.
 */
export function passwordLinkAdminRoutes(app: FastifyInstance, { db, rt }: AppContext) {
  route(app, { method: 'POST', url: '/api/v2/users/:id/password-link', summary: 'Пользователи: ссылка для сброса пароля', access: 'isAdmin', params: idParams('id') }, async (req) => {
    const { id } = req.params;
    const link = await auditedTx(db, rt, async (q) => {
      const [user] = await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
      return user ? createPasswordLink(q, id, 'reset', req.me.user._id) : null;
    });
    if (!link) throw notFound();
    return { link: link.link, expiresAt: link.expiresAt };
  });
}
