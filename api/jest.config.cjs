/**
 * Integration tests run the real app (fastify + socket.io + PGlite, and PostgreSQL/Redis when
 * DATABASE_URL/REDIS_URL are set) in the node environment. ts-jest transpiles to CommonJS;
 * PGlite, redis and socket.io ship CommonJS builds, so no ESM mode is needed.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The test files that start with a `// @zone-independent: <why>` line: no calendar day in them (backups,
 * headers, access, file storage…). OYSTER_TEST_ZONE_RUN=1 (npm test's second time-zone run, whose point
 * is the api's date handling) leaves them out.
 */
function zoneIndependentFiles(dir = join(__dirname, 'test')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return zoneIndependentFiles(path);
    return e.name.endsWith('.test.ts') && readFileSync(path, 'utf8').startsWith('// @zone-independent:') ? [path] : [];
  });
}
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // test/support/seeded-copy.test.ts builds the run's seeded PGlite copy and PostgreSQL template; only global-setup.cjs runs it.
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.OYSTER_TEST_FIXTURE_BUILD || process.env.OYSTER_TEST_PG_TEMPLATE_BUILD ? [] : ['<rootDir>/test/support/']),
    ...(process.env.OYSTER_TEST_ZONE_RUN === '1' ? zoneIndependentFiles().map((f) => `^${escapeRegExp(f)}$`) : []),
  ],
  transform: {
    '^.+\\.[tj]sx?$': [
      'ts-jest',
      {
        // Type checking is `tsc -p api`; here only transpile (fast, and TS 6 deprecations stay quiet).
        diagnostics: false,
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node10',
          ignoreDeprecations: '6.0',
          target: 'ES2022',
          esModuleInterop: true,
          isolatedModules: true,
          strict: true,
          allowJs: true,
          types: ['node', 'jest'],
        },
      },
    ],
  },
  // @fastify/static requires content-disposition 3, which is ESM-only: let ts-jest turn it into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(content-disposition)[@/])'],
  moduleNameMapper: {
    '^@oyster/shared-kit/(.*)$': '<rootDir>/../shared-kit/src/$1',
    // Sources import './x.js' (ESM style); in jest that is the .ts file.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 60_000,
  // One migrated and seeded PGlite (and PostgreSQL database) per run, copied into each app (test/support/fixture.ts).
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.cjs',
  // Each file starts its own PGlite (~2 s, several hundred MB); two at a time fit this machine.
  maxWorkers: 2,
  // A guard: a worker that keeps something of every file it runs slows down with its heap (prom-client's
  // process metrics did, 86 MB → 1.2 GB over a run and the suite 1.5× slower; AppOptions.processMetrics).
  // Past this much heap after a file (it stays under 400 MB now), jest starts the worker again.
  workerIdleMemoryLimit: '768MB',
};
