import type { RedisClientType } from 'redis';

export interface RateLimiter {
  /** Counts one attempt; true while the key is within its limit. */
  hit(key: string): Promise<boolean>;
}

/** How long a Redis count may take before this node counts on its own (Redis stalled or away). */
export const REDIS_COUNT_TIMEOUT_MS = 300;

/**
 * Fixed window counter. In memory for one instance; in Redis when several instances must
 * share the count (otherwise a client could multiply its attempts by the number of instances).
 * While Redis is away (not ready, or a count that fails or takes over REDIS_COUNT_TIMEOUT_MS) the
 * node counts in its own memory: sign-in keeps working and stays limited per node, and a request
 * never waits for Redis to come back (node-redis would queue the command until it reconnects).
 */
export function createRateLimiter(opts: { max: number; windowMs: number; redis?: RedisClientType | null; namespace?: string }): RateLimiter {
  const { max, windowMs, redis } = opts;
  const local = memoryLimiter(max, windowMs);
  if (redis) {
    return {
      async hit(key) {
        if (!redis.isReady) return local.hit(key);
        const k = `${opts.namespace ?? 'oyster'}:rl:${key}`;
        let timer: NodeJS.Timeout | undefined;
        try {
          const counted = redis.multi().incr(k).pExpire(k, windowMs, 'NX').exec() as unknown as Promise<[number]>;
          const late = new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), REDIS_COUNT_TIMEOUT_MS);
          });
          const answer = await Promise.race([counted, late]);
          // A count that comes after the bound is dropped, never an unhandled rejection.
          if (answer === null) {
            counted.catch(() => undefined);
            return local.hit(key);
          }
          return Number(answer[0]) <= max;
        } catch {
          return local.hit(key);
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }
  return local;
}

function memoryLimiter(max: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size > 10_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= max;
    },
  };
}
