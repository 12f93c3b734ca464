import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey, sha256, walkFiles, type FileStore, type StoredFile } from './storage.js';

/**
 * The files served at /media/ (news pictures, banners, course PDFs, the media library): in the one file
 * store (platform/storage.ts) under `media/<path>` — `/media/news/a.png` is the key `media/news/a.png` —
 * so several api nodes share them without a shared disk, and a backup of the store holds them.
 * Before, they were a folder (MEDIA_DIR, default `<static root>/media`): its files move into the store
 * at start (moveMediaToStore), and until one is moved (or when its move failed) it is still read there.
 */
export const MEDIA_PREFIX = 'media/';

export interface MediaFiles {
  readonly store: FileStore;
  /** The old media folder, read until its files are moved (null: none). */
  readonly legacyDir: string | null;
  put(path: string, data: Buffer | Uint8Array): Promise<StoredFile>;
  head(path: string): Promise<{ size: number; modifiedAt?: Date } | null>;
  get(path: string): Promise<Buffer | null>;
  /** The bytes to send, their size and when they were written, or null when there is no such file. */
  open(path: string): Promise<{ body: Readable; size: number; modifiedAt?: Date } | null>;
  /** Removes the file from the store and from the old folder; a missing file is no error. */
  remove(path: string): Promise<void>;
}

/** The store key of a media path (`news/a.png`), or null when the path cannot be one of ours. */
export function mediaKey(path: string): string | null {
  try {
    return checkKey(`${MEDIA_PREFIX}${path}`);
  } catch {
    return null;
  }
}

const isMissing = (e: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((e as NodeJS.ErrnoException)?.code ?? '');

export function mediaFiles(store: FileStore, legacyDir: string | null): MediaFiles {
  const base = legacyDir ? resolve(legacyDir) : null;
  /** The old folder's file of a path (only inside the folder: as fastify-static served it). */
  const legacyPath = (path: string) => {
    if (!base || !path || path.split('/').some((s) => s === '..' || s === '.' || s === '') || path.includes('\0')) return null;
    const p = resolve(base, path);
    return p.startsWith(base + sep) ? p : null;
  };
  const legacyStat = async (path: string) => {
    const p = legacyPath(path);
    if (!p) return null;
    try {
      const st = await stat(p);
      return st.isFile() ? { path: p, size: st.size, modifiedAt: st.mtime } : null;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  };
  const keyOf = (path: string) => {
    const key = mediaKey(path);
    if (!key) throw new Error(`media: bad path «${path}»`);
    return key;
  };
  return {
    store,
    legacyDir: base,
    put: (path, data) => store.put(keyOf(path), data),
    async head(path) {
      const key = mediaKey(path);
      const h = key && (await store.head(key));
      if (h) return h;
      const old = await legacyStat(path);
      return old && { size: old.size, modifiedAt: old.modifiedAt };
    },
    async get(path) {
      const key = mediaKey(path);
      const b = key && (await store.get(key));
      if (b) return b;
      const old = await legacyStat(path);
      return old && readFile(old.path);
    },
    async open(path) {
      const key = mediaKey(path);
      const h = key && (await store.head(key));
      if (key && h) {
        const body = await store.getStream(key);
        if (body) return { body, size: h.size, modifiedAt: h.modifiedAt };
      }
      const old = await legacyStat(path);
      return old && { body: createReadStream(old.path), size: old.size, modifiedAt: old.modifiedAt };
    },
    async remove(path) {
      const key = mediaKey(path);
      if (key) await store.delete(key);
      const p = legacyPath(path);
      if (p) await rm(p, { force: true });
    },
  };
}

/**
 * Moves the old media folder's files into the store (run at every start until it is empty): each file
 * is written under its key, read back and compared (size and sha256), and only then removed from the
 * folder. A file already in the store with the same bytes (another node sharing the folder moved it,
 * or a start stopped between the write and the removal) is just removed; one that does not read back
 * the same stays in the folder, served from there, counted in `failed` and tried again at the next
 * start. A name that cannot be a key (spaces, Cyrillic) stays too, counted in `skipped`. An in-memory
 * store (tests, a memory:// database) is no place to move files to: the folder is then only read.
 */
export async function moveMediaToStore(media: MediaFiles, opts: { log?: (msg: string) => void } = {}): Promise<{ moved: number; bytes: number; failed: number; skipped: number }> {
  const out = { moved: 0, bytes: 0, failed: 0, skipped: 0 };
  const dir = media.legacyDir;
  if (!dir || media.store.kind === 'memory') return out;
  for await (const file of walkFiles(dir)) {
    const path = relative(dir, file).split(sep).join('/');
    const key = mediaKey(path);
    if (!key) {
      out.skipped++;
      opts.log?.(`media: ${file} has a name the store does not take; it stays in ${dir}`);
      continue;
    }
    const data = await readFile(file);
    const hash = sha256(data);
    const there = await media.store.get(key);
    if (!there || there.length !== data.length || sha256(there) !== hash) {
      await media.store.put(key, data);
      const back = await media.store.get(key);
      if (!back || back.length !== data.length || sha256(back) !== hash) {
        out.failed++;
        opts.log?.(`media: ${path} did not read back the same from the store; it stays in ${dir}`);
        continue;
      }
      out.moved++;
      out.bytes += data.length;
    }
    await rm(file, { force: true });
  }
  if (out.moved || out.failed || out.skipped) {
    opts.log?.(`media: moved ${out.moved} file(s), ${out.bytes} bytes, from ${dir} to ${media.store.where}${out.failed + out.skipped ? `; ${out.failed + out.skipped} stay in the folder` : ''}`);
  }
  return out;
}
