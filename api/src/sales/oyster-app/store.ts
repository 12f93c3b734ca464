import { randomBytes } from 'node:crypto';
import { BOUGHT_CONTRACT_STATUSES, CONTRACT_STATUS, OYSTER_APP_TEXTS, access, type OysterAppClient, type OysterAppClientsPage, type OysterAppSummary, type SessionUser } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
import type { Realtime } from '../../platform/realtime.js';
import { inMoscowMonth } from '../../platform/sql.js';
import { agentIdsCondition, viewersOfAgent } from '../../platform/scope.js';
import { fio } from '../../platform/auth/users.js';

/**
 * Oyster.app's invitations and registered clients (issue 25; migration 27). A user's invite code is theirs
 * from the start (users.app_invite_code, a column default) and changes only on «Обновить ссылку»; the app's
 * integration (communications/routes/client-chats.ts) registers a client through a code with `agentOfCode`.
 * Registrations are the agents' (agent_id): each viewer sees those of the agents in their scope
 * (platform/scope.ts), as home's paymentsInfo.appRegistrations counts them.
 * What a client bought: their agent's paid, not cancelled contracts whose client phone is the client's (shared-kit oysterApp.ts).
 */
type Me = { user: SessionUser };

/** The phone of a contract as its last 10 digits, the expression migration 27 indexes. */
const CONTRACT_PHONE = `right(regexp_replace(c.details->'contacts'->>'phone', '[^0-9]', '', 'g'), 10)`;
/** When a contract was paid: the payment's time, or (contracts moved to paid without a callback: the demo's) its move to «Оплачен». */
const BOUGHT_AT = `coalesce(c.paid_at, (SELECT min(h.at) FROM contract_status_history h WHERE h.contract_id = c.id AND h.to_status = ${CONTRACT_STATUS.paid}), c.updated_at)`;
/** A purchase: paid (BOUGHT_CONTRACT_STATUSES), at most this many shown per client (newest first). */
const PURCHASES_SHOWN = 20;

/** The user's code (null for personal users: staff have no link of their own). */
export async function inviteCodeOf(q: Queryable, me: Me): Promise<string | null> {
  if (me.user.isPersonal) return null;
  const [row] = await q.query<{ code: string }>('SELECT app_invite_code AS code FROM users WHERE id = $1', [me.user._id]);
  return row?.code ?? null;
}

export async function summary(q: Queryable, me: Me, now = new Date()): Promise<OysterAppSummary> {
  const params: unknown[] = [now.toISOString()];
  const where = agentIdsCondition(me, 'agent_id', params);
  const [counts] = await q.query<{ registered: number; month: number }>(
    `SELECT count(*)::int AS registered, count(*) FILTER (WHERE ${inMoscowMonth('created_at', '$1')})::int AS month FROM app_registrations WHERE ${where}`,
    params,
  );
  return { code: await inviteCodeOf(q, me), registered: counts.registered, thisMonth: counts.month };
}

/** A new code in place of `previous` (the one the page shows); null when the user's code is no longer it. */
export async function rotateCode(q: Queryable, me: Me, previous: string): Promise<string | null> {
  const code = randomBytes(8).toString('hex');
  const rows = await q.query<{ code: string }>('UPDATE users SET app_invite_code = $3 WHERE id = $1 AND app_invite_code = $2 RETURNING app_invite_code AS code', [me.user._id, previous, code]);
  return rows[0]?.code ?? null;
}

/** The agent whose link carries `code` (an active, non-personal user), or null: an unknown or replaced code. */
/** The invitation page's agent: their name by a live code (null: no such code, or it was replaced, or the agent is blocked). */
export async function inviterOfCode(q: Queryable, code: string): Promise<string | null> {
  const [row] = await q.query<{ first_name: string; second_name: string; middle_name: string }>(
    'SELECT first_name, second_name, middle_name FROM users WHERE app_invite_code = $1 AND NOT is_personal AND NOT is_blocked',
    [code],
  );
  return row ? fio(row) : null;
}

export async function agentOfCode(q: Queryable, code: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>('SELECT id FROM users WHERE app_invite_code = $1 AND NOT is_personal AND NOT is_blocked', [code]);
  return row?.id ?? null;
}

interface ClientRow {
  id: string;
  client_name: string;
  client_phone: string | null;
  created_at: string | Date;
  cursor: string;
  agent_id: string;
  agent_name: string;
  chat_id: string | null;
  purchases: { contractId: string; product: string; policyNumber: string | null; premium: string | number | null; status: number; paidAt: string }[] | string;
}

const CLIENT_SELECT = `
  SELECT r.id, r.client_name, r.client_phone, r.created_at,
         to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || r.id AS cursor,
         r.agent_id, trim(concat_ws(' ', a.second_name, a.first_name, a.middle_name)) AS agent_name, ch.id AS chat_id,
         coalesce(p.list, '[]'::json) AS purchases
    FROM app_registrations r
    JOIN users a ON a.id = r.agent_id
    LEFT JOIN chats ch ON ch.client_id = r.id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('contractId', c.id, 'product', c.product, 'policyNumber', c.policy_number, 'premium', c.premium::text,
                                        'status', c.status, 'paidAt', c.bought_at) ORDER BY c.bought_at DESC, c.id DESC) AS list
        FROM (SELECT c.*, ${BOUGHT_AT} AS bought_at FROM contracts c
               WHERE r.client_phone IS NOT NULL AND c.agent_id = r.agent_id AND ${CONTRACT_PHONE} = r.client_phone AND c.status IN (${BOUGHT_CONTRACT_STATUSES.join(',')})
               ORDER BY bought_at DESC, c.id DESC LIMIT ${PURCHASES_SHOWN}) c
    ) p ON true`;

function toClient(r: ClientRow): OysterAppClient {
  const purchases = typeof r.purchases === 'string' ? JSON.parse(r.purchases) : r.purchases;
  return {
    id: r.id,
    name: r.client_name,
    phone: r.client_phone,
    registeredAt: new Date(r.created_at).toISOString(),
    agent: { id: r.agent_id, name: r.agent_name },
    chatId: r.chat_id,
    purchases: (purchases as Exclude<ClientRow['purchases'], string>).map((x) => ({
      contractId: x.contractId,
      product: x.product,
      policyNumber: x.policyNumber,
      premiumKopecks: x.premium === null ? null : Number(x.premium),
      status: x.status,
      paidAt: new Date(x.paidAt).toISOString(),
    })),
  };
}

/** `%`, `_` and `\` typed in a search are themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ClientsQuery {
  search?: string;
  agent?: string;
  after?: string;
  limit: number;
}

/** The registered clients of the agents the viewer sees, newest first, by keyset pages. */
export async function clientsPage(q: Queryable, me: Me, query: ClientsQuery): Promise<OysterAppClientsPage> {
  const params: unknown[] = [];
  const where = [agentIdsCondition(me, 'r.agent_id', params)];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (query.agent) add((n) => `r.agent_id = ${n}`, query.agent);
  if (query.search) add((n) => `r.client_name ILIKE '%' || ${n} || '%'`, likeEscape(query.search));
  if (query.after) {
    const [at, id] = query.after.split('|');
    params.push(at, id);
    where.push(`(r.created_at, r.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(query.limit + 1);
  const rows = await q.query<ClientRow>(`${CLIENT_SELECT} WHERE ${where.join(' AND ')} ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.length}`, params);
  const items = rows.slice(0, query.limit);
  return { items: items.map(toClient), next: rows.length > query.limit ? items[items.length - 1].cursor : null };
}

/** One client, if their agent is in the viewer's scope (null: not found, or another agent's). */
export async function clientOf(q: Queryable, me: Me, id: string): Promise<OysterAppClient | null> {
  const params: unknown[] = [id];
  const [row] = await q.query<ClientRow>(`${CLIENT_SELECT} WHERE r.id = $1 AND ${agentIdsCondition(me, 'r.agent_id', params)}`, params);
  return row ? toClient(row) : null;
}

/** `app_client_registered` to whoever sees the agent and Oyster.app (the agent, their network's owners, staff). */
export async function pushClientRegistered(q: Queryable, rt: Realtime, agentId: string, clientId: string): Promise<void> {
  for (const id of await viewersOfAgent(q, agentId, (u) => access(u).canSeeOysterApp)) rt.emitToUser(id, 'app_client_registered', { agentId, clientId });
}

export { OYSTER_APP_TEXTS };
