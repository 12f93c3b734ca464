import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ensure } from '../../platform/auth/guard.js';
import { chatCounts, executorStatistics, paymentsInfo, unreadNotifications } from '../counters.js';

/** The home counters, each gated by its §6 data-loading flag. */
export function counterRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v2/statistics/widget', async (req) => {
    ensure(req.me.can.canLoadStatisticsWidget);
    return { statistics: await executorStatistics(db, req.me) };
  });

  app.get('/api/v2/get-info-payments/', async (req) => {
    ensure(req.me.can.canLoadPaymentsInfo);
    return { data: await paymentsInfo(db, req.me) };
  });

  app.get('/api/v2/notifications/count-not-read', async (req) => ({ count: await unreadNotifications(db, req.me) }));

  app.get('/api/v2/chats/opened-count', async (req) => {
    ensure(req.me.can.canLoadOpenChatsCount);
    return chatCounts(db, req.me);
  });
}
