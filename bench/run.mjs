#!/usr/bin/env node
/**
 * npm run bench: every figure of issue 10 in one sitting, one part after another (so they do not
 * compete for the 2 cores):
 *   1. build-and-size.mjs — build times, login and home JS bytes and requests per chunk, budgets;
 *   2. page-times.mjs — the bare React + antd form built here, login visible / FCP against it, home
 *      visible after sign-in, first open of a remote's section, Lighthouse mobile and desktop;
 *   3. api-throughput.mjs — wrk against a bare fastify route and the authenticated GETs, on
 *      PostgreSQL and PGlite;
 *   4. osago-quote.mjs — the e-OSAGO quote's server time for every demo insurer (issue 11);
 *   5. finance-ledger.mjs — Мое КВ / КВ всех over 100,000 agents × 12 months of ledger lines on
 *      PostgreSQL, against the same calls with 1,000 agents (issue 24; about 6 minutes);
 *   6. agents-list.mjs — the agents list over 100,000 agents on PostgreSQL against 1,000 (issue 26).
 * Flags: --no-build (measure the current dist folders), --only sizes|pages|api|osago|ledger|agents.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const parts = [
  ['sizes', 'build-and-size.mjs', args.includes('--no-build') ? ['--no-build', '--check'] : ['--check']],
  ['pages', 'page-times.mjs', []],
  ['api', 'api-throughput.mjs', []],
  ['osago', 'osago-quote.mjs', []],
  ['ledger', 'finance-ledger.mjs', []],
  ['agents', 'agents-list.mjs', []],
];
let failed = 0;
for (const [name, file, extra] of parts) {
  if (only && only !== name) continue;
  console.log(`\n=== ${name}: node bench/${file} ${extra.join(' ')}`);
  const r = spawnSync(process.execPath, [path.join(here, file), ...extra], { stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
