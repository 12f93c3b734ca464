// jest globalSetup of the api suite: builds this run's seeded copies (support/fixture.ts) before any test's
// clock starts — the PGlite dump in a fresh folder (OYSTER_TEST_FIXTURE_DIR) when PGlite is among the
// backends, and the PostgreSQL template database (OYSTER_TEST_PG_TEMPLATE) when PostgreSQL is; the workers
// inherit both. Plain CommonJS, in jest's own process: the build runs in a child jest, which maps the
// sources' imports. OYSTER_TEST_NO_COPY=1: every app migrates and seeds itself (to compare, or rule it out).
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

/**
 * The databases of runs that were killed before their teardown (a template, apps' copies): names carry their
 * creation time (support/servers.ts freshSchema, the template's below); older than six hours, no run uses them.
 */
async function dropLeftovers(databaseUrl) {
  const pg = require('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  try {
    await c.connect();
    const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname ~ '^(test_db|oyster_template)_[0-9]{13}_'`);
    const old = rows.map((r) => r.datname).filter((name) => Date.now() - Number(name.match(/_([0-9]{13})_/)[1]) > 6 * 3600_000);
    for (const name of old) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } catch {
    // Not ours to fail on: the run goes on and the next one tries again.
  } finally {
    await c.end().catch(() => undefined);
  }
}

module.exports = async () => {
  if (process.env.OYSTER_TEST_FIXTURE_BUILD || process.env.OYSTER_TEST_PG_TEMPLATE_BUILD || process.env.OYSTER_TEST_NO_COPY === '1') return;
  // The same choice as support/servers.ts BACKENDS.
  const only = process.env.OYSTER_TEST_BACKENDS;
  const pgUrl = process.env.DATABASE_URL;
  const wantLite = !only || only === 'pglite' || !pgUrl;
  const wantPg = Boolean(pgUrl) && (!only || only === 'postgres');
  const dir = wantLite ? mkdtempSync(join(tmpdir(), 'oyster-test-fixture-')) : null;
  const file = dir ? join(dir, 'seeded-pglite.tar') : null;
  const template = wantPg ? `oyster_template_${Date.now()}_${randomBytes(3).toString('hex')}` : null;
  if (wantPg) await dropLeftovers(pgUrl);
  const started = Date.now();
  const jest = join(dirname(require.resolve('jest/package.json', { paths: [__dirname] })), 'bin/jest.js');
  const r = spawnSync(process.execPath, [jest, '-c', join(__dirname, '../../jest.config.cjs'), '--runTestsByPath', join(__dirname, 'seeded-copy.test.ts'), '--silent'], {
    env: { ...process.env, ...(file ? { OYSTER_TEST_FIXTURE_BUILD: file } : {}), ...(template ? { OYSTER_TEST_PG_TEMPLATE_BUILD: template } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const built = [];
  if (r.status !== 0) {
    process.stderr.write(`\nthe seeded copies were not built (each app migrates and seeds itself):\n${r.stderr ?? r.error}\n`);
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (template) process.env.OYSTER_TEST_PG_TEMPLATE_DROP = template;
    return;
  }
  if (file && existsSync(file)) {
    process.env.OYSTER_TEST_FIXTURE_DIR = dir;
    built.push('PGlite copy');
  }
  if (template) {
    process.env.OYSTER_TEST_PG_TEMPLATE = template;
    built.push('PostgreSQL template');
  }
  process.stderr.write(`\nseeded ${built.join(' and ')} built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
};
