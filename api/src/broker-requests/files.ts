import { randomBytes } from 'node:crypto';
import { BROKER_REQUEST_FILE_TYPES, ERROR_TEXTS, type BrokerRequestFile } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { validationError } from '../platform/errors.js';
import { EXT, MIME } from '../platform/file-types.js';
import { isoTime } from '../platform/sql.js';
import type { CheckedUpload } from '../platform/uploads.js';
import { keptBytes, type FileStore } from '../platform/storage.js';
import { fileKey } from '../migrations/0036_file_storage.js';

/**
 * Files on broker requests (§3, §7 attach-files, §8): the agent's documents and the executor's offer
 * files, each with a type of the §8 dialog. A file is a document checked like every upload (platform
 * checkUpload with DOCUMENT_UPLOAD, when the route reads it: a name without a path, its content by its
 * first bytes, an extension that says the same, its size); the bytes are kept in the file store
 * (platform/storage.ts; every api instance serves them).
 */
export const REQUEST_FILE_TEXTS = {
  attached: ERROR_TEXTS.attachSuccess,
  unknownType: 'Поле «typeName»: выберите тип файла из списка',
  closed: (title: string) => `К запросу в статусе «${title}» файлы не прикрепляются`,
  notYours: 'Удалить файл может тот, кто его прикрепил, или исполнитель запроса',
} as const;

interface FileRow {
  id: string;
  offer_id: string | null;
  type_name: string;
  upload_file_name: string;
  storage_file_name: string;
  size: number;
  extension: string;
  mime: string;
  user_id: string | null;
  first_name: string | null;
  second_name: string | null;
  middle_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/** A request's files (its own and its offers'), oldest first, without their bytes. */
export async function requestFiles(q: Queryable, requestId: string): Promise<BrokerRequestFile[]> {
  const rows = await q.query<FileRow>(
    `SELECT f.id, f.offer_id, f.type_name, f.upload_file_name, f.storage_file_name, f.size, f.extension, f.mime, f.user_id,
            u.first_name, u.second_name, u.middle_name, f.created_at, f.updated_at
       FROM broker_request_files f LEFT JOIN users u ON u.id = f.user_id
      WHERE f.request_id = $1 ORDER BY f.created_at, f.id`,
    [requestId],
  );
  return rows.map((r) => ({
    _id: r.id,
    offerId: r.offer_id,
    uploadFileName: r.upload_file_name,
    storageFileName: r.storage_file_name,
    size: Number(r.size),
    extension: r.extension,
    mime: r.mime,
    user: r.user_id ? { userId: r.user_id, firstName: r.first_name ?? '', secondName: r.second_name ?? '', middleName: r.middle_name ?? '' } : null,
    createDate: isoTime(r.created_at),
    updateDate: isoTime(r.updated_at),
    typeId: null,
    typeName: r.type_name,
  }));
}

export const isRequestFileType = (name: string) => (BROKER_REQUEST_FILE_TYPES as readonly string[]).includes(name);

/** Writes the checked files in the caller's transaction (a type name off the §8 list refuses them all). */
export async function attachRequestFiles(q: Queryable, store: FileStore, requestId: string, offerId: string | null, typeName: string, files: CheckedUpload[], userId: string): Promise<void> {
  if (!isRequestFileType(typeName)) throw validationError(REQUEST_FILE_TEXTS.unknownType, 'typeName');
  for (const f of files) await insertRequestFile(q, store, requestId, offerId, typeName, { name: f.name, extension: EXT[f.type], mime: MIME[f.type], size: f.size, data: f.data }, userId);
}

/** A file already checked (an upload above, or one sent in the request's chat) written to the request. */
export async function insertRequestFile(
  q: Queryable,
  store: FileStore,
  requestId: string,
  offerId: string | null,
  typeName: string,
  f: { name: string; extension: string; mime: string; size: number; data: Buffer },
  userId: string,
): Promise<void> {
  if (!isRequestFileType(typeName)) throw validationError(REQUEST_FILE_TEXTS.unknownType, 'typeName');
  const id = newId();
  const key = fileKey('broker_request_files', id);
  await store.put(key, f.data, { contentType: f.mime });
  await q.query(
    `INSERT INTO broker_request_files (id, request_id, offer_id, type_name, upload_file_name, storage_file_name, size, extension, mime, user_id, storage_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [id, requestId, offerId, typeName, f.name, `${randomBytes(16).toString('hex')}.${f.extension}`, f.size, f.extension, f.mime, userId, key],
  );
}

/** One file with its bytes, or null. */
export async function requestFileContent(q: Queryable, store: FileStore, requestId: string, fileId: string) {
  const [row] = await q.query<{ upload_file_name: string; mime: string; data: Buffer | Uint8Array | null; storage_key: string | null }>(
    'SELECT upload_file_name, mime, data, storage_key FROM broker_request_files WHERE request_id = $1 AND id = $2',
    [requestId, fileId],
  );
  const data = row ? await keptBytes(store, row.storage_key, row.data) : null;
  return row && data ? { fileName: row.upload_file_name, mime: row.mime, data } : null;
}

export async function requestFileAuthor(q: Queryable, requestId: string, fileId: string): Promise<{ userId: string | null } | null> {
  const [row] = await q.query<{ user_id: string | null }>('SELECT user_id FROM broker_request_files WHERE request_id = $1 AND id = $2', [requestId, fileId]);
  return row ? { userId: row.user_id } : null;
}
