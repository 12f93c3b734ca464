import type { FastifyInstance } from 'fastify';
import type { Queryable } from './db.js';

/**
 * Liveness and readiness for the gateway, compose's healthchecks and an orchestrator:
 * - `/health` (and its old name `/healthz`): the process answers; no I/O at all, so a slow database
 *   never gets a healthy node restarted;
 * - `/ready`: every named check (the database answers `select 1`, Redis PING when configured, the
 *   file store answers — a folder takes a write) passes within its timeout; otherwise 503 naming the failing checks,
 *   so a gateway stops sending traffic to this node until it can serve it.
 * Public, no session, JSON; outside /api, so the sign-in default does not cover them.
 */

/** One thing the node needs to serve requests. `run` rejects (or outlasts the timeout) when it is not there. */
export interface ReadinessCheck {
  /** Short English name, shown in the answer and in logs: database, redis, storage, … */
  name: string;
  run(): Promise<unknown>;
}

/** The list /ready walks; another part of the api (an object store) adds its own check with `add`. */
export interface Readiness {
  add(check: ReadinessCheck): void;
  readonly checks: readonly ReadinessCheck[];
}

/** Each check's bound (READY_CHECK_TIMEOUT_MS): a check that hangs counts as failed after it. */
export const DEFAULT_READY_TIMEOUT_MS = 2000;

export function createReadiness(): Readiness {
  const checks: ReadinessCheck[] = [];
  return {
    add(check) {
      if (checks.some((c) => c.name === check.name)) throw new Error(`readiness check «${check.name}» is added twice`);
      checks.push(check);
    },
    checks,
  };
}

/** The database answers a trivial query. */
export const databaseCheck = (db: Queryable): ReadinessCheck => ({ name: 'database', run: () => db.query('select 1') });

/** Redis answers PING (only added when REDIS_URL is set). */
export const redisCheck = (redis: { ping(): Promise<unknown> }): ReadinessCheck => ({ name: 'redis', run: () => redis.ping() });

export interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  /** Why it failed (the error's message, or the timeout); never a secret: connection errors name hosts, not passwords. */
  error?: string;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once, each bounded by `timeoutMs`. */
export async function runChecks(checks: readonly ReadinessCheck[], timeoutMs = DEFAULT_READY_TIMEOUT_MS): Promise<CheckResult[]> {
  return Promise.all(
    checks.map(async (c) => {
      const t0 = performance.now();
      try {
        await withTimeout(Promise.resolve().then(() => c.run()), timeoutMs);
        return { name: c.name, ok: true, ms: Math.round(performance.now() - t0) };
      } catch (e) {
        const error = (e instanceof Error ? e.message : String(e)).replace(/\/\/[^@/\s]*@/g, '//[hidden]@').slice(0, 200);
        return { name: c.name, ok: false, ms: Math.round(performance.now() - t0), error };
      }
    }),
  );
}

export function healthRoutes(app: FastifyInstance, readiness: Readiness, timeoutMs = DEFAULT_READY_TIMEOUT_MS): void {
  const alive = async (_req: unknown, reply: { header(k: string, v: string): unknown }) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  };
  app.get('/health', alive);
  // The old name, kept: e2e's webServer and older gateway configs poll it.
  app.get('/healthz', alive);
  app.get('/ready', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const results = await runChecks(readiness.checks, timeoutMs);
    const failed = results.filter((r) => !r.ok).map((r) => r.name);
    const checks = Object.fromEntries(results.map(({ name, ...r }) => [name, r]));
    if (!failed.length) return { ok: true, checks };
    req.log.warn({ failed, checks }, 'not ready');
    return reply.code(503).send({ ok: false, failed, message: `Сервис не готов: ${failed.join(', ')}`, checks });
  });
}
