import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import { AGENT_TOTAL_CAP, BOUGHT_CONTRACT_STATUSES, CLOSED_BROKER_REQUEST_STATUSES, type AgentCard, type AgentLevel, type AgentListItem, type AgentListPage, type AgentOpf, type SubAgentsPage } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { fio } from '../platform/auth/users.js';
import type { Authed } from '../platform/auth/guard.js';
import { agentRowCondition } from '../platform/scope.js';
import { recordAudit } from '../platform/audit.js';
import { createPasswordLink } from '../platform/auth/password-links.js';
import { personSearchCondition, searchedPage } from './search.js';

/**
 * Agents as other users see them: the list (POST /agents/) and the pickers' search. Whose agents is
 * the platform scope's answer (the same one the payments info counts by); the caller is never listed.
 */
type Me = Pick<Authed, 'user'> & Partial<Pick<Authed, 'can'>>;

const IS_AGENT = `('agent' = ANY(u.roles) OR 'agent_new' = ANY(u.roles))`;

/**
 * Agents (role agent or agent_new) in the user's scope, without the user, whom `search` finds (when given:
 * people/search.ts): the WHERE list and its parameters, for more conditions to join.
 */
function visibleAgents(me: Me, search: string | null | undefined) {
  const params: unknown[] = [me.user._id];
  const conds = [IS_AGENT, 'u.id <> $1', agentRowCondition(me, 'u', params)];
  if (search) conds.push(personSearchCondition('u', search, params));
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
  /** The keyset cursor of «Показать ещё» (`next` of the page before): `<createdAt ISO>_<id>`. */
  after?: string | null;
}

type ListRow = NameRow & { is_blocked: boolean; opf: AgentOpf | null; rating_level: number; network_id: string | null; network_name: string | null; created_at: Date | string };

/** A sale: a contract paid and after (paid, released, in force, ended — shared-kit's BOUGHT_CONTRACT_STATUSES). */
const SOLD = (c: string) => `${c}.status IN (${BOUGHT_CONTRACT_STATUSES.join(',')})`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const toListItem = (r: ListRow): AgentListItem => ({
  _id: r.id,
  fio: fio(r),
  email: r.email,
  isBlocked: r.is_blocked,
  opf: r.opf,
  level: r.rating_level as AgentLevel,
  network: r.network_id ? { _id: r.network_id, name: r.network_name ?? '' } : null,
  createDate: iso(r.created_at),
});

/** The cursor's shape: a millisecond ISO time and an id. */
export const AGENT_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{24}$/;

/**
 * One page of agents by creation date (§9: newest first; `sortType` may turn it). With `after`, the
 * page after that cursor (keyset: read from users_created_keyset_idx, however deep); else page `page`.
 * `total` counts the whole filtered list on the first page (null on the pages after a cursor, and for a search).
 */
export async function listAgents(q: Queryable, me: Me, f: AgentFilter): Promise<AgentListPage> {
  // The search is searchedPage's (people/search.ts): the list's conditions here, without it.
  const { params, conds } = visibleAgents(me, null);
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
  // The total is the first page's (the list shows it once); «Показать ещё» does not count again.
  // Counted up to AGENT_TOTAL_CAP (a screen says «более 10 000»): an exact count of 100,000 rows would be most of the call.
  // A search is not counted (its rows are what is asked; counting a text match means reading every agent).
  const countQuery = f.after || f.search
    ? Promise.resolve([{ n: null }])
    : q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM users u WHERE ${where} LIMIT ${AGENT_TOTAL_CAP + 1}) c`, params);
  const dir = f.sortType === 'asc' ? 'ASC' : 'DESC';
  const pageParams = [...params];
  const pageConds = [...conds];
  let offset = (f.page - 1) * f.pageSize;
  if (f.after) {
    const at = f.after.slice(0, 24);
    const id = f.after.slice(25);
    pageParams.push(at, id);
    pageConds.push(`(u.created_at, u.id) ${dir === 'DESC' ? '<' : '>'} ($${pageParams.length - 1}::timestamptz, $${pageParams.length})`);
    offset = 0;
  }
  const columns = `u.id, u.email, u.first_name, u.second_name, u.middle_name, u.is_blocked, u.opf, u.rating_level,
            u.broker_network_id AS network_id, bn.name AS network_name, u.created_at`;
  const joins = 'LEFT JOIN broker_networks bn ON bn.id = u.broker_network_id';
  const order = `u.created_at ${dir}, u.id ${dir}`;
  let rowsQuery: Promise<ListRow[]>;
  if (f.search) {
    rowsQuery = searchedPage<ListRow>(q, { columns, joins, conds: pageConds, params: pageParams, search: f.search, order, limit: f.pageSize + 1, offset });
  } else {
    pageParams.push(f.pageSize + 1, offset);
    rowsQuery = q.query<ListRow>(
      `SELECT ${columns} FROM users u ${joins} WHERE ${pageConds.join(' AND ')} ORDER BY ${order} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}`,
      pageParams,
    );
  }
  const [[{ n }], rows] = [await countQuery, await rowsQuery];
  const more = rows.length > f.pageSize;
  const page = rows.slice(0, f.pageSize);
  const last = page[page.length - 1];
  const capped = n !== null && n > AGENT_TOTAL_CAP;
  return { agents: page.map(toListItem), total: capped ? AGENT_TOTAL_CAP : n, totalCapped: capped, next: more && last ? `${iso(last.created_at)}_${last.id}` : null };
}

/** The agent `agentId` as `me` may see them (an agent in their scope, not themselves), locked with `lock`. */
async function visibleAgent(q: Queryable, me: Me, agentId: string, lock = false) {
  const { params, conds } = visibleAgents(me, null);
  params.push(agentId);
  const [row] = await q.query<ListRow & { phone: string | null; roles: string[]; is_sub_agent: boolean; parent_agent_id: string | null }>(
    `SELECT u.id, u.email, u.first_name, u.second_name, u.middle_name, u.is_blocked, u.opf, u.rating_level, u.phone, u.roles,
            u.is_sub_agent, u.parent_agent_id, u.broker_network_id AS network_id, bn.name AS network_name, u.created_at
       FROM users u LEFT JOIN broker_networks bn ON bn.id = u.broker_network_id
      WHERE ${conds.join(' AND ')} AND u.id = $${params.length}${lock ? ' FOR UPDATE OF u' : ''}`,
    params,
  );
  return row ?? null;
}

/** What `me` may do to an agent: administrators everything; a network owner blocks their own sub-agents. */
export function agentRights(me: Me, agent: { parent_agent_id: string | null }): AgentCard['can'] {
  const admin = !!me.can?.isAdmin;
  return {
    block: admin || (!!me.can?.isNetworkAgentOwner && agent.parent_agent_id === me.user._id),
    changeLevel: admin,
    moveNetwork: admin,
    appointCurator: admin,
  };
}

/** An agent's card, or null when there is no such agent in `me`'s scope. */
export async function agentCard(q: Queryable, me: Me, agentId: string): Promise<AgentCard | null> {
  const a = await visibleAgent(q, me, agentId);
  if (!a) return null;
  const [parent] = a.parent_agent_id ? await q.query<NameRow>('SELECT id, email, first_name, second_name, middle_name FROM users WHERE id = $1', [a.parent_agent_id]) : [];
  const curators = await q.query<NameRow>(
    `SELECT c.id, c.email, c.first_name, c.second_name, c.middle_name FROM agent_curators ac JOIN users c ON c.id = ac.curator_id
      WHERE ac.agent_id = $1 ORDER BY c.second_name, c.first_name, c.id`,
    [agentId],
  );
  const [contracts] = await q.query<{ total: number; paid: number; premium: string | number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${SOLD('c')})::int AS paid, coalesce(sum(c.premium) FILTER (WHERE ${SOLD('c')}), 0)::bigint AS premium
       FROM contracts c WHERE c.agent_id = $1`,
    [agentId],
  );
  const [requests] = await q.query<{ total: number; open: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status NOT IN (${CLOSED_BROKER_REQUEST_STATUSES.join(',')}))::int AS open
       FROM broker_requests WHERE agent_id = $1`,
    [agentId],
  );
  const [ledger] = await q.query<{ commission: string | number; override: string | number; total: string | number }>(
    `SELECT coalesce(sum(amount_kopecks) FILTER (WHERE kind IN ('override', 'override_reversal')), 0)::bigint AS override,
            coalesce(sum(amount_kopecks) FILTER (WHERE kind NOT IN ('override', 'override_reversal')), 0)::bigint AS commission,
            coalesce(sum(amount_kopecks), 0)::bigint AS total
       FROM commission_ledger WHERE agent_id = $1`,
    [agentId],
  );
  // Who is signed in where is for senior staff only (an owner sees their sub-agent's work, not their devices).
  const sessions = me.can?.isSeniorStaff
    ? await q.query<{ id: string; created_at: Date | string; expires_at: Date | string; last_route: string | null }>(
        `SELECT id, created_at, expires_at, last_route FROM sessions
          WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 20`,
        [agentId],
      )
    : [];
  return {
    ...toListItem(a),
    firstName: a.first_name,
    secondName: a.second_name,
    middleName: a.middle_name,
    phone: a.phone,
    roles: a.roles,
    isSubAgent: a.is_sub_agent,
    parent: parent ? { _id: parent.id, fio: fio(parent) } : null,
    curators: curators.map((c) => ({ _id: c.id, fio: fio(c) })),
    contracts: { total: contracts.total, paid: contracts.paid, premium: Number(contracts.premium) },
    brokerRequests: { total: requests.total, open: requests.open },
    ledger: { commission: Number(ledger.commission), override: Number(ledger.override), total: Number(ledger.total) },
    sessions: sessions.map((s) => ({ _id: s.id, createdAt: iso(s.created_at), expiresAt: iso(s.expires_at), lastRoute: s.last_route })),
    can: agentRights(me, a),
  };
}

export interface AgentPatch {
  level?: number;
  networkId?: string | null;
  isBlocked?: boolean;
}

export type AgentPatchResult = 'not_found' | 'forbidden' | 'no_network' | { blocked: boolean; changed: boolean };

/**
 * Changes an agent's level, network or blocked state (each only by who may: agentRights), with its
 * audit row, in the caller's transaction.
 */
export async function patchAgent(q: Queryable, me: Me, agentId: string, patch: AgentPatch): Promise<AgentPatchResult> {
  const a = await visibleAgent(q, me, agentId, true);
  if (!a) return 'not_found';
  const can = agentRights(me, a);
  if ((patch.level !== undefined && !can.changeLevel) || (patch.networkId !== undefined && !can.moveNetwork) || (patch.isBlocked !== undefined && !can.block)) return 'forbidden';
  if (patch.networkId) {
    const [net] = await q.query('SELECT id FROM broker_networks WHERE id = $1', [patch.networkId]);
    if (!net) return 'no_network';
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const sets: string[] = [];
  const params: unknown[] = [agentId];
  const set = (field: string, column: string, old: unknown, value: unknown) => {
    before[field] = old;
    after[field] = value;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (patch.level !== undefined) set('level', 'rating_level', a.rating_level, patch.level);
  if (patch.networkId !== undefined) set('networkId', 'broker_network_id', a.network_id, patch.networkId);
  if (patch.isBlocked !== undefined) set('isBlocked', 'is_blocked', a.is_blocked, patch.isBlocked);
  await q.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
  const onlyBlock = Object.keys(after).length === 1 && 'isBlocked' in after && a.is_blocked !== patch.isBlocked;
  const action = onlyBlock ? (patch.isBlocked ? 'block' : 'unblock') : 'update';
  const id = await recordAudit(q, { actorId: me.user._id, action, objectType: 'user', objectId: agentId, before, after });
  return { blocked: patch.isBlocked ?? a.is_blocked, changed: id !== null };
}

/** Appoints (or removes) a curator of an agent, with its audit row; a curator is a supervisor. */
export async function setCurator(q: Queryable, me: Me, agentId: string, curatorId: string, appoint: boolean): Promise<'not_found' | 'not_curator' | 'ok'> {
  const a = await visibleAgent(q, me, agentId, true);
  if (!a) return 'not_found';
  if (appoint) {
    const [c] = await q.query(`SELECT id FROM users WHERE id = $1 AND 'agent_supervisor' = ANY(roles)`, [curatorId]);
    if (!c) return 'not_curator';
    const added = await q.query('INSERT INTO agent_curators (curator_id, agent_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING curator_id', [curatorId, agentId]);
    if (added.length) await recordAudit(q, { actorId: me.user._id, action: 'create', objectType: 'curator', objectId: agentId, before: null, after: { curatorId } });
    return 'ok';
  }
  const removed = await q.query('DELETE FROM agent_curators WHERE curator_id = $1 AND agent_id = $2 RETURNING curator_id', [curatorId, agentId]);
  if (!removed.length) return 'not_found';
  await recordAudit(q, { actorId: me.user._id, action: 'delete', objectType: 'curator', objectId: agentId, before: { curatorId }, after: null });
  return 'ok';
}

/** The supervisors an administrator may appoint as curators. */
export async function curatorOptions(q: Queryable) {
  const rows = await q.query<NameRow>(
    `SELECT id, email, first_name, second_name, middle_name FROM users WHERE 'agent_supervisor' = ANY(roles) AND NOT is_blocked ORDER BY second_name, first_name, id`,
  );
  return rows.map((r) => ({ _id: r.id, fio: fio(r) }));
}

/** The broker networks (to move an agent to). */
export async function networkOptions(q: Queryable) {
  const rows = await q.query<{ id: string; name: string }>('SELECT id, name FROM broker_networks ORDER BY name, id');
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

/**
 * A network owner's sub-agents (parent_agent_id = the owner), newest first, each with their paid sales
 * (count and premium) and the override the owner earned on them (the ledger's override lines of the
 * owner on the sub-agent's contracts), and the totals.
 */
export async function listSubAgents(q: Queryable, me: Me): Promise<SubAgentsPage> {
  const rows = await q.query<NameRow & { phone: string | null; is_blocked: boolean; created_at: Date | string; sales_count: number; sales_premium: string | number; override: string | number }>(
    `SELECT u.id, u.email, u.first_name, u.second_name, u.middle_name, u.phone, u.is_blocked, u.created_at,
            (SELECT count(*)::int FROM contracts c WHERE c.agent_id = u.id AND ${SOLD('c')}) AS sales_count,
            (SELECT coalesce(sum(c.premium), 0)::bigint FROM contracts c WHERE c.agent_id = u.id AND ${SOLD('c')}) AS sales_premium,
            (SELECT coalesce(sum(l.amount_kopecks), 0)::bigint FROM commission_ledger l JOIN contracts c ON c.id = l.contract_id
              WHERE l.agent_id = $1 AND c.agent_id = u.id AND l.kind IN ('override', 'override_reversal')) AS override
       FROM users u WHERE u.parent_agent_id = $1 ORDER BY u.created_at DESC, u.id DESC`,
    [me.user._id],
  );
  const subAgents = rows.map((r) => ({
    _id: r.id, fio: fio(r), email: r.email, phone: r.phone, isBlocked: r.is_blocked, createDate: iso(r.created_at),
    sales: { count: r.sales_count, premium: Number(r.sales_premium) }, override: Number(r.override),
  }));
  const totals = subAgents.reduce((t, s) => ({ count: t.count + s.sales.count, premium: t.premium + s.sales.premium, override: t.override + s.override }), { count: 0, premium: 0, override: 0 });
  return { subAgents, totals };
}

export interface Invitation {
  firstName: string;
  secondName: string;
  middleName?: string;
  email: string;
  phone?: string | null;
  opf?: AgentOpf | null;
  roles: string[];
}

/**
 * A network owner invites a sub-agent: the user is created in the owner's network as their sub-agent
 * (no usable password yet), with the invitation's audit row and a one-time link to set the password.
 * 'taken' when the email has a user already.
 */
export async function inviteSubAgent(q: Queryable, me: Me, inv: Invitation): Promise<'taken' | { _id: string; link: string; expiresAt: string }> {
  const email = inv.email.trim().toLowerCase();
  const [exists] = await q.query('SELECT id FROM users WHERE email = $1', [email]);
  if (exists) return 'taken';
  const [owner] = await q.query<{ broker_network_id: string | null }>('SELECT broker_network_id FROM users WHERE id = $1', [me.user._id]);
  const id = newId();
  const unusable = await bcrypt.hash(randomBytes(24).toString('hex'), 10);
  const row = {
    email, roles: inv.roles, firstName: inv.firstName, secondName: inv.secondName, middleName: inv.middleName ?? '',
    phone: inv.phone || null, opf: inv.opf || null, networkId: owner?.broker_network_id ?? null, parentAgentId: me.user._id,
  };
  await q.query(
    `INSERT INTO users (id, email, password_hash, roles, first_name, second_name, middle_name, phone, opf, broker_network_id, parent_agent_id, is_sub_agent, chat_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true, $12)`,
    [id, row.email, unusable, row.roles, row.firstName, row.secondName, row.middleName, row.phone, row.opf, row.networkId, row.parentAgentId, newId()],
  );
  await recordAudit(q, { actorId: me.user._id, action: 'invite', objectType: 'user', objectId: id, before: null, after: row });
  const link = await createPasswordLink(q, id, 'invite', me.user._id);
  return { _id: id, link: link.link, expiresAt: link.expiresAt };
}
