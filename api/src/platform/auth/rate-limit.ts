import type { RedisClientType } from 'redis';

export interface RateLimiter {
  /** Counts one attempt; true while the key is within its limit. */
  hit(key: string): Promise<boolean>;
}

/**
 * Fixed window counter. In memory for one instance; in Redis when several instances must
 * share the count (otherwise a client could multiply its attempts by the number of instances).
 */
export function createRateLimiter(opts: { max: number; windowMs: number; redis?: RedisClientType | null; namespace?: string }): RateLimiter {
  const { max, windowMs, redis } = opts;
  if (redis) {
    return {
      async hit(key) {
        const k = `${opts.namespace ?? 'oyster'}:rl:${key}`;
        const [count] = (await redis.multi().incr(k).pExpire(k, windowMs, 'NX').exec()) as unknown as [number];
        return Number(count) <= max;
      },
    };
  }
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
