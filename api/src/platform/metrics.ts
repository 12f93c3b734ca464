import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { route } from './routes.js';

/**
 * The api's Prometheus metrics (text format at GET /metrics, administrators only — see metricsRoute).
 * One registry per app (tests run several apps in one process; prom-client's global one would clash).
 * Labels never carry ids, URLs as typed, users or personal data: a request is labelled by its route
 * pattern (`/api/v2/contracts/:id`), and a URL that matched no route by `unmatched`.
 */
export interface Metrics {
  registry: Registry;
  /** A failed sign-in, by reason: credentials, blocked, rate_limited. */
  loginFailures: Counter<'reason'>;
  /**
   * A queue's depth, read from the database when Prometheus scrapes (no timer of its own): the name
   * ends up as `oyster_queue_depth{queue="<name>"}`. A domain adds its own (broker requests, sales).
   */
  queueDepth(queue: string, read: () => Promise<number>): void;
}

export const METRIC_NAMES = {
  requestDuration: 'oyster_http_request_duration_seconds',
  sockets: 'oyster_socket_connections',
  queueDepth: 'oyster_queue_depth',
  loginFailures: 'oyster_login_failures_total',
} as const;

/**
 * `processMetrics`: prom-client's defaults too (CPU, memory, heap, GC, event-loop lag). They describe the
 * process and install process-wide observers (a GC PerformanceObserver, an event-loop delay monitor) that
 * nothing removes — once per process (main.ts); the api tests, many apps in one process, leave them out.
 */
export function createMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const loginFailures = new Counter({
    name: METRIC_NAMES.loginFailures,
    help: 'Failed sign-ins by reason (credentials, blocked, rate_limited)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const queues = new Map<string, () => Promise<number>>();
  new Gauge({
    name: METRIC_NAMES.queueDepth,
    help: 'Work waiting for a periodic job, by queue, read at scrape time',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        [...queues].map(async ([queue, read]) => {
          // A queue the database cannot count right now is left out of this scrape (its series goes stale), not reported as 0.
          const n = await read().catch(() => null);
          if (n !== null) this.set({ queue }, n);
        }),
      );
    },
  });
  return {
    registry,
    loginFailures,
    queueDepth(queue, read) {
      queues.set(queue, read);
    },
  };
}

/** Request durations by route pattern, method and status; the signed-in socket count of this node. */
export function installMetrics(app: FastifyInstance, metrics: Metrics, sockets: () => number): void {
  const durations = new Histogram({
    name: METRIC_NAMES.requestDuration,
    help: 'Time to answer a request, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  new Gauge({
    name: METRIC_NAMES.sockets,
    help: 'Signed-in socket.io connections on this api node',
    registers: [metrics.registry],
    collect() {
      this.set(sockets());
    },
  });
  app.addHook('onResponse', (req, reply, done) => {
    const pattern = req.is404 ? 'unmatched' : req.routeOptions.url ?? 'unmatched';
    durations.observe({ method: req.method, route: pattern, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics for administrators: the same session token (x-api-token header or cookie) and the same
 * 401/403 as every /api route (it sits under the sign-in default, platform/auth/guard.ts). Not on a
 * separate port: one port to run and guard, and the gateway does not forward /metrics at all, so
 * Prometheus scrapes each api node directly (docs/operations.md).
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics): void {
  route(app, { method: 'GET', url: '/metrics', summary: 'Метрики Prometheus (текстовый формат)', access: 'isAdmin' }, async (_req, reply) => {
    const text = await metrics.registry.metrics();
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return text;
  });
}
