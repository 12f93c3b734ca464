import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { remoteEntries } from './origins.js';

/**
 * What the shell reads before anyone signs in: where each remote is loaded from (the registry's
 * default entry; REMOTE_URL_<NAME> overrides one without a rebuild) and its config. All public
 * (/health, /healthz and /ready are platform/health.ts).
 */
export function publicRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/v2/remotes-manifest', { config: { public: true } }, async (_req, reply) => {
    const remotes = remoteEntries();
    reply.header('cache-control', 'no-cache');
    return { remotes };
  });
  app.get('/api/v2/config', { config: { public: true } }, async () => ({ legacyLoginUrl: ctx.legacyLoginUrl }));
}
