import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import {
  AUDIT_OBJECT_TITLES,
  displayRole,
  userKindOf,
  type AuditPage,
  type AuditRow,
  type ManagedUser,
  type ManagedUserListItem,
  type NewUserInput,
  type Opf,
  type Role,
  type UsersPage,
} from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { fio, fioSql } from '../platform/auth/users.js';
import { recordAudit } from '../platform/audit.js';
import { searchedPage } from './search.js';

/**
 * Управление: the users list and page for administrators, a new user, and the audit log's pages
 * (issue 26). Lists are keyset pages: newest first by (time, id), the cursor the last row's pair.
 */

interface ManagedRow {
  id: string;
  email: string;
  roles: string[];
  first_name: string;
  second_name: string;
  middle_name: string;
  opf: Opf | null;
  phone: string | null;
  is_personal: boolean;
  is_blocked: boolean;
  broker_network_id: string | null;
  network_name: string | null;
  can_chat_with_agents: boolean;
  can_chat_with_clients: boolean;
  can_view_only_appointed_agents: boolean;
  can_analytics_view: boolean;
  created_at: Date;
  updated_at: Date;
  /** created_at as PostgreSQL's text (microseconds kept) for the cursor. */
  at_key: string;
}

const MANAGED_COLUMNS = `u.id, u.email, u.roles, u.first_name, u.second_name, u.middle_name, u.opf, u.phone, u.is_personal,
  u.is_blocked, u.broker_network_id, n.name AS network_name, u.can_chat_with_agents, u.can_chat_with_clients,
  u.can_view_only_appointed_agents, u.can_analytics_view, u.created_at, u.updated_at, u.created_at::text AS at_key`;
const MANAGED_JOINS = 'LEFT JOIN broker_networks n ON n.id = u.broker_network_id';
const MANAGED_FROM = `users u ${MANAGED_JOINS}`;

const iso = (d: Date | string) => new Date(d).toISOString();

function toListItem(r: ManagedRow): ManagedUserListItem {
  const roles = r.roles as Role[];
  return {
    _id: r.id,
    fio: fio(r),
    email: r.email,
    roles,
    role: displayRole({ roles }),
    kind: userKindOf(roles),
    opf: r.opf,
    network: r.broker_network_id ? { _id: r.broker_network_id, name: r.network_name ?? '' } : null,
    isBlocked: r.is_blocked,
    createdAt: iso(r.created_at),
  };
}

function toManaged(r: ManagedRow): ManagedUser {
  return {
    ...toListItem(r),
    firstName: r.first_name,
    secondName: r.second_name,
    middleName: r.middle_name,
    phone: r.phone,
    isPersonal: r.is_personal,
    canChatWithAgents: r.can_chat_with_agents,
    canChatWithClients: r.can_chat_with_clients,
    canViewOnlyAppointedAgents: r.can_view_only_appointed_agents,
    canAnalyticsView: r.can_analytics_view,
    updatedAt: iso(r.updated_at),
  };
}

/** timestamptz as PostgreSQL writes it: 2026-11-28 00:55:12.123456+00 (the offset maybe with minutes). */
const PG_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** The keyset cursor: the last row's time (PostgreSQL text) and id. */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${id}|${at}`, 'utf8').toString('base64url');
}
export function decodeCursor(cursor: string): { at: string; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const id = text.slice(0, bar);
  const at = text.slice(bar + 1);
  if (bar < 0 || !/^[0-9a-f]{24}$/.test(id) || !PG_TIME.test(at)) return null;
  return { at, id };
}

export interface UserListQuery {
  search?: string;
  role?: string;
  /** §4: 0 active, 1 blocked. */
  blocked?: number;
  kind?: 'agent' | 'staff';
  after?: string;
  limit: number;
}

const AGENT_ROLES_SQL = `u.roles && ARRAY['agent','agent_new','network_agent_owner','sub_agent','network_brokers_owner']::text[]`;

/** Staff and agents, newest first: by name or email (search), role, blocked state, kind; keyset pages. */
export async function listUsers(q: Queryable, query: UserListQuery): Promise<UsersPage> {
  const params: unknown[] = [];
  const where: string[] = [`NOT ('anonymous' = ANY(u.roles) AND cardinality(u.roles) = 1)`];
  if (query.role) {
    params.push(query.role);
    where.push(`$${params.length} = ANY(u.roles)`);
  }
  if (query.blocked === 0 || query.blocked === 1) where.push(query.blocked === 1 ? 'u.is_blocked' : 'NOT u.is_blocked');
  if (query.kind) where.push(query.kind === 'agent' ? AGENT_ROLES_SQL : `NOT (${AGENT_ROLES_SQL})`);
  if (query.after) {
    const c = decodeCursor(query.after)!;
    params.push(c.at, c.id);
    where.push(`(u.created_at, u.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  const order = 'u.created_at DESC, u.id DESC';
  let rows: ManagedRow[];
  if (query.search) {
    // People/search.ts: the list's own order first, the trigram index when the matches are few.
    rows = await searchedPage<ManagedRow>(q, { columns: MANAGED_COLUMNS, joins: MANAGED_JOINS, conds: where, params, search: query.search, order, limit: query.limit + 1 });
  } else {
    params.push(query.limit + 1);
    rows = await q.query<ManagedRow>(`SELECT ${MANAGED_COLUMNS} FROM ${MANAGED_FROM} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${params.length}`, params);
  }
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { items: page.map(toListItem), next: rows.length > query.limit && last ? encodeCursor(last.at_key, last.id) : null };
}

export async function getManagedUser(q: Queryable, id: string): Promise<ManagedUser | null> {
  const [row] = await q.query<ManagedRow>(`SELECT ${MANAGED_COLUMNS} FROM ${MANAGED_FROM} WHERE u.id = $1`, [id]);
  return row ? toManaged(row) : null;
}

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE email = $1', [email.toLowerCase()])).length > 0;
}

export async function networkExists(q: Queryable, id: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM broker_networks WHERE id = $1', [id])).length > 0;
}

/**
 * A new user and its audit row («Создание», every field but the password) in the caller's transaction.
 * Without a password the account gets a random one nobody knows: its owner sets theirs through the
 * one-time link. Staff are personal (isPersonal) users; agents are not. Null when the email is taken.
 */
export async function createUser(q: Queryable, input: NewUserInput & { roles: Role[] }, actorId: string): Promise<string | null> {
  const id = newId();
  const email = input.email.toLowerCase();
  const hash = await bcrypt.hash(input.password || randomBytes(24).toString('base64url'), 10);
  const kind = userKindOf(input.roles);
  const fields = {
    email,
    firstName: input.firstName,
    secondName: input.secondName,
    middleName: input.middleName ?? '',
    phone: input.phone || null,
    roles: input.roles,
    opf: kind === 'agent' ? input.opf ?? null : null,
    networkId: kind === 'agent' ? input.networkId ?? null : null,
    isPersonal: kind === 'staff',
    canChatWithAgents: !!input.canChatWithAgents,
    canChatWithClients: !!input.canChatWithClients,
    canViewOnlyAppointedAgents: !!input.canViewOnlyAppointedAgents,
    canAnalyticsView: !!input.canAnalyticsView,
  };
  const inserted = await q.query(
    `INSERT INTO users (id, email, password_hash, roles, first_name, second_name, middle_name, phone, opf, broker_network_id,
       is_personal, can_chat_with_agents, can_chat_with_clients, can_view_only_appointed_agents, can_analytics_view)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [id, email, hash, fields.roles, fields.firstName, fields.secondName, fields.middleName, fields.phone, fields.opf, fields.networkId,
      fields.isPersonal, fields.canChatWithAgents, fields.canChatWithClients, fields.canViewOnlyAppointedAgents, fields.canAnalyticsView],
  );
  if (!inserted.length) return null;
  await recordAudit(q, { actorId, action: 'create', objectType: 'user', objectId: id, before: null, after: fields });
  return id;
}

export interface AuditQuery {
  objectType?: string;
  actorId?: string;
  objectId?: string;
  /** Moscow calendar days, inclusive. */
  from?: string;
  to?: string;
  after?: string;
  limit: number;
}

interface AuditDbRow {
  id: string;
  at: Date;
  at_key: string;
  actor_id: string | null;
  actor_fio: string | null;
  action: string;
  object_type: string;
  object_id: string;
  object_title: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit log, newest first, with who and (for users) whose name; filters by kind, actor, object, Moscow days. */
export async function listAudit(q: Queryable, query: AuditQuery): Promise<AuditPage> {
  const params: unknown[] = [];
  const where: string[] = ['true'];
  const add = (value: unknown, cond: (n: string) => string) => {
    params.push(value);
    where.push(cond(`$${params.length}`));
  };
  if (query.objectType) add(query.objectType, (n) => `a.object_type = ${n}`);
  if (query.actorId) add(query.actorId, (n) => `a.actor_id = ${n}`);
  if (query.objectId) add(query.objectId, (n) => `a.object_id = ${n}`);
  if (query.from) add(query.from, (n) => `a.at >= (${n}::date)::timestamp AT TIME ZONE 'Europe/Moscow'`);
  if (query.to) add(query.to, (n) => `a.at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Europe/Moscow')`);
  if (query.after) {
    const c = decodeCursor(query.after)!;
    params.push(c.at, c.id);
    where.push(`(a.at, a.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(query.limit + 1);
  const rows = await q.query<AuditDbRow>(
    `SELECT a.id, a.at, a.at::text AS at_key, a.actor_id, ${fioSql('actor')} AS actor_fio, a.action, a.object_type, a.object_id,
            CASE WHEN a.object_type IN ('user', 'agent') THEN ${fioSql('target')} END AS object_title, a.before, a.after
       FROM audit_log a
       LEFT JOIN users actor ON actor.id = a.actor_id
       LEFT JOIN users target ON a.object_type IN ('user', 'agent') AND target.id = a.object_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.at DESC, a.id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const items: AuditRow[] = page.map((r) => ({
    id: r.id,
    at: iso(r.at),
    actor: r.actor_id ? { _id: r.actor_id, fio: r.actor_fio ?? '' } : null,
    action: r.action,
    objectType: r.object_type,
    objectId: r.object_id.trim(),
    objectTitle: r.object_title || null,
    before: r.before,
    after: r.after,
  }));
  return { items, next: rows.length > query.limit && last ? encodeCursor(last.at_key, last.id) : null };
}

/** The object kinds the log's filter offers. */
export const AUDIT_OBJECT_TYPES = Object.keys(AUDIT_OBJECT_TITLES);
