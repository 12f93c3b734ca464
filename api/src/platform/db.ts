import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
export async function createPgliteDb(dataDir: string): Promise<Db> {
  // PGlite parses a date[] with the parser of date.
  const options = { parsers: { [DATE_OID]: calendarDay } };
  const lite = dataDir === 'memory://' ? new PGlite(options) : new PGlite(dataDir, options);
  await lite.waitReady;
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
    // lock — which every query and transaction takes — around dumpDataDir: no transaction is half done in it.
    dumpDataDir: async () => {
      await lite.exec('CHECKPOINT');
      return (lite as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> })._runExclusiveTransaction(async () => (await lite.dumpDataDir('gzip')) as Blob);
    },
  };
}

type PgTypeId = Parameters<typeof pg.types.getTypeParser>[0];
/** node-postgres' parsers, but a date (and a date[]) stays the text PostgreSQL sent. */
const pgTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === DATE_OID ? calendarDay : oid === DATE_ARRAY_OID ? pg.types.getTypeParser(TEXT_ARRAY_OID as PgTypeId) : pg.types.getTypeParser(oid as PgTypeId, format)) as typeof pg.types.getTypeParser;

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
    types: { getTypeParser: pgTypeParser },
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
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
      try {
        await client.query('BEGIN');
        const out = await fn(serial(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
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
