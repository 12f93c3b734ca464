import type { FastifyInstance, FastifyReply } from 'fastify';
import bcrypt from 'bcryptjs';
import { loginSchema, ERROR_TEXTS, type LoginPayload, type SessionUser } from '@oyster/shared-kit/domain';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { createSession, findActiveSession, revokeSession, TOKEN_COOKIE } from './sessions.js';
import { toSessionUser, loadUser } from './users.js';
import { tokenFrom } from './guard.js';
import { passwordLinkRoutes } from './password-routes.js';

/** Where a failed sign-in by token lands (the shell's landing shows why). */
export const SIGN_IN_FAILED_PATH = '/app/sing-in?failed=1';

/** A redirect target under /app/ only: a plain path, no scheme, host, `//`, backslash, dots or query. */
export function safeAppPath(to: unknown): string {
  if (typeof to !== 'string') return '/app/';
  if (!/^\/app(\/[A-Za-z0-9_~\-][A-Za-z0-9_~.\-]*)*\/?$/.test(to)) return '/app/';
  return to;
}

/** Signs `userId` in on `reply` as the login does (platform/auth/routes.ts). */
export type StartSession = (reply: FastifyReply, userId: string, rememberMe: boolean) => Promise<{ user: SessionUser; token: string }>;

// Compared against when the email is unknown, so both paths cost one bcrypt check (cost 10, as the
// stored ones). Written out, not hashed at load: hashSync blocked every start for ~80 ms; a match is
// refused anyway (no user).
const DUMMY_HASH = '$2b$10$KTn3qLEo/LypisPr7fkKG.in3Z1q/OgTnznx8rgS2Y3BqSX87VZW2';

/** Login and logout are public (logout reads the token itself); get-user signs in like every api route. */
export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const cookieOpts = (maxAge: number) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.secureCookies,
    maxAge,
  });
  /** A new session for a user who has just proved who they are: the httpOnly cookie, and the user and token the login answers. */
  const startSession: StartSession = async (reply, userId, rememberMe) => {
    const session = await createSession(db, userId, rememberMe, ctx.sessionIdleMinutes);
    const row = await loadUser(db, userId);
    reply.setCookie(TOKEN_COOKIE, session.token, cookieOpts(session.maxAgeSec));
    return { user: toSessionUser(row!), token: session.token };
  };
  const failed = (message: string, type: string) => ({ user: null, token: null, error: true, message, type });

  // The body is declared (platform/routes.ts): a malformed one is a 400 naming the field before any
  // password is checked, and the OpenAPI document and the fuzzer know the route's fields.
  app.post('/api/v2/auth/login/', { config: { public: true, csrf: 'anonymous', summary: 'Вход', input: { body: loginSchema } } }, async (req, reply) => {
    // Two limits, both counted on every attempt: per client address (one address trying many
    // accounts, e.g. one password sprayed over many emails) and per account (many addresses
    // guessing one account's password). req.ip honours only the trusted proxy hops (TRUST_PROXY).
    const rawEmail = (req.body as { email?: unknown } | null)?.email;
    const account = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
    const [byAddress, byAccount] = await Promise.all([
      ctx.loginLimiter.address.hit(`login:ip:${req.ip}`),
      ctx.loginLimiter.account.hit(`login:account:${account}`),
    ]);
    if (!byAddress || !byAccount) {
      ctx.metrics.loginFailures.inc({ reason: 'rate_limited' });
      throw new HttpError(429, ERROR_TEXTS.tooManyRequests);
    }

    const body = req.body as LoginPayload;
    const email = body.email.trim().toLowerCase();
    const rows = await db.query<{ id: string; password_hash: string; is_blocked: boolean }>(
      'SELECT id, password_hash, is_blocked FROM users WHERE email = $1',
      [email],
    );
    const found = rows[0];
    const ok = await bcrypt.compare(body.password, found?.password_hash ?? DUMMY_HASH);
    if (!found || !ok) {
      ctx.metrics.loginFailures.inc({ reason: 'credentials' });
      return failed('Неверный email или пароль', 'credentials');
    }
    if (found.is_blocked) {
      ctx.metrics.loginFailures.inc({ reason: 'blocked' });
      return failed('Пользователь заблокирован', 'blocked');
    }

    return { ...(await startSession(reply, found.id, !!body.rememberMe)), error: null, message: null, type: null };
  });

  app.get('/api/v2/auth/get-user', async (req) => ({ user: req.me.user }));

  /**
   * Sign-in by token (spec §2 sing-in/{token}): the shell's landing sends the browser here; a valid
   * token becomes the httpOnly session cookie and the browser is sent on to a clean address under
   * /app/ (no token left in the address bar, history or Referer). Only a top-level navigation is
   * answered (not an image, a frame or a script's fetch), and only to a path under /app/ (no open
   * redirect); a bad token lands on the landing's «Не удалось войти по ссылке».
   */
  app.get('/api/v2/auth/sign-in-by-token', { config: { public: true } }, async (req, reply) => {
    const dest = req.headers['sec-fetch-dest'];
    const mode = req.headers['sec-fetch-mode'];
    if ((dest !== undefined && dest !== 'document') || (mode !== undefined && mode !== 'navigate')) {
      throw new HttpError(403, ERROR_TEXTS.forbidden);
    }
    reply.header('Cache-Control', 'no-store');
    const query = (req.query ?? {}) as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : null;
    const s = token ? await findActiveSession(db, token) : null;
    if (!s || !token) return reply.redirect(SIGN_IN_FAILED_PATH, 302);
    const [row] = await db.query<{ left_sec: number }>(
      'SELECT GREATEST(1, floor(extract(epoch FROM expires_at - now())))::int AS left_sec FROM sessions WHERE id = $1',
      [s.sessionId],
    );
    reply.setCookie(TOKEN_COOKIE, token, cookieOpts(row?.left_sec ?? 1));
    return reply.redirect(safeAppPath(query.to), 302);
  });

  app.post('/api/v2/auth/logout', { config: { public: true } }, async (req, reply) => {
    const { token } = tokenFrom(req);
    const s = token ? await findActiveSession(db, token) : null;
    if (s) {
      await revokeSession(db, s.sessionId);
      // Dropped from the session cache here and on every instance before the answer: the token is 401 at once.
      await ctx.sessions.forgetSession(s.sessionId);
      ctx.rt.endSession(s.sessionId);
    }
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return { result: true };
  });

  passwordLinkRoutes(app, ctx, startSession);
}
