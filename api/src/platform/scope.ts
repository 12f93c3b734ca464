import { APPOINTED_ONLY_ROLE, STAFF_ROLES, agentScope, type AgentScope, type SessionUser } from '@oyster/shared-kit/domain';
import { USER_COLUMNS, toSessionUser, type UserRow } from './auth/users.js';
import type { Queryable } from './db.js';

/*
 * THE answer to «whose agents, contracts, requests and money may this user see» in SQL. The kind
 * (all / appointed / own) and who acts as staff are shared-kit's (`agentScope`, `STAFF_ROLES`,
 * `APPOINTED_ONLY_ROLE` in domain/scope.ts); here each kind's set of agents is written once and
 * turned into the two forms the domains ask:
 *
 * - for a viewer: a condition «`column` is an agent this user may see» (`agentIdsCondition`; as ids,
 *   `scopedAgentIds`; for one agent, `seesAgent`) — lists, counters, the payments info, scoped reads;
 * - turned round: «the user row `u` may see agent X» (`seesAgentCondition`; as users, `viewersOfAgent`)
 *   — whom to tell about one agent's object (a request's queue, an escalation, a chat's staff side).
 *
 * - `all`: everyone (administrators, finance controllers, supervisors who see every agent, managers).
 * - `appointed`: the agents appointed to this curator (agent_curators).
 * - `own`: the user, their sub-agents (parent_agent_id) and the agents of a broker network they own.
 */

/** A fixed list of roles (shared-kit's words, never input) as an SQL array. */
const rolesArray = (roles: readonly string[]) => `ARRAY[${roles.map((r) => `'${r}'`).join(',')}]::text[]`;

/** Kind `appointed`: the ids of the agents appointed to the curator `self` (a parameter or a column). */
const appointedAgents = (self: string) => `SELECT seen_ac.agent_id FROM agent_curators seen_ac WHERE seen_ac.curator_id = ${self}`;

/**
 * Kind `own`: the user row `seen` is `self` themselves, their sub-agent or an agent of a broker network `self` owns.
 * The networks as `= ANY(ARRAY(…))`, not `IN (…)`: so the three tests are three index scans ORed (users_pkey,
 * users_parent_idx, users_network_idx) instead of a scan of every user (100,000 users: 70 ms → 0.3 ms, an
 * agent's КВ page in bench/finance-ledger.mjs).
 */
const isOwnAgent = (seen: string, self: string) =>
  `(${seen}.id = ${self} OR ${seen}.parent_agent_id = ${self} OR ${seen}.broker_network_id = ANY(ARRAY(SELECT bn.id FROM broker_networks bn WHERE bn.owner_user_id = ${self})))`;

/**
 * Kind `own` read from the agent's side: the ids of the users who could have the agent `agent` as their
 * own (isOwnAgent's three links: the agent, their parent, the owner of their network). Only narrows
 * viewersOfAgent's candidates; seesAgentCondition decides.
 */
const ownViewersOf = (agent: string) =>
  `SELECT unnest(ARRAY[seen.id, seen.parent_agent_id, bn.owner_user_id]) FROM users seen LEFT JOIN broker_networks bn ON bn.id = seen.broker_network_id WHERE seen.id = ${agent}`;

/** `agentScope` of the user row `u` in SQL ('all' | 'appointed' | 'own'), from shared-kit's role lists. */
export function agentScopeSql(u: string): string {
  return `(CASE WHEN '${APPOINTED_ONLY_ROLE}' = ANY(${u}.roles) AND ${u}.can_view_only_appointed_agents THEN 'appointed'
    WHEN ${u}.roles && ${rolesArray(STAFF_ROLES)} THEN 'all' ELSE 'own' END)`;
}

/**
 * An SQL condition «`column` is an agent this user may see». Pushes the user's id onto `params`
 * when the condition needs it and refers to it by number, so it joins any WHERE list. `kind` is the
 * user's own (agentScope) unless a section narrows it (Аналитика: shared-kit's analyticsScope).
 */
export function agentIdsCondition(me: { user: SessionUser }, column: string, params: unknown[], kind: AgentScope = agentScope(me.user)): string {
  if (kind === 'all') return 'true';
  params.push(me.user._id);
  const self = `$${params.length}`;
  if (kind === 'appointed') return `${column} IN (${appointedAgents(self)})`;
  return `${column} IN (SELECT seen.id FROM users seen WHERE ${isOwnAgent('seen', self)})`;
}

/**
 * The same condition on a users row itself: «the row `alias` is an agent this user may see», the kind
 * `own` written on the row's own columns (its id, parent, network) rather than as a subquery of users —
 * so a list of users (the agents list) reads a network owner's agents by three index scans ORed
 * instead of joining the subquery against every user (100,000 agents: 45 ms → a few ms).
 */
export function agentRowCondition(me: { user: SessionUser }, alias: string, params: unknown[]): string {
  const kind = agentScope(me.user);
  if (kind === 'all') return 'true';
  params.push(me.user._id);
  const self = `$${params.length}`;
  if (kind === 'appointed') return `${alias}.id IN (${appointedAgents(self)})`;
  return isOwnAgent(alias, self);
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

/** Whether the user may see this one agent (whose chat they may be the staff side of, …). */
export async function seesAgent(q: Queryable, me: { user: SessionUser }, agentId: string): Promise<boolean> {
  const params: unknown[] = [agentId];
  const rows = await q.query<{ ok: boolean }>(`SELECT true AS ok FROM users a WHERE a.id = $1 AND ${agentIdsCondition(me, 'a.id', params)}`, params);
  return rows.length > 0;
}

/**
 * The same rule turned round, for telling people about one agent's object: an SQL condition «the user
 * row `u` may see the agent `agent`» — `u`'s kind as agentScope decides it, then that kind's set.
 * `agent` may be a parameter or an outer column (the inner aliases: seen, seen_ac, bn).
 */
export function seesAgentCondition(u: string, agent: string): string {
  return `(CASE ${agentScopeSql(u)}
    WHEN 'appointed' THEN ${agent} IN (${appointedAgents(`${u}.id`)})
    WHEN 'all' THEN true
    ELSE EXISTS (SELECT 1 FROM users seen WHERE seen.id = ${agent} AND ${isOwnAgent('seen', `${u}.id`)})
  END)`;
}

/**
 * The users (not blocked) who may see agent `agentId` and whom `wanted` picks. Whom a domain tells —
 * the queue's workers, the supervisors, a chat's staff side — is its choice, asked of each one's session
 * user like any other rule (access flags); whether they may see the agent is this module's.
 * Read from a handful of candidates (staff, and the agent's own links), so no scan tests every user
 * (20,000 users on PostgreSQL: 10 ms; the per-user scan was costed high enough to be JIT-compiled, 200+ ms).
 */
export async function viewersOfAgent(q: Queryable, agentId: string, wanted: (user: SessionUser) => boolean): Promise<string[]> {
  const rows = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u
      WHERE u.id IN (SELECT staff.id FROM users staff WHERE staff.roles && ${rolesArray(STAFF_ROLES)} UNION ${ownViewersOf('$1')})
        AND NOT u.is_blocked AND ${seesAgentCondition('u', '$1')}
      ORDER BY u.id`,
    [agentId],
  );
  return rows.map(toSessionUser).filter(wanted).map((u) => u._id);
}

/**
 * Staff users (not blocked) whom `wanted` picks: whom to tell about what no one agent owns (a payout
 * register as a whole). The event they get names no agent, so appointed-only staff learn nothing of others.
 */
export async function staffWho(q: Queryable, wanted: (user: SessionUser) => boolean): Promise<string[]> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.roles && ${rolesArray(STAFF_ROLES)} AND NOT u.is_blocked ORDER BY u.id`);
  return rows.map(toSessionUser).filter(wanted).map((u) => u._id);
}

/**
 * For many agents at once, who has each as their own (kind `own`: the agent, their parent, the owner of
 * their network) — one query however many agents (a register's lines marked paid), staff left out
 * (tell them with staffWho).
 */
export async function ownViewersOfAgents(q: Queryable, agentIds: readonly string[]): Promise<{ agentId: string; viewerId: string }[]> {
  if (!agentIds.length) return [];
  return q.query<{ agentId: string; viewerId: string }>(
    `SELECT DISTINCT seen.id AS "agentId", v.viewer AS "viewerId"
       FROM users seen LEFT JOIN broker_networks bn ON bn.id = seen.broker_network_id
       CROSS JOIN LATERAL unnest(ARRAY[seen.id, seen.parent_agent_id, bn.owner_user_id]) AS v(viewer)
       JOIN users vu ON vu.id = v.viewer AND NOT vu.is_blocked
      WHERE seen.id = ANY($1::text[])`,
    [agentIds],
  );
}
