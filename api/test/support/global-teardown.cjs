// jest globalTeardown of the api suite: removes this run's seeded PGlite copy (global-setup.cjs).
const { rmSync } = require('node:fs');

module.exports = async () => {
  const dir = process.env.OYSTER_TEST_FIXTURE_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
};
