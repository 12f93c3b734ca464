import { createHash, randomBytes } from 'node:crypto';
import { newId, type Queryable } from '../db.js';
import { USER_COLUMNS, type UserRow } from './users.js';

/** Absolute lifetimes: a session ends this long after sign-in whatever its use. */
export const SESSION_TTL_MS = { remember: 30 * 24 * 3600 * 1000, short: 12 * 3600 * 1000 };
/** A session without rememberMe also ends after this many minutes without use (SESSION_IDLE_MINUTES). */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
/** last_seen_at is written at most this often per session (not a write per request). */
export const LAST_SEEN_EVERY_SEC = 60;
export const TOKEN_COOKIE = 'x-api-token';

// Only the hash is stored: a leaked sessions table does not hand out live tokens.
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new session. Without rememberMe it also gets an idle limit (`idleMinutes`, kept on the row, so
 * every reader — HTTP and socket — applies the same one); rememberMe sessions have only the absolute one.
 */
export async function createSession(q: Queryable, userId: string, rememberMe: boolean, idleMinutes = DEFAULT_SESSION_IDLE_MINUTES) {
  const token = randomBytes(32).toString('hex');
  const ttl = rememberMe ? SESSION_TTL_MS.remember : SESSION_TTL_MS.short;
  const idleSec = rememberMe ? null : Math.max(1, Math.round(idleMinutes * 60));
  const id = newId();
  const expiresAt = new Date(Date.now() + ttl);
  await q.query(
    'INSERT INTO sessions (id, token_hash, user_id, remember_me, expires_at, idle_timeout_sec) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, hashToken(token), userId, rememberMe, expiresAt.toISOString(), idleSec],
  );
  return { id, token, maxAgeSec: Math.floor(ttl / 1000) };
}

export interface ActiveSession {
  sessionId: string;
  user: UserRow;
}

/** A session as read from the database, with the times the session cache works out in-process. */
export interface SessionRead extends ActiveSession {
  /** Milliseconds until the absolute end (expires_at), by the database's clock. */
  expiresInMs: number;
  /** The idle limit in milliseconds, null for rememberMe sessions. */
  idleMs: number | null;
  /** Milliseconds since last_seen_at as stored now (0 when this read has just written it). */
  writtenAgoMs: number;
}

const TOKEN_FORMAT = /^[0-9a-f]{64}$/;
export const isTokenShaped = (token: string | undefined | null): token is string => !!token && TOKEN_FORMAT.test(token);

/**
 * The session behind a token hash, read from the database: active until its absolute end
 * (`expires_at`) and, when it has an idle limit, while it was used within that limit; a use moves
 * `last_seen_at` forward, written (awaited) here when it is a minute old or more. `usedMsAgo`: the
 * caller saw the session in use that long ago (auth/session-cache.ts) — counted as a use for the idle
 * limit, so a last_seen_at write that failed does not end a session that was in fact in use.
 */
export async function readSession(q: Queryable, tokenHash: string, usedMsAgo: number | null = null): Promise<SessionRead | null> {
  const rows = await q.query<UserRow & { session_id: string; expires_in_ms: number; idle_timeout_sec: number | null; written_ago_ms: number }>(
    `SELECT s.id AS session_id, s.idle_timeout_sec,
            (extract(epoch FROM s.expires_at - now()) * 1000)::float8 AS expires_in_ms,
            (extract(epoch FROM now() - s.last_seen_at) * 1000)::float8 AS written_ago_ms,
            ${USER_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.is_blocked
        AND (s.idle_timeout_sec IS NULL
             OR GREATEST(s.last_seen_at, now() - make_interval(secs => $2::float8)) > now() - make_interval(secs => s.idle_timeout_sec))`,
    [tokenHash, usedMsAgo === null ? null : usedMsAgo / 1000],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_id, expires_in_ms, idle_timeout_sec, written_ago_ms, ...user } = row;
  let writtenAgoMs = Number(written_ago_ms);
  if (writtenAgoMs >= LAST_SEEN_EVERY_SEC * 1000) {
    await touchSession(q, session_id);
    writtenAgoMs = 0;
  }
  return {
    sessionId: session_id,
    user,
    expiresInMs: Number(expires_in_ms),
    idleMs: idle_timeout_sec == null ? null : idle_timeout_sec * 1000,
    writtenAgoMs,
  };
}

/** last_seen_at = now (a use of the session). */
export async function touchSession(q: Queryable, sessionId: string) {
  await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [sessionId]);
}

/**
 * The session behind a token, straight from the database (sign-in by token, logout, sockets). The
 * signed-in api routes go through the session cache (auth/session-cache.ts) instead, which reads this
 * way on a miss and drops its entries at once on logout, blocking and user changes.
 */
export async function findActiveSession(q: Queryable, token: string | undefined | null): Promise<ActiveSession | null> {
  if (!isTokenShaped(token)) return null;
  const s = await readSession(q, hashToken(token));
  return s && { sessionId: s.sessionId, user: s.user };
}

export async function revokeSession(q: Queryable, sessionId: string) {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeUserSessions(q: Queryable, userId: string) {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
