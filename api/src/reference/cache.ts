import type { Queryable } from '../platform/db.js';
import type { InvalidationBus } from '../platform/invalidation.js';
import { loadInitState } from './init-state.js';

/**
 * init-state's payload (insurers, products, broker networks, managers, curators) is the same for
 * every caller and read by every screen after sign-in: it is kept in-process instead of five queries
 * per request. Dropped at once, here and on every instance (platform/invalidation.ts, topic
 * 'reference'), by whoever changes those rows — today the user PATCH (names, roles, blocking change the
 * staff lists) — and by any write to companies, products, broker_networks or users through the app's
 * database handle (the watcher in app.ts). Like the session cache it lives only a few seconds
 * (REFERENCE_CACHE_MS, default 5000; 0 turns it off), which bounds what nobody announced: a row
 * changed by hand in the database, a message lost while Redis was away.
 */
export const DEFAULT_REFERENCE_CACHE_MS = 5_000;
/** The tables the payload is read from. */
export const REFERENCE_TABLES = ['companies', 'products', 'broker_networks', 'users'] as const;

export type InitState = Awaited<ReturnType<typeof loadInitState>>;

export interface ReferenceCache {
  initState(): Promise<InitState>;
  /** init-state's whole answer, `{"data":…}`, serialized once per load (the route sends it as it is). */
  initStateJson(): Promise<string>;
  /** Drops the payload here and on every instance. */
  forget(): Promise<void>;
  /** Drops it on this instance only. */
  clearLocal(): void;
}

export function createReferenceCache(db: Queryable, bus: InvalidationBus, opts: { ttlMs?: number; now?: () => number } = {}): ReferenceCache {
  const ttlMs = Math.max(0, opts.ttlMs ?? DEFAULT_REFERENCE_CACHE_MS);
  const now = opts.now ?? Date.now;
  let kept: { at: number; value: InitState; json: string } | null = null;
  /** One read shared by the requests that miss together. */
  let loading: { generation: number; promise: Promise<{ value: InitState; json: string }> } | null = null;
  /** Bumped by every drop: a read that started before it is neither kept nor shared with later callers. */
  let generation = 0;
  const drop = () => {
    generation++;
    kept = null;
    loading = null;
  };
  bus.on('reference', drop);
  bus.onMissed(drop);

  const get = async (): Promise<{ value: InitState; json: string }> => {
    if (kept && now() - kept.at < ttlMs) return kept;
    if (loading && loading.generation === generation) return loading.promise;
    const g = generation;
    const at = now();
    const promise = loadInitState(db).then(
      (loaded) => {
        const value = deepFreeze(loaded);
        const got = { value, json: JSON.stringify({ data: value }) };
        if (g === generation) {
          if (ttlMs > 0) kept = { at, ...got };
          loading = null;
        }
        return got;
      },
      (e) => {
        if (loading?.promise === promise) loading = null;
        throw e;
      },
    );
    loading = { generation: g, promise };
    return promise;
  };

  return {
    initState: async () => (await get()).value,
    initStateJson: async () => (await get()).json,
    forget: () => bus.publish('reference'),
    clearLocal: drop,
  };
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}

declare module '../platform/context.js' {
  interface AppContext {
    /** init-state's payload, kept in-process (reference/cache.ts); whoever changes its rows calls forget(). */
    reference: ReferenceCache;
  }
}
