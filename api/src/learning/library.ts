import type { Banner, BannerInput, MediaItem, MediaType } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { isoTime, updateSet } from '../platform/sql.js';
import { mediaUrl, removeMediaFile, storageNameOf } from './media.js';
import type { MediaFiles } from '../platform/media-files.js';

/**
 * Home banners and the media library (photos, videos, documents). A record owns its file: deleting the
 * record (or giving a banner another picture) removes the file from the media store when no other
 * record of the table still points at it, so its URL answers 404 afterwards.
 */

interface BannerRow {
  id: string;
  title: string;
  link: string | null;
  storage_file_name: string;
  active: boolean;
  position: number;
}

export const toBanner = (r: BannerRow): Banner => ({
  _id: r.id,
  title: r.title,
  link: r.link,
  storageFileName: r.storage_file_name,
  imageUrl: mediaUrl('banners', r.storage_file_name),
  active: r.active,
  position: r.position,
});

export async function listBanners(q: Queryable, activeOnly: boolean) {
  const rows = await q.query<BannerRow>(
    `SELECT * FROM banners ${activeOnly ? 'WHERE active' : ''} ORDER BY position, created_at, id`,
  );
  return rows.map(toBanner);
}

export async function getBanner(q: Queryable, id: string) {
  const [row] = await q.query<BannerRow>('SELECT * FROM banners WHERE id = $1', [id]);
  return row ? toBanner(row) : null;
}

const BANNER_COLUMNS = { title: 'title', link: 'link', storageFileName: 'storage_file_name', active: 'active' };

/** Puts `id` (if given) at 1-based `position` and renumbers all banners 1..n. */
async function placeBanner(q: Queryable, id: string | null, position?: number) {
  const rows = await q.query<{ id: string }>('SELECT id FROM banners ORDER BY position, created_at, id');
  const ids = rows.map((r) => r.id).filter((x) => x !== id);
  if (id) ids.splice(position === undefined ? ids.length : Math.min(Math.max(position - 1, 0), ids.length), 0, id);
  for (const [i, bannerId] of ids.entries()) {
    await q.query('UPDATE banners SET position = $2 WHERE id = $1 AND position <> $2', [bannerId, i + 1]);
  }
}

export async function createBanner(q: Queryable, input: BannerInput): Promise<string> {
  const id = newId();
  await q.query(
    `INSERT INTO banners (id, title, link, storage_file_name, active, position) VALUES ($1, $2, $3, $4, $5, 2147483647)`,
    [id, input.title, input.link ?? null, input.storageFileName, input.active ?? true],
  );
  await placeBanner(q, id, input.position);
  return id;
}

/** Removes a banner picture no banner uses any more (the last step of a change, after the rows are written). */
async function dropBannerFile(q: Queryable, media: MediaFiles, storageFileName: string | null | undefined) {
  if (!storageFileName) return;
  if ((await q.query('SELECT 1 FROM banners WHERE storage_file_name = $1 LIMIT 1', [storageFileName])).length) return;
  await removeMediaFile(media, 'banners', storageFileName);
}

export async function updateBanner(q: Queryable, id: string, patch: Partial<BannerInput>, media: MediaFiles): Promise<boolean> {
  const [old] = await q.query<{ storage_file_name: string }>('SELECT storage_file_name FROM banners WHERE id = $1', [id]);
  if (!old) return false;
  const { sql, params } = updateSet(BANNER_COLUMNS, patch, 2, ['updated_at = now()']);
  const rows = await q.query(`UPDATE banners SET ${sql} WHERE id = $1 RETURNING id`, [id, ...params]);
  if (!rows.length) return false;
  if (patch.position !== undefined) await placeBanner(q, id, patch.position);
  if (patch.storageFileName !== undefined && patch.storageFileName !== old.storage_file_name) await dropBannerFile(q, media, old.storage_file_name);
  return true;
}

export async function deleteBanner(q: Queryable, id: string, media: MediaFiles): Promise<boolean> {
  const rows = await q.query<{ storage_file_name: string }>('DELETE FROM banners WHERE id = $1 RETURNING storage_file_name', [id]);
  if (!rows.length) return false;
  await placeBanner(q, null);
  await dropBannerFile(q, media, rows[0].storage_file_name);
  return true;
}

interface MediaRow {
  id: string;
  type: MediaType;
  title: string;
  url: string;
  thumbnail_url: string | null;
  size: string | number;
  mime: string;
  created_at: Date | string;
}

const toMedia = (r: MediaRow): MediaItem => ({
  _id: r.id,
  type: r.type,
  title: r.title,
  url: r.url,
  thumbnailUrl: r.thumbnail_url,
  size: Number(r.size),
  mime: r.mime,
  createdAt: isoTime(r.created_at),
});

export async function listMedia(q: Queryable, type?: MediaType | null) {
  const rows = await q.query<MediaRow>(
    `SELECT * FROM media_items ${type ? 'WHERE type = $1' : ''} ORDER BY created_at DESC, id DESC`,
    type ? [type] : [],
  );
  return rows.map(toMedia);
}

/** A media row to insert: the wire item without what the database assigns. */
export type NewMediaItem = Omit<MediaItem, '_id' | 'createdAt'>;

export async function createMedia(q: Queryable, input: NewMediaItem, createdBy: string | null, at?: Date) {
  const [row] = await q.query<MediaRow>(
    `INSERT INTO media_items (id, type, title, url, thumbnail_url, size, mime, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [newId(), input.type, input.title, input.url, input.thumbnailUrl, input.size, input.mime, createdBy, (at ?? new Date()).toISOString()],
  );
  return toMedia(row);
}

export async function deleteMedia(q: Queryable, id: string, media: MediaFiles): Promise<boolean> {
  const rows = await q.query<{ url: string; thumbnail_url: string | null }>('DELETE FROM media_items WHERE id = $1 RETURNING url, thumbnail_url', [id]);
  if (!rows.length) return false;
  for (const url of new Set([rows[0].url, rows[0].thumbnail_url])) {
    const name = storageNameOf('media', url);
    if (!name) continue; // a video's link, or nothing
    if ((await q.query('SELECT 1 FROM media_items WHERE url = $1 OR thumbnail_url = $1 LIMIT 1', [url])).length) continue;
    await removeMediaFile(media, 'media', name);
  }
  return true;
}
