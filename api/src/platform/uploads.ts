import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { validationError } from './errors.js';

/** Texts of a multipart upload that went wrong before its content was looked at. */
export const MULTIPART_TEXTS = {
  noFile: 'Файл не передан (поле «file»)',
  empty: 'Файл пуст',
  notMultipart: 'Файл нужно отправить как multipart/form-data в поле «file»',
  tooManyFiles: 'Можно загрузить только один файл за раз',
};

const bad = (message: string) => validationError(message, 'file');

export interface ReadUpload {
  /** The first 16 bytes (the type is decided by them, never by the name). */
  head: Buffer;
  size: number;
  data: Buffer;
  /** The file went over `maxFileSize` and was cut there. */
  truncated: boolean;
}

/**
 * Registers routes that take one file: @fastify/multipart exists only inside this scope, so every
 * other route stays JSON-only. Routes inside are signed in by default like any other.
 */
export function multipartScope(app: FastifyInstance, maxFileSize: number, routes: (scope: FastifyInstance) => void) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxFileSize, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    routes(scope);
  });
}

/**
 * Reads the one file of the multipart field `file`; a missing, empty or malformed upload is a 400, and
 * so is a second file (in `file` or any other field) — it is refused, never silently dropped. Plain
 * text fields are read past and ignored. The whole request is consumed before the answer.
 */
export async function readUpload(req: FastifyRequest): Promise<ReadUpload> {
  if (!req.isMultipart()) throw bad(MULTIPART_TEXTS.notMultipart);
  let upload: ReadUpload | null = null;
  let otherFile = false;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (upload || part.fieldname !== 'file') {
        // Another file than the one declared: read past it, refuse the request at the end.
        if (upload) otherFile = true;
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
      upload = { head: data.subarray(0, 16), size, data, truncated: part.file.truncated };
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    // More parts or files than `multipartScope` allows (one file): the extra file is the limit's.
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw bad(MULTIPART_TEXTS.tooManyFiles);
    throw bad(MULTIPART_TEXTS.notMultipart);
  }
  if (otherFile) throw bad(MULTIPART_TEXTS.tooManyFiles);
  if (!upload) throw bad(MULTIPART_TEXTS.noFile);
  if (upload.size === 0) throw bad(MULTIPART_TEXTS.empty);
  return upload;
}
