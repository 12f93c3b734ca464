import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Queryable } from '../platform/db.js';
import type { InvalidationBus } from '../platform/invalidation.js';
import { loadInitState } from './init-state.js';
import type { ResponseEncoding } from '../platform/compression.js';

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
/** The encodings init-state is kept in: none, brotli, gzip. */
export type InitStateEncoding = ResponseEncoding;

interface Loaded {
  value: InitState;
  bodies: Record<'identity', Buffer> & Partial<Record<InitStateEncoding, Buffer>>;
}

function encodeBody(identity: Buffer, encoding: 'br' | 'gzip'): Buffer {
  // Once per load, so the best ratio is affordable (the answer is a few kilobytes).
  return encoding === 'br'
    ? brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
    : gzipSync(identity, { level: 9 });
}

export interface ReferenceCache {
  initState(): Promise<InitState>;
  /**
   * init-state's whole answer, `{"data":…}`, serialized and UTF-8 encoded once per load, and compressed
   * once per load and encoding on first demand: the route sends the bytes as they are, so a request
   * neither re-encodes the Cyrillic text nor compresses the same answer again.
   */
  initStateBody(encoding: InitStateEncoding): Promise<Buffer>;
  /** Drops the payload here and on every instance. */
  forget(): Promise<void>;
  /** Drops it on this instance only. */
  clearLocal(): void;
}

export function createReferenceCache(db: Queryable, bus: InvalidationBus, opts: { ttlMs?: number; now?: () => number } = {}): ReferenceCache {
  const ttlMs = Math.max(0, opts.ttlMs ?? DEFAULT_REFERENCE_CACHE_MS);
  const now = opts.now ?? Date.now;
  let kept: ({ at: number } & Loaded) | null = null;
  /** One read shared by the requests that miss together. */
  let loading: { generation: number; promise: Promise<Loaded> } | null = null;
  /** Bumped by every drop: a read that started before it is neither kept nor shared with later callers. */
  let generation = 0;
  const drop = () => {
    generation++;
    kept = null;
    loading = null;
  };
  bus.on('reference', drop);
  bus.onMissed(drop);

  const get = async (): Promise<Loaded> => {
    if (kept && now() - kept.at < ttlMs) return kept;
    if (loading && loading.generation === generation) return loading.promise;
    const g = generation;
    const at = now();
    const promise = loadInitState(db).then(
      (loaded) => {
        const value = deepFreeze(loaded);
        const got: Loaded = { value, bodies: { identity: Buffer.from(JSON.stringify({ data: value }), 'utf8') } };
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
    initStateBody: async (encoding) => {
      const { bodies } = await get();
      if (encoding === 'identity') return bodies.identity;
      return (bodies[encoding] ??= encodeBody(bodies.identity, encoding));
    },
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
