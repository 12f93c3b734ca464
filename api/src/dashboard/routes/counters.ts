import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { executorStatistics, paymentsInfo } from '../counters.js';

/** The home counters, each gated by its §6 data-loading flag. */
export function counterRoutes(app: FastifyInstance, { db, unread }: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/statistics/widget', summary: 'Главная: статистика исполнителя', access: 'canLoadStatisticsWidget' }, async (req) => ({
    statistics: await executorStatistics(db, req.me),
  }));

  route(app, { method: 'GET', url: '/api/v2/get-info-payments/', summary: 'Главная: сведения о выплатах', access: 'canLoadPaymentsInfo' }, async (req) => ({
    data: await paymentsInfo(db, req.me),
  }));

  route(app, { method: 'GET', url: '/api/v2/notifications/count-not-read', summary: 'Главная: непрочитанные уведомления' }, async (req) => ({
    count: await unread.count(req.me.user._id),
  }));
}
