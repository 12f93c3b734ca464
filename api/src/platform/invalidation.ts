import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';
import type { Db, Queryable } from './db.js';

/**
 * The api's in-process caches (auth/session-cache.ts, reference/cache.ts) are dropped through this one
 * bus: `publish(topic, id)` runs this instance's handlers synchronously — before the caller answers —
 * and sends the same message on one Redis channel, whose every other instance runs its handlers when
 * it arrives. Without Redis there is one instance and only the local handlers run.
 *
 * «Before the answer» holds across instances too: each instance that ran a message's handlers
 * acknowledges it on a second channel, and `publish` resolves once every other subscriber has (Redis
 * tells how many received it) or after ACK_WAIT_MS, whichever comes first. Without the wait, a
 * request sent to instance B right after A answered could beat the message to B and be served from
 * B's stale entry. Invalidations are rare (logout, a user edited), so the extra round trip is cheap.
 *
 * A message lost on the way (Redis down, the subscriber reconnecting) is what each cache's short
 * lifetime is for: an entry is read again from the database after a few seconds whatever happens here.
 * On every (re)connection of the subscriber the caches are dropped too, since messages may have been
 * missed meanwhile.
 */
export const INVALIDATION_CHANNEL = 'oyster:invalidate';
export const INVALIDATION_ACK_CHANNEL = 'oyster:invalidate:ack';
/** The longest a publish waits for the other instances' acknowledgements (an instance that died does not hold writes up). */
export const ACK_WAIT_MS = 250;

export type Topic = 'session' | 'user' | 'all-sessions' | 'reference' | 'notifications';
type Handler = (id: string | null) => void;

export interface InvalidationBus {
  /** Runs the topic's handlers here at once, then tells the other instances (resolves when Redis took it). */
  publish(topic: Topic, id?: string | null): Promise<void>;
  on(topic: Topic, handler: Handler): void;
  /** Called when messages may have been missed (the subscriber reconnected): every handler of every topic with id null. */
  onMissed(handler: () => void): void;
  close(): Promise<void>;
}

export function createInvalidationBus(
  redis: { pub: RedisClientType; sub: RedisClientType; namespace?: string } | null,
  log: { warn: (o: object, m: string) => void } = { warn: () => undefined },
): InvalidationBus & { ready: Promise<void> } {
  const self = randomBytes(6).toString('hex');
  // The deployment's namespace (AppOptions.redisNamespace) keeps another one on the same Redis apart.
  const channel = `${redis?.namespace ?? ''}${INVALIDATION_CHANNEL}`;
  const ackChannel = `${redis?.namespace ?? ''}${INVALIDATION_ACK_CHANNEL}`;
  const handlers = new Map<Topic, Handler[]>();
  const missed: (() => void)[] = [];
  const run = (topic: Topic, id: string | null) => {
    for (const h of handlers.get(topic) ?? []) h(id);
  };
  let sent = 0;
  /** Publishes of this instance waiting for acknowledgements: nonce → acknowledgements so far, how many are due (once known). */
  const waiting = new Map<string, { acks: number; due: number | null; done: () => void }>();
  const listener = (message: string) => {
    let m: { from: string; topic: Topic; id: string | null; nonce?: string };
    try {
      m = JSON.parse(message);
    } catch {
      return; // not ours
    }
    if (m.from === self) return;
    run(m.topic, m.id ?? null);
    if (redis && m.nonce) redis.pub.publish(ackChannel, m.nonce).catch(() => undefined);
  };
  const ackListener = (nonce: string) => {
    const w = waiting.get(nonce);
    if (!w) return;
    w.acks++;
    if (w.due !== null && w.acks >= w.due) w.done();
  };
  const onReady = () => missed.forEach((h) => h());
  let ready: Promise<void> = Promise.resolve();
  if (redis) {
    ready = Promise.all([
      redis.sub.subscribe(channel, listener),
      redis.sub.subscribe(ackChannel, ackListener),
    ]).then(() => undefined);
    redis.sub.on('ready', onReady);
  }
  return {
    ready,
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    onMissed(handler) {
      missed.push(handler);
    },
    async publish(topic, id = null) {
      run(topic, id);
      if (!redis) return;
      // Redis away: node-redis would queue the PUBLISH until it is back and hold the change's answer that
      // long. The other instances read the row again when their entry's few seconds are up.
      if (!redis.pub.isReady) {
        log.warn({ topic }, 'cache invalidation not sent to the other instances: Redis is not connected');
        return;
      }
      const nonce = `${self}:${++sent}`;
      let done!: () => void;
      const acked = new Promise<void>((r) => (done = r));
      // Registered before publishing: an acknowledgement may come back before PUBLISH's own answer.
      const w = { acks: 0, due: null as number | null, done };
      waiting.set(nonce, w);
      let timer: NodeJS.Timeout | undefined;
      try {
        const receivers = await redis.pub.publish(channel, JSON.stringify({ from: self, topic, id, nonce }));
        // Every receiver but this instance's own subscriber acknowledges.
        w.due = receivers - 1;
        if (w.acks >= w.due) return;
        await Promise.race([acked, new Promise<void>((r) => (timer = setTimeout(r, ACK_WAIT_MS)))]);
      } catch (e) {
        // The other instances read the row again when their entry's few seconds are up.
        log.warn({ err: String(e), topic }, 'cache invalidation not sent to the other instances');
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },
    async close() {
      if (!redis) return;
      redis.sub.off('ready', onReady);
      // Redis away: nothing to unsubscribe from (an UNSUBSCRIBE would wait in the offline queue).
      if (!redis.sub.isReady) return;
      await redis.sub.unsubscribe(channel, listener).catch(() => undefined);
      await redis.sub.unsubscribe(ackChannel, ackListener).catch(() => undefined);
    },
  };
}

/** A write statement's table, as the watcher reads it: INSERT INTO t, UPDATE t, DELETE FROM t, TRUNCATE t. */
const WRITE = /^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;
export type WriteVerb = 'insert' | 'update' | 'delete' | 'truncate';

export function writtenTable(sql: string): { verb: WriteVerb; table: string } | null {
  const c = sql.charCodeAt(sql.search(/\S/));
  // I, U, D, T (either case): anything else (SELECT, WITH…) is not looked at further.
  if (c !== 73 && c !== 85 && c !== 68 && c !== 84 && c !== 105 && c !== 117 && c !== 100 && c !== 116) return null;
  const m = WRITE.exec(sql);
  if (!m) return null;
  const verb = m[1].split(/\s/)[0].toLowerCase() as WriteVerb;
  return { verb, table: m[2].toLowerCase() };
}

/**
 * The database handle the routes get, with a safety net under the explicit invalidations: a plain
 * INSERT/UPDATE/DELETE/TRUNCATE statement on a table run through it calls `onWrite` (after the commit
 * when inside `tx`), so a write path that forgot to drop a cache still does on this instance — and so do
 * tests and scripts writing through `oyster.db`. Only the statement's start is read (not a CTE's
 * inner write), so the explicit calls remain the rule; this costs one character test per query.
 */
export function watchWrites(db: Db, onWrite: (table: string, verb: WriteVerb) => void): Db {
  const wrap = (q: Queryable, seen: (w: { verb: WriteVerb; table: string }) => void): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const rows = await q.query<T>(sql, params);
      const w = writtenTable(sql);
      if (w) seen(w);
      return rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
      const w = writtenTable(sql);
      if (w) seen(w);
    },
  });
  const now = (w: { verb: WriteVerb; table: string }) => onWrite(w.table, w.verb);
  return {
    kind: db.kind,
    ...wrap(db, now),
    async tx(fn) {
      const writes: { verb: WriteVerb; table: string }[] = [];
      const out = await db.tx((q) => fn(wrap(q, (w) => writes.push(w))));
      writes.forEach(now);
      return out;
    },
    close: () => db.close(),
    ...(db.dumpDataDir ? { dumpDataDir: () => db.dumpDataDir!() } : {}),
  };
}
