import { access, type Access, type SessionUser } from '@oyster/shared-kit/domain';
import type { Queryable } from '../db.js';
import type { InvalidationBus } from '../invalidation.js';
import { hashToken, isTokenShaped, LAST_SEEN_EVERY_SEC, readSession, touchSession } from './sessions.js';
import { toSessionUser, type UserRow } from './users.js';

/**
 * Sessions resolved without a database round trip on the hot path: token → the session and its
 * user, kept a short time in this process. The map is keyed by the token itself, not its hash: the
 * database keeps only hashes, but this process holds the token of every request anyway, and a
 * SHA-256 per request was a few per cent of an authenticated GET's CPU; the hash is worked out on a
 * miss, for the database read.
 *
 * Why a few seconds (SESSION_CACHE_MS, default 5000): every change the api makes itself is seen at
 * once whatever the lifetime — logout, revoking, blocking and any change of a user drop the entries
 * here before the answer and on the other instances through Redis (platform/invalidation.ts). The
 * lifetime only bounds what the api is not told about: a row changed by hand in the database, an
 * invalidation lost while Redis was away, the manager's open broker-request badge (brExecutorCount).
 * A few seconds keeps that window small while a session in steady use still costs one read per
 * lifetime instead of one per request. 0 turns the cache off (every request reads the database).
 *
 * A hit still honours the session's absolute end and idle limit, worked out in-process from the
 * times read with the row, and counts as a use: last_seen_at is written at most once a minute per
 * session, in the background on a hit (retried on the next hit when it failed); the in-process last
 * use is handed to the next database read so a failed write does not end a session in use.
 */
export const DEFAULT_SESSION_CACHE_MS = 5_000;
export const DEFAULT_SESSION_CACHE_MAX = 10_000;

export interface CachedSession {
  sessionId: string;
  userId: string;
  row: UserRow;
  /** Frozen: shared by every request of the session while the entry lives. */
  user: SessionUser;
  can: Access;
}

interface Entry extends CachedSession {
  cachedAt: number;
  /** Absolute end, in this process's clock. */
  expiresAt: number;
  idleMs: number | null;
  /** Last use seen by this process. */
  lastSeen: number;
  /** When last_seen_at was last known written. */
  writtenAt: number;
  writing: boolean;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface SessionCache {
  /** The session behind a token: from the cache when fresh, else read from the database (and kept). */
  resolve(token: string | null | undefined): Promise<CachedSession | null>;
  /** Drops one session everywhere (logout, revoke). Local at once; other instances through Redis. */
  forgetSession(sessionId: string): Promise<void>;
  /** Drops every session of a user everywhere (blocked, roles or any field of the user changed, sessions revoked). */
  forgetUser(userId: string): Promise<void>;
  /** Drops every entry of this instance only (the safety net for writes it was not told about). */
  clearLocal(): void;
  readonly size: number;
  readonly ttlMs: number;
}

export function createSessionCache(db: Queryable, bus: InvalidationBus, opts: SessionCacheOptions = {}): SessionCache {
  const ttlMs = Math.max(0, opts.ttlMs ?? DEFAULT_SESSION_CACHE_MS);
  const max = Math.max(1, opts.maxEntries ?? DEFAULT_SESSION_CACHE_MAX);
  const now = opts.now ?? Date.now;
  const writeEveryMs = LAST_SEEN_EVERY_SEC * 1000;
  const entries = new Map<string, Entry>();
  /**
   * Bumped by every drop: a database read that started before a drop does not store its answer
   * (it may have read the row as it was before the change the drop is about).
   */
  let generation = 0;

  const dropWhere = (pred: (e: Entry) => boolean) => {
    generation++;
    for (const [k, e] of entries) if (pred(e)) entries.delete(k);
  };
  bus.on('session', (id) => (id ? dropWhere((e) => e.sessionId === id) : dropWhere(() => true)));
  bus.on('user', (id) => (id ? dropWhere((e) => e.userId === id) : dropWhere(() => true)));
  bus.on('all-sessions', () => dropWhere(() => true));
  bus.onMissed(() => dropWhere(() => true));

  const touchInBackground = (e: Entry, t: number) => {
    e.writing = true;
    touchSession(db, e.sessionId)
      .then(() => {
        e.writtenAt = t;
      })
      .catch(() => undefined) // retried on the next hit; the next read counts lastSeen as a use
      .finally(() => {
        e.writing = false;
      });
  };

  const live = (e: Entry, t: number) => t < e.expiresAt && (e.idleMs === null || t - e.lastSeen <= e.idleMs);

  return {
    get size() {
      return entries.size;
    },
    ttlMs,
    async resolve(token) {
      if (!isTokenShaped(token)) return null;
      const key = token;
      const t = now();
      const e = entries.get(key);
      if (e) {
        if (t - e.cachedAt < ttlMs && live(e, t)) {
          e.lastSeen = t;
          if (!e.writing && t - e.writtenAt >= writeEveryMs) touchInBackground(e, t);
          return e;
        }
        entries.delete(key);
      }
      // Read again: the in-process last use counts for the idle limit only while it was still within it.
      const usedMsAgo = e && live(e, t) ? t - e.lastSeen : null;
      const g = generation;
      const s = await readSession(db, hashToken(token), usedMsAgo);
      if (!s) return null;
      const at = now();
      const user = Object.freeze(toSessionUser(s.user));
      const fresh: Entry = {
        sessionId: s.sessionId,
        userId: s.user.id,
        row: Object.freeze(s.user),
        user,
        can: Object.freeze(access(user)),
        cachedAt: at,
        expiresAt: at + s.expiresInMs,
        idleMs: s.idleMs,
        lastSeen: at,
        writtenAt: at - s.writtenAgoMs,
        writing: false,
      };
      if (ttlMs > 0 && g === generation) {
        entries.set(key, fresh);
        // Bounded: the oldest entries go first (Map keeps insertion order).
        while (entries.size > max) entries.delete(entries.keys().next().value as string);
      }
      return fresh;
    },
    forgetSession: (sessionId) => bus.publish('session', sessionId),
    forgetUser: (userId) => bus.publish('user', userId),
    clearLocal: () => dropWhere(() => true),
  };
}

declare module '../context.js' {
  interface AppContext {
    /** The session cache (auth/session-cache.ts): whoever revokes a session or changes a user calls forgetSession/forgetUser. */
    sessions: SessionCache;
  }
}
