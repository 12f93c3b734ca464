import { agentScope, type SessionUser } from '@oyster/shared-kit/domain';
import type { Queryable } from './db.js';

/*
 * THE answer to «whose agents, contracts, requests and money may this user see» in SQL.
 * `agentScope` (shared-kit) names the kind; here each kind becomes one condition on a column that
 * holds an agent's user id. The agents list and search, the payments info and the broker-request and
 * app-registration counters all ask this module, so they cannot disagree.
 *
 * - `all`: everyone (administrators, finance controllers, supervisors who see every agent, managers).
 * - `appointed`: the agents appointed to this curator (agent_curators).
 * - `own`: the user, their sub-agents (parent_agent_id) and the agents of a broker network they own.
 */

/**
 * An SQL condition «`column` is an agent this user may see». Pushes the user's id onto `params`
 * when the condition needs it and refers to it by number, so it joins any WHERE list.
 */
export function agentIdsCondition(me: { user: SessionUser }, column: string, params: unknown[]): string {
  const kind = agentScope(me.user);
  if (kind === 'all') return 'true';
  params.push(me.user._id);
  const self = `$${params.length}`;
  if (kind === 'appointed') return `${column} IN (SELECT agent_id FROM agent_curators WHERE curator_id = ${self})`;
  return `${column} IN (SELECT id FROM users WHERE id = ${self} OR parent_agent_id = ${self}
     OR broker_network_id IN (SELECT id FROM broker_networks WHERE owner_user_id = ${self}))`;
}

/**
 * The same answer as a list of ids, read first: null when the user sees every agent, else the agents
 * (themselves included) they may see. For a big table filtered on something rare, the ids let the
 * planner start from the agents' own rows (an index on agent_id) instead of walking the whole table
 * in list order while testing each row against `agentIdsCondition`'s subquery (issue 12's queue bench:
 * an agent's empty status filter over 200,000 requests, 40 ms → under 1 ms).
 */
export async function scopedAgentIds(q: Queryable, me: { user: SessionUser }): Promise<string[] | null> {
  if (agentScope(me.user) === 'all') return null;
  const params: unknown[] = [];
  const rows = await q.query<{ id: string }>(`SELECT u.id FROM users u WHERE ${agentIdsCondition(me, 'u.id', params)}`, params);
  return rows.map((r) => r.id);
}


/** The roles whose holders see every agent (agentScope 'all'), unless appointed-only. */
const SEES_ALL_ROLES = `ARRAY['admin','agent_supervisor','finance_controller','agent_manager']::text[]`;

/**
 * The same rule turned round, for telling staff about one agent's object: an SQL condition «the user
 * row `u` may see the agent whose id is the parameter `agentParam`» — in agentScope's order: an
 * appointed-only supervisor their appointed agents; the roles that see every agent; anyone else the
 * agents of `own`. `agentParam` may be a parameter or an outer column (its inner aliases: seen, seen_ac, bn).
 */
export function seesAgentCondition(u: string, agentParam: string): string {
  return `(CASE
    WHEN 'agent_supervisor' = ANY(${u}.roles) AND ${u}.can_view_only_appointed_agents
      THEN EXISTS (SELECT 1 FROM agent_curators seen_ac WHERE seen_ac.curator_id = ${u}.id AND seen_ac.agent_id = ${agentParam})
    WHEN ${u}.roles && ${SEES_ALL_ROLES} THEN true
    ELSE EXISTS (SELECT 1 FROM users seen WHERE seen.id = ${agentParam} AND (seen.id = ${u}.id OR seen.parent_agent_id = ${u}.id
      OR seen.broker_network_id IN (SELECT bn.id FROM broker_networks bn WHERE bn.owner_user_id = ${u}.id)))
  END)`;
}
