import type { FastifyInstance } from 'fastify';
import { INSURER_CALL_METHODS, LEGACY_INSURER_CALL_METHODS, insurerCallMethodNames, type LegacyInsurerCallMethod, type InsurerCallLogItem, type InsurerCallLogPage } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { agentIdsCondition } from '../../platform/scope.js';
import { objectIdSchema, queryBool, yup } from '../../platform/validation.js';

/**
 * The agent a logged call belongs to: its contract's agent, or for a call with no contract (a quote) the
 * user who asked for it — nobody for quotes logged before that was recorded (migration 18).
 */
const CALL_AGENT = '(CASE WHEN l.contract_id IS NULL THEN l.asked_by ELSE c.agent_id END)';

/**
 * GET /api/v2/soap-logs: every call made to an insurer (contracts/insurer-calls.ts), newest first, by
 * pages of `limit` before the id `before`; filtered by contract, insurer, method, or errors only. Staff
 * only (canSeeSoapLogs: administrators, supervisors, finance controllers): requests hold clients' documents.
 * Each viewer sees the calls of the agents in their scope (platform/scope.ts, as the contracts a call is
 * for): a contract outside it is an empty page, and quotes asked by nobody known only for a scope of «all».
 */
export function soapLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const query = yup.object({
    contract: objectIdSchema.label('contract'),
    company: objectIdSchema.label('company'),
    method: yup
      .string()
      // The old e-OSAGO names too (links made before issue 25): each finds the same rows as its new name.
      .oneOf([...INSURER_CALL_METHODS, ...Object.keys(LEGACY_INSURER_CALL_METHODS)], `Поле «method» должно быть одним из: ${INSURER_CALL_METHODS.join(', ')}`)
      .label('method'),
    errors: queryBool('errors'),
    before: yup.number().integer().min(1).label('before'),
    limit: yup.number().integer().min(1).max(200).default(50).label('limit'),
  });
  route(app, { method: 'GET', url: '/api/v2/soap-logs', summary: 'Журнал обращений к страховщикам', access: 'canSeeSoapLogs', query }, async (req): Promise<{ data: InsurerCallLogPage }> => {
    const params: unknown[] = [];
    const where = [agentIdsCondition(req.me, CALL_AGENT, params)];
    const eq = (column: string, value: unknown) => {
      params.push(value);
      where.push(`${column} = $${params.length}`);
    };
    if (req.query.contract) eq('l.contract_id', req.query.contract);
    if (req.query.company) eq('l.company_id', req.query.company);
    if (req.query.method) {
      const name = LEGACY_INSURER_CALL_METHODS[req.query.method as LegacyInsurerCallMethod] ?? req.query.method;
      params.push(insurerCallMethodNames(name));
      where.push(`l.method = ANY($${params.length}::text[])`);
    }
    if (req.query.errors) where.push('l.error IS NOT NULL');
    if (req.query.before) {
      params.push(req.query.before);
      where.push(`l.id < $${params.length}`);
    }
    params.push(req.query.limit + 1);
    const rows = await ctx.db.query<{ id: string | number; company_id: string | null; company_name: string | null; contract_id: string | null; method: string; request: unknown; response: unknown; error: string | null; duration_ms: number; at: string | Date }>(
      `SELECT l.id, l.company_id, co.short_name AS company_name, l.contract_id, l.method, l.request, l.response, l.error, l.duration_ms, l.at
         FROM insurer_calls l LEFT JOIN companies co ON co.id = l.company_id LEFT JOIN contracts c ON c.id = l.contract_id
        WHERE ${where.join(' AND ')} ORDER BY l.id DESC LIMIT $${params.length}`,
      params,
    );
    const items: InsurerCallLogItem[] = rows.slice(0, req.query.limit).map((r) => ({
      id: Number(r.id),
      companyId: r.company_id,
      companyName: r.company_name,
      contractId: r.contract_id,
      method: r.method,
      request: r.request,
      response: r.response,
      error: r.error,
      durationMs: r.duration_ms,
      at: new Date(r.at).toISOString(),
    }));
    return { data: { items, next: rows.length > req.query.limit ? items[items.length - 1].id : null } };
  });
}
