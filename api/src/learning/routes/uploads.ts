import type { FastifyInstance } from 'fastify';
import type { UploadedFile } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { validationError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { multipartScope, readUpload } from '../../platform/uploads.js';
import { detectType, MIME } from '../../platform/file-types.js';
import { KIND_TYPES, MAX_SIZE, MAX_UPLOAD, UPLOAD_TEXTS, mediaUrl, newStorageName, writeMediaFile, type UploadKind } from '../media.js';
import { uploadQuerySchema } from '../schemas.js';

/**
 * POST /api/v2/uploads?kind=banners|news|courses|media — one file in the multipart field `file`
 * (editors only). The type is decided by the file's first bytes, the size limit by that type;
 * the file is stored as <media>/<kind>/<random hex>.<ext> and served at /media/<kind>/….
 */
export function uploadRoutes(app: FastifyInstance, { mediaDir }: AppContext) {
  multipartScope(app, MAX_UPLOAD, (scope) => {
    // The body is multipart (one file in `file`), read by readUpload rather than declared as a schema.
    route(scope, { method: 'POST', url: '/api/v2/uploads', summary: 'Загрузка файла (multipart, поле «file»)', access: 'canEditLearning', query: uploadQuerySchema }, async (req): Promise<{ data: UploadedFile }> => {
      const kind = req.query.kind as UploadKind;
      const file = await readUpload(req);
      const type = detectType(file.head);
      if (!type || !KIND_TYPES[kind].includes(type)) throw validationError(UPLOAD_TEXTS.badType(kind), 'file');
      if (file.truncated || file.size > MAX_SIZE[type]) throw validationError(UPLOAD_TEXTS.tooLarge(type), 'file');

      const storageFileName = newStorageName(type);
      writeMediaFile(mediaDir, kind, storageFileName, file.data);
      return { data: { storageFileName, url: mediaUrl(kind, storageFileName), size: file.size, mime: MIME[type] } };
    });
  });
}
