import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_LIMITS as L, CAMPAIGN_TEXTS, isAppPath, OPF_VALUES, POPUP_SOUNDS, ROLES, type CampaignInput, type CommunicationReaction } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { isSafeImageUrl, isSafeLinkUrl } from '../../platform/sanitize.js';
import { idParams, objectIdSchema, pageSchema, pageSizeSchema, strictBool, yup } from '../../platform/validation.js';
import { audienceIds, campaignDetails, campaignRecipients, createCampaign, deleteCampaign, listCampaigns, logCommunication, pendingFor, pushStats, sendNow, updateCampaign } from '../campaigns/store.js';

const oneOfText = (label: string, values: readonly string[]) => `Поле «${label}» должно быть одним из: ${values.join(', ')}`;

const audienceSchema = yup
  .object({
    roles: yup.array(yup.string().oneOf([...ROLES], ({ value }: { value: unknown }) => `Поле «audience.roles»: неизвестная роль ${String(value)}`).required()).max(ROLES.length).default([]).label('audience.roles'),
    networkIds: yup.array(objectIdSchema.required().label('audience.networkIds[]')).max(100).default([]).label('audience.networkIds'),
    opf: yup.array(yup.string().oneOf([...OPF_VALUES], oneOfText('audience.opf', OPF_VALUES)).required()).max(OPF_VALUES.length).default([]).label('audience.opf'),
    agentEmails: yup
      .array(yup.string().trim().lowercase().email(({ value }: { value: unknown }) => `Поле «audience.agentEmails»: неверный адрес ${String(value)}`).max(200).required())
      .max(L.maxAgents, `Поле «audience.agentEmails»: не больше ${L.maxAgents} адресов`)
      .default([])
      .label('audience.agentEmails'),
  })
  // An object of defaults would stand in for a missing one: the audience must be sent.
  .default(undefined)
  .required('Поле «audience» обязательно')
  .label('audience');

/** A button's link: a route of the app (`/request-broker/…`) or an http(s) address. */
const linkField = yup
  .string()
  .trim()
  .required('Поле «actions[].link» обязательно')
  .max(L.link)
  .test('link', 'Поле «actions[].link»: путь в приложении (/…) или адрес http(s)://', (v) => !v || isAppPath(v) || (isSafeLinkUrl(v) && !v.startsWith('mailto:')))
  .label('actions[].link');

/** The popup's picture: a safe image address (platform/sanitize.ts: a plain /media/ path — no `..`, no `//`) of the media library with a picture's extension, never an outside one. */
const isMediaImage = (v: string) => isSafeImageUrl(v) && v.startsWith('/media/') && /\.(png|jpe?g|webp|gif)$/.test(v);

const campaignSchema = yup.object({
  title: yup.string().trim().required('Поле «title» обязательно').max(L.title).label('title'),
  text: yup.string().trim().required('Поле «text» обязательно').max(L.text).label('text'),
  actions: yup
    .array(
      yup.object({
        text: yup.string().trim().required('Поле «actions[].text» обязательно').max(L.actionText).label('actions[].text'),
        link: linkField,
      }),
    )
    .max(L.maxActions, `Поле «actions»: не больше ${L.maxActions} кнопок`)
    .default([])
    .label('actions'),
  actionColor: yup.string().oneOf(['green'], oneOfText('actionColor', ['green'])).nullable().default(null).label('actionColor'),
  darkBackground: strictBool('darkBackground').default(false),
  sound: yup.string().oneOf([...POPUP_SOUNDS], oneOfText('sound', POPUP_SOUNDS)).nullable().default(null).label('sound'),
  imageUrl: yup
    .string()
    .trim()
    .test('media-image', 'Поле «imageUrl»: картинка из медиатеки (/media/…)', (v) => v == null || isMediaImage(v))
    .nullable()
    .default(null)
    .label('imageUrl'),
  audience: audienceSchema,
  sendAt: yup
    .string()
    .trim()
    .matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'Поле «sendAt»: дата и время ISO 8601 с часовым поясом')
    .test('future', CAMPAIGN_TEXTS.pastSendAt, (v) => !v || Date.parse(v) > Date.now() - 60_000)
    .nullable()
    .default(null)
    .label('sendAt'),
});

const logSchema = yup.object({
  communicationId: objectIdSchema.required().label('communicationId'),
  guid: objectIdSchema.required().label('guid'),
  agentId: objectIdSchema.required().label('agentId'),
  reaction: yup.number().integer().oneOf([1, 2, 3, 4], oneOfText('reaction', ['1', '2', '3', '4'])).required().label('reaction'),
});

const recipientsQuery = yup.object({ page: pageSchema, pageSize: pageSizeSchema(50, 200) });

/**
 * Popup campaigns (issue 13). Staff with canManageCampaigns (admins, copywriters) write, schedule,
 * send and read them; every signed-in user's app fetches its pending popups and logs what it showed
 * and what the user did (§7 set-logs/communication: the log is the user's own — agentId is the caller).
 */
export function campaignRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/campaigns', summary: 'Рассылки: список (новые первыми)', access: 'canManageCampaigns' }, async () => ({ data: await listCampaigns(ctx.db) }));

  route(app, { method: 'POST', url: '/api/v2/campaigns/audience', summary: 'Рассылки: сколько человек получат (аудитория)', access: 'canManageCampaigns', body: yup.object({ audience: audienceSchema }) }, async (req) => {
    const { audience } = req.body as Pick<CampaignInput, 'audience'>;
    return { data: { count: (await audienceIds(ctx.db, audience)).length } };
  });

  route(app, { method: 'POST', url: '/api/v2/campaigns', summary: 'Рассылки: новая (черновик или на время sendAt)', access: 'canManageCampaigns', body: campaignSchema }, async (req) => {
    const input = req.body as CampaignInput;
    // The audience is checked now (unknown e-mails named), not at the time of sending.
    await audienceIds(ctx.db, input.audience);
    const id = await createCampaign(ctx.db, input, req.me.user._id);
    return { data: await campaignDetails(ctx.db, id) };
  });

  route(app, { method: 'GET', url: '/api/v2/campaigns/:campaignId', summary: 'Рассылка: содержание, аудитория, кто увидел и нажал', access: 'canManageCampaigns', params: idParams('campaignId') }, async (req) => ({
    data: await campaignDetails(ctx.db, req.params.campaignId),
  }));

  route(app, { method: 'PUT', url: '/api/v2/campaigns/:campaignId', summary: 'Рассылка: изменить (пока не отправлена)', access: 'canManageCampaigns', params: idParams('campaignId'), body: campaignSchema }, async (req) => {
    const input = req.body as CampaignInput;
    await audienceIds(ctx.db, input.audience);
    await ctx.db.tx((q) => updateCampaign(q, req.params.campaignId, input));
    return { data: await campaignDetails(ctx.db, req.params.campaignId) };
  });

  route(app, { method: 'DELETE', url: '/api/v2/campaigns/:campaignId', summary: 'Рассылка: удалить (пока не отправлена)', access: 'canManageCampaigns', params: idParams('campaignId') }, async (req) => {
    await ctx.db.tx((q) => deleteCampaign(q, req.params.campaignId));
    return { data: { deleted: true } };
  });

  route(app, { method: 'POST', url: '/api/v2/campaigns/:campaignId/send', summary: 'Рассылка: отправить сейчас', access: 'canManageCampaigns', params: idParams('campaignId') }, async (req) => {
    await sendNow(ctx, req.params.campaignId);
    return { data: await campaignDetails(ctx.db, req.params.campaignId) };
  });

  route(app, { method: 'GET', url: '/api/v2/campaigns/:campaignId/recipients', summary: 'Рассылка: получатели — когда увидели, что нажали', access: 'canManageCampaigns', params: idParams('campaignId'), query: recipientsQuery }, async (req) => {
    const { page, pageSize } = req.query as { page: number; pageSize: number };
    return { data: await campaignRecipients(ctx.db, req.params.campaignId, page, pageSize) };
  });

  route(app, { method: 'GET', url: '/api/v2/communications/pending', summary: 'Всплывающие сообщения: не показанные мне (пришли, пока приложение было закрыто)' }, async (req) => ({
    data: await pendingFor(ctx.db, req.me.user._id),
  }));

  route(app, { method: 'POST', url: '/api/v2/set-logs/communication', summary: 'Журнал всплывающих сообщений: показ и реакция (1–3 кнопки, 4 закрыто или показано)', body: logSchema }, async (req) => {
    const log = req.body as { communicationId: string; guid: string; agentId: string; reaction: CommunicationReaction };
    if (log.agentId !== req.me.user._id) throw new HttpError(400, 'Поле «agentId»: журнал пишется только за себя');
    await ctx.db.tx((q) => logCommunication(q, req.me.user._id, log));
    pushStats(ctx, log.communicationId);
    return { data: { logged: true } };
  });
}
