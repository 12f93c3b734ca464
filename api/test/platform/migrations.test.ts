// @zone-independent: the migration runner. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { createPgDb, createPgliteDb, type Db } from '../../src/platform/db';
import { runMigrations } from '../../src/platform/migrations';
import { MIGRATIONS } from '../../src/migrations';
import { BACKENDS, dropSchema, freshSchema } from '../support';

/**
 * The migrations runner: a database at any earlier version (0 = empty, 1, …) is brought to the latest,
 * each migration exactly once, on PGlite and on PostgreSQL.
 */
const LATEST = MIGRATIONS[MIGRATIONS.length - 1].version;
const tablesOf = (sql: string) => [...sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/g)].map((m) => m[1]);

describe.each(BACKENDS)('migrations ($name)', (backend) => {
  const opened: { db: Db; schema?: string }[] = [];
  async function freshDb(schema = backend.databaseUrl ? freshSchema('test_mig') : undefined): Promise<Db> {
    const db = backend.databaseUrl ? await createPgDb(backend.databaseUrl, schema) : await createPgliteDb('memory://');
    opened.push({ db, schema });
    return db;
  }
  // Each PGlite holds its own cluster in memory: closed after each test, not all at the end.
  async function closeAll() {
    for (const { db, schema } of opened.splice(0)) {
      await db.close();
      if (schema && backend.databaseUrl) await dropSchema(backend.databaseUrl, schema);
    }
  }
  afterEach(closeAll);

  const tables = async (db: Db) =>
    (await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
    )).map((r) => r.table_name);

  test('the list is numbered 1, 2, … without gaps, one file per change', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(MIGRATIONS.map((m) => m.name)).toEqual(['core', 'learning', 'session_idle', 'sales', 'contracts', 'commissions', 'contract_files', 'payment_link_expiry', 'broker_requests', 'notifications', 'chats', 'campaigns', 'webinars', 'demo_insurer_policies', 'client_chats', 'payments_trust', 'policy_term_year', 'insurer_calls_privacy', 'ledger_by_time', 'commission_templates_segments', 'ledger_events_adjustments', 'payouts', 'reconciliation', 'ledger_months', 'product_rails', 'clients', 'oyster_app', 'renewals', 'manual_policies', 'bench_speedups', 'audit_log', 'agents_network', 'partners', 'analytics_days', 'person_search', 'file_storage', 'analytics_lock_order']);
    expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length);
  });

  /** Every table the migrations up to `k` create exists, and none of the later ones' does. */
  async function expectTablesAt(db: Db, k: number) {
    const present = await tables(db);
    for (const m of MIGRATIONS.slice(0, k)) for (const t of tablesOf(m.sql)) expect({ version: k, table: t, exists: present.includes(t) }).toEqual({ version: k, table: t, exists: true });
    for (const m of MIGRATIONS.slice(k)) for (const t of tablesOf(m.sql)) expect({ version: k, table: t, exists: present.includes(t) }).toEqual({ version: k, table: t, exists: false });
  }

  async function expectLatest(db: Db) {
    const rows = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    expect(Math.max(...rows.map((r) => r.version))).toBe(LATEST);
    await expectTablesAt(db, MIGRATIONS.length);
    expect(await tables(db)).toEqual(expect.arrayContaining(['users', 'sessions', 'payments', 'posts', 'courses', 'lessons', 'banners', 'media_items']));
    // Running again changes nothing.
    expect(await runMigrations(db, MIGRATIONS)).toEqual([]);
  }

  // Every version k: the database a release left at k takes exactly k+1 from the next one, and so on up
  // to the latest — one database walked up a version at a time (each migration runs on the very state
  // an instance at k has), not a fresh database per k: that was k × all migrations, 16 minutes of CI.
  // The walk checks the runner's bookkeeping, the same on either database, and PGlite took 121 s of a CI
  // run for it against PostgreSQL's 15 s: with PostgreSQL in the run it walks there alone. PGlite still
  // runs every migration's SQL in order below (the jump from 0) and takes the lock test.
  const walk = backend.databaseUrl || !BACKENDS.some((b) => b.databaseUrl) ? test : test.skip;
  walk('a database at each version 0, 1, … takes exactly the next migration, up to the latest', async () => {
    const db = await freshDb();
    await expectTablesAt(db, 0);
    for (let k = 1; k <= MIGRATIONS.length; k++) {
      expect({ version: k, applied: await runMigrations(db, MIGRATIONS.slice(0, k)) }).toEqual({ version: k, applied: [MIGRATIONS[k - 1].version] });
      await expectTablesAt(db, k);
    }
    await expectLatest(db);
  });

  // Jumps of several versions in one start (a release skipped): from empty, from 1, from the middle, from
  // one before the latest.
  test.each([0, 1, Math.floor(MIGRATIONS.length / 2), MIGRATIONS.length - 1])('a database at version %i migrates to the latest in one start', async (k) => {
    const db = await freshDb();
    if (k > 0) expect(await runMigrations(db, MIGRATIONS.slice(0, k))).toEqual(MIGRATIONS.slice(0, k).map((m) => m.version));
    await expectTablesAt(db, k);
    expect(await runMigrations(db, MIGRATIONS)).toEqual(MIGRATIONS.slice(k).map((m) => m.version));
    await expectLatest(db);
  });

  test('two instances starting together apply each migration once (advisory lock)', async () => {
    const schema = backend.databaseUrl ? freshSchema('test_mig') : undefined;
    const a = await freshDb(schema);
    // PostgreSQL: a second pool on the same schema; PGlite lives in one process, so the same handle.
    const b = backend.databaseUrl ? await createPgDb(backend.databaseUrl, schema) : a;
    if (b !== a) opened.push({ db: b });
    const [x, y] = await Promise.all([runMigrations(a, MIGRATIONS), runMigrations(b, MIGRATIONS)]);
    expect([...x, ...y].sort((p, q) => p - q)).toEqual(MIGRATIONS.map((m) => m.version));
    const [{ n }] = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(n).toBe(MIGRATIONS.length);
  });
});

