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
  afterAll(async () => {
    for (const { db, schema } of opened) {
      await db.close();
      if (schema && backend.databaseUrl) await dropSchema(backend.databaseUrl, schema);
    }
  });

  const tables = async (db: Db) =>
    (await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
    )).map((r) => r.table_name);

  test('the list is numbered 1, 2, … without gaps, one file per change', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(MIGRATIONS.map((m) => m.name)).toEqual(['core', 'learning', 'session_idle', 'sales', 'contracts', 'commissions', 'contract_files', 'payment_link_expiry', 'broker_requests', 'notifications', 'chats', 'campaigns', 'webinars', 'demo_insurer_policies', 'client_chats', 'payments_trust', 'policy_term_year', 'insurer_calls_privacy', 'ledger_by_time', 'commission_templates_segments', 'ledger_events_adjustments', 'payouts', 'reconciliation', 'ledger_months', 'product_rails', 'clients', 'oyster_app', 'renewals', 'manual_policies', 'bench_speedups', 'audit_log', 'agents_network', 'partners', 'analytics_days', 'person_search', 'file_storage']);
    expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length);
  });

  test.each(MIGRATIONS.map((_, k) => k).concat(MIGRATIONS.length))('a database at version %i migrates to the latest', async (k) => {
    const db = await freshDb();
    if (k > 0) expect(await runMigrations(db, MIGRATIONS.slice(0, k))).toEqual(MIGRATIONS.slice(0, k).map((m) => m.version));
    const before = await tables(db);
    for (const m of MIGRATIONS.slice(k)) for (const t of tablesOf(m.sql)) expect(before).not.toContain(t);

    const applied = await runMigrations(db, MIGRATIONS);
    expect(applied).toEqual(MIGRATIONS.slice(k).map((m) => m.version));
    const rows = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    expect(Math.max(...rows.map((r) => r.version))).toBe(LATEST);
    const after = await tables(db);
    for (const m of MIGRATIONS) for (const t of tablesOf(m.sql)) expect({ table: t, exists: after.includes(t) }).toEqual({ table: t, exists: true });
    expect(after).toEqual(expect.arrayContaining(['users', 'sessions', 'payments', 'posts', 'courses', 'lessons', 'banners', 'media_items']));
    // Running again changes nothing.
    expect(await runMigrations(db, MIGRATIONS)).toEqual([]);
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

