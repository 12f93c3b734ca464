import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ensure } from '../../platform/auth/guard.js';
import { notFound, validationError } from '../../platform/errors.js';
import { definedEntries, idParams, validate } from '../../platform/validation.js';
import { loadUser, toSessionUser } from '../../platform/auth/users.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import { updateUser } from '../users.js';
import { userPatchSchema } from '../schemas.js';

/** PATCH /users/:id (administrators): the user's sockets get the new session user, or logout when blocked. */
export function userRoutes(app: FastifyInstance, { db, rt }: AppContext) {
  app.patch('/api/v2/users/:id', async (req) => {
    const { me } = req;
    ensure(me.can.isAdmin);
    const { id } = await validate(idParams('id'), req.params);
    const patch = definedEntries(await validate(userPatchSchema, req.body));
    if (id === me.user._id && patch.isBlocked) throw validationError('Нельзя заблокировать самого себя', 'isBlocked');

    if (!(await updateUser(db, id, patch))) throw notFound();
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
