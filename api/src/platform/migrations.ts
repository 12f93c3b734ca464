import type { Db, Queryable } from './db.js';

/** One schema change: plain SQL that PGlite and PostgreSQL both accept. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Advisory lock held while migrating and seeding: several api instances may start at once. */
export const STARTUP_LOCK_KEY = 7_202_611;

/** Takes the start-up lock for the rest of the transaction `q` belongs to. */
export async function takeStartupLock(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
}

/**
 * Applies the migrations the database has not seen (schema_migrations), in order, in one
 * transaction under the start-up lock. Answers the versions applied now. The list is the app's
 * (api/src/migrations): the platform knows how to migrate, not what.
 */
export async function runMigrations(db: Db, migrations: readonly Migration[]): Promise<number[]> {
  return db.tx(async (q) => {
    await takeStartupLock(q);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await q.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations(version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
