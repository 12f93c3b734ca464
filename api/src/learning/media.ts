import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadKind } from '@oyster/shared-kit/domain';
import { detectType, EXT, MB, TYPE_TITLE, type FileType } from '../platform/file-types.js';
import { MULTIPART_TEXTS } from '../platform/uploads.js';

/**
 * Files of the learning domain live in the media folder (`MEDIA_DIR`, default `<repo>/media`) as
 * `<kind>/<name>.<ext>` and are served at `/media/<kind>/<name>.<ext>` (a CDN path in production).
 */
export const UPLOAD_KINDS: readonly UploadKind[] = ['banners', 'news', 'courses', 'media'];
export type { UploadKind };

/** Largest file per type: pictures 5 MB, PDF 20 MB. */
export const MAX_SIZE: Partial<Record<FileType, number>> = { png: 5 * MB, jpeg: 5 * MB, webp: 5 * MB, pdf: 20 * MB };
export const MAX_UPLOAD = 20 * MB;

/** Which types each upload kind accepts: pictures everywhere, PDF for courses and the media library. */
export const KIND_TYPES: Record<UploadKind, readonly FileType[]> = {
  banners: ['png', 'jpeg', 'webp'],
  news: ['png', 'jpeg', 'webp'],
  courses: ['png', 'jpeg', 'webp', 'pdf'],
  media: ['png', 'jpeg', 'webp', 'pdf'],
};

export const UPLOAD_TEXTS = {
  ...MULTIPART_TEXTS,
  badType: (kind: UploadKind) =>
    `Недопустимый тип файла: разрешены ${KIND_TYPES[kind].map((t) => TYPE_TITLE[t]).join(', ')}`,
  missing: (name: string) => `Файл «${name}» не найден: сначала загрузите его`,
};

/** A stored file's name inside its kind folder: what uploads produce and what the seed writes. */
export const STORAGE_NAME = /^[a-z0-9][a-z0-9_-]{0,100}\.(png|jpg|webp|pdf)$/;

export function newStorageName(type: FileType): string {
  return `${randomBytes(16).toString('hex')}.${EXT[type]}`;
}

export function mediaUrl(kind: UploadKind, storageFileName: string): string {
  return `/media/${kind}/${storageFileName}`;
}

export function writeMediaFile(mediaDir: string, kind: UploadKind, storageFileName: string, data: Uint8Array): void {
  const dir = join(mediaDir, kind);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, storageFileName), data);
}

/**
 * Removes a stored file (a name that is not a storage name is never touched). False when it could not
 * be removed: the record is gone already, and a leftover file is better than failing the deletion.
 */
export function removeMediaFile(mediaDir: string, kind: UploadKind, storageFileName: string): boolean {
  if (!STORAGE_NAME.test(storageFileName)) return false;
  try {
    unlinkSync(join(mediaDir, kind, storageFileName));
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** The storage name behind a url of our own media folder (`/media/<kind>/<name>`), or null for anything else. */
export function storageNameOf(kind: UploadKind, url: string | null): string | null {
  const prefix = `/media/${kind}/`;
  if (!url?.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return STORAGE_NAME.test(name) ? name : null;
}

/** Size and detected type of a stored file, or null when it is not there (or not a file we accept). */
export function statMediaFile(mediaDir: string, kind: UploadKind, storageFileName: string): { size: number; type: FileType } | null {
  if (!STORAGE_NAME.test(storageFileName)) return null;
  const path = join(mediaDir, kind, storageFileName);
  try {
    const st = statSync(path);
    if (!st.isFile()) return null;
    const type = detectType(readHead(path));
    // Pictures and PDFs only: a table (XLSX, CSV text) is no media file.
    return type && type !== 'xlsx' && type !== 'csv' ? { size: st.size, type } : null;
  } catch {
    return null;
  }
}

function readHead(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
