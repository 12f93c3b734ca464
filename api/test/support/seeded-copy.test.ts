// Not a test of the product: global-setup.cjs runs this file alone in a child jest to build the run's
// seeded PGlite copy (fixture.ts). jest.config.cjs leaves test/support/ out of every other run.
import { buildPgTemplate, buildSeededDump } from './fixture';

const file = process.env.OYSTER_TEST_FIXTURE_BUILD;
const template = process.env.OYSTER_TEST_PG_TEMPLATE_BUILD;

(file ? test : test.skip)('builds the seeded PGlite copy', async () => {
  await buildSeededDump(file!);
}, 600_000);

(template && process.env.DATABASE_URL ? test : test.skip)('builds the seeded PostgreSQL template', async () => {
  await buildPgTemplate(process.env.DATABASE_URL!, template!);
}, 600_000);
