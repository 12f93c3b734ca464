// `npm start`: install what is missing, build what changed, serve the whole product with the
// embedded database and demo data at http://localhost:8080/app/ (PORT overrides 8080).
import { join } from 'node:path';
import { ROOT, ensureInstalled, log, run } from './lib.mjs';
import { buildAll } from './build.mjs';

await ensureInstalled();
try {
  await buildAll();
} catch (e) {
  log(e.message);
  process.exit(1);
}
const port = process.env.PORT ?? '8080';
log(`serving on http://localhost:${port}/app/ (demo accounts: see README.md, password Oyster2026!)`);
const code = await run('node', [join(ROOT, 'api', 'dist', 'server.mjs')], {
  env: {
    PORT: port,
    DATA_DIR: process.env.DATA_DIR ?? join(ROOT, '.data', 'pglite'),
    SEED_DEMO: process.env.SEED_DEMO ?? (process.env.DATABASE_URL ? '0' : '1'),
  },
});
process.exit(code);
