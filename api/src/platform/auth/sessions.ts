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

/**
 * Looked up on every request and socket event, so a revoked session or a blocked user is
 * refused at once rather than when some cache expires. A session is active until its absolute
 * end (`expires_at`) and, when it has an idle limit, while it was used within that limit; a use
 * moves `last_seen_at` forward, written at most once a minute.
 */
export async function findActiveSession(q: Queryable, token: string | undefined | null): Promise<ActiveSession | null> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const rows = await q.query<UserRow & { session_id: string; seen_stale: boolean }>(
    `SELECT s.id AS session_id, s.last_seen_at < now() - make_interval(secs => ${LAST_SEEN_EVERY_SEC}) AS seen_stale, ${USER_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.is_blocked
        AND (s.idle_timeout_sec IS NULL OR s.last_seen_at > now() - make_interval(secs => s.idle_timeout_sec))`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_id, seen_stale, ...user } = row;
  if (seen_stale) await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [session_id]);
  return { sessionId: session_id, user };
}

export async function revokeSession(q: Queryable, sessionId: string) {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeUserSessions(q: Queryable, userId: string) {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
