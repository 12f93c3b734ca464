import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { moscowToday } from '../../sales/osago.js';
import { rateSets, saveRateSet } from '../rates.js';
import { rateSetSchema, rateSetsQuery } from '../schemas.js';

/**
 * Commission rates (finance staff: canManageCommissionRates). The screens come with the finance issue; the
 * api already refuses a rate set that pays out more than the insurer pays (rates.ts saveRateSet).
 * - `GET /api/v2/finance/commission-rates?product=`: every rate set, by insurer, newest start first.
 * - `PUT /api/v2/finance/commission-rates`: one insurer × product from a date (today or later).
 */
export function rateRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/finance/commission-rates', summary: 'Ставки КВ: страховщика и агентов по уровням', access: 'canManageCommissionRates', query: rateSetsQuery }, async (req) => {
    return { data: { rateSets: await rateSets(ctx.db, req.query.product) } };
  });

  route(app, { method: 'PUT', url: '/api/v2/finance/commission-rates', summary: 'Ставки КВ: версия для страховщика и продукта с даты', access: 'canManageCommissionRates', body: rateSetSchema }, async (req) => {
    await ctx.db.tx((q) => saveRateSet(q, req.body, { today: moscowToday() }));
    return { data: { rateSets: (await rateSets(ctx.db, req.body.product)).filter((s) => s.companyId === req.body.companyId) } };
  });
}
