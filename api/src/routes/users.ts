import type { FastifyInstance } from 'fastify';
import { ROLES } from '@oyster/shared-kit/domain';
import type { RouteContext } from './context.js';
import { ensure, requireUser } from '../auth/guard.js';
import { HttpError, notFound, objectIdSchema, validate, yup } from '../validation.js';
import { loadUser, toSessionUser } from '../auth/users.js';
import { revokeUserSessions } from '../auth/sessions.js';

const name = (label: string) => yup.string().trim().min(1).max(100).label(label);
const patchSchema = yup.object({
  firstName: name('firstName'),
  secondName: name('secondName'),
  middleName: yup.string().trim().max(100).label('middleName'),
  roles: yup.array(yup.string().oneOf([...ROLES], ({ value }: { value: unknown }) => `Неизвестная роль: ${String(value)}`).required()).min(1).label('roles'),
  opf: yup.string().oneOf(['FL', 'IP', 'SZ', 'YL'], 'Поле «opf» должно быть одним из: FL, IP, SZ, YL').nullable(),
  isPersonal: yup.boolean().strict(),
  canChatWithAgents: yup.boolean().strict(),
  canChatWithClients: yup.boolean().strict(),
  canViewOnlyAppointedAgents: yup.boolean().strict(),
  canAnalyticsView: yup.boolean().strict(),
  isBlocked: yup.boolean().strict(),
});

const COLUMNS: Record<string, string> = {
  firstName: 'first_name', secondName: 'second_name', middleName: 'middle_name', roles: 'roles', opf: 'opf',
  isPersonal: 'is_personal', canChatWithAgents: 'can_chat_with_agents', canChatWithClients: 'can_chat_with_clients',
  canViewOnlyAppointedAgents: 'can_view_only_appointed_agents', canAnalyticsView: 'can_analytics_view', isBlocked: 'is_blocked',
};

export function userRoutes(app: FastifyInstance, { db, rt }: RouteContext) {
  app.patch('/api/v2/users/:id', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.isAdmin);
    const { id } = await validate(yup.object({ id: objectIdSchema.required() }), req.params);
    const patch = await validate(patchSchema, req.body);
    const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && k in COLUMNS);
    if (!entries.length) throw new HttpError(400, 'Нет полей для изменения', { error: true, type: 'validation', field: null });
    if (id === me.user._id && patch.isBlocked) throw new HttpError(400, 'Нельзя заблокировать самого себя', { error: true, type: 'validation', field: 'isBlocked' });

    const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 2}`);
    const updated = await db.query<{ id: string }>(
      `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING id`,
      [id, ...entries.map(([, v]) => v)],
    );
    if (!updated.length) throw notFound();
    const row = (await loadUser(db, id))!;
    const user = toSessionUser(row);
    if (row.is_blocked) {
      // Blocking ends every session now: the next request is 401 and open sockets get `logout`.
      await revokeUserSessions(db, id);
      rt.endUserSessions(id);
    } else {
      rt.emitToUser(id, 'session_update', user);
    }
    return { user, isBlocked: row.is_blocked };
  });
}
