import { randomBytes } from 'node:crypto';
import { ATTACH_TEXTS, ERROR_TEXTS, sortFileTypes, type AttachedFile, type AttachFileType } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../../platform/db.js';
import { EXT, MIME } from '../../platform/file-types.js';
import { validationError } from '../../platform/errors.js';
import { isoTime } from '../../platform/sql.js';
import type { CheckedUpload } from '../../platform/uploads.js';
import { keptBytes, type FileStore } from '../../platform/storage.js';
import { fileKey } from '../../migrations/0036_file_storage.js';

/**
 * Files on contracts (§3, §7): the scans an insurer asks for, each with one of the insurer's file types.
 * A file is a document checked like every upload (platform checkUpload with DOCUMENT_UPLOAD, when the
 * route reads it); the bytes are kept in the file store (platform/storage.ts, any api instance serves them). Who may:
 * whoever sees the contract (platform/scope.ts, checked by the route).
 */

export const CONTRACT_FILE_TEXTS = {
  attached: ERROR_TEXTS.attachSuccess,
  unknownType: 'Поле «typeId»: у этого страховщика нет такого типа файла',
  closed: (title: string) => `К договору в статусе «${title}» файлы не прикрепляются`,
  notYours: 'Удалить файл может тот, кто его прикрепил, или сотрудник брокера',
  fixed: 'Файлы оплаченного договора не удаляются',
};

interface FileRow {
  id: string;
  type_id: string | null;
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

const toWire = (r: FileRow): AttachedFile => ({
  _id: r.id,
  uploadFileName: r.upload_file_name,
  storageFileName: r.storage_file_name,
  size: Number(r.size),
  extension: r.extension,
  mime: r.mime,
  user: r.user_id ? { userId: r.user_id, firstName: r.first_name ?? '', secondName: r.second_name ?? '', middleName: r.middle_name ?? '' } : null,
  createDate: isoTime(r.created_at),
  updateDate: isoTime(r.updated_at),
  typeId: r.type_id,
  typeName: r.type_name,
});

/** The insurer's file types, sorted by name (§8). */
export async function companyFileTypes(q: Queryable, companyId: string): Promise<AttachFileType[]> {
  const rows = await q.query<{ id: string; name: string }>('SELECT id, name FROM company_file_types WHERE company_id = $1', [companyId]);
  return sortFileTypes(rows.map((r) => ({ _id: r.id, name: r.name })));
}

/** A contract's files, oldest first, without their bytes. */
export async function contractFiles(q: Queryable, contractId: string): Promise<AttachedFile[]> {
  const rows = await q.query<FileRow>(
    `SELECT f.id, f.type_id, f.type_name, f.upload_file_name, f.storage_file_name, f.size, f.extension, f.mime, f.user_id,
            u.first_name, u.second_name, u.middle_name, f.created_at, f.updated_at
       FROM contract_files f LEFT JOIN users u ON u.id = f.user_id
      WHERE f.contract_id = $1 ORDER BY f.created_at, f.id`,
    [contractId],
  );
  return rows.map(toWire);
}

/** Writes the checked files with the chosen type, in the caller's transaction (the type is the contract's insurer's). */
export async function attachContractFiles(q: Queryable, store: FileStore, contractId: string, companyId: string | null, typeId: string | null, files: CheckedUpload[], userId: string): Promise<void> {
  const [fileType] = typeId
    ? await q.query<{ name: string }>('SELECT name FROM company_file_types WHERE id = $1 AND company_id = $2', [typeId, companyId])
    : [{ name: ATTACH_TEXTS.untyped }];
  if (!fileType) throw validationError(CONTRACT_FILE_TEXTS.unknownType, 'typeId');
  for (const f of files) {
    const id = newId();
    const key = fileKey('contract_files', id);
    await store.put(key, f.data, { contentType: MIME[f.type] });
    await q.query(
      `INSERT INTO contract_files (id, contract_id, type_id, type_name, upload_file_name, storage_file_name, size, extension, mime, user_id, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [id, contractId, typeId, fileType.name, f.name, `${randomBytes(16).toString('hex')}.${EXT[f.type]}`, f.size, EXT[f.type], MIME[f.type], userId, key],
    );
  }
}

/** Who attached a file (removing it is theirs or staff's), without reading its bytes; null: no such file. */
export async function contractFileAuthor(q: Queryable, contractId: string, fileId: string): Promise<{ userId: string | null } | null> {
  const [row] = await q.query<{ user_id: string | null }>('SELECT user_id FROM contract_files WHERE contract_id = $1 AND id = $2', [contractId, fileId]);
  return row ? { userId: row.user_id } : null;
}

/** One file with its bytes, or null. */
export async function contractFileContent(q: Queryable, store: FileStore, contractId: string, fileId: string) {
  const [row] = await q.query<{ upload_file_name: string; mime: string; data: Buffer | Uint8Array | null; storage_key: string | null }>(
    'SELECT upload_file_name, mime, data, storage_key FROM contract_files WHERE contract_id = $1 AND id = $2',
    [contractId, fileId],
  );
  const data = row ? await keptBytes(store, row.storage_key, row.data) : null;
  return row && data ? { fileName: row.upload_file_name, mime: row.mime, data } : null;
}
