import type { FastifyInstance } from 'fastify';
import { WEBINAR_LIMITS as L, WEBINAR_REGISTRATION_STATUSES, WEBINAR_TEXTS, type WebinarInput, type WebinarRegistrationStatus } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { isHttpsUrl } from '../../platform/sanitize.js';
import { idParams, yup } from '../../platform/validation.js';
import { announceWebinar, createWebinar, getWebinar, listWebinars, postponeWebinar, register, toastsFor, updateWebinar, webinarRegistrations } from '../webinars/store.js';

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const webinarSchema = yup.object({
  title: yup.string().trim().required('Поле «title» обязательно').max(L.title).label('title'),
  description: yup.string().trim().max(L.description).default('').meta({ multiline: true }).label('description'),
  startsAt: yup
    .string()
    .trim()
    .required('Поле «startsAt» обязательно')
    .matches(ISO_WITH_ZONE, 'Поле «startsAt»: дата и время ISO 8601 с часовым поясом')
    .test('valid', 'Поле «startsAt»: такой даты нет', (v) => !v || !Number.isNaN(Date.parse(v)))
    .test('future', WEBINAR_TEXTS.pastStart, (v) => !v || Number.isNaN(Date.parse(v)) || Date.parse(v) > Date.now())
    .label('startsAt'),
  duration: yup
    .number()
    .integer('Поле «duration»: целое число минут')
    .required('Поле «duration» обязательно')
    .min(L.minDuration, `Поле «duration»: от ${L.minDuration} до ${L.maxDuration} минут`)
    .max(L.maxDuration, `Поле «duration»: от ${L.minDuration} до ${L.maxDuration} минут`)
    .label('duration'),
  platform: yup.string().trim().required('Поле «platform» обязательно').max(L.platform).label('platform'),
  conferenceLink: yup
    .string()
    .trim()
    .required('Поле «conferenceLink» обязательно')
    .max(L.link)
    .test('https', 'Поле «conferenceLink»: адрес https://', (v) => !v || isHttpsUrl(v))
    .label('conferenceLink'),
});

const listQuery = yup.object({
  period: yup.string().oneOf(['upcoming', 'past'], 'Поле «period» должно быть одним из: upcoming, past').default('upcoming').label('period'),
});

const registrationSchema = yup.object({
  status: yup
    .string()
    .required('Поле «status» обязательно')
    .oneOf([...WEBINAR_REGISTRATION_STATUSES], `Поле «status» должно быть одним из: ${WEBINAR_REGISTRATION_STATUSES.join(', ')}`)
    .label('status'),
});

/**
 * Webinars (issue 13). Every signed-in user sees the list and a webinar's page; agents (not the broker's
 * staff) sign up and join (§7 webinars/registration); admins and copywriters (canManageWebinars) plan,
 * edit, postpone, invite and see who signed up.
 */
export function webinarRoutes(app: FastifyInstance, ctx: AppContext) {
  const me = (req: { me: { user: { _id: string }; can: { canManageWebinars: boolean } } }) => ({ id: req.me.user._id, staff: req.me.can.canManageWebinars });

  route(app, { method: 'GET', url: '/api/v2/webinars', summary: 'Вебинары: предстоящие (ближайшие первыми) или прошедшие', query: listQuery }, async (req) => ({
    data: await listWebinars(ctx.db, (req.query as { period: 'upcoming' | 'past' }).period, me(req)),
  }));

  route(app, { method: 'GET', url: '/api/v2/webinars/toasts', summary: 'Вебинары: тосты, которые пользователь должен видеть сейчас (скоро начало, он записан)' }, async (req) => ({
    data: req.me.can.canSignUpForWebinars ? await toastsFor(ctx.db, req.me.user._id) : [],
  }));

  route(app, { method: 'POST', url: '/api/v2/webinars', summary: 'Вебинары: новый (напоминание записавшимся — за 10 минут до начала)', access: 'canManageWebinars', body: webinarSchema }, async (req) => {
    const id = await ctx.db.tx((q) => createWebinar(q, req.body as WebinarInput, req.me.user._id));
    ctx.rt.emitToAll('webinar_changed', { webinarId: id });
    return { data: await getWebinar(ctx.db, id, me(req)) };
  });

  route(app, { method: 'GET', url: '/api/v2/webinars/:webinarId', summary: 'Вебинар: дата, платформа, ссылка, моя запись', params: idParams('webinarId') }, async (req) => ({
    data: await getWebinar(ctx.db, req.params.webinarId, me(req)),
  }));

  route(app, { method: 'PUT', url: '/api/v2/webinars/:webinarId', summary: 'Вебинар: изменить (новая дата возвращает отложенный; записавшимся — о новом времени)', access: 'canManageWebinars', params: idParams('webinarId'), body: webinarSchema }, async (req) => {
    await updateWebinar(ctx, req.params.webinarId, req.body as WebinarInput, me(req));
    return { data: await getWebinar(ctx.db, req.params.webinarId, me(req)) };
  });

  route(app, { method: 'POST', url: '/api/v2/webinars/:webinarId/postpone', summary: 'Вебинар: отложить (removeWebinar) — записавшимся «о следующем сообщим позже»', access: 'canManageWebinars', params: idParams('webinarId') }, async (req) => {
    await postponeWebinar(ctx, req.params.webinarId, me(req));
    return { data: await getWebinar(ctx.db, req.params.webinarId, me(req)) };
  });

  route(app, { method: 'POST', url: '/api/v2/webinars/:webinarId/announce', summary: 'Вебинар: пригласить агентов (тост «Записаться» и уведомление)', access: 'canManageWebinars', params: idParams('webinarId') }, async (req) => {
    const invited = await announceWebinar(ctx, req.params.webinarId, me(req));
    return { data: { ...(await getWebinar(ctx.db, req.params.webinarId, me(req))), invited } };
  });

  route(app, { method: 'GET', url: '/api/v2/webinars/:webinarId/registrations', summary: 'Вебинар: кто записался и кто подключился', access: 'canManageWebinars', params: idParams('webinarId') }, async (req) => ({
    data: await webinarRegistrations(ctx.db, req.params.webinarId, me(req)),
  }));

  route(
    app,
    { method: 'POST', url: '/api/v2/webinars/registration/:webinarId', summary: 'Вебинар: записаться (singUp) или подключиться (watch)', access: 'canSignUpForWebinars', params: idParams('webinarId'), body: registrationSchema },
    async (req) => ({ data: await register(ctx, req.params.webinarId, req.me.user._id, (req.body as { status: WebinarRegistrationStatus }).status) }),
  );
}
