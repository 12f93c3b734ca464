/**
 * The seeded copy: one PGlite per test run, migrated and seeded with the demo data, dumped to a file
 * (PGlite dumpDataDir); every PGlite app start() makes then starts from a copy of that dump instead of
 * an empty cluster (initdb), all migrations and the demo seed. Each app still gets its own database:
 * the copy is loaded into a fresh in-memory PGlite, so a test that changes data changes only its own.
 *
 * jest's globalSetup (test/support/global-setup.cjs) builds it once per run, before any test's clock
 * starts, into a fresh folder (OYSTER_TEST_FIXTURE_DIR), so it always has this checkout's migrations
 * and seed; it runs seeded-copy.test.ts in a child jest for that (the sources need jest's module
 * mapping). Without the file (OYSTER_TEST_NO_COPY=1, or the build failed) start() migrates and seeds.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { DEMO_PASSWORD } from '@oyster/shared-kit/domain';
import { MIGRATIONS } from '../../src/migrations';
import { createPgDb, pgliteHandle, pgliteOptions, type Db } from '../../src/platform/db';
import { runMigrations } from '../../src/platform/migrations';
import { seedDemo } from '../../src/seed';
import { mediaFiles } from '../../src/platform/media-files';
import { memoryStore } from '../../src/platform/storage';

export const SEEDED_COPY_FILE = 'seeded-pglite.tar';

/**
 * The same copy on PostgreSQL: a database migrated and seeded once per run (built beside the PGlite dump,
 * named by OYSTER_TEST_PG_TEMPLATE), which every PostgreSQL app start() copies with CREATE DATABASE …
 * TEMPLATE — a copy of its pages, instead of a fresh schema migrated and seeded (1.2–2.2 s a start).
 */
export const seededPgTemplate = (): string | null => process.env.OYSTER_TEST_PG_TEMPLATE || null;

/** The server's URL with another database. */
export function databaseUrlFor(databaseUrl: string, database: string): string {
  const u = new URL(databaseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the server's own database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function onServer(databaseUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates database `name` on the server, migrates and seeds it as buildSeededDump does, and closes every connection to it. */
export async function buildPgTemplate(databaseUrl: string, name: string): Promise<void> {
  await onServer(databaseUrl, `DROP DATABASE IF EXISTS "${name}"`);
  await onServer(databaseUrl, `CREATE DATABASE "${name}"`);
  const db = await createPgDb(databaseUrlFor(databaseUrl, name));
  try {
    await runMigrations(db, MIGRATIONS);
    await seedDemo(db, { media: mediaFiles(memoryStore(), null) });
    await cheapenDemoPasswords(db);
  } finally {
    await db.close();
  }
}

/**
 * The copies' demo accounts get a bcrypt hash of cost 4 instead of the seed's 10: a sign-in checks it in
 * about 2 ms instead of 100 ms, and the suites sign in over a thousand times a run. Only the copies: an
 * app that seeds itself, and the product, keep 10.
 */
async function cheapenDemoPasswords(db: Db): Promise<void> {
  const [{ hash }] = await db.query<{ hash: string }>('SELECT password_hash AS hash FROM users GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
  if (!(await bcrypt.compare(DEMO_PASSWORD, hash))) return;
  await db.query('UPDATE users SET password_hash = $1 WHERE password_hash = $2', [await bcrypt.hash(DEMO_PASSWORD, 4), hash]);
}

let cached: Blob | null | undefined;

/** The seeded dump of this run, or null when there is none. */
export function seededPgliteDump(): Blob | null {
  if (cached !== undefined) return cached;
  const dir = process.env.OYSTER_TEST_FIXTURE_DIR;
  const file = dir ? join(dir, SEEDED_COPY_FILE) : null;
  return (cached = file && existsSync(file) ? new Blob([readFileSync(file)]) : null);
}

/** Migrates and seeds one in-memory PGlite the way createApp does, and writes the dump of its data folder. */
export async function buildSeededDump(file: string): Promise<void> {
  const lite = new PGlite(pgliteOptions());
  await lite.waitReady;
  const db = pgliteHandle(lite);
  // The learning seed writes its demo files to a media store (here one in memory, dropped); the rows are
  // what the copy keeps (each app's own start writes the files into its own store, as on a restart).
  try {
    await runMigrations(db, MIGRATIONS);
    await seedDemo(db, { media: mediaFiles(memoryStore(), null) });
    await cheapenDemoPasswords(db);
    writeFileSync(file, Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await lite.close();
  }
}
