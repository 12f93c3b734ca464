import type { Queryable } from '../platform/db.js';
import type { InvalidationBus } from '../platform/invalidation.js';
import { unreadNotifications } from './counters.js';

/**
 * The unread-notifications count (the sidebar badge, GET notifications/count-not-read) is asked by
 * every page of every signed-in user: it is kept per user in-process for a few seconds
 * (UNREAD_CACHE_MS, default 5000; 0 turns it off) instead of a count query per request. Whoever
 * adds, reads or removes notifications calls `forget(userId)` (or `forget()` for many users): here at
 * once and on every instance through Redis (platform/invalidation.ts, topic 'notifications'). Any
 * write to the notifications table through the app's database handle drops this instance's counts as
 * well (the watcher in app.ts). The lifetime bounds what nobody announced.
 */
export const DEFAULT_UNREAD_CACHE_MS = 5_000;
/** At most this many users' counts are kept; the oldest go first. */
export const UNREAD_CACHE_MAX = 10_000;

export interface UnreadCache {
  count(userId: string): Promise<number>;
  /** Drops one user's count (or everyone's), here and on every instance. */
  forget(userId?: string | null): Promise<void>;
  /** Drops every count on this instance only. */
  clearLocal(): void;
}

export function createUnreadCache(db: Queryable, bus: InvalidationBus, opts: { ttlMs?: number; now?: () => number } = {}): UnreadCache {
  const ttlMs = Math.max(0, opts.ttlMs ?? DEFAULT_UNREAD_CACHE_MS);
  const now = opts.now ?? Date.now;
  const kept = new Map<string, { at: number; count: number }>();
  // Bumped by every drop: a count read before it is not kept (it may predate the change).
  let generation = 0;
  const drop = (userId: string | null) => {
    generation++;
    if (userId) kept.delete(userId);
    else kept.clear();
  };
  bus.on('notifications', drop);
  bus.onMissed(() => drop(null));

  return {
    async count(userId) {
      const hit = kept.get(userId);
      if (hit && now() - hit.at < ttlMs) return hit.count;
      const g = generation;
      const at = now();
      const count = await unreadNotifications(db, userId);
      if (ttlMs > 0 && g === generation) {
        kept.delete(userId);
        kept.set(userId, { at, count });
        if (kept.size > UNREAD_CACHE_MAX) kept.delete(kept.keys().next().value as string);
      }
      return count;
    },
    forget: (userId = null) => bus.publish('notifications', userId),
    clearLocal: () => drop(null),
  };
}

declare module '../platform/context.js' {
  interface AppContext {
    /** Unread-notification counts per user, kept in-process (dashboard/unread-cache.ts). */
    unread: UnreadCache;
  }
}
