import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';

/**
 * The same answer for everyone, kept in-process a few seconds (reference/cache.ts) already serialized:
 * `{ data: { companies, products, networkList, mages, curators } }`.
 */
export function initStateRoutes(app: FastifyInstance, { reference }: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/init-state', summary: 'Начальные данные: компании, продукты, сети, кураторы' }, async (_req, reply) => {
    const json = await reference.initStateJson();
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
