import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_INVITE_CODE_PATTERN, OYSTER_APP_TEXTS, type OysterAppClient, type OysterAppClientsPage, type OysterAppSummary } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFoundError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams, objectIdSchema, yup } from '../../platform/validation.js';
import { clientOf, clientsPage, inviterOfCode, rotateCode, summary, type ClientsQuery } from './store.js';
import { escapeHtml, publicPage } from '../../platform/public-page.js';

/** A keyset cursor as clientsPage answers it: the row's created_at (µs, UTC) and id. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z\|[0-9a-f]{24}$/;

export const inviteCodeSchema = (label: string) =>
  yup.string().trim().lowercase().matches(APP_INVITE_CODE_PATTERN, `Поле «${label}»: код приглашения из 16 символов 0–9, a–f`).label(label);

/**
 * Oyster.app's section (`/app/oyster-app`, issue 25), for whoever sees it (canSeeOysterApp: not sub-agents,
 * not copywriters — 403), each within their scope (platform/scope.ts: another agent's client is a 404):
 * - GET  /api/v2/oyster-app/summary: the user's invite code (agents; staff null) and the registered counts;
 * - POST /api/v2/oyster-app/link {previousCode}: a new code; the old link registers nobody from now on
 *   (the page sends the code it shows: a second window's click is a 409, not a second rotation);
 * - GET  /api/v2/oyster-app/registrations?search&agent&after&limit: the registered clients, newest first,
 *   with what each bought and their chat;
 * - GET  /api/v2/oyster-app/registrations/{id}: one of them.
 * The app's backend registers clients through a code in communications/routes/client-chats.ts.
 */
export function oysterAppRoutes(app: FastifyInstance, ctx: AppContext) {
  // The page the agent's link and QR code open (public: the client has no account here): who invites them
  // and how to join; a replaced or unknown code says so (404). The app itself reads the code from the link.
  app.get('/oyster-app/i/:code', async (req: FastifyRequest<{ Params: { code: string } }>, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const code = inviteCodeSchema('code').isValidSync(req.params.code) ? req.params.code.trim().toLowerCase() : null;
    const agent = code ? await inviterOfCode(ctx.db, code) : null;
    if (!code || !agent) {
      return reply.code(404).send(publicPage(OYSTER_APP_TEXTS.inviteInvalidTitle, `<h1>${OYSTER_APP_TEXTS.inviteInvalidTitle}</h1><p>${OYSTER_APP_TEXTS.inviteInvalid}</p>`));
    }
    const steps = OYSTER_APP_TEXTS.inviteSteps.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
    return reply.send(
      publicPage(
        OYSTER_APP_TEXTS.inviteTitle,
        `<h1>${OYSTER_APP_TEXTS.inviteTitle}</h1><p>${escapeHtml(OYSTER_APP_TEXTS.inviteFrom(agent))}</p><ol>${steps}</ol><dl><dt>${OYSTER_APP_TEXTS.inviteCode}</dt><dd class="code">${escapeHtml(code)}</dd></dl>`,
      ),
    );
  });

  route(app, { method: 'GET', url: '/api/v2/oyster-app/summary', summary: 'Oyster.app: ссылка агента и число зарегистрированных клиентов', access: 'canSeeOysterApp' }, async (req): Promise<{ data: OysterAppSummary }> => ({
    data: await summary(ctx.db, req.me),
  }));

  const rotateBody = yup.object({ previousCode: inviteCodeSchema('previousCode').required() });
  route(app, { method: 'POST', url: '/api/v2/oyster-app/link', summary: 'Oyster.app: новая ссылка агента (старая перестаёт работать)', access: 'canSeeOysterApp', body: rotateBody }, async (req): Promise<{ data: { code: string } }> => {
    if (req.me.user.isPersonal) throw notFoundError(OYSTER_APP_TEXTS.notAnAgent);
    const code = await rotateCode(ctx.db, req.me, req.body.previousCode);
    if (!code) throw new HttpError(409, OYSTER_APP_TEXTS.rotateStale);
    return { data: { code } };
  });

  const listQuery = yup.object({
    search: yup.string().trim().max(100).label('search'),
    agent: objectIdSchema.label('agent'),
    after: yup.string().trim().matches(CURSOR, 'Поле «after»: курсор страницы, как его вернул предыдущий ответ (next)').label('after'),
    limit: yup.number().integer().min(1).max(100).default(20).label('limit'),
  });
  route(app, { method: 'GET', url: '/api/v2/oyster-app/registrations', summary: 'Oyster.app: зарегистрированные клиенты агентов, их покупки и чат', access: 'canSeeOysterApp', query: listQuery }, async (req): Promise<{ data: OysterAppClientsPage }> => ({
    data: await clientsPage(ctx.db, req.me, req.query as ClientsQuery),
  }));

  route(app, { method: 'GET', url: '/api/v2/oyster-app/registrations/:id', summary: 'Oyster.app: зарегистрированный клиент', access: 'canSeeOysterApp', params: idParams('id') }, async (req): Promise<{ data: OysterAppClient }> => {
    const client = await clientOf(ctx.db, req.me, req.params.id);
    if (!client) throw notFoundError(OYSTER_APP_TEXTS.clientNotFound);
    return { data: client };
  });
}
