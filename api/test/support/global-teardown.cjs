// jest globalTeardown of the api suite: removes this run's seeded PGlite copy and drops its PostgreSQL
// template (global-setup.cjs). Each app's copy of the template is dropped by its own stop().
const { rmSync } = require('node:fs');

module.exports = async () => {
  const dir = process.env.OYSTER_TEST_FIXTURE_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  const template = process.env.OYSTER_TEST_PG_TEMPLATE || process.env.OYSTER_TEST_PG_TEMPLATE_DROP;
  if (template && process.env.DATABASE_URL) {
    const pg = require('pg');
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    } finally {
      await c.end();
    }
  }
};
