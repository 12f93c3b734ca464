import type { FastifyInstance } from 'fastify';
import type { LedgerQuery } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { validationError } from '../../platform/errors.js';
import { exportFileName, ledgerCsv, ledgerXlsx } from '../export.js';
import { ledgerExportSchema, ledgerQuerySchema } from '../schemas.js';
import { ledgerPage, ledgerPeriods } from '../statement.js';

/** The most lines one export carries; more is a 400 asking for narrower filters. */
export const LEDGER_EXPORT_MAX_LINES = 50_000;
export const LEDGER_EXPORT_TOO_MANY = `Слишком много строк для выгрузки (больше ${LEDGER_EXPORT_MAX_LINES.toLocaleString('ru-RU')}): уточните фильтры`;

/**
 * Мое КВ / КВ всех (§2 `cr/*`, §7): whoever sees the КВ section (canSeeCommissions), each within their
 * scope (statement.ts). Live: `ledger_changed` when lines are written for an agent they see.
 * - `GET /api/v2/payments/period-filters-pay-lists`: the periods (Moscow months), newest first.
 * - `GET /api/v2/finance/ledger?period=&agent=&company=&product=&kind=&after=&limit=`: a page of the period's
 *   lines and the period's totals for the same filters.
 * - `GET /api/v2/finance/ledger/export?period=&…&format=xlsx|csv`: the same lines and totals as a file.
 */
export function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/payments/period-filters-pay-lists', summary: 'КВ: периоды начислений (месяцы по Москве)', access: 'canSeeCommissions' }, async (req) => ({
    data: await ledgerPeriods(ctx.db, req.me),
  }));

  route(app, { method: 'GET', url: '/api/v2/finance/ledger', summary: 'КВ: начисления за период и итоги', access: 'canSeeCommissions', query: ledgerQuerySchema }, async (req) => ({
    data: await ledgerPage(ctx.db, req.me, req.query as LedgerQuery & { limit: number }),
  }));

  route(app, { method: 'GET', url: '/api/v2/finance/ledger/export', summary: 'КВ: выгрузка начислений за период (XLSX или CSV)', access: 'canSeeCommissions', query: ledgerExportSchema }, async (req, reply) => {
    const { format, ...query } = req.query as LedgerQuery & { format: 'xlsx' | 'csv' };
    const page = await ledgerPage(ctx.db, req.me, { ...query, after: undefined, limit: LEDGER_EXPORT_MAX_LINES });
    if (page.next) throw validationError(LEDGER_EXPORT_TOO_MANY, 'period');
    const file = format === 'xlsx' ? await ledgerXlsx(page) : ledgerCsv(page);
    return reply
      .type(format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(exportFileName(query.period, format), `ledger-${query.period}.${format}`))
      .header('Cache-Control', 'private, no-store')
      .send(file);
  });
}
