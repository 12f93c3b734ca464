import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.js';

/** Where the shell loads each remote from; REMOTE_URL_<NAME> overrides one without a rebuild. */
export const DEFAULT_REMOTES: Record<string, string> = {
  remote_sales: '/remotes/sales/remoteEntry.js',
  remote_broker_requests: '/remotes/broker-requests/remoteEntry.js',
  remote_finance: '/remotes/finance/remoteEntry.js',
  remote_communications: '/remotes/communications/remoteEntry.js',
  remote_learning: '/remotes/learning/remoteEntry.js',
};

export function publicRoutes(app: FastifyInstance, ctx: RouteContext) {
  app.get('/api/v2/remotes-manifest', async (_req, reply) => {
    const remotes: Record<string, string> = {};
    for (const [name, url] of Object.entries(DEFAULT_REMOTES)) {
      remotes[name] = process.env[`REMOTE_URL_${name.toUpperCase()}`] || url;
    }
    reply.header('cache-control', 'no-cache');
    return { remotes };
  });
  app.get('/api/v2/config', async () => ({ legacyLoginUrl: ctx.legacyLoginUrl }));
  app.get('/healthz', async () => ({ ok: true }));
}
