import { createHash, randomBytes } from 'node:crypto';
import { newId, type Queryable } from '../db.js';
import { USER_COLUMNS, type UserRow } from './users.js';

export const SESSION_TTL_MS = { remember: 30 * 24 * 3600 * 1000, short: 12 * 3600 * 1000 };
export const TOKEN_COOKIE = 'x-api-token';

// Only the hash is stored: a leaked sessions table does not hand out live tokens.
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(q: Queryable, userId: string, rememberMe: boolean) {
  const token = randomBytes(32).toString('hex');
  const ttl = rememberMe ? SESSION_TTL_MS.remember : SESSION_TTL_MS.short;
  const id = newId();
  const expiresAt = new Date(Date.now() + ttl);
  await q.query(
    'INSERT INTO sessions (id, token_hash, user_id, remember_me, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [id, hashToken(token), userId, rememberMe, expiresAt.toISOString()],
  );
  return { id, token, maxAgeSec: Math.floor(ttl / 1000) };
}

export interface ActiveSession {
  sessionId: string;
  user: UserRow;
}

/**
 * Looked up on every request and socket event, so a revoked session or a blocked user is
 * refused at once rather than when some cache expires.
 */
export async function findActiveSession(q: Queryable, token: string | undefined | null): Promise<ActiveSession | null> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const rows = await q.query<UserRow & { session_id: string }>(
    `SELECT s.id AS session_id, ${USER_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.is_blocked`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_id, ...user } = row;
  return { sessionId: session_id, user };
}

export async function revokeSession(q: Queryable, sessionId: string) {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeUserSessions(q: Queryable, userId: string) {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
