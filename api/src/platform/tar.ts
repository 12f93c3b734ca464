import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/**
 * A folder as a gzipped tarball, the format PGlite's dumpDataDir writes and its loadDataDir reads (ustar,
 * names `/PG_VERSION`, `/base/1/112`…, folders as their own entries), made without blocking the event
 * loop: PGlite's own dump reads its file system and builds the tar synchronously (half a second for the
 * demo database at load 6, much more under load: bench/backup-timing.mjs), and every request of the
 * node waited for it — /health included. Here the files are read with async fs while `exclusive` holds
 * the database (so no query writes meanwhile), then the tar is streamed through node's zlib, which
 * compresses on the thread pool, after the database is free again.
 */
export async function gzipFolderTar(dir: string, exclusive: <T>(fn: () => Promise<T>) => Promise<T>): Promise<Buffer> {
  const entries = await exclusive(() => readTree(dir));
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from(tarBlocks(entries)),
    createGzip(),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

interface Entry {
  /** `/base/1/112`: the path below the folder, with a leading slash (as PGlite names them). */
  name: string;
  mode: number;
  mtime: number;
  /** null for a folder. */
  data: Buffer | null;
}

async function readTree(dir: string, below = ''): Promise<Entry[]> {
  const out: Entry[] = [];
  for (const e of await readdir(join(dir, below), { withFileTypes: true })) {
    const rel = `${below}/${e.name}`;
    const path = join(dir, rel);
    const st = await stat(path);
    if (e.isDirectory()) {
      out.push({ name: rel, mode: st.mode & 0o7777, mtime: Math.floor(st.mtimeMs / 1000), data: null });
      out.push(...(await readTree(dir, rel)));
    } else if (e.isFile()) {
      out.push({ name: rel, mode: st.mode & 0o7777, mtime: Math.floor(st.mtimeMs / 1000), data: await readFile(path) });
    }
  }
  return out;
}

const BLOCK = 512;

function* tarBlocks(entries: Entry[]): Generator<Buffer> {
  for (const e of entries) {
    yield header(e);
    if (e.data?.length) {
      yield e.data;
      const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
    }
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** One ustar header; a name longer than 100 bytes goes in the prefix field (split at a slash). */
function header(e: Entry): Buffer {
  const h = Buffer.alloc(BLOCK);
  let name = e.name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`tar: name too long: ${name}`);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  const octal = (n: number, width: number) => n.toString(8).padStart(width - 1, '0') + '\0';
  h.write(name, 0, 100, 'utf8');
  h.write(octal(e.mode, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(e.data?.length ?? 0, 12), 124, 12, 'ascii');
  h.write(octal(e.mtime, 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write(e.data ? '0' : '5', 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}
