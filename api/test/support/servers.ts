import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DemoAccountKey } from '@oyster/shared-kit/domain';
import { createApp, type AppOptions, type OysterApp } from '../../src/app';
import { DOMAINS } from '../../src/domains';
import type { Domain } from '../../src/platform/context';
import { createPgDb, createPgliteDb, type Db } from '../../src/platform/db';
import type { FileStore } from '../../src/platform/storage';
import { databaseUrlFor, onServer, seededPgliteDump, seededPgTemplate } from './fixture';
import { call, signInAll, uploadFile, type Res } from './http';

/**
 * PGlite always; real PostgreSQL too when DATABASE_URL is set. OYSTER_TEST_BACKENDS=postgres (or pglite)
 * keeps one of them: `npm test`'s second time-zone run uses PostgreSQL alone (scripts/test.mjs).
 */
const ONLY_BACKEND = process.env.OYSTER_TEST_BACKENDS;
export const BACKENDS: { name: string; databaseUrl?: string }[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', databaseUrl: process.env.DATABASE_URL }] : []),
].filter((b, _, all) => !ONLY_BACKEND || all.length === 1 || b.name === ONLY_BACKEND);
export const REDIS_URL = process.env.REDIS_URL || undefined;

export interface Running {
  oyster: OysterApp;
  url: string;
  /** On PostgreSQL: the app's database, and its schema when it has one of its own (start()). */
  databaseUrl?: string;
  schema?: string;
  /** Its Redis channels' prefix: apps on copies of one seeded database have the same user ids, so each keeps to its own (a second instance of the same app passes it on). */
  redisNamespace: string;
  stop(): Promise<void>;
}

/** A fresh schema name for one test app on PostgreSQL. */
export const freshSchema = (prefix = 'test') => `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;

/**
 * A fresh app with the demo data on a random port. On PostgreSQL: in a database of its own copied from the
 * run's seeded template (support/fixture.ts), dropped afterwards; without the template, or for an app that
 * seeds otherwise, in a fresh schema, migrated and seeded, dropped afterwards. `databaseUrl` and `schema`
 * are where its data is (a test starting a second instance on the same data passes them on).
 */
export async function start(backend: { databaseUrl?: string }, extra: AppOptions = {}): Promise<Running> {
  // An app with the demo data of every domain starts from the run's seeded copy: its own database, already
  // migrated and seeded (PGlite: in memory from the dump; PostgreSQL: a database copied from the template).
  const standardSeed = !extra.db && seedsAsTheCopy(extra.domains) && extra.seedDemo !== false;
  // (A test naming its own databaseUrl overrides the copy's; the fresh schema is still made for it, as before.)
  const { databaseUrl, schema } = backend.databaseUrl ? await pgDataFor(backend.databaseUrl, standardSeed && !extra.databaseUrl) : { databaseUrl: undefined, schema: undefined };
  const fromCopy = !backend.databaseUrl && standardSeed && (extra.dataDir ?? 'memory://') === 'memory://';
  const pgliteDump = fromCopy ? seededPgliteDump() ?? undefined : undefined;
  const redisNamespace = extra.redisNamespace ?? `test-${randomBytes(4).toString('hex')}:`;
  const oyster = await createApp({
    pgliteDump,
    databaseUrl,
    databaseSchema: schema,
    dataDir: 'memory://',
    redisUrl: REDIS_URL,
    seedDemo: true,
    // The demo insurers sign with their demo secrets and serve their payment page (a test turns it off).
    demoMode: true,
    staticRoot: mkdtempSync(join(tmpdir(), 'oyster-static-')),
    loginRateLimit: { max: 1000, windowMs: 60_000 },
    loginAddressRateLimit: { max: 1000, windowMs: 60_000 },
    rateLimitNamespace: `test-${randomBytes(4).toString('hex')}`,
    redisNamespace,
    ...extra,
  });
  const url = await listen(oyster);
  // What the periodic jobs' first runs write (renewal reminders, SLA escalations) is there before a test counts.
  await oyster.settled();
  return {
    oyster,
    url,
    schema,
    databaseUrl,
    redisNamespace,
    async stop() {
      await oyster.close();
      if (backend.databaseUrl) await dropTestData(backend.databaseUrl, { schema, databaseUrl });
    },
  };
}

/**
 * Where one test's data lives on the PostgreSQL server `serverUrl`: a database of its own copied from the
 * run's seeded template when the data is the copy's (`fromCopy`) and the template is built, else a fresh
 * schema in the server's database (the app migrates and seeds it). dropTestData() undoes either.
 */
async function pgDataFor(serverUrl: string, fromCopy: boolean): Promise<{ databaseUrl: string; schema?: string }> {
  const template = fromCopy ? seededPgTemplate() : null;
  if (!template) return { databaseUrl: serverUrl, schema: freshSchema() };
  const database = freshSchema('test_db');
  await onServer(serverUrl, `CREATE DATABASE "${database}" TEMPLATE "${template}"`);
  return { databaseUrl: databaseUrlFor(serverUrl, database) };
}

/**
 * Whether an app with these domains seeds what the run's copy holds: every domain, in order, and any
 * added after them (a test's probe routes) seeding nothing.
 */
function seedsAsTheCopy(domains: readonly Domain[] | undefined): boolean {
  if (!domains) return true;
  return DOMAINS.every((d, i) => domains[i] === d) && domains.slice(DOMAINS.length).every((d) => !d.seed && !d.seedContent);
}

/**
 * A database handle on a database of its own with the demo data, for a test that wraps the handle it gives
 * createApp (to count its queries): PGlite from the run's seeded copy, PostgreSQL a copy of the seeded
 * template — or, without them, an empty one (createApp migrates and seeds it) in a fresh schema.
 * drop() closes it and drops what was made.
 */
export async function openSeededDb(
  backend: { databaseUrl?: string },
): Promise<{ db: Db; /** PostgreSQL: where it is, for a second instance on the same data. */ databaseUrl?: string; schema?: string; drop(): Promise<void> }> {
  if (!backend.databaseUrl) {
    const db = await createPgliteDb('memory://', { loadDataDir: seededPgliteDump() ?? undefined });
    return { db, drop: () => db.close() };
  }
  const { databaseUrl, schema } = await pgDataFor(backend.databaseUrl, true);
  const db = await createPgDb(databaseUrl, schema);
  return {
    db,
    databaseUrl,
    schema,
    async drop() {
      await db.close();
      await dropTestData(backend.databaseUrl!, { schema, databaseUrl });
    },
  };
}

export async function listen(oyster: OysterApp): Promise<string> {
  await oyster.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = oyster.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return `http://127.0.0.1:${addr.port}`;
}

/** Drops what start() made on the server for one app: its schema, or its copy of the template. */
export async function dropTestData(serverUrl: string, made: Pick<Running, 'schema' | 'databaseUrl'>) {
  if (made.schema) await dropSchema(serverUrl, made.schema);
  const database = made.databaseUrl ? decodeURIComponent(new URL(made.databaseUrl).pathname.slice(1)) : '';
  if (database.startsWith('test_db_')) await onServer(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
}

export async function dropSchema(databaseUrl: string, schema: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

/** A fresh media folder for an app (learning suites upload into it). */
export const tempMediaDir = () => join(mkdtempSync(join(tmpdir(), 'oyster-media-')), 'media');

/** The names of the media files of one kind (`media/<kind>/…` of the app's file store), sorted. */
export async function mediaFiles(store: FileStore, kind: string): Promise<string[]> {
  const names: string[] = [];
  for await (const f of store.list(`media/${kind}/`)) names.push(f.key.slice(`media/${kind}/`.length));
  return names.sort();
}

/** A running app with some demo accounts signed in, and calls as one of them (null: without a token). */
export interface SignedInApp<K extends DemoAccountKey> extends Running {
  tokens: Record<K, string>;
  req(who: K | null, method: string, path: string, body?: unknown): Promise<Res>;
  upload(who: K | null, kind: string, data: Buffer, opts?: Parameters<typeof uploadFile>[4]): Promise<Res>;
}

/** start() and sign in the given demo accounts. */
export async function startSignedIn<K extends DemoAccountKey>(
  backend: { databaseUrl?: string },
  keys: readonly K[],
  extra: AppOptions = {},
): Promise<SignedInApp<K>> {
  const running = await start(backend, extra);
  const tokens = await signInAll(running.url, keys);
  const token = (who: K | null) => (who ? tokens[who] : undefined);
  return {
    ...running,
    tokens,
    req: (who, method, path, body) => call(running.url, method, path, { token: token(who), body }),
    upload: (who, kind, data, opts) => uploadFile(running.url, token(who), kind, data, opts),
  };
}

/**
 * A database handle that shows every query made through it to `seen` before running it (outside
 * transactions): the cache tests count their reads with it, so «no query on a hit» is counted.
 */
export function observedDb(db: Db, seen: (sql: string) => void): Db {
  return {
    kind: db.kind,
    query: (sql, params) => {
      seen(sql);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    tx: (fn) => db.tx(fn),
    close: () => db.close(),
  };
}
