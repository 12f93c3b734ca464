import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { newId, type Queryable } from '../db.js';
import { recordAudit } from '../audit.js';
import { fio } from './users.js';
import { hashToken, revokeUserSessions } from './sessions.js';

/**
 * One-time password links (migration 32): an invitation of a new user (a sub-agent a network owner
 * invites) or a password reset an administrator starts. Only the token's SHA-256 is stored; a link is
 * used once, expires, and a new link of a user invalidates their older unused ones. The link is the
 * shell's public page `/app/password/<token>`, which reads it and sets the password with it.
 */
export type PasswordLinkPurpose = 'invite' | 'reset';

/** How long a link lives: an invitation a week, a reset a day. */
export const PASSWORD_LINK_TTL_MS: Record<PasswordLinkPurpose, number> = { invite: 7 * 24 * 3600_000, reset: 24 * 3600_000 };

/** The token's shape (64 hex); anything else is not a link. */
export const PASSWORD_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** The app path of a link's page. */
export const passwordLinkPath = (token: string) => `/app/password/${token}`;

/**
 * A new link for `userId` (its older unused links stop working), recorded in the audit log by the one
 * who made it. Call inside the change's transaction. Returns the page's path and when it expires.
 */
export async function createPasswordLink(q: Queryable, userId: string, purpose: PasswordLinkPurpose, actorId: string | null = null) {
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_TTL_MS[purpose]);
  await q.query('UPDATE password_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  await q.query(
    'INSERT INTO password_links (id, token_hash, user_id, purpose, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [newId(), hashToken(token), userId, purpose, actorId, expiresAt.toISOString()],
  );
  if (purpose === 'reset') {
    await recordAudit(q, { actorId, action: 'reset_password', objectType: 'user', objectId: userId, before: null, after: { passwordLink: 'изменён', expiresAt: expiresAt.toISOString() } });
  }
  return { link: passwordLinkPath(token), token, expiresAt: expiresAt.toISOString() };
}

interface LinkRow {
  id: string;
  user_id: string;
  purpose: PasswordLinkPurpose;
  email: string;
  first_name: string;
  second_name: string;
  middle_name: string;
}

/** A live link (known, not used, not expired, its user not blocked), or null. `lock` holds it until the transaction ends. */
async function liveLink(q: Queryable, token: string, lock = false): Promise<LinkRow | null> {
  if (!PASSWORD_TOKEN_PATTERN.test(token)) return null;
  const [row] = await q.query<LinkRow>(
    `SELECT l.id, l.user_id, l.purpose, u.email, u.first_name, u.second_name, u.middle_name
       FROM password_links l JOIN users u ON u.id = l.user_id
      WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND NOT u.is_blocked${lock ? ' FOR UPDATE OF l' : ''}`,
    [hashToken(token)],
  );
  return row ?? null;
}

/** Whose link it is and what for (the page greets them); null when unknown, used or expired. */
export async function readPasswordLink(q: Queryable, token: string) {
  const row = await liveLink(q, token);
  return row && { fio: fio(row), email: row.email, purpose: row.purpose };
}

/**
 * Sets the user's password with the link and uses the link up (with every other open link of the
 * user); the user's sessions end (a reset is often «someone else may know it»). Null when the link is
 * not live. Call inside a transaction.
 */
export async function usePasswordLink(q: Queryable, token: string, password: string): Promise<{ userId: string; email: string } | null> {
  const row = await liveLink(q, token, true);
  if (!row) return null;
  const hash = await bcrypt.hash(password, 10);
  await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [row.user_id, hash]);
  await q.query('UPDATE password_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [row.user_id]);
  await revokeUserSessions(q, row.user_id);
  await recordAudit(q, { actorId: row.user_id, action: 'update', objectType: 'user', objectId: row.user_id, before: { password: 1 }, after: { password: 2 } });
  return { userId: row.user_id, email: row.email };
}
