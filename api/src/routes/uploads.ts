import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { RouteContext } from './context.js';
import { ensure, requireUser } from '../auth/guard.js';
import { HttpError, validate, yup } from '../validation.js';
import {
  KIND_TYPES, MAX_SIZE, MAX_UPLOAD, MIME, UPLOAD_KINDS, UPLOAD_TEXTS, detectType, mediaUrl, newStorageName, writeMediaFile,
  type UploadKind,
} from '../learning/media.js';

/**
 * POST /api/v2/uploads?kind=banners|news|courses|media — one file in the multipart field `file`
 * (editors only). The type is decided by the file's first bytes, the size limit by that type;
 * the file is stored as <media>/<kind>/<random hex>.<ext> and served at /media/<kind>/….
 */
const bad = (message: string, field = 'file') => new HttpError(400, message, { error: true, type: 'validation', field });

const querySchema = yup.object({
  kind: yup.string().oneOf([...UPLOAD_KINDS], `Поле «kind» должно быть одним из: ${UPLOAD_KINDS.join(', ')}`).required().label('kind'),
});

async function readUpload(req: FastifyRequest): Promise<{ head: Buffer; size: number; data: Buffer; truncated: boolean } > {
  let part;
  try {
    part = await req.file();
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw bad(UPLOAD_TEXTS.tooManyFiles);
    throw bad(UPLOAD_TEXTS.notMultipart);
  }
  if (!part) throw bad(UPLOAD_TEXTS.noFile);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw bad(UPLOAD_TEXTS.noFile);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      chunks.push(chunk);
    }
  } catch {
    throw bad(UPLOAD_TEXTS.notMultipart);
  }
  const data = Buffer.concat(chunks);
  return { head: data.subarray(0, 16), size, data, truncated: part.file.truncated };
}

export function uploadRoutes(app: FastifyInstance, { db, mediaDir }: RouteContext) {
  // Scoped: the multipart parser exists only for this route; every other route stays JSON-only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_UPLOAD, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });

    scope.post('/api/v2/uploads', async (req) => {
      const me = await requireUser(db, req);
      ensure(me.can.canEditLearning);
      const { kind } = (await validate(querySchema, req.query)) as { kind: UploadKind };
      if (!req.isMultipart()) throw bad(UPLOAD_TEXTS.notMultipart);

      const file = await readUpload(req);
      if (file.size === 0) throw bad(UPLOAD_TEXTS.empty);
      const type = detectType(file.head);
      if (!type || !KIND_TYPES[kind].includes(type)) throw bad(UPLOAD_TEXTS.badType(kind));
      if (file.truncated || file.size > MAX_SIZE[type]) throw bad(UPLOAD_TEXTS.tooLarge(type));

      const storageFileName = newStorageName(type);
      writeMediaFile(mediaDir, kind, storageFileName, file.data);
      return { data: { storageFileName, url: mediaUrl(kind, storageFileName), size: file.size, mime: MIME[type] } };
    });
  });
}
