import type { FastifyInstance } from 'fastify';
import {
  BROKER_REQUEST_STATUS as S,
  BROKER_REQUEST_STATUS_TITLES,
  ERROR_TEXTS,
  FINAL_BROKER_REQUEST_STATUSES,
  brokerFormProblems,
  brokerProductOf,
  brokerRequestSchemaOf,
  formatMoney,
  needsReason,
  type BrokerFormValues,
  type BrokerRequestStatus,
  type SessionUser,
} from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, validationError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams } from '../../platform/validation.js';
import { notifyAgent, pushRequest, refreshExecutor } from '../events.js';
import { offerCreateSchema, requestCreateSchema, requestListQuerySchema, requestStatusSchema, requestValuesSchema } from '../schemas.js';
import { BROKER_REQUEST_TEXTS as T, actorOf, clientNameOf, listRequests, moveRequest, requestDetails, scopedRequest } from '../store.js';

const OFFER_STATUSES: readonly BrokerRequestStatus[] = [S.prepared, S.calculating, S.calculated, S.saved];

/** The first problem of a form as a 400 naming its field (the page shows every one under its field). */
function checkValues(productType: string, values: BrokerFormValues, complete: boolean): void {
  const schema = brokerRequestSchemaOf(productType)!;
  const [first] = brokerFormProblems(schema, values, { complete });
  if (first) throw validationError(first.message, first.field);
}

/**
 * Broker requests (issue 12). Who may: seeing — canSeeBrokerRequests, and only within the user's scope
 * (platform/scope.ts; another's request, or for staff an agent's unsent draft, is a 404); sending —
 * canSendBrokerRequests; each move — the shared-kit table for what the user is to the request (its
 * agent, its executor; a manager only on their own or an unassigned one). Every change is pushed as
 * `broker_request`; a change of who executes what also as the executor's `session_update` (the badge).
 */
export function requestRoutes(app: FastifyInstance, ctx: AppContext) {
  const details = async (q: Queryable, req: { me: { user: SessionUser } }, id: string) => requestDetails(q, await scopedRequest(q, req.me, id), req.me.user);

  route(app, { method: 'GET', url: '/api/v2/broker-requests', summary: 'Запросы: список (агенту — свои, исполнителям — очередь) с фильтрами, постранично по курсору', access: 'canSeeBrokerRequests', query: requestListQuerySchema }, async (req) => {
    return { data: await listRequests(ctx.db, req.me, req.query as never) };
  });

  route(app, { method: 'GET', url: '/api/v2/broker-requests/:requestId', summary: 'Запрос: заявка, предложения, файлы, история', access: 'canSeeBrokerRequests', params: idParams('requestId') }, async (req) => {
    return { data: await details(ctx.db, req, req.params.requestId) };
  });

  route(app, { method: 'POST', url: '/api/v2/broker-requests', summary: 'Запрос: новая заявка (черновик) по продукту', access: 'canSendBrokerRequests', body: requestCreateSchema }, async (req) => {
    const { productType, values = {} } = req.body as { productType: string; values?: BrokerFormValues };
    checkValues(productType, values, false);
    const id = newId();
    const me = req.me.user._id;
    // Nothing typed yet: a blank (50), which no list shows; the first saved field makes it a draft (100).
    const status = Object.keys(values).length ? S.draft : S.blank;
    await ctx.db.tx(async (q) => {
      await q.query(
        `INSERT INTO broker_requests (id, agent_id, created_by, product_id, status, form, client_name, sla_hours)
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7)`,
        [id, me, productType, status, JSON.stringify(values), clientNameOf(values), brokerProductOf(productType)!.slaHours],
      );
      await q.query(`INSERT INTO broker_request_history (request_id, from_status, to_status, actor, user_id, note) VALUES ($1, NULL, $2, 'agent', $3, 'Создан')`, [id, status, me]);
    });
    return { data: await details(ctx.db, req, id) };
  });

  route(app, { method: 'PATCH', url: '/api/v2/broker-requests/:requestId/values', summary: 'Запрос: сохранить заявку, пока она черновик', access: 'canSendBrokerRequests', params: idParams('requestId'), body: requestValuesSchema }, async (req) => {
    const { values } = req.body as { values: BrokerFormValues };
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedRequest(q, req.me, req.params.requestId, true);
      if (actorOf(req.me.user, r) !== 'agent') throw new HttpError(403, T.notDraft);
      if (r.status !== S.draft && r.status !== S.blank) throw new HttpError(409, T.notDraft, { status: r.status });
      checkValues(r.product_id, values, false);
      await q.query('UPDATE broker_requests SET form = $2, client_name = $3, updated_at = now() WHERE id = $1', [r.id, JSON.stringify(values), clientNameOf(values)]);
      // The first saved field makes a blank a draft (the one move of the table made by saving).
      if (r.status === S.blank) await moveRequest(q, r, S.draft, { actor: 'agent', userId: req.me.user._id });
      return r;
    });
    void pushRequest(ctx, { ...row, status: S.draft }, 'values');
    return { data: await details(ctx.db, req, row.id) };
  });

  route(app, { method: 'POST', url: '/api/v2/broker-requests/:requestId/status', summary: 'Запрос: перевести в статус (отправить, взять, предложения агенту, принять предложение, оплата, итог)', access: 'canSeeBrokerRequests', params: idParams('requestId'), body: requestStatusSchema }, async (req) => {
    const { status: to, reason, offerId } = req.body as { status: BrokerRequestStatus; reason?: string; offerId?: string };
    const me = req.me.user._id;
    const after = await ctx.db.tx(async (q) => {
      const r = await scopedRequest(q, req.me, req.params.requestId, true);
      const actor = actorOf(req.me.user, r);
      if (!actor) throw new HttpError(403, r.executor_id && r.executor_id !== me ? T.notYours : ERROR_TEXTS.forbidden);
      if (needsReason(to) && !reason) throw validationError(T.reasonNeeded, 'reason');
      if (to === S.sent) checkValues(r.product_id, r.form ?? {}, true);
      if (to === S.clientAcceptance) {
        const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM broker_request_offers WHERE request_id = $1', [r.id]);
        if (!n) throw new HttpError(409, T.noOffers, { status: r.status });
      }
      if (to === S.executorAcceptance) {
        if (!offerId) throw validationError(T.offerNeeded, 'offerId');
        const [offer] = await q.query<{ id: string }>('SELECT id FROM broker_request_offers WHERE request_id = $1 AND id = $2', [r.id, offerId]);
        if (!offer) throw validationError(T.unknownOffer, 'offerId');
      }
      const note = to === S.executorAcceptance ? await offerNote(q, offerId!) : reason ?? null;
      await moveRequest(q, r, to, { actor, userId: me, note, executorId: to === S.prepared ? me : undefined, offerId });
      const executorId = to === S.prepared ? me : r.executor_id;
      return { ...r, status: to, executor_id: executorId };
    });
    await pushRequest(ctx, after, 'status');
    // The agent hears of what is theirs to do, and of the end, on the bell too.
    const title = `Запрос № ${after.number}`;
    if (to === S.clientAcceptance) await notifyAgent(ctx, after, `${title}: пришли предложения`, 'Исполнитель брокера прислал предложения страховщиков: выберите одно вместе с клиентом.');
    if (to === S.complete) await notifyAgent(ctx, after, `${title} завершён`, 'Полис оформлен, оплата проверена.');
    if (to === S.notReleased && actorOf(req.me.user, after) === 'executor') await notifyAgent(ctx, after, `${title} не состоялся`, reason ?? '');
    // Taking a request or closing one changes the executor's count of open requests (their badge).
    if (after.executor_id && (to === S.prepared || (FINAL_BROKER_REQUEST_STATUSES as readonly number[]).includes(to))) await refreshExecutor(ctx, after.executor_id);
    return { data: await details(ctx.db, req, after.id) };
  });

  route(app, { method: 'POST', url: '/api/v2/broker-requests/:requestId/offers', summary: 'Запрос: добавить предложение страховщика', access: 'canExecuteBrokerRequests', params: idParams('requestId'), body: offerCreateSchema }, async (req) => {
    const body = req.body as { companyId: string; premium: number; commissionPercent?: number | null; conditions: string };
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedRequest(q, req.me, req.params.requestId, true);
      if (actorOf(req.me.user, r) !== 'executor' || !r.executor_id) throw new HttpError(403, T.notYours);
      if (!OFFER_STATUSES.includes(r.status)) throw new HttpError(409, T.offersClosed(BROKER_REQUEST_STATUS_TITLES[r.status]), { status: r.status });
      const [company] = await q.query<{ id: string }>('SELECT id FROM companies WHERE id = $1', [body.companyId]);
      if (!company) throw validationError('Поле «companyId»: такого страховщика нет', 'companyId');
      await q.query(
        'INSERT INTO broker_request_offers (id, request_id, company_id, premium_kopecks, commission_percent, conditions, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [newId(), r.id, body.companyId, body.premium, body.commissionPercent ?? null, body.conditions ?? '', req.me.user._id],
      );
      await q.query('UPDATE broker_requests SET updated_at = now() WHERE id = $1', [r.id]);
      return r;
    });
    await pushRequest(ctx, row, 'offer');
    return { data: await details(ctx.db, req, row.id) };
  });

  route(app, { method: 'DELETE', url: '/api/v2/broker-requests/:requestId/offers/:offerId', summary: 'Запрос: убрать предложение, пока агент его не видит', access: 'canExecuteBrokerRequests', params: idParams('requestId', 'offerId') }, async (req) => {
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedRequest(q, req.me, req.params.requestId, true);
      if (actorOf(req.me.user, r) !== 'executor' || !r.executor_id) throw new HttpError(403, T.notYours);
      if (!OFFER_STATUSES.includes(r.status)) throw new HttpError(409, T.offersClosed(BROKER_REQUEST_STATUS_TITLES[r.status]), { status: r.status });
      const removed = await q.query<{ id: string }>('DELETE FROM broker_request_offers WHERE request_id = $1 AND id = $2 RETURNING id', [r.id, req.params.offerId]);
      if (!removed.length) throw new HttpError(404, T.unknownOffer.replace('Поле «offerId»: ', ''));
      return r;
    });
    await pushRequest(ctx, row, 'offer');
    return { data: await details(ctx.db, req, row.id) };
  });
}

/** The history's note of an accepted offer: the insurer and the premium, as the agent chose them. */
async function offerNote(q: Queryable, offerId: string): Promise<string> {
  const [o] = await q.query<{ name: string; premium: string | number }>(
    'SELECT c.short_name AS name, o.premium_kopecks AS premium FROM broker_request_offers o JOIN companies c ON c.id = o.company_id WHERE o.id = $1',
    [offerId],
  );
  return o ? `Выбрано предложение: ${o.name}, ${formatMoney(Number(o.premium))}` : 'Выбрано предложение';
}

