import { randomBytes } from 'node:crypto';
import type { UploadKind } from '@oyster/shared-kit/domain';
import { detectType, EXT, MB, TYPE_TITLE, type FileType } from '../platform/file-types.js';
import { MULTIPART_TEXTS } from '../platform/uploads.js';
import type { MediaFiles } from '../platform/media-files.js';

/**
 * Files of the learning domain live in the media store (platform/media-files.ts: the file store's
 * `media/<kind>/<name>.<ext>`) and are served at `/media/<kind>/<name>.<ext>` (a CDN path in production).
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

export async function writeMediaFile(media: MediaFiles, kind: UploadKind, storageFileName: string, data: Uint8Array): Promise<void> {
  await media.put(`${kind}/${storageFileName}`, data);
}

/**
 * Removes a stored file (a name that is not a storage name is never touched). False when it could not
 * be removed: the record is gone already, and a leftover file is better than failing the deletion
 * (the orphan sweep, platform/orphans.ts, removes it later).
 */
export async function removeMediaFile(media: MediaFiles, kind: UploadKind, storageFileName: string): Promise<boolean> {
  if (!STORAGE_NAME.test(storageFileName)) return false;
  try {
    await media.remove(`${kind}/${storageFileName}`);
    return true;
  } catch {
    return false;
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
export async function statMediaFile(media: MediaFiles, kind: UploadKind, storageFileName: string): Promise<{ size: number; type: FileType } | null> {
  if (!STORAGE_NAME.test(storageFileName)) return null;
  const data = await media.get(`${kind}/${storageFileName}`);
  if (!data) return null;
  const type = detectType(data.subarray(0, 16));
  // Pictures and PDFs only: a table (XLSX, CSV text) is no media file.
  return type && type !== 'xlsx' && type !== 'csv' ? { size: data.length, type } : null;
}
