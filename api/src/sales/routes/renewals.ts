import type { FastifyInstance } from 'fastify';
import { addCalendarDays, type RenewalBucket, type RenewalMark, type RenewalOutcomeFilter, type RenewalPeriod, type RenewalStats } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { scopedAgentIds, seesAgent } from '../../platform/scope.js';
import { idParams } from '../../platform/validation.js';
import { notFound } from '../../platform/errors.js';
import { moscowToday } from '../osago.js';
import { renewalListQuerySchema, renewalMarkSchema, renewalStatsQuerySchema } from '../renewals/schemas.js';
import { listRenewals, markRenewal, pushRenewalChanged, renewalCountsByAgent, renewalItem, renewalQuote, undoRenewalMark } from '../renewals/store.js';

/**
 * Renewals (issue 25), inside Полисы: the worklist and the renewal rate (canSeeContracts, the user's
 * scope — another agent's policy is a 404), the agent's outcome marks and their undo, and the old
 * policy's data for «Пересчитать» (canSeeNewPolicy: it makes a new contract; the user's own policy only).
 */
export function renewalRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/renewals', summary: 'Продления: полисы, которые скоро заканчиваются, постранично по курсору', access: 'canSeeContracts', query: renewalListQuerySchema }, async (req) => {
    const query = req.query as { bucket?: RenewalBucket; outcome?: RenewalOutcomeFilter; agent?: string; after?: string; limit: number };
    return { data: await listRenewals(ctx.db, req.me, query) };
  });

  route(app, { method: 'GET', url: '/api/v2/renewals/stats', summary: 'Продления: доля продлённых у нас по агентам за период', access: 'canSeeContracts', query: renewalStatsQuerySchema }, async (req) => {
    const { period, agent } = req.query as { period: RenewalPeriod; agent?: string };
    if (agent && !(await seesAgent(ctx.db, req.me, agent))) throw notFound();
    const today = moscowToday();
    const from = addCalendarDays(today, -Number(period));
    const to = addCalendarDays(today, -1);
    const agents = await renewalCountsByAgent(ctx.db, { from, to, agentIds: await scopedAgentIds(ctx.db, req.me), agentId: agent });
    const total = agents.reduce((s, a) => ({ ended: s.ended + a.ended, renewedHere: s.renewedHere + a.renewedHere, lost: s.lost + a.lost, renewedElsewhere: s.renewedElsewhere + a.renewedElsewhere }), { ended: 0, renewedHere: 0, lost: 0, renewedElsewhere: 0 });
    const stats: RenewalStats = { period, from, to, total, agents };
    return { data: stats };
  });

  route(app, { method: 'GET', url: '/api/v2/renewals/:contractId/quote', summary: 'Продления: данные полиса для нового расчёта', access: 'canSeeNewPolicy', params: idParams('contractId') }, async (req) => {
    return { data: await renewalQuote(ctx.db, req.me, req.params.contractId) };
  });

  route(app, { method: 'POST', url: '/api/v2/renewals/:contractId/outcome', summary: 'Продления: отметить результат (клиент потерян, продлён в другом месте)', access: 'canSeeContracts', params: idParams('contractId'), body: renewalMarkSchema }, async (req) => {
    const id = req.params.contractId;
    await ctx.db.tx((q) => markRenewal(q, req.me, id, req.body as { outcome: RenewalMark; comment?: string | null }));
    await pushRenewalChanged(ctx.db, ctx.rt, id, [req.me.user._id]);
    return { data: await renewalItem(ctx.db, req.me, id) };
  });

  route(app, { method: 'DELETE', url: '/api/v2/renewals/:contractId/outcome', summary: 'Продления: отменить свою отметку (в течение суток)', access: 'canSeeContracts', params: idParams('contractId') }, async (req) => {
    const id = req.params.contractId;
    await ctx.db.tx((q) => undoRenewalMark(q, req.me, id));
    await pushRenewalChanged(ctx.db, ctx.rt, id, [req.me.user._id]);
    return { data: await renewalItem(ctx.db, req.me, id) };
  });
}
