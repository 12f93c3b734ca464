import type { FastifyInstance } from 'fastify';
import type { Db } from './db.js';

/**
 * A step a domain runs every `everyMs` while the api runs (the contracts' calendar, the broker requests'
 * SLA watch, the campaigns' scheduler): once when the api is ready, then on a timer that does not keep
 * the process alive and stops on close. A failed step is logged and the next one runs as planned. Steps
 * must be safe with several api instances (each claims its work in the database).
 */
const firstRuns = new WeakMap<FastifyInstance, Promise<void>[]>();

/** Settles once every periodic step's first run (started when the api got ready) has finished: what a
 * caller waits for before it reads what those steps write (a test counting notifications, a drill). */
export function firstRunsSettled(app: FastifyInstance): Promise<void> {
  return Promise.all(firstRuns.get(app) ?? []).then(() => undefined);
}

export function runPeriodically(app: FastifyInstance, what: string, everyMs: number, step: () => Promise<unknown>): void {
  const run = () => step().then(() => undefined, (e) => app.log.error({ err: String(e) }, `${what} failed`));
  const tick = () => void run();
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const runs = firstRuns.get(app) ?? [];
    runs.push(run());
    firstRuns.set(app, runs);
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/**
 * Runs `step` only while no other api node runs the same `name`: on PostgreSQL a transaction holds
 * `pg_try_advisory_xact_lock` around it (the lock goes with the transaction, so a node that dies frees
 * it), and a node that does not get it skips this turn. The step's own queries go through the pool, not
 * that transaction. PGlite is one process's database: nothing to share.
 */
export async function onOneNode<T>(db: Db, name: string, step: () => Promise<T>): Promise<T | null> {
  if (db.kind !== 'pg') return step();
  return db.tx(async (q) => {
    const [{ got }] = await q.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS got', [`job:${name}`]);
    return got ? step() : null;
  });
}
