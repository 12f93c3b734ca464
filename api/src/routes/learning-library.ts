import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.js';
import { ensure, requireUser } from '../auth/guard.js';
import { HttpError, validate, yup } from '../validation.js';
import {
  MEDIA_TYPES, createBanner, createMedia, deleteBanner, deleteMedia, getBanner, listBanners, listMedia, updateBanner, type MediaType,
} from '../learning/library.js';
import { MIME, STORAGE_NAME, UPLOAD_TEXTS, mediaUrl, statMediaFile } from '../learning/media.js';
import { isHttpsUrl, isSafeLinkUrl } from '../learning/sanitize.js';
import { definedEntries, httpsUrlSchema, idParams, notFoundError, textField } from '../learning/schemas.js';

/** Banners on home (spec §3, §7) and the media library (photo, video, documents). */
const BANNER_NOT_FOUND = 'Баннер не найден';
const MEDIA_NOT_FOUND = 'Материал не найден';

const storageNameSchema = yup
  .string()
  .trim()
  .matches(STORAGE_NAME, 'Поле «storageFileName»: укажите имя файла, которое вернула загрузка')
  .label('storageFileName');

/** A banner opens an http(s) address or a page of the platform (/app/…). */
const linkSchema = yup
  .string()
  .trim()
  .max(1000)
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .test('link', 'Поле «link»: допустим адрес http(s)://… или путь платформы, начинающийся с /', (v) =>
    v == null || (/^\/(?!\/)[^\s]*$/.test(v) && !v.includes('\\')) || (isSafeLinkUrl(v) && !v.toLowerCase().startsWith('mailto:')))
  .label('link');

const bannerFields = {
  title: textField('title', 200),
  link: linkSchema,
  storageFileName: storageNameSchema,
  active: yup.boolean().strict().label('active'),
  position: yup.number().integer().min(1).max(10_000).label('position'),
};
const bannerCreate = yup.object({ ...bannerFields, title: bannerFields.title.required(), storageFileName: bannerFields.storageFileName.required() });
const bannerPatch = yup.object(bannerFields);

const typeSchema = yup.string().oneOf(MEDIA_TYPES, 'Поле «type» должно быть одним из: photo, video, document').label('type');
const mediaCreate = yup.object({
  type: typeSchema.required(),
  title: textField('title', 200).required(),
  storageFileName: storageNameSchema.nullable(),
  url: httpsUrlSchema('url'),
});

const VIDEO_MIME: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

export function learningLibraryRoutes(app: FastifyInstance, { db, mediaDir }: RouteContext) {
  const badField = (field: string, message: string) => new HttpError(400, message, { error: true, type: 'validation', field });

  function bannerImage(storageFileName: string) {
    const file = statMediaFile(mediaDir, 'banners', storageFileName);
    if (!file) throw badField('storageFileName', UPLOAD_TEXTS.missing(storageFileName));
    if (file.type === 'pdf') throw badField('storageFileName', UPLOAD_TEXTS.badType('banners'));
  }

  app.post('/api/v2/banners/list', async (req) => {
    const me = await requireUser(db, req);
    const { allBanners } = await validate(yup.object({ allBanners: yup.boolean().strict().default(false).label('allBanners') }), req.body);
    if (allBanners) ensure(me.can.canEditLearning);
    return { data: { banners: await listBanners(db, !allBanners) } };
  });

  app.post('/api/v2/banners', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const input = await validate(bannerCreate, req.body);
    bannerImage(input.storageFileName);
    const id = await db.tx((q) => createBanner(q, input as Parameters<typeof createBanner>[1]));
    return { data: { banner: await getBanner(db, id) } };
  });

  app.patch('/api/v2/banners/:id', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    const patch = definedEntries(await validate(bannerPatch, req.body));
    if (patch.storageFileName) bannerImage(patch.storageFileName);
    if (!(await db.tx((q) => updateBanner(q, id as string, patch as Parameters<typeof updateBanner>[2])))) throw notFoundError(BANNER_NOT_FOUND);
    return { data: { banner: await getBanner(db, id as string) } };
  });

  app.delete('/api/v2/banners/:id', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    if (!(await db.tx((q) => deleteBanner(q, id as string)))) throw notFoundError(BANNER_NOT_FOUND);
    return { data: { deleted: true } };
  });

  app.get('/api/v2/media-library', async (req) => {
    await requireUser(db, req);
    const { type } = await validate(yup.object({ type: typeSchema.nullable().transform((v) => (v === '' ? null : v)) }), req.query);
    return { data: { items: await listMedia(db, (type as MediaType | undefined) ?? null) } };
  });

  app.post('/api/v2/media-library', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const input = await validate(mediaCreate, req.body);
    const type = input.type as MediaType;
    let item;
    if (type === 'video') {
      if (!input.url || !isHttpsUrl(input.url)) throw badField('url', 'Поле «url»: для видео укажите ссылку https://…');
      const ext = /\.([a-z0-9]{2,4})(?:$|[?#])/i.exec(new URL(input.url).pathname)?.[1]?.toLowerCase() ?? '';
      item = { type, title: input.title, url: input.url, thumbnailUrl: null, size: 0, mime: VIDEO_MIME[ext] ?? 'text/html' };
    } else {
      if (!input.storageFileName) throw badField('storageFileName', 'Поле «storageFileName» обязательно: сначала загрузите файл');
      const file = statMediaFile(mediaDir, 'media', input.storageFileName);
      if (!file) throw badField('storageFileName', UPLOAD_TEXTS.missing(input.storageFileName));
      if (type === 'photo' && file.type === 'pdf') throw badField('storageFileName', 'Для фото допустимы PNG, JPEG, WEBP');
      if (type === 'document' && file.type !== 'pdf') throw badField('storageFileName', 'Для документа допустим только PDF');
      const url = mediaUrl('media', input.storageFileName);
      item = { type, title: input.title, url, thumbnailUrl: type === 'photo' ? url : null, size: file.size, mime: MIME[file.type] };
    }
    return { data: { item: await createMedia(db, item, me.user._id) } };
  });

  app.delete('/api/v2/media-library/:id', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    if (!(await deleteMedia(db, id as string))) throw notFoundError(MEDIA_NOT_FOUND);
    return { data: { deleted: true } };
  });
}
