import type { FastifyInstance } from 'fastify';
import type { UploadedFile } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { multipartScope, readUpload } from '../../platform/uploads.js';
import { MIME } from '../../platform/file-types.js';
import { KIND_TYPES, MAX_SIZE, MAX_UPLOAD, mediaUrl, newStorageName, writeMediaFile, type UploadKind } from '../media.js';
import { uploadQuerySchema } from '../schemas.js';

/**
 * POST /api/v2/uploads?kind=banners|news|courses|media — one file in the multipart field `file`
 * (editors only), checked like every upload (platform checkUpload) with the kind's types and the
 * size limit of its type (pictures 5 MB, PDF 20 MB); stored as media/<kind>/<random hex>.<ext> in the file store
 * and served at /media/<kind>/….
 */
export function uploadRoutes(app: FastifyInstance, { media }: AppContext) {
  multipartScope(app, MAX_UPLOAD, (scope) => {
    // The body is multipart (one file in `file`), read by readUpload rather than declared as a schema.
    route(scope, { method: 'POST', url: '/api/v2/uploads', summary: 'Загрузка файла (multipart, поле «file»)', access: 'canEditLearning', query: uploadQuerySchema }, async (req): Promise<{ data: UploadedFile }> => {
      const kind = req.query.kind as UploadKind;
      const file = await readUpload(req, { types: KIND_TYPES[kind], maxBytes: MAX_SIZE });
      const storageFileName = newStorageName(file.type);
      await writeMediaFile(media, kind, storageFileName, file.data);
      return { data: { storageFileName, url: mediaUrl(kind, storageFileName), size: file.size, mime: MIME[file.type] } };
    });
  });
}
