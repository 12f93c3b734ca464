import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import type { InitStateEncoding } from '../cache.js';

/**
 * The same answer for everyone, kept in-process a few seconds (reference/cache.ts) as bytes, already
 * compressed for the encoding the client takes: `{ data: { companies, products, networkList, mages, curators } }`.
 * An answer with its own Content-Encoding is left alone by the app's compression hook.
 */
export function initStateRoutes(app: FastifyInstance, { reference }: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/init-state', summary: 'Начальные данные: компании, продукты, сети, кураторы' }, async (req, reply) => {
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const body = await reference.initStateBody(encoding);
    reply.header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  });
}

/** brotli, else gzip, else none — by the client's Accept-Encoding (an encoding with q=0 is refused). */
export function preferredEncoding(header: string | string[] | undefined): InitStateEncoding {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
