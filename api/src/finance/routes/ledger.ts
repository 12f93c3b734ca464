import type { FastifyInstance } from 'fastify';
import type { LedgerQuery } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { ledgerQuerySchema } from '../schemas.js';
import { ledgerPage, ledgerPeriods } from '../statement.js';

/**
 * Мое КВ / КВ всех (§2 `cr/*`, §7): whoever sees the КВ section (canSeeCommissions), each within their
 * scope (statement.ts). Live: `ledger_changed` when lines are written for an agent they see.
 * - `GET /api/v2/payments/period-filters-pay-lists`: the periods (Moscow months), newest first.
 * - `GET /api/v2/finance/ledger?period=&agent=&company=&product=&kind=&after=&limit=`: a page of the period's
 *   lines and the period's totals for the same filters.
 */
export function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/payments/period-filters-pay-lists', summary: 'КВ: периоды начислений (месяцы по Москве)', access: 'canSeeCommissions' }, async (req) => ({
    data: await ledgerPeriods(ctx.db, req.me),
  }));

  route(app, { method: 'GET', url: '/api/v2/finance/ledger', summary: 'КВ: начисления за период и итоги', access: 'canSeeCommissions', query: ledgerQuerySchema }, async (req) => ({
    data: await ledgerPage(ctx.db, req.me, req.query as LedgerQuery & { limit: number }),
  }));
}
