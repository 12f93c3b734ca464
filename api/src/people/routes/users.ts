import type { FastifyInstance } from 'fastify';
import { ROLE_CHANGE_FRESH_SESSION_MS, ROLE_TEXTS, USER_TEXTS, roleChangeError, uniqueRoles, userKindOf, type Role } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { createRateLimiter } from '../../platform/auth/rate-limit.js';
import { HttpError, forbidden, notFound, validationError } from '../../platform/errors.js';
import { definedEntries, idParams, yup } from '../../platform/validation.js';
import { route } from '../../platform/routes.js';
import { auditedTx } from '../../platform/audit.js';
import { loadUser, toSessionUser } from '../../platform/auth/users.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import { passwordMatches, roleChangeFacts, roleTarget, sessionIsFresh, updateUser } from '../users.js';
import { rolesSchema, userCreateSchema, userListSchema, userPatchSchema } from '../schemas.js';
import { createUser, emailTaken, getManagedUser, listUsers, networkExists } from '../manage.js';

/**
 * The PATCH body: the user fields, `roles` as at most MAX_ROLES known roles (which of them the caller
 * may set is shared-kit's roleChangeError), and `password` — the caller's own, confirming a role
 * change when the session is older than ROLE_CHANGE_FRESH_SESSION_MS.
 */
const userPatchBodySchema = userPatchSchema.shape({
  roles: rolesSchema,
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

  // Управление «Пользователи» (issue 26): administrators list, open and create staff and agents.
  route(app, { method: 'GET', url: '/api/v2/users', summary: 'Пользователи: список сотрудников и агентов (Управление)', access: 'isAdmin', query: userListSchema }, async (req) => {
    const { search, role, blocked, kind, after, limit } = req.query;
    return { data: await listUsers(db, { search, role: role || undefined, blocked, kind: (kind || undefined) as 'agent' | 'staff' | undefined, after, limit }) };
  });

  route(app, { method: 'GET', url: '/api/v2/users/:id', summary: 'Пользователи: карточка (Управление)', access: 'isAdmin', params: idParams('id') }, async (req) => {
    const user = await getManagedUser(db, req.params.id);
    if (!user) throw notFound();
    return { data: user };
  });

  /**
   * POST /users (user/create): a member of staff or an agent with the role options of §6 (shared-kit
   * roleChangeError: one kind's options, no agent_new or anonymous), a unique email, an agent's legal form
   * and network; a password by the sign-in rules or none (then the one-time link). Recorded in the audit log.
   */
  route(app, { method: 'POST', url: '/api/v2/users', summary: 'Пользователи: создать сотрудника или агента', access: 'isAdmin', body: userCreateSchema }, async (req) => {
    const { me } = req;
    const body = req.body;
    const roles = uniqueRoles(body.roles) as Role[];
    const refusal = roleChangeError(me.user, { _id: '', roles: [], brokerNetworkId: body.networkId ?? null }, roles, await roleChangeFacts(db, me.user._id));
    if (refusal) throw refuse(refusal.status, refusal.message, 'roles');
    const kind = userKindOf(roles);
    if (kind === 'staff' && body.opf) throw validationError(USER_TEXTS.opfStaff, 'opf');
    if (kind === 'agent' && !body.opf) throw validationError(USER_TEXTS.opfRequired, 'opf');
    if (kind === 'staff' && body.networkId) throw validationError(USER_TEXTS.networkStaff, 'networkId');
    if (body.networkId && !(await networkExists(db, body.networkId))) throw validationError(USER_TEXTS.networkUnknown, 'networkId');
    if (await emailTaken(db, body.email)) throw validationError(USER_TEXTS.emailTaken, 'email');
    const id = await auditedTx(db, rt, (q) =>
      createUser(q, { ...body, roles, middleName: body.middleName ?? '', phone: (body.phone as string | null | undefined) ?? null, opf: body.opf ?? null, networkId: body.networkId ?? null }, me.user._id),
    );
    // Two admins creating the same email at once: the second insert finds it taken.
    if (!id) throw validationError(USER_TEXTS.emailTaken, 'email');
    await reference.forget();
    return { data: (await getManagedUser(db, id))! };
  });

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

    const updated = await auditedTx(db, rt, async (q) => {
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
