import type { FastifyInstance } from 'fastify';
import type { BannerInput, MediaType } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { ensure } from '../../platform/auth/guard.js';
import { notFoundError, validationError } from '../../platform/errors.js';
import { definedEntries, idParams } from '../../platform/validation.js';
import { route } from '../../platform/routes.js';
import { createBanner, createMedia, deleteBanner, deleteMedia, getBanner, listBanners, listMedia, updateBanner } from '../library.js';
import { MIME } from '../../platform/file-types.js';
import { UPLOAD_TEXTS, mediaUrl, statMediaFile } from '../media.js';
import { isHttpsUrl } from '../../platform/sanitize.js';
import { bannerCreateSchema, bannerListSchema, bannerPatchSchema, mediaCreateSchema, mediaListSchema } from '../schemas.js';

/** Banners on home (spec §3, §7) and the media library (photo, video, documents). */
const BANNER_NOT_FOUND = 'Баннер не найден';
const MEDIA_NOT_FOUND = 'Материал не найден';

const VIDEO_MIME: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

export function libraryRoutes(app: FastifyInstance, { db, media }: AppContext) {
  async function bannerImage(storageFileName: string) {
    const file = await statMediaFile(media, 'banners', storageFileName);
    if (!file) throw validationError(UPLOAD_TEXTS.missing(storageFileName), 'storageFileName');
    if (file.type === 'pdf') throw validationError(UPLOAD_TEXTS.badType('banners'), 'storageFileName');
  }

  const byId = idParams('id');

  route(app, { method: 'POST', url: '/api/v2/banners/list', summary: 'Баннеры: список', body: bannerListSchema }, async (req) => {
    const { allBanners } = req.body;
    if (allBanners) ensure(req.me.can.canEditLearning);
    return { data: { banners: await listBanners(db, !allBanners) } };
  });

  route(app, { method: 'POST', url: '/api/v2/banners', summary: 'Баннеры: создать', access: 'canEditLearning', body: bannerCreateSchema }, async (req) => {
    const input = req.body;
    await bannerImage(input.storageFileName);
    const id = await db.tx((q) => createBanner(q, input as BannerInput));
    return { data: { banner: await getBanner(db, id) } };
  });

  route(app, { method: 'PATCH', url: '/api/v2/banners/:id', summary: 'Баннеры: изменить', access: 'canEditLearning', params: byId, body: bannerPatchSchema }, async (req) => {
    const { id } = req.params;
    const patch = definedEntries(req.body);
    if (patch.storageFileName) await bannerImage(patch.storageFileName);
    if (!(await db.tx((q) => updateBanner(q, id, patch as Partial<BannerInput>, media)))) throw notFoundError(BANNER_NOT_FOUND);
    return { data: { banner: await getBanner(db, id) } };
  });

  route(app, { method: 'DELETE', url: '/api/v2/banners/:id', summary: 'Баннеры: удалить', access: 'canEditLearning', params: byId }, async (req) => {
    if (!(await db.tx((q) => deleteBanner(q, req.params.id, media)))) throw notFoundError(BANNER_NOT_FOUND);
    return { data: { deleted: true } };
  });

  route(app, { method: 'GET', url: '/api/v2/media-library', summary: 'Медиатека: список', query: mediaListSchema }, async (req) => ({
    data: { items: await listMedia(db, (req.query.type as MediaType | undefined) ?? null) },
  }));

  route(app, { method: 'POST', url: '/api/v2/media-library', summary: 'Медиатека: добавить', access: 'canEditLearning', body: mediaCreateSchema }, async (req) => {
    const input = req.body;
    const type = input.type as MediaType;
    let item;
    if (type === 'video') {
      if (!input.url || !isHttpsUrl(input.url)) throw validationError('Поле «url»: для видео укажите ссылку https://…', 'url');
      const ext = /\.([a-z0-9]{2,4})(?:$|[?#])/i.exec(new URL(input.url).pathname)?.[1]?.toLowerCase() ?? '';
      item = { type, title: input.title, url: input.url, thumbnailUrl: null, size: 0, mime: VIDEO_MIME[ext] ?? 'text/html' };
    } else {
      if (!input.storageFileName) throw validationError('Поле «storageFileName» обязательно: сначала загрузите файл', 'storageFileName');
      const file = await statMediaFile(media, 'media', input.storageFileName);
      if (!file) throw validationError(UPLOAD_TEXTS.missing(input.storageFileName), 'storageFileName');
      if (type === 'photo' && file.type === 'pdf') throw validationError('Для фото допустимы PNG, JPEG, WEBP', 'storageFileName');
      if (type === 'document' && file.type !== 'pdf') throw validationError('Для документа допустим только PDF', 'storageFileName');
      const url = mediaUrl('media', input.storageFileName);
      item = { type, title: input.title, url, thumbnailUrl: type === 'photo' ? url : null, size: file.size, mime: MIME[file.type] };
    }
    return { data: { item: await createMedia(db, item, req.me.user._id) } };
  });

  route(app, { method: 'DELETE', url: '/api/v2/media-library/:id', summary: 'Медиатека: удалить', access: 'canEditLearning', params: byId }, async (req) => {
    if (!(await deleteMedia(db, req.params.id, media))) throw notFoundError(MEDIA_NOT_FOUND);
    return { data: { deleted: true } };
  });
}
