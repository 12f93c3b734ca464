import type { FastifyInstance } from 'fastify';

/**
 * A step a domain runs every `everyMs` while the api runs (the contracts' calendar, the broker requests'
 * SLA watch, the campaigns' scheduler): once when the api is ready, then on a timer that does not keep
 * the process alive and stops on close. A failed step is logged and the next one runs as planned. Steps
 * must be safe with several api instances (each claims its work in the database).
 */
export function runPeriodically(app: FastifyInstance, what: string, everyMs: number, step: () => Promise<unknown>): void {
  const tick = () => void step().catch((e) => app.log.error({ err: String(e) }, `${what} failed`));
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
