import type { FastifyInstance } from 'fastify';
import { MAX_ROLES, ROLES, ROLE_CHANGE_FRESH_SESSION_MS, ROLE_TEXTS, roleChangeError, uniqueRoles, type Role } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { createRateLimiter } from '../../platform/auth/rate-limit.js';
import { HttpError, forbidden, notFound, validationError } from '../../platform/errors.js';
import { definedEntries, idParams, yup } from '../../platform/validation.js';
import { route } from '../../platform/routes.js';
import { loadUser, toSessionUser } from '../../platform/auth/users.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import { passwordMatches, roleChangeFacts, roleTarget, sessionIsFresh, updateUser } from '../users.js';
import { userPatchSchema } from '../schemas.js';

/**
 * The PATCH body: the user fields, `roles` as at most MAX_ROLES known roles (which of them the caller
 * may set is shared-kit's roleChangeError), and `password` — the caller's own, confirming a role
 * change when the session is older than ROLE_CHANGE_FRESH_SESSION_MS.
 */
const userPatchBodySchema = userPatchSchema.shape({
  roles: yup
    .array(yup.string().required())
    .min(1, ROLE_TEXTS.empty)
    .max(MAX_ROLES, ROLE_TEXTS.tooMany)
    .test('known', (roles, ctx) => {
      const unknown = roles?.find((r) => !(ROLES as readonly string[]).includes(r));
      return unknown === undefined || ctx.createError({ message: `Неизвестная роль: ${unknown}` });
    })
    .label('roles'),
  password: yup.string().max(200).label('password'),
});

/** Wrong confirmation passwords per user before a pause (like the sign-in limit, per instance). */
const PASSWORD_TRIES = { max: 5, windowMs: 15 * 60_000 };

const refuse = (status: 400 | 403, message: string, field: string) =>
  status === 400 ? validationError(message, field) : new HttpError(403, message, { error: true, type: 'forbidden', field });

/**
 * PATCH /users/:id — administrators change any field; a broker network owner agent changes only the
 * roles of the agents of the network they own (shared-kit roleChangeError, spec §6). A role change
 * needs a session younger than 15 minutes or the caller's password. The user's sockets get the new
 * session user, or logout when blocked.
 */
export function userRoutes(app: FastifyInstance, { db, rt, sessions, reference }: AppContext) {
  const passwordTries = createRateLimiter(PASSWORD_TRIES);

  route(app, { method: 'PATCH', url: '/api/v2/users/:id', summary: 'Пользователи: изменить (роли — по §6)', access: 'canEditUsers', params: idParams('id'), body: userPatchBodySchema }, async (req) => {
    const { me } = req;
    const { id } = req.params;
    const { password, ...fields } = req.body;
    const patch = definedEntries(fields);
    // A broker network owner has a say over roles only; every other field stays the administrators'.
    if (!me.can.isAdmin && Object.keys(patch).some((k) => k !== 'roles')) throw forbidden();
    if (id === me.user._id && patch.isBlocked) throw validationError('Нельзя заблокировать самого себя', 'isBlocked');

    const before = await loadUser(db, id);
    if (!before) throw me.can.isAdmin ? notFound() : forbidden();
    if (patch.roles) {
      const roles = uniqueRoles(patch.roles);
      patch.roles = roles;
      const changes = roles.length !== before.roles.length || roles.some((r) => !before.roles.includes(r));
      // Checked first so a wrong list is said before any password is asked; checked again under lock before the write.
      const refusal = roleChangeError(me.user, { _id: id, roles: before.roles, brokerNetworkId: before.broker_network_id }, roles, await roleChangeFacts(db, me.user._id));
      if (refusal) throw refuse(refusal.status, refusal.message, 'roles');
      if (changes && !(await sessionIsFresh(db, me.sessionId, ROLE_CHANGE_FRESH_SESSION_MS))) {
        if (!password) throw refuse(403, ROLE_TEXTS.reauth, 'password');
        if (!(await passwordTries.hit(me.user._id)) || !(await passwordMatches(db, me.user._id, password))) {
          throw refuse(403, ROLE_TEXTS.wrongPassword, 'password');
        }
      }
    }

    const updated = await db.tx(async (q) => {
      const target = await roleTarget(q, id);
      if (!target) return false;
      if (patch.roles) {
        const refusal = roleChangeError(me.user, target, patch.roles as Role[], await roleChangeFacts(q, me.user._id));
        if (refusal) throw refuse(refusal.status, refusal.message, 'roles');
      }
      return updateUser(q, id, patch, me.user._id);
    });
    if (!updated) throw notFound();
    const row = (await loadUser(db, id))!;
    const user = toSessionUser(row);
    // Blocking ends every session now: the next request is 401 and open sockets get `logout`.
    if (row.is_blocked) await revokeUserSessions(db, id);
    // Every field of the patch is part of the session user (roles, flags, names, blocked) and of the
    // staff lists of init-state: both caches drop the user here and on every instance before the answer.
    await Promise.all([sessions.forgetUser(id), reference.forget()]);
    if (row.is_blocked) rt.endUserSessions(id);
    else rt.emitToUser(id, 'session_update', user);
    return { user, isBlocked: row.is_blocked };
  });
}
