import bcrypt from 'bcryptjs';
import type { Queryable } from '../platform/db.js';
import { updateSet } from '../platform/sql.js';
import { recordAudit } from '../platform/audit.js';

/** What an administrator may change on a user (PATCH /users/:id), wire name → column. */
export const USER_PATCH_COLUMNS = {
  firstName: 'first_name', secondName: 'second_name', middleName: 'middle_name', phone: 'phone', roles: 'roles', opf: 'opf',
  isPersonal: 'is_personal', canChatWithAgents: 'can_chat_with_agents', canChatWithClients: 'can_chat_with_clients',
  canViewOnlyAppointedAgents: 'can_view_only_appointed_agents', canAnalyticsView: 'can_analytics_view', isBlocked: 'is_blocked',
};
export type UserPatch = Partial<Record<keyof typeof USER_PATCH_COLUMNS, unknown>>;

/**
 * Writes the patch and its audit row (who, the changed fields before and after) in the caller's
 * transaction; false when there is no such user. A patch that only blocks or unblocks is recorded as such.
 */
export async function updateUser(q: Queryable, id: string, patch: UserPatch, actorId: string | null): Promise<boolean> {
  const keys = Object.keys(patch) as (keyof typeof USER_PATCH_COLUMNS)[];
  const columns = keys.map((k) => `${USER_PATCH_COLUMNS[k]} AS "${k}"`).join(', ');
  const [before] = keys.length ? await q.query<Record<string, unknown>>(`SELECT ${columns} FROM users WHERE id = $1`, [id]) : [undefined];
  const { sql, params } = updateSet(USER_PATCH_COLUMNS, patch, 2, ['updated_at = now()']);
  const updated = await q.query<Record<string, unknown>>(`UPDATE users SET ${sql} WHERE id = $1 RETURNING ${columns || 'id'}`, [id, ...params]);
  if (updated.length === 0) return false;
  const blockedChanged = before && 'isBlocked' in patch && before.isBlocked !== updated[0].isBlocked;
  const action = blockedChanged && keys.length === 1 ? (updated[0].isBlocked ? 'block' : 'unblock') : 'update';
  if (before) await recordAudit(q, { actorId, action, objectType: 'user', objectId: id, before, after: updated[0] });
  return true;
}

/** What a role change is checked against: the target's roles and network (locked until the transaction ends). */
export async function roleTarget(q: Queryable, id: string): Promise<{ _id: string; roles: string[]; brokerNetworkId: string | null } | null> {
  const [row] = await q.query<{ id: string; roles: string[]; broker_network_id: string | null }>(
    'SELECT id, roles, broker_network_id FROM users WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row ? { _id: row.id, roles: row.roles, brokerNetworkId: row.broker_network_id } : null;
}

/**
 * The network `actorId` owns and how many administrators are not blocked. The administrators' rows
 * stay locked until the transaction ends, so two admins taking their own role at once cannot both
 * count the other one and leave none.
 */
export async function roleChangeFacts(q: Queryable, actorId: string): Promise<{ ownedNetworkId: string | null; adminCount: number }> {
  const admins = await q.query<{ id: string }>(`SELECT id FROM users WHERE 'admin' = ANY(roles) AND NOT is_blocked ORDER BY id FOR UPDATE`);
  const [net] = await q.query<{ id: string }>('SELECT id FROM broker_networks WHERE owner_user_id = $1 ORDER BY id LIMIT 1', [actorId]);
  return { ownedNetworkId: net?.id ?? null, adminCount: admins.length };
}

/** True when the session was created less than `maxAgeMs` ago (a fresh sign-in). */
export async function sessionIsFresh(q: Queryable, sessionId: string, maxAgeMs: number): Promise<boolean> {
  const [row] = await q.query<{ fresh: boolean }>(
    'SELECT created_at > now() - make_interval(secs => $2) AS fresh FROM sessions WHERE id = $1',
    [sessionId, maxAgeMs / 1000],
  );
  return !!row?.fresh;
}

/** The user's current password, checked again (bcrypt). */
export async function passwordMatches(q: Queryable, userId: string, password: string): Promise<boolean> {
  const [row] = await q.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return !!row && (await bcrypt.compare(password, row.password_hash));
}
