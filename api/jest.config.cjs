/**
 * Integration tests run the real app (fastify + socket.io + PGlite, and PostgreSQL/Redis when
 * DATABASE_URL/REDIS_URL are set) in the node environment. ts-jest transpiles to CommonJS;
 * PGlite, redis and socket.io ship CommonJS builds, so no ESM mode is needed.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // test/support/seeded-copy.test.ts builds the run's seeded PGlite copy; only global-setup.cjs runs it.
  testPathIgnorePatterns: process.env.OYSTER_TEST_FIXTURE_BUILD ? ['/node_modules/'] : ['/node_modules/', '<rootDir>/test/support/'],
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
  // One migrated and seeded PGlite per run, copied into each PGlite app (test/support/fixture.ts).
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.cjs',
  // Each file starts its own PGlite (~2 s, several hundred MB); two at a time fit this machine.
  maxWorkers: 2,
};
