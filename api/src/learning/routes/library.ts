import type { FastifyInstance } from 'fastify';
import type { BannerInput, MediaType } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { ensure } from '../../platform/auth/guard.js';
import { notFoundError, validationError } from '../../platform/errors.js';
import { definedEntries, idParams, validate } from '../../platform/validation.js';
import { createBanner, createMedia, deleteBanner, deleteMedia, getBanner, listBanners, listMedia, updateBanner } from '../library.js';
import { MIME, UPLOAD_TEXTS, mediaUrl, statMediaFile } from '../media.js';
import { isHttpsUrl } from '../sanitize.js';
import { bannerCreateSchema, bannerListSchema, bannerPatchSchema, mediaCreateSchema, mediaListSchema } from '../schemas.js';

/** Banners on home (spec §3, §7) and the media library (photo, video, documents). */
const BANNER_NOT_FOUND = 'Баннер не найден';
const MEDIA_NOT_FOUND = 'Материал не найден';

const VIDEO_MIME: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

export function libraryRoutes(app: FastifyInstance, { db, mediaDir }: AppContext) {
  function bannerImage(storageFileName: string) {
    const file = statMediaFile(mediaDir, 'banners', storageFileName);
    if (!file) throw validationError(UPLOAD_TEXTS.missing(storageFileName), 'storageFileName');
    if (file.type === 'pdf') throw validationError(UPLOAD_TEXTS.badType('banners'), 'storageFileName');
  }

  app.post('/api/v2/banners/list', async (req) => {
    const { allBanners } = await validate(bannerListSchema, req.body);
    if (allBanners) ensure(req.me.can.canEditLearning);
    return { data: { banners: await listBanners(db, !allBanners) } };
  });

  app.post('/api/v2/banners', async (req) => {
    ensure(req.me.can.canEditLearning);
    const input = await validate(bannerCreateSchema, req.body);
    bannerImage(input.storageFileName);
    const id = await db.tx((q) => createBanner(q, input as BannerInput));
    return { data: { banner: await getBanner(db, id) } };
  });

  app.patch('/api/v2/banners/:id', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    const patch = definedEntries(await validate(bannerPatchSchema, req.body));
    if (patch.storageFileName) bannerImage(patch.storageFileName);
    if (!(await db.tx((q) => updateBanner(q, id, patch as Partial<BannerInput>)))) throw notFoundError(BANNER_NOT_FOUND);
    return { data: { banner: await getBanner(db, id) } };
  });

  app.delete('/api/v2/banners/:id', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    if (!(await db.tx((q) => deleteBanner(q, id)))) throw notFoundError(BANNER_NOT_FOUND);
    return { data: { deleted: true } };
  });

  app.get('/api/v2/media-library', async (req) => {
    const { type } = await validate(mediaListSchema, req.query);
    return { data: { items: await listMedia(db, (type as MediaType | undefined) ?? null) } };
  });

  app.post('/api/v2/media-library', async (req) => {
    ensure(req.me.can.canEditLearning);
    const input = await validate(mediaCreateSchema, req.body);
    const type = input.type as MediaType;
    let item;
    if (type === 'video') {
      if (!input.url || !isHttpsUrl(input.url)) throw validationError('Поле «url»: для видео укажите ссылку https://…', 'url');
      const ext = /\.([a-z0-9]{2,4})(?:$|[?#])/i.exec(new URL(input.url).pathname)?.[1]?.toLowerCase() ?? '';
      item = { type, title: input.title, url: input.url, thumbnailUrl: null, size: 0, mime: VIDEO_MIME[ext] ?? 'text/html' };
    } else {
      if (!input.storageFileName) throw validationError('Поле «storageFileName» обязательно: сначала загрузите файл', 'storageFileName');
      const file = statMediaFile(mediaDir, 'media', input.storageFileName);
      if (!file) throw validationError(UPLOAD_TEXTS.missing(input.storageFileName), 'storageFileName');
      if (type === 'photo' && file.type === 'pdf') throw validationError('Для фото допустимы PNG, JPEG, WEBP', 'storageFileName');
      if (type === 'document' && file.type !== 'pdf') throw validationError('Для документа допустим только PDF', 'storageFileName');
      const url = mediaUrl('media', input.storageFileName);
      item = { type, title: input.title, url, thumbnailUrl: type === 'photo' ? url : null, size: file.size, mime: MIME[file.type] };
    }
    return { data: { item: await createMedia(db, item, req.me.user._id) } };
  });

  app.delete('/api/v2/media-library/:id', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    if (!(await deleteMedia(db, id))) throw notFoundError(MEDIA_NOT_FOUND);
    return { data: { deleted: true } };
  });
}
