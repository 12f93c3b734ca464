import type { FastifyInstance } from 'fastify';
import { AGENT_TEXTS, LOGIN_TEXTS, MIN_PASSWORD_LENGTH } from '@oyster/shared-kit/domain';
import type { AppContext } from '../context.js';
import { auditedTx } from '../audit.js';
import { HttpError } from '../errors.js';
import { yup } from '../validation.js';
import { readPasswordLink, usePasswordLink } from './password-links.js';
import type { StartSession } from './routes.js';

/** A link's token in the address: 64 hex characters (anything else is a 400 naming `token`). */
const tokenParams = yup.object({
  token: yup.string().required().matches(/^[0-9a-f]{64}$/, 'Поле «token»: ссылка повреждена').label('token'),
});

/** The new password: the sign-in's rules (at least MIN_PASSWORD_LENGTH characters). */
const passwordBody = yup.object({
  password: yup.string().required(LOGIN_TEXTS.passwordRequired).min(MIN_PASSWORD_LENGTH, LOGIN_TEXTS.passwordTooShort).max(200).label('password'),
});

const gone = () => new HttpError(404, AGENT_TEXTS.linkGone);

/**
 * The public side of one-time password links (platform/auth/password-links.ts): read a link (whose it
 * is and what for) and set the password with it. Both public — the holder of the link has no session
 * yet; the write is checked as the login is (`csrf: 'anonymous'`) and, once the password is set, signs
 * the user in as the login does (cookie, user, token). Unknown, used or expired: 404.
 */
export function passwordLinkRoutes(app: FastifyInstance, { db, sessions, rt }: AppContext, startSession: StartSession) {
  app.get('/api/v2/auth/password-link/:token', {
    config: { public: true, summary: 'Ссылка для пароля: чья и для чего', input: { params: tokenParams } },
  }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const info = await readPasswordLink(db, (req.params as { token: string }).token);
    if (!info) throw gone();
    return info;
  });

  app.post('/api/v2/auth/password-link/:token', {
    config: { public: true, csrf: 'anonymous', summary: 'Ссылка для пароля: задать пароль', input: { params: tokenParams, body: passwordBody } },
  }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const { password } = req.body as { password: string };
    const used = await auditedTx(db, rt, (q) => usePasswordLink(q, token, password));
    if (!used) throw gone();
    await sessions.forgetUser(used.userId);
    rt.endUserSessions(used.userId);
    // The holder of the link has just proved it (a one-time secret, sent to them alone, checked as the
    // login is) and chosen the password: they are signed in as the login signs in — the old sessions
    // ended above, a new one (not remembered) with its httpOnly cookie, and the login's user and token.
    const { user, token: sessionToken } = await startSession(reply, used.userId, false);
    reply.header('Cache-Control', 'no-store');
    return { result: true, email: used.email, message: AGENT_TEXTS.passwordSet, user, token: sessionToken };
  });
}
