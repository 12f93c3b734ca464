import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { gzipFolderTar } from './tar.js';

/** What a query runner can do; a transaction hands the same shape to its callback. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'pg';
  /**
   * PGlite only: the whole data folder as a gzipped tarball, taken while no transaction is open and no
   * query runs (the api keeps serving; requests wait the few hundred ms it takes). platform/backup.ts.
   */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * `date` columns are calendar days: both handles give them as the 'YYYY-MM-DD' text PostgreSQL sends.
 * The drivers' default is a Date — at local midnight (pg) or UTC midnight (PGlite) — which turns into
 * the day before as soon as it is written out in another zone (2026-12-01 at Moscow midnight is
 * 2026-11-30T21:00Z). timestamptz stays a Date: it is a moment.
 */
const DATE_OID = 1082;
const DATE_ARRAY_OID = 1182;
const TEXT_ARRAY_OID = 1009;
const calendarDay = (text: string) => text;

/**
 * Embedded PostgreSQL (WASM). It runs one query at a time, so a transaction must only use the
 * `q` it is given — awaiting the outer db inside `tx` would deadlock.
 */
/** How every PGlite of the api is opened (the app's, the tests' seeded copy): the date parser and pg_trgm. */
export const pgliteOptions = () => ({ parsers: { [DATE_OID]: calendarDay }, extensions: { pg_trgm } });

export async function createPgliteDb(dataDir: string, opts: { loadDataDir?: Blob } = {}): Promise<Db> {
  // PGlite parses a date[] with the parser of date. pg_trgm (its contrib): the people search's index (migration 35).
  // `loadDataDir` starts from a dump (PGlite dumpDataDir) instead of an empty cluster: the api tests'
  // migrated and seeded copy (api/TESTING.md).
  const options = { ...pgliteOptions(), ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) };
  const lite = dataDir === 'memory://' ? new PGlite(options) : new PGlite(dataDir, options);
  await lite.waitReady;
  return pgliteHandle(lite, dataDir === 'memory://' ? null : dataDir);
}

/** The Db handle over an open PGlite (`dataDir`: its folder on disk; null in memory). */
export function pgliteHandle(lite: PGlite, dataDir: string | null = null): Db {
  const wrap = (x: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await x.query<T>(sql, params as never[]);
      return res.rows;
    },
    async exec(sql: string) {
      await x.exec(sql);
    },
  });
  const base = wrap(lite);
  return {
    kind: 'pglite',
    ...base,
    tx: (fn) => lite.transaction((t) => fn(wrap(t))),
    close: () => lite.close(),
    // A CHECKPOINT first (the tarball's pages current, little WAL to replay); then PGlite's transaction
    // lock — which every query and transaction takes — around reading the files: no transaction is half
    // done in it. A folder on disk is read with async fs and gzipped by node's zlib after the lock
    // (platform/tar.ts: the event loop keeps answering); an in-memory one through PGlite's own dump.
    dumpDataDir: async () => {
      await lite.exec('CHECKPOINT');
      const exclusive = <T>(fn: () => Promise<T>) => (lite as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> })._runExclusiveTransaction(fn);
      if (dataDir) {
        const gz = await gzipFolderTar(dataDir, exclusive);
        return new Blob([new Uint8Array(gz.buffer as ArrayBuffer, gz.byteOffset, gz.length)], { type: 'application/gzip' });
      }
      return exclusive(async () => (await lite.dumpDataDir('gzip')) as Blob);
    },
  };
}

type PgTypeId = Parameters<typeof pg.types.getTypeParser>[0];
/** node-postgres' parsers, but a date (and a date[]) stays the text PostgreSQL sent. */
const pgTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === DATE_OID ? calendarDay : oid === DATE_ARRAY_OID ? pg.types.getTypeParser(TEXT_ARRAY_OID as PgTypeId) : pg.types.getTypeParser(oid as PgTypeId, format)) as typeof pg.types.getTypeParser;

/** How long a new PostgreSQL connection may take before the call fails as «unavailable». */
export const DB_CONNECT_TIMEOUT_MS = 5_000;

/** SQLSTATEs that say the server is away or refusing for now: class 08 (connection), 57P01–57P03 (shutting down, cannot connect now), 53300 (too many connections). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres says these in words only: the server went away mid-call, or no connection came in time. */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed)/;

/**
 * Whether an error means the database cannot be reached right now (not that the query was wrong): the
 * api answers such a call 503 «Сервис временно недоступен…» and recovers by itself when the server is back.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** A real PostgreSQL server. `schema` (tests) pins every connection's search_path. */
export async function createPgDb(databaseUrl: string, schema?: string): Promise<Db> {
  if (schema) {
    // Create the schema once with a throw-away client, before the pool pins search_path to it.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } catch (e) {
      // Two instances creating the same schema at once: IF NOT EXISTS still races on the catalog.
      const code = (e as { code?: string }).code;
      if (code !== '23505' && code !== '42P06') throw e;
    } finally {
      await c.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A server that does not answer the connection (gone, or a network that drops packets) must not hold a
    // request past the client's 30 s: after 5 s the call fails as «unavailable» (a 503, errors.ts).
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    types: { getTypeParser: pgTypeParser },
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  // An idle connection the server closed (a restart, a failover) is an 'error' on the pool; without a
  // listener it would end the process. The pool has already dropped that client; the next query opens a
  // new one, and a query made while the server is away fails as «unavailable» (a 503, not a crash).
  pool.on('error', () => undefined);
  const wrap = (x: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await x.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await x.query(sql);
    },
  });
  // A transaction's one connection runs one query at a time. pg queues overlapping calls itself but
  // deprecates it (pg@9 drops the queue), so a Promise.all inside a transaction is queued here instead.
  const serial = (client: pg.PoolClient): Queryable => {
    const inner = wrap(client);
    let last: Promise<unknown> = Promise.resolve();
    const queued = <T>(run: () => Promise<T>): Promise<T> => {
      const next = last.then(run, run);
      last = next.catch(() => undefined);
      return next;
    };
    return {
      query: (sql, params) => queued(() => inner.query(sql, params)),
      exec: (sql) => queued(() => inner.exec(sql)),
    };
  };
  return {
    kind: 'pg',
    ...wrap(pool),
    async tx(fn) {
      const client = await pool.connect();
      // A connection that broke inside the transaction goes back to the pool destroyed, not reused. While
      // it is checked out the pool does not listen to it: a server gone between two of the transaction's
      // queries would be an unhandled 'error' that ends the process (found by bench/drill-db-outage.mjs).
      let broken: Error | undefined;
      const onError = (e: Error) => {
        broken ??= e;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const out = await fn(serial(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        if (isDatabaseUnavailable(e)) broken = e as Error;
        await client.query('ROLLBACK').catch((r) => {
          broken ??= r as Error;
        });
        throw e;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

// Mongo-style ObjectId: 4 bytes seconds, 5 random bytes per process, 3 bytes counter.
const processRandom = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);
export function newId(): string {
  counter = (counter + 1) % 0xffffff;
  const time = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return time + processRandom + counter.toString(16).padStart(6, '0');
}
