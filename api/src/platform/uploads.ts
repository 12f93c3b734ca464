import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ATTACH_TEXTS } from '@oyster/shared-kit/domain';
import { validationError } from './errors.js';

/** Texts of a multipart upload that went wrong before its content was looked at. */
export const MULTIPART_TEXTS = {
  noFile: 'Файл не передан (поле «file»)',
  empty: 'Файл пуст',
  notMultipart: 'Файл нужно отправить как multipart/form-data в поле «file»',
  tooManyFiles: 'Можно загрузить только один файл за раз',
  tooManyFilesOf: ATTACH_TEXTS.tooMany,
  emptyNamed: (name: string) => `Файл «${name}» пуст`,
};

const bad = (message: string) => validationError(message, 'file');

export interface ReadUpload {
  /** The name the file had on the sender's machine (as sent; shown, never used as a path). */
  fileName: string;
  /** The first 16 bytes (the type is decided by them, never by the name). */
  head: Buffer;
  size: number;
  data: Buffer;
  /** The file went over `maxFileSize` and was cut there. */
  truncated: boolean;
}

/** Text fields beside the files (multipart), for the route to validate with its schema. */
export type UploadFields = Record<string, string>;

/**
 * Registers routes that take files: @fastify/multipart exists only inside this scope, so every other
 * route stays JSON-only. Routes inside are signed in by default like any other. `maxFiles`: how many
 * files one request may carry (one unless said). `preservePath`: the file name as the client sent it,
 * path and all (to refuse such a name), instead of its last part.
 */
export function multipartScope(app: FastifyInstance, maxFileSize: number, routes: (scope: FastifyInstance) => void, maxFiles = 1, { preservePath = false } = {}) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      preservePath,
      throwFileSizeLimit: false,
      limits: { fileSize: maxFileSize, files: maxFiles, fields: 10, parts: maxFiles + 10, fieldSize: 1024 },
    });
    routes(scope);
  });
}

/**
 * Reads the files of the multipart field `file` (up to `maxFiles`) and the plain text fields; a missing,
 * empty or malformed upload is a 400, and so is a file over the count or in another field — it is
 * refused, never silently dropped. The whole request is consumed before the answer.
 */
export async function readUploads(req: FastifyRequest, maxFiles: number): Promise<{ files: ReadUpload[]; fields: UploadFields }> {
  const tooMany = () => bad(maxFiles === 1 ? MULTIPART_TEXTS.tooManyFiles : MULTIPART_TEXTS.tooManyFilesOf(maxFiles));
  if (!req.isMultipart()) throw bad(MULTIPART_TEXTS.notMultipart);
  const files: ReadUpload[] = [];
  const fields: UploadFields = {};
  let refused = false;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (files.length >= maxFiles || part.fieldname !== 'file') {
        // A file other than those declared: read past it, refuse the request at the end.
        if (files.length >= maxFiles) refused = true;
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        chunks.push(chunk);
      }
      const data = Buffer.concat(chunks);
      files.push({ fileName: part.filename ?? '', head: data.subarray(0, 16), size, data, truncated: part.file.truncated });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    // More parts or files than `multipartScope` allows: the extra file is the limit's.
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooMany();
    throw bad(MULTIPART_TEXTS.notMultipart);
  }
  if (refused) throw tooMany();
  if (files.length === 0) throw bad(MULTIPART_TEXTS.noFile);
  const empty = files.find((f) => f.size === 0);
  if (empty) throw bad(files.length === 1 ? MULTIPART_TEXTS.empty : MULTIPART_TEXTS.emptyNamed(empty.fileName));
  return { files, fields };
}

/** The one file of the multipart field `file` (text fields are read past and ignored). */
export async function readUpload(req: FastifyRequest): Promise<ReadUpload> {
  return (await readUploads(req, 1)).files[0];
}
