import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.js';
import { requireUser, type Authed } from '../auth/guard.js';
import { forbidden, HttpError, objectIdSchema, validate, yup } from '../validation.js';
import { fio } from '../auth/users.js';

/**
 * Which agents a user may list (§6 + the brief): senior staff and mages see all agents,
 * a supervisor with canViewOnlyAppointedAgents only the appointed ones, a broker-network owner
 * their network, a network-agent owner their sub-agents. Anyone else gets 403.
 * Returns an SQL condition on `u` where $1 is the current user's id.
 */
function visibleAgents(me: Authed): string {
  const { can } = me;
  if (can.isAppointedOnly) return 'u.id IN (SELECT agent_id FROM agent_curators WHERE curator_id = $1)';
  if (can.isSeniorStaff || can.isMage) return 'true';
  const parts: string[] = [];
  if (can.isBrokersOwnerAgent) parts.push('u.broker_network_id IN (SELECT id FROM broker_networks WHERE owner_user_id = $1)');
  if (can.isNetworkAgentOwner || can.canSeeSubAgents) parts.push('u.parent_agent_id = $1');
  if (!parts.length) throw forbidden();
  return `(${parts.join(' OR ')})`;
}

const IS_AGENT = `('agent' = ANY(u.roles) OR 'agent_new' = ANY(u.roles)) AND u.id <> $1`;
const likeParam = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const boolish = () =>
  yup.boolean().transform((v, orig) => (orig === '' || orig == null ? undefined : orig === '1' ? true : orig === '0' ? false : v));

const searchSchema = yup.object({
  search: yup.string().trim().max(100).default(''),
  subAgents: boolish().default(false),
  agentId: objectIdSchema.optional().transform((v) => (v === '' ? undefined : v)),
});

const listSchema = yup.object({
  search: yup.string().trim().max(100).nullable().default(''),
  opf: yup.string().oneOf(['FL', 'IP', 'SZ', 'YL', ''], 'Поле «opf» должно быть одним из: FL, IP, SZ, YL').nullable().default(null),
  status: yup.number().oneOf([0, 1], 'Поле «status»: 0 — активные, 1 — заблокированные').nullable().default(null),
  byNetwork: yup.mixed<boolean | string>()
    .test('byNetwork', 'Поле «byNetwork» должно быть true/false или идентификатором сети', (v) => v == null || typeof v === 'boolean' || (typeof v === 'string' && /^([0-9a-f]{24})?$/.test(v)))
    .nullable().default(null),
  sortBy: yup.string().oneOf(['createDate'], 'Поле «sortBy»: поддерживается только createDate').default('createDate'),
  sortType: yup.string().oneOf(['asc', 'desc'], 'Поле «sortType» должно быть asc или desc').default('desc'),
  page: yup.number().integer().min(1).default(1),
  pageSize: yup.number().integer().min(1).max(100).default(20),
});

export function agentRoutes(app: FastifyInstance, { db }: RouteContext) {
  app.get('/api/v2/agents/search', async (req) => {
    const me = await requireUser(db, req);
    const scope = visibleAgents(me);
    const q = await validate(searchSchema, req.query);
    if (!q.search && !q.agentId) throw new HttpError(400, 'Укажите текст поиска (search) или agentId', { error: true, type: 'validation', field: 'search' });
    const params: unknown[] = [me.user._id];
    const conds = [IS_AGENT, scope];
    if (q.search) {
      params.push(likeParam(q.search));
      conds.push(`(u.email ILIKE $${params.length} OR concat_ws(' ', u.second_name, u.first_name, u.middle_name) ILIKE $${params.length})`);
    }
    if (q.agentId) {
      params.push(q.agentId);
      conds.push(`u.id = $${params.length}`);
    }
    if (q.subAgents) conds.push('u.parent_agent_id IS NOT NULL');
    const rows = await db.query<{ id: string; email: string; first_name: string; second_name: string; middle_name: string; is_blocked: boolean }>(
      `SELECT u.id, u.email, u.first_name, u.second_name, u.middle_name, u.is_blocked FROM users u
        WHERE ${conds.join(' AND ')} ORDER BY u.second_name, u.first_name LIMIT 20`,
      params,
    );
    return rows.map((r) => ({ _id: r.id, fio: fio(r), email: r.email, isBlocked: r.is_blocked }));
  });

  app.post('/api/v2/agents/', async (req) => {
    const me = await requireUser(db, req);
    const scope = visibleAgents(me);
    const b = await validate(listSchema, req.body);
    const params: unknown[] = [me.user._id];
    const conds = [IS_AGENT, scope];
    if (b.search) {
      params.push(likeParam(b.search));
      conds.push(`(u.email ILIKE $${params.length} OR concat_ws(' ', u.second_name, u.first_name, u.middle_name) ILIKE $${params.length})`);
    }
    if (b.opf) {
      params.push(b.opf);
      conds.push(`u.opf = $${params.length}`);
    }
    if (b.status === 0 || b.status === 1) conds.push(b.status === 1 ? 'u.is_blocked' : 'NOT u.is_blocked');
    if (b.byNetwork === true) conds.push('u.broker_network_id IS NOT NULL');
    else if (typeof b.byNetwork === 'string' && b.byNetwork) {
      params.push(b.byNetwork);
      conds.push(`u.broker_network_id = $${params.length}`);
    }
    const where = conds.join(' AND ');
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, params);
    const dir = b.sortType === 'asc' ? 'ASC' : 'DESC';
    const rows = await db.query<{ id: string; email: string; first_name: string; second_name: string; middle_name: string }>(
      `SELECT u.id, u.email, u.first_name, u.second_name, u.middle_name FROM users u WHERE ${where}
        ORDER BY u.created_at ${dir}, u.id ${dir} LIMIT ${b.pageSize} OFFSET ${(b.page - 1) * b.pageSize}`,
      params,
    );
    return { data: { agents: rows.map((r) => ({ _id: r.id, fio: fio(r), email: r.email })), total: n } };
  });
}
