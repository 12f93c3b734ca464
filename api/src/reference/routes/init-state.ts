import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { responseEncoding } from '../../platform/compression.js';

/**
 * The same answer for everyone, kept in-process a few seconds (reference/cache.ts) as bytes, already
 * compressed for the encoding the client takes: `{ data: { companies, products, networkList, mages, curators } }`.
 * An answer with its own Content-Encoding is left alone by the app's compression hook.
 */
export function initStateRoutes(app: FastifyInstance, { reference }: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/init-state', summary: 'Начальные данные: компании, продукты, сети, кураторы' }, async (req, reply) => {
    const encoding = responseEncoding(req.headers['accept-encoding']);
    const body = await reference.initStateBody(encoding);
    reply.header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
