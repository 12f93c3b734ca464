import type { FastifyInstance } from 'fastify';
import { ANALYTICS_TEXTS as T, CONTRACT_PRODUCT_TITLES, type AnalyticsQuery } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { route } from '../../platform/routes.js';
import { analyticsAsciiName, analyticsFileName, analyticsXlsx } from './export.js';
import { analyticsFilters, analyticsReport } from './report.js';
import { analyticsExportSchema, analyticsQuerySchema } from './schemas.js';

/**
 * Аналитика (§2 `analytics/*`; §6: canSeeAnalytics — administrators, finance controllers, supervisors
 * without canViewOnlyAppointedAgents, personal users with canAnalyticsView), each within analyticsScope.
 * - `GET /api/v2/analytics?from=&to=&bucket=day|week|month&product=&company=&network=&agent=`: the report
 *   (totals, the series by bucket, by product, insurer, network, the best agents, renewal rates).
 * - `GET /api/v2/analytics/filters`: the insurers and networks to filter by.
 * - `GET /api/v2/analytics/export?…&format=xlsx`: the same report as a file.
 * Live: the page refetches on `contract_status` and `ledger_changed` (a sale paid, a ledger line written).
 */
export function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/analytics', summary: 'Аналитика: премии, полисы, КВ и конверсия за период', access: 'canSeeAnalytics', query: analyticsQuerySchema }, async (req) => ({
    data: await analyticsReport(ctx.db, req.me, req.query as AnalyticsQuery),
  }));

  route(app, { method: 'GET', url: '/api/v2/analytics/filters', summary: 'Аналитика: страховщики и сети для фильтров', access: 'canSeeAnalytics' }, async (req) => ({
    data: await analyticsFilters(ctx.db, req.me),
  }));

  route(app, { method: 'GET', url: '/api/v2/analytics/export', summary: 'Аналитика: выгрузка отчёта за период (XLSX)', access: 'canSeeAnalytics', query: analyticsExportSchema }, async (req, reply) => {
    const { format: _format, ...query } = req.query as AnalyticsQuery & { format: 'xlsx' };
    const report = await analyticsReport(ctx.db, req.me, query);
    const filters = await analyticsFilters(ctx.db, req.me);
    const titles: string[] = [];
    if (query.product) titles.push(`${T.product}: ${(CONTRACT_PRODUCT_TITLES as Record<string, string>)[query.product] ?? query.product}`);
    if (query.company) titles.push(`${T.insurer}: ${filters.insurers.find((i) => i.id === query.company)?.name ?? query.company}`);
    if (query.network) titles.push(`${T.network}: ${filters.networks.find((n) => n.id === query.network)?.name ?? query.network}`);
    if (query.agent) titles.push(`${T.agent}: ${report.byAgent.find((a) => a.key === query.agent)?.title ?? query.agent}`);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', attachmentDisposition(analyticsFileName(report), analyticsAsciiName(report)))
      .header('Cache-Control', 'private, no-store')
      .send(await analyticsXlsx(report, titles));
  });
}
