import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { loadInitState } from '../init-state.js';

export function initStateRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v2/init-state', async () => ({ data: await loadInitState(db) }));
}
