import { CLOSED_BROKER_REQUEST_STATUSES, type Role, type SessionUser } from '@oyster/shared-kit/domain';
import type { Queryable } from '../db.js';

/** Columns needed to build the session user; brExecutorCount is computed, never stored. */
export const USER_COLUMNS = `
  u.id, u.email, u.roles, u.first_name, u.second_name, u.middle_name, u.opf, u.is_personal, u.chat_id,
  u.broker_network_id, u.parent_agent_id, u.can_chat_with_agents, u.can_chat_with_clients,
  u.can_view_only_appointed_agents, u.can_analytics_view, u.is_sub_agent, u.is_blocked,
  (SELECT count(*)::int FROM broker_requests br
     WHERE br.executor_id = u.id AND br.status NOT IN (${CLOSED_BROKER_REQUEST_STATUSES.join(',')})) AS br_executor_count`;

export interface UserRow {
  id: string;
  email: string;
  roles: string[];
  first_name: string;
  second_name: string;
  middle_name: string;
  opf: 'FL' | 'IP' | 'SZ' | 'YL' | null;
  is_personal: boolean;
  chat_id: string | null;
  broker_network_id: string | null;
  parent_agent_id: string | null;
  can_chat_with_agents: boolean;
  can_chat_with_clients: boolean;
  can_view_only_appointed_agents: boolean;
  can_analytics_view: boolean;
  is_sub_agent: boolean;
  is_blocked: boolean;
  br_executor_count: number;
}

const initial = (s: string) => (s ? `${s[0]}.` : '');

export function fio(r: Pick<UserRow, 'first_name' | 'second_name' | 'middle_name'>): string {
  return [r.second_name, r.first_name, r.middle_name].filter(Boolean).join(' ');
}

/** `fio` in SQL, for a users row joined as `alias`: the same order and the same skipped blanks. */
export const fioSql = (alias: string) =>
  `concat_ws(' ', NULLIF(${alias}.second_name, ''), NULLIF(${alias}.first_name, ''), NULLIF(${alias}.middle_name, ''))`;

export function toSessionUser(r: UserRow): SessionUser {
  return {
    _id: r.id,
    roles: r.roles as Role[],
    isPersonal: r.is_personal,
    chatId: r.chat_id,
    brokers_network: r.broker_network_id ? { mongoId: r.broker_network_id } : null,
    firstName: r.first_name,
    secondName: r.second_name,
    middleName: r.middle_name,
    fullNameShort: [r.second_name, initial(r.first_name), initial(r.middle_name)].filter(Boolean).join(' '),
    fio: fio(r),
    email: r.email,
    billing: r.opf ? { opf: r.opf } : null,
    canChatWithAgents: r.can_chat_with_agents,
    canChatWithClients: r.can_chat_with_clients,
    canViewOnlyAppointedAgents: r.can_view_only_appointed_agents,
    canAnalyticsView: r.can_analytics_view,
    brExecutorCount: Number(r.br_executor_count),
    isSubAgent: r.is_sub_agent,
  };
}

export async function loadUser(q: Queryable, id: string): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}
