import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Db } from './db.js';
import { ConfigError } from './config.js';

/**
 * Where uploaded files live (contract files, policy PDFs, broker-request files, chat files): ONE
 * interface, three places behind it.
 * - `local`: a folder on this machine (FILES_DIR; default `<DATA_DIR>-files` beside the embedded
 *   database). One api process, or several that mount the same folder.
 * - `s3`: an S3-compatible object store (S3_BUCKET and friends: AWS S3, MinIO, Yandex Object Storage).
 *   Several api nodes share it without a shared disk.
 * - `database`: the `stored_files` table of the PostgreSQL the api already uses (DATABASE_URL set, no S3,
 *   no FILES_DIR). Every node sees the same database, so every node serves every file; a local folder
 *   would be one node's disk and the other nodes would answer 404 for it.
 * A key is a relative path (`chat-files/<id>`): the same key means the same file in each place, so
 * moving from one to another is a copy (`aws s3 sync <FILES_DIR> s3://<bucket>`).
 */
export interface FileStore {
  readonly kind: 'local' | 's3' | 'database' | 'memory';
  /** Where, in words, for the start-up log (no secrets). */
  readonly where: string;
  put(key: string, data: Buffer | Uint8Array | Readable, opts?: { contentType?: string }): Promise<StoredFile>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream, or null when there is no such file. */
  getStream(key: string): Promise<Readable | null>;
  /** Its size and when it was written (what /media/ answers as Last-Modified), or null. */
  head(key: string): Promise<{ size: number; modifiedAt?: Date } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is no error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder: `chat-files/`), with when it was written (the orphan sweep). */
  list(prefix: string): AsyncIterable<ListedFile>;
  /** Answers whether the store can be reached (the /ready check). */
  check(): Promise<void>;
  close?(): Promise<void>;
}

export interface ListedFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;
/** A key is ours: relative, no `..`, no empty segment (never a path a caller could steer elsewhere). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.') || key.length > 512) throw new Error(`storage: bad key «${key}»`);
  return key;
}

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function toBuffer(data: Buffer | Uint8Array | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const chunks: Buffer[] = [];
  for await (const c of data) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT' || (e as NodeJS.ErrnoException)?.code === 'ENOTDIR';

/**
 * The files below a folder, depth first (nothing when it is missing): never a dot file or folder (a
 * readiness probe, `.gitkeep`) nor a half-written `.tmp` file.
 */
export async function* walkFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if (isMissing(e)) return;
    throw e;
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* walkFiles(path);
    else if (e.isFile() && !e.name.endsWith('.tmp')) yield path;
  }
}

/** A folder: the key is the path below it; a file is written to a temporary name and renamed (never half a file). */
export function localStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(base, checkKey(key));
    if (!p.startsWith(base + sep)) throw new Error(`storage: bad key «${key}»`);
    return p;
  };
  return {
    kind: 'local',
    where: `folder ${base}`,
    async put(key, data) {
      const path = pathOf(key);
      const bytes = await toBuffer(data);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
      return { key, size: bytes.length, sha256: sha256(bytes) };
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async getStream(key) {
      const path = pathOf(key);
      if (!(await this.head(key))) return null;
      return createReadStream(path);
    },
    async head(key) {
      try {
        const st = await stat(pathOf(key));
        return st.isFile() ? { size: st.size, modifiedAt: st.mtime } : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async exists(key) {
      return !!(await this.head(key));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      // The folder of the prefix (its part up to the last «/»), walked; half-written `.tmp` files and
      // dot files (the readiness probe) are no keys.
      const top = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const path of walkFiles(top ? join(base, top) : base)) {
        const key = relative(base, path).split(sep).join('/');
        if (!key.startsWith(prefix) || !KEY.test(key)) continue;
        const st = await stat(path).catch(() => null);
        if (st) yield { key, size: st.size, modifiedAt: st.mtime };
      }
    },
    async check() {
      // A full or read-only disk fails it: a small write, then removed.
      await mkdir(base, { recursive: true });
      const probe = join(base, `.ready-probe-${process.pid}`);
      await writeFile(probe, 'ok');
      await unlink(probe);
    },
  };
}

/** Files in a Map: tests and the in-memory database. */
export function memoryStore(): FileStore {
  const files = new Map<string, Buffer>();
  const written = new Map<string, Date>();
  return {
    kind: 'memory',
    where: 'memory',
    async put(key, data) {
      const bytes = Buffer.from(await toBuffer(data));
      files.set(checkKey(key), bytes);
      written.set(key, new Date());
      return { key, size: bytes.length, sha256: sha256(bytes) };
    },
    async *list(prefix) {
      for (const [key, bytes] of [...files]) if (key.startsWith(prefix)) yield { key, size: bytes.length, modifiedAt: written.get(key)! };
    },
    get: async (key) => files.get(checkKey(key)) ?? null,
    getStream: async (key) => (files.has(checkKey(key)) ? Readable.from([files.get(key)!]) : null),
    head: async (key) => (files.has(checkKey(key)) ? { size: files.get(key)!.length, modifiedAt: written.get(key) } : null),
    exists: async (key) => files.has(checkKey(key)),
    delete: async (key) => void files.delete(checkKey(key)),
    check: async () => undefined,
  };
}

/**
 * The `stored_files` table (migration 36) of the api's own PostgreSQL. Only for a server database:
 * its writes go through the pool, beside whatever transaction the caller holds (PGlite runs one
 * query at a time and would wait on its own transaction).
 */
export function databaseStore(db: Db): FileStore {
  return {
    kind: 'database',
    where: 'PostgreSQL table stored_files',
    async put(key, data, opts) {
      const bytes = await toBuffer(data);
      const hash = sha256(bytes);
      await db.query(
        `INSERT INTO stored_files (key, data, size, sha256, content_type) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, size = EXCLUDED.size, sha256 = EXCLUDED.sha256, content_type = EXCLUDED.content_type`,
        [checkKey(key), bytes, bytes.length, hash, opts?.contentType ?? null],
      );
      return { key, size: bytes.length, sha256: hash };
    },
    async get(key) {
      const [row] = await db.query<{ data: Buffer | Uint8Array }>('SELECT data FROM stored_files WHERE key = $1', [checkKey(key)]);
      return row ? Buffer.from(row.data) : null;
    },
    async getStream(key) {
      const b = await this.get(key);
      return b ? Readable.from([b]) : null;
    },
    async head(key) {
      const [row] = await db.query<{ size: number; created_at: Date | string }>('SELECT size, created_at FROM stored_files WHERE key = $1', [checkKey(key)]);
      return row ? { size: Number(row.size), modifiedAt: new Date(row.created_at) } : null;
    },
    async exists(key) {
      return !!(await this.head(key));
    },
    async delete(key) {
      await db.query('DELETE FROM stored_files WHERE key = $1', [checkKey(key)]);
    },
    async *list(prefix) {
      // By pages of keys (never the bytes), so a big table is not read at once.
      let after = '';
      for (;;) {
        const rows = await db.query<{ key: string; size: number; created_at: Date | string }>(
          `SELECT key, size, created_at FROM stored_files WHERE starts_with(key, $1) AND key > $2 ORDER BY key LIMIT 500`,
          [prefix, after],
        );
        for (const r of rows) yield { key: r.key, size: Number(r.size), modifiedAt: new Date(r.created_at) };
        if (rows.length < 500) return;
        after = rows[rows.length - 1].key;
      }
    },
    async check() {
      await db.query('SELECT 1 FROM stored_files LIMIT 1');
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket (S3_PREFIX), e.g. `oyster/`. */
  prefix?: string;
}

const httpStatus = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const notFound = (e: unknown) => httpStatus(e) === 404 || ['NoSuchKey', 'NotFound'].includes((e as { name?: string })?.name ?? '');

/** An S3-compatible bucket through the AWS SDK (MinIO needs S3_FORCE_PATH_STYLE=1). */
export function s3Store(s: S3Settings): FileStore {
  // The SDK is loaded with the first call (its ~60 ms of modules only where S3 is configured and used).
  let sdk: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null = null;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: s.forcePathStyle,
        credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
        // S3-compatible stores differ on the SDK's newer default checksums: send and check them only where S3 requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = s.bucket;
  const k = (key: string) => `${s.prefix ?? ''}${checkKey(key)}`;
  return {
    kind: 's3',
    where: `S3 bucket ${s.bucket}${s.endpoint ? ` at ${s.endpoint}` : ''}`,
    async put(key, data, opts) {
      const bytes = await toBuffer(data);
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket, Key: k(key), Body: bytes, ContentLength: bytes.length, ContentType: opts?.contentType ?? 'application/octet-stream' }));
      return { key, size: bytes.length, sha256: sha256(bytes) };
    },
    async get(key) {
      const s = await this.getStream(key);
      return s ? toBuffer(s) : null;
    },
    async getStream(key) {
      try {
        const { s3, client } = await connect();
        const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: k(key) }));
        return out.Body as Readable;
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async head(key) {
      try {
        const { s3, client } = await connect();
        const out = await client.send(new s3.HeadObjectCommand({ Bucket, Key: k(key) }));
        return { size: Number(out.ContentLength ?? 0), modifiedAt: out.LastModified };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async exists(key) {
      return !!(await this.head(key));
    },
    async delete(key) {
      try {
        const { s3, client } = await connect();
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: k(key) }));
      } catch (e) {
        if (!notFound(e)) throw e;
      }
    },
    async *list(prefix) {
      const own = s.prefix ?? '';
      let ContinuationToken: string | undefined;
      do {
        const { s3, client } = await connect();
        const out = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: `${own}${prefix}`, ContinuationToken }));
        for (const o of out.Contents ?? []) {
          if (!o.Key?.startsWith(own)) continue;
          yield { key: o.Key.slice(own.length), size: Number(o.Size ?? 0), modifiedAt: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      // A missing key answers 404 when the bucket is there and the keys are right; anything else throws.
      await this.head('ready-check');
    },
    async close() {
      if (sdk) (await sdk).client.destroy();
    },
  };
}

const flag = (v: string | undefined) => v === '1' || v?.toLowerCase() === 'true';

/** S3 settings from the environment, or null when S3_BUCKET is not set. Half a configuration stops the start. */
export function s3SettingsFrom(env: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((n) => env[n]);
    if (stray.length) throw new ConfigError(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep files in the object store, or unset them`);
    return null;
  }
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both (or neither, to use the AWS default credentials)');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE),
    prefix: env.S3_PREFIX || undefined,
  };
}

/** The local files folder beside an embedded database folder: `<DATA_DIR>-files`. */
export const filesDirBeside = (dataDir: string) => `${resolve(dataDir).replace(/[\\/]+$/, '')}-files`;

/**
 * The store this api uses: S3 when S3_BUCKET is set; else FILES_DIR when set; else, on a server
 * PostgreSQL, the database itself (several nodes, no shared disk); else the folder beside the embedded
 * database; an in-memory database gets an in-memory store.
 */
export function chooseStore(o: { db: Db; s3: S3Settings | null; filesDir?: string | null; dataDir?: string | null }): { store: FileStore; note: string } {
  if (o.s3) return { store: s3Store(o.s3), note: `files: ${o.s3.bucket} (S3)` };
  if (o.filesDir) {
    const store = localStore(o.filesDir);
    return {
      store,
      note:
        o.db.kind === 'pg'
          ? `files: ${store.where} on this node's disk — every api node must mount the same folder (or set S3_BUCKET)`
          : `files: ${store.where}`,
    };
  }
  if (o.db.kind === 'pg') return { store: databaseStore(o.db), note: 'files: kept in PostgreSQL (stored_files), shared by every api node; set S3_BUCKET for an object store' };
  if (o.dataDir && o.dataDir !== 'memory://') {
    const store = localStore(filesDirBeside(o.dataDir));
    return { store, note: `files: ${store.where}` };
  }
  // In memory, one store per database: two api instances on one in-memory database (tests) share files.
  let mem = memoryStores.get(o.db);
  if (!mem) memoryStores.set(o.db, (mem = memoryStore()));
  return { store: mem, note: 'files: in memory' };
}
const memoryStores = new WeakMap<Db, FileStore>();

/** Keeps `join` out of callers: a key from parts (each checked). */
export const storageKey = (...parts: string[]) => checkKey(parts.join('/'));

/**
 * A row's file: from the store when the row has a storage key, else from its own bytea column (a row
 * written before migration 36 and not yet moved). Null when neither has it.
 */
export async function keptBytes(store: FileStore, storageKey: string | null | undefined, bytes: Buffer | Uint8Array | null | undefined): Promise<Buffer | null> {
  if (storageKey) return store.get(storageKey);
  return bytes ? Buffer.from(bytes) : null;
}

/**
 * Removes a file whose row is gone already. A store that fails here leaves an orphan file, which is
 * better than failing the deletion the user asked for: it is logged and the answer stays a success.
 */
export async function dropStoredFile(store: FileStore, key: string, log?: { warn(o: object, m: string): void }): Promise<void> {
  try {
    await store.delete(key);
  } catch (e) {
    log?.warn({ key, err: (e as Error).message }, `files: could not remove ${key} from ${store.where}`);
  }
}
