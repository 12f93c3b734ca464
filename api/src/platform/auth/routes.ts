import type { FastifyInstance } from 'fastify';
import bcrypt from 'bcryptjs';
import { loginSchema, ERROR_TEXTS } from '@oyster/shared-kit/domain';
import type { AppContext } from '../context.js';
import { validate } from '../validation.js';
import { HttpError } from '../errors.js';
import { createSession, findActiveSession, revokeSession, TOKEN_COOKIE } from './sessions.js';
import { toSessionUser, loadUser } from './users.js';
import { tokenFrom } from './guard.js';

// Compared against when the email is unknown, so both paths cost one bcrypt check.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

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
  const failed = (message: string, type: string) => ({ user: null, token: null, error: true, message, type });

  app.post('/api/v2/auth/login/', { config: { public: true } }, async (req, reply) => {
    const rawEmail = (req.body as { email?: unknown } | null)?.email;
    const key = `login:${req.ip}:${typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : ''}`;
    if (!(await ctx.loginLimiter.hit(key))) throw new HttpError(429, ERROR_TEXTS.tooManyRequests);

    const body = await validate(loginSchema, req.body);
    const email = body.email.trim().toLowerCase();
    const rows = await db.query<{ id: string; password_hash: string; is_blocked: boolean }>(
      'SELECT id, password_hash, is_blocked FROM users WHERE email = $1',
      [email],
    );
    const found = rows[0];
    const ok = await bcrypt.compare(body.password, found?.password_hash ?? DUMMY_HASH);
    if (!found || !ok) return failed('Неверный email или пароль', 'credentials');
    if (found.is_blocked) return failed('Пользователь заблокирован', 'blocked');

    const rememberMe = !!body.rememberMe;
    const session = await createSession(db, found.id, rememberMe);
    const row = await loadUser(db, found.id);
    reply.setCookie(TOKEN_COOKIE, session.token, cookieOpts(session.maxAgeSec));
    return { user: toSessionUser(row!), token: session.token, error: null, message: null, type: null };
  });

  app.get('/api/v2/auth/get-user', async (req, reply) => {
    // The sign-in-by-token landing passes ?token=; keep the browser signed in with the cookie.
    if (tokenFrom(req).fromQuery) reply.setCookie(TOKEN_COOKIE, req.me.token, cookieOpts(12 * 3600));
    return { user: req.me.user };
  });

  app.post('/api/v2/auth/logout', { config: { public: true } }, async (req, reply) => {
    const { token } = tokenFrom(req);
    const s = token ? await findActiveSession(db, token) : null;
    if (s) {
      await revokeSession(db, s.sessionId);
      ctx.rt.endSession(s.sessionId);
    }
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return { result: true };
  });
}
