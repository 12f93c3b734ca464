import type { FastifyRequest } from 'fastify';
import { access, type Access, type SessionUser } from '@oyster/shared-kit/domain';
import type { Db } from '../db/index.js';
import { findActiveSession, TOKEN_COOKIE } from './sessions.js';
import { toSessionUser, type UserRow } from './users.js';
import { forbidden, unauthorized } from '../validation.js';

export interface Authed {
  sessionId: string;
  token: string;
  row: UserRow;
  user: SessionUser;
  /** The §6 flags from shared-kit — the same ones the sidebar reads. */
  can: Access;
}

/** Token from the `x-api-token` header, the cookie, or `?token=` (sign-in-by-token landing). */
export function tokenFrom(req: FastifyRequest): { token: string | null; fromQuery: boolean } {
  const header = req.headers['x-api-token'];
  if (typeof header === 'string' && header) return { token: header, fromQuery: false };
  const cookie = req.cookies?.[TOKEN_COOKIE];
  if (cookie) return { token: cookie, fromQuery: false };
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (typeof q === 'string' && q) return { token: q, fromQuery: true };
  return { token: null, fromQuery: false };
}

export async function requireUser(db: Db, req: FastifyRequest): Promise<Authed> {
  const { token } = tokenFrom(req);
  const s = token ? await findActiveSession(db, token) : null;
  if (!s || !token) throw unauthorized();
  const user = toSessionUser(s.user);
  return { sessionId: s.sessionId, token, row: s.user, user, can: access(user) };
}

/** 403 unless the shared-kit predicate allows it. */
export function ensure(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
