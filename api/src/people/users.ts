import type { Queryable } from '../platform/db.js';
import { updateSet } from '../platform/sql.js';

/** What an administrator may change on a user (PATCH /users/:id), wire name → column. */
export const USER_PATCH_COLUMNS = {
  firstName: 'first_name', secondName: 'second_name', middleName: 'middle_name', roles: 'roles', opf: 'opf',
  isPersonal: 'is_personal', canChatWithAgents: 'can_chat_with_agents', canChatWithClients: 'can_chat_with_clients',
  canViewOnlyAppointedAgents: 'can_view_only_appointed_agents', canAnalyticsView: 'can_analytics_view', isBlocked: 'is_blocked',
};
export type UserPatch = Partial<Record<keyof typeof USER_PATCH_COLUMNS, unknown>>;

/** Writes the patch; false when there is no such user. */
export async function updateUser(q: Queryable, id: string, patch: UserPatch): Promise<boolean> {
  const { sql, params } = updateSet(USER_PATCH_COLUMNS, patch, 2, ['updated_at = now()']);
  const updated = await q.query<{ id: string }>(`UPDATE users SET ${sql} WHERE id = $1 RETURNING id`, [id, ...params]);
  return updated.length > 0;
}
