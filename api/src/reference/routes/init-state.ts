import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { loadInitState } from '../init-state.js';

export function initStateRoutes(app: FastifyInstance, { db }: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/init-state', summary: 'Начальные данные: компании, продукты, сети, кураторы' }, async () => ({ data: await loadInitState(db) }));
}
