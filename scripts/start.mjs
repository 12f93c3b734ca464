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
// Zero-config: demo mode unless told otherwise (DEMO_MODE=0 then needs PAYMENT_SECRET_<CODE> per insurer, docs/settings.md).
const demoMode = process.env.DEMO_MODE ?? '1';
log(`serving on http://localhost:${port}/app/ (demo accounts: see README.md, password Oyster2026!)`);
if (demoMode === '1' || demoMode === 'true') log('demo mode: the demo insurers sign payments with public demo secrets and the demo payment page /pay/{token} is on — not for real money (README, «Demo mode and secrets»)');
const code = await run('node', [join(ROOT, 'api', 'dist', 'server.mjs')], {
  env: {
    PORT: port,
    DATA_DIR: process.env.DATA_DIR ?? join(ROOT, '.data', 'pglite'),
    SEED_DEMO: process.env.SEED_DEMO ?? (process.env.DATABASE_URL ? '0' : '1'),
    DEMO_MODE: demoMode,
  },
});
process.exit(code);
