import type { Queryable } from '../platform/db.js';
import { fio } from '../platform/auth/users.js';
import type { Authed } from '../platform/auth/guard.js';
import { agentIdsCondition } from '../platform/scope.js';

/**
 * Agents as other users see them: the list (POST /agents/) and the pickers' search. Whose agents is
 * the platform scope's answer (the same one the payments info counts by); the caller is never listed.
 */
type Me = Pick<Authed, 'user'>;

const IS_AGENT = `('agent' = ANY(u.roles) OR 'agent_new' = ANY(u.roles))`;

const likeParam = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Agents (role agent or agent_new) in the user's scope, without the user, whose email or full name
 * contains `search` (when given): the WHERE list and its parameters, for more conditions to join.
 */
function visibleAgents(me: Me, search: string | null | undefined) {
  const params: unknown[] = [me.user._id];
  const conds = [IS_AGENT, 'u.id <> $1', agentIdsCondition(me, 'u.id', params)];
  if (search) {
    params.push(likeParam(search));
    const n = `$${params.length}`;
    conds.push(`(u.email ILIKE ${n} OR concat_ws(' ', u.second_name, u.first_name, u.middle_name) ILIKE ${n})`);
  }
  return { params, conds };
}

type NameRow = { id: string; email: string; first_name: string; second_name: string; middle_name: string };

export interface AgentSearch {
  search: string;
  agentId?: string;
  subAgents: boolean;
}

/** Up to 20 agents by name, email or id, for pickers. */
export async function searchAgents(q: Queryable, me: Me, o: AgentSearch) {
  const { params, conds } = visibleAgents(me, o.search);
  if (o.agentId) {
    params.push(o.agentId);
    conds.push(`u.id = $${params.length}`);
  }
  if (o.subAgents) conds.push('u.parent_agent_id IS NOT NULL');
  const rows = await q.query<NameRow & { is_blocked: boolean }>(
    `SELECT u.id, u.email, u.first_name, u.second_name, u.middle_name, u.is_blocked FROM users u
      WHERE ${conds.join(' AND ')} ORDER BY u.second_name, u.first_name LIMIT 20`,
    params,
  );
  return rows.map((r) => ({ _id: r.id, fio: fio(r), email: r.email, isBlocked: r.is_blocked }));
}

export interface AgentFilter {
  search?: string | null;
  opf?: string | null;
  /** 0 — active, 1 — blocked. */
  status?: number | null;
  /** true: in any broker network; an id: in that network. */
  byNetwork?: boolean | string | null;
  sortType: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** One page of agents by creation date, and the total. */
export async function listAgents(q: Queryable, me: Me, f: AgentFilter) {
  const { params, conds } = visibleAgents(me, f.search);
  if (f.opf) {
    params.push(f.opf);
    conds.push(`u.opf = $${params.length}`);
  }
  if (f.status === 0 || f.status === 1) conds.push(f.status === 1 ? 'u.is_blocked' : 'NOT u.is_blocked');
  if (f.byNetwork === true) conds.push('u.broker_network_id IS NOT NULL');
  else if (typeof f.byNetwork === 'string' && f.byNetwork) {
    params.push(f.byNetwork);
    conds.push(`u.broker_network_id = $${params.length}`);
  }
  const where = conds.join(' AND ');
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, params);
  const dir = f.sortType === 'asc' ? 'ASC' : 'DESC';
  const n1 = params.length + 1;
  const rows = await q.query<NameRow>(
    `SELECT u.id, u.email, u.first_name, u.second_name, u.middle_name FROM users u WHERE ${where}
      ORDER BY u.created_at ${dir}, u.id ${dir} LIMIT $${n1} OFFSET $${n1 + 1}`,
    [...params, f.pageSize, (f.page - 1) * f.pageSize],
  );
  return { agents: rows.map((r) => ({ _id: r.id, fio: fio(r), email: r.email })), total: n };
}
