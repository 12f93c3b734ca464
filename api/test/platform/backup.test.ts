// @zone-independent: backups and restores compare rows, not calendar days. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteDb, type Db } from '../../src/platform/db';
import { restorePglite } from '../../src/platform/backup';
import { BACKENDS, FORBIDDEN, startSignedIn, type SignedInApp } from '../support';

/**
 * Backups of the embedded database: a tarball of the PGlite folder taken while the api runs, between
 * transactions (never half of one), restored into a fresh folder that opens with the same rows.
 */
jest.setTimeout(180_000);

describe('PGlite: dump while running, restore into a fresh folder', () => {
  let db: Db;
  const dir = mkdtempSync(join(tmpdir(), 'oyster-backup-'));
  beforeAll(async () => {
    db = await createPgliteDb(join(dir, 'pglite'));
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
    await db.query("INSERT INTO notes VALUES (1, 'до копии'), (2, 'тоже')");
  });
  afterAll(() => db.close());

  test('a transaction in flight finishes before the dump (all of it in the copy), a later write is not in it; the copy opens with the same rows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    const order: string[] = [];
    const tx = db.tx(async (q) => {
      await q.query("INSERT INTO notes VALUES (3, 'в транзакции')");
      await gate;
      await q.query("INSERT INTO notes VALUES (4, 'в той же транзакции')");
      order.push('tx committed');
    });
    await new Promise((ok) => setTimeout(ok, 20));
    const dump = db.dumpDataDir!().then((b) => (order.push('dumped'), b));
    await new Promise((ok) => setTimeout(ok, 50));
    release();
    await tx;
    const tarball = await dump;
    await db.query("INSERT INTO notes VALUES (5, 'после копии')");
    expect(order).toEqual(['tx committed', 'dumped']);
    expect(tarball.size).toBeGreaterThan(1000);

    const restored = join(dir, 'restored');
    await restorePglite(tarball, restored);
    const copy = await createPgliteDb(restored);
    try {
      expect((await copy.query<{ id: number; body: string }>('SELECT id, body FROM notes ORDER BY id')).map((r) => r.id)).toEqual([1, 2, 3, 4]);
      await copy.query("INSERT INTO notes VALUES (6, 'в копии пишется')");
    } finally {
      await copy.close();
    }
    // A folder that already holds a database is not overwritten.
    await expect(restorePglite(tarball, restored)).rejects.toThrow(/already exists/);
  });
});

describe.each(BACKENDS)('GET /api/v2/system/backup/database ($name)', (backend) => {
  let r: SignedInApp<'admin' | 'agent'>;
  beforeAll(async () => {
    r = await startSignedIn(backend, ['admin', 'agent']);
  });
  afterAll(() => r.stop());

  test(backend.databaseUrl ? 'PostgreSQL: 409, use pg_dump; not for an agent' : 'the admin gets the gzipped folder; not an agent', async () => {
    const res = await fetch(`${r.url}/api/v2/system/backup/database`, { headers: { 'x-api-token': r.tokens.admin } });
    if (backend.databaseUrl) {
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(/pg_dump/);
    } else {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
      const restored = join(mkdtempSync(join(tmpdir(), 'oyster-backup-')), 'pglite');
      await restorePglite(new Blob([new Uint8Array(bytes)]), restored);
      const copy = await createPgliteDb(restored);
      try {
        const [u] = await copy.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        const [mine] = await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        expect(u.n).toBe(mine.n);
      } finally {
        await copy.close();
      }
    }
    const agent = await fetch(`${r.url}/api/v2/system/backup/database`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(agent.status).toBe(403);
    expect(await agent.json()).toEqual(FORBIDDEN);
  });
});
