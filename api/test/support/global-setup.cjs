// jest globalSetup of the api suite: builds this run's seeded PGlite copy (support/fixture.ts) in a
// fresh folder, before any test's clock starts; the workers inherit OYSTER_TEST_FIXTURE_DIR.
// Plain CommonJS, in jest's own process: the build runs in a child jest, which maps the sources'
// imports. OYSTER_TEST_NO_COPY=1: every app migrates and seeds itself (to compare, or rule it out).
const { spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

module.exports = async () => {
  if (process.env.OYSTER_TEST_FIXTURE_BUILD || process.env.OYSTER_TEST_NO_COPY === '1') return;
  const dir = mkdtempSync(join(tmpdir(), 'oyster-test-fixture-'));
  const file = join(dir, 'seeded-pglite.tar');
  const started = Date.now();
  const jest = join(dirname(require.resolve('jest/package.json', { paths: [__dirname] })), 'bin/jest.js');
  const r = spawnSync(process.execPath, [jest, '-c', join(__dirname, '../../jest.config.cjs'), '--runTestsByPath', join(__dirname, 'seeded-copy.test.ts'), '--silent'], {
    env: { ...process.env, OYSTER_TEST_FIXTURE_BUILD: file },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0 || !existsSync(file)) {
    process.stderr.write(`\nthe seeded PGlite copy was not built (each app migrates and seeds itself):\n${r.stderr ?? r.error}\n`);
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  process.env.OYSTER_TEST_FIXTURE_DIR = dir;
  process.stderr.write(`\nseeded PGlite copy built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
};
