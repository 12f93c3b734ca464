import type { Queryable } from '../platform/db.js';
import { MEDIA_PREFIX } from '../platform/media-files.js';
import type { FileReferences } from '../platform/orphans.js';
import { demoFilePaths } from './seed.js';

/**
 * Which media files the learning domain's rows name (the orphan sweep, platform/orphans.ts): a key
 * `media/<path>` is named when `/media/<path>` is a news or article cover or appears in its body, a
 * course's cover or description, a lesson's attachments or text, a banner's picture, a media item's
 * file or thumbnail — or is one of the demo files (the product's own content names them).
 */
export const LEARNING_MEDIA_REFERENCES: FileReferences = {
  prefix: MEDIA_PREFIX,
  async named(q: Queryable, keys: string[]) {
    const rows = await q.query<{ u: string }>(
      `SELECT u FROM unnest($1::text[]) AS u WHERE
         EXISTS (SELECT 1 FROM posts WHERE cover_image_url = u OR strpos(body, u) > 0)
         OR EXISTS (SELECT 1 FROM courses WHERE cover_image_url = u OR strpos(description, u) > 0)
         OR EXISTS (SELECT 1 FROM lessons WHERE strpos(attachments::text, u) > 0 OR strpos(text, u) > 0)
         OR EXISTS (SELECT 1 FROM banners WHERE '/media/banners/' || storage_file_name = u)
         OR EXISTS (SELECT 1 FROM media_items WHERE url = u OR thumbnail_url = u)`,
      [keys.map((k) => `/${k}`)],
    );
    const demo = new Set(demoFilePaths().map((p) => `${MEDIA_PREFIX}${p}`));
    return [...rows.map((r) => r.u.slice(1)), ...keys.filter((k) => demo.has(k))];
  },
};
