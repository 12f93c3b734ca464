import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ATTACH_LIMITS, ATTACH_TEXTS } from '@oyster/shared-kit/domain';
import { validationError } from './errors.js';
import { detectType, DOCUMENT_FILE_TYPES, EXTENSIONS, MB, TYPE_TITLE, type FileType } from './file-types.js';

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
 * What one upload takes: its contents and its size limit. Every other rule is the same for every
 * upload in the product (checkUpload).
 */
export interface UploadRule {
  /** The contents it takes, told by their first bytes. */
  types: readonly FileType[];
  /** The largest file: one size for every type, or a size per type. */
  maxBytes: number | Readonly<Partial<Record<FileType, number>>>;
}

/** A document attached to a contract or a request, or sent in a chat (by staff, an agent or an Oyster.app client). */
export const DOCUMENT_UPLOAD: UploadRule = { types: DOCUMENT_FILE_TYPES, maxBytes: ATTACH_LIMITS.maxFileBytes };

/** The refusals of checkUpload, each naming the file. */
export const UPLOAD_CHECK_TEXTS = {
  pathInName: (name: string) => `Файл «${name}»: имя файла без пути к нему`,
  badType: (name: string, types: readonly FileType[]) => `Файл «${name}»: допустимы ${types.map((t) => TYPE_TITLE[t]).join(', ')}`,
  badExtension: (name: string) => `Файл «${name}»: расширение не совпадает с содержимым файла`,
  tooLarge: (name: string, maxBytes: number) => `Файл «${name}» больше ${maxBytes / MB} МБ`,
} as const;

/** A file that passed checkUpload: its content's type and the name to show and store. */
export interface CheckedUpload extends ReadUpload {
  type: FileType;
  /** The name as sent without control characters, at most 200 characters ('файл' when nothing is left). */
  name: string;
}

/**
 * The one check of an uploaded file, before anything is written: a name without a path (refused, never
 * cut down to its last part), a content told by its first bytes among the rule's types (never by the
 * name or the client's content type), an extension that says the same as the content, and at most the
 * rule's size for that type. Answers the type and the cleaned name, or throws a 400 naming `file`.
 */
export function checkUpload(f: ReadUpload, rule: UploadRule): CheckedUpload {
  const sent = f.fileName || 'без имени';
  if (/[\\/]|^\.\.?$/.test(sent)) throw bad(UPLOAD_CHECK_TEXTS.pathInName(sent.slice(0, 200)));
  const name = sent.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200) || 'файл';
  const type = detectType(f.head);
  if (!type || !rule.types.includes(type)) throw bad(UPLOAD_CHECK_TEXTS.badType(name, rule.types));
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (!EXTENSIONS[type].includes(extension)) throw bad(UPLOAD_CHECK_TEXTS.badExtension(name));
  const maxBytes = typeof rule.maxBytes === 'number' ? rule.maxBytes : rule.maxBytes[type] ?? 0;
  if (f.truncated || f.size > maxBytes) throw bad(UPLOAD_CHECK_TEXTS.tooLarge(name, maxBytes));
  return { ...f, type, name };
}

/**
 * Registers routes that take files: @fastify/multipart exists only inside this scope, so every other
 * route stays JSON-only. Routes inside are signed in by default like any other. `maxFiles`: how many
 * files one request may carry (one unless said). A file's name is taken as the client sent it, path
 * and all, so that checkUpload refuses such a name rather than store its last part.
 */
export function multipartScope(app: FastifyInstance, maxFileSize: number, routes: (scope: FastifyInstance) => void, maxFiles = 1) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      preservePath: true,
      throwFileSizeLimit: false,
      limits: { fileSize: maxFileSize, files: maxFiles, fields: 10, parts: maxFiles + 10, fieldSize: 1024 },
    });
    routes(scope);
  });
}

/**
 * Reads the files of the multipart field `file` (up to `maxFiles`) and the plain text fields; a missing,
 * empty or malformed upload is a 400, and so is a file over the count or in another field — it is
 * refused, never silently dropped. The whole request is consumed before the answer. Every file is then
 * checked against `rule` (checkUpload): one bad file refuses the request, so nothing is half-written.
 */
export async function readUploads(req: FastifyRequest, maxFiles: number, rule: UploadRule): Promise<{ files: CheckedUpload[]; fields: UploadFields }> {
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
  return { files: files.map((f) => checkUpload(f, rule)), fields };
}

/** The one file of the multipart field `file`, checked against `rule` (text fields are read past and ignored). */
export async function readUpload(req: FastifyRequest, rule: UploadRule): Promise<CheckedUpload> {
  return (await readUploads(req, 1, rule)).files[0];
}
