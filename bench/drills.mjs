/**
 * The drills (issue 27), one after another: `npm run drills` (each in full) or `node bench/drills.mjs
 * --short` (the one-minute versions `npm test` runs). Needs a build; PostgreSQL for the drills on two nodes
 * and the database drill, and redis-server for the Redis one (each skipped with a note when missing; the soak
 * then runs on PGlite alone). Exit code: how many failed.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const short = process.argv.includes('--short');
const portOpen = (port) =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** The drills that need a PostgreSQL server: DATABASE_URL, or one on 127.0.0.1:5432. */
const havePostgres = async () => Boolean(process.env.DATABASE_URL) || (await portOpen(5432));
/** …and a redis-server of their own to kill. */
const havePostgresAndRedisServer = async () => (await havePostgres()) && spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

const DRILLS = [
  { name: 'graceful stop', script: 'drill-graceful-stop.mjs' },
  { name: 'PostgreSQL away for 10 s', script: 'drill-db-outage.mjs', needs: havePostgres },
  { name: 'sockets: 10,000 on a node, chat across two', script: 'drill-sockets.mjs', needs: havePostgres },
  { name: 'a node killed under load', script: 'drill-node-kill.mjs', needs: havePostgres },
  { name: 'Redis restarted under load', script: 'drill-redis-restart.mjs', needs: havePostgresAndRedisServer },
  // PGlite and PostgreSQL one after the other: 2 × 30 min in full, so its own bound.
  // The short one (CI) on one backend, PostgreSQL when there is one: a minute, not two plus two seeds.
  { name: 'soak', script: 'drill-soak.mjs', timeoutMin: 75, args: async () => ((await havePostgres()) ? (short ? ['--backend', 'postgres'] : []) : ['--backend', 'pglite']) },
];

let failed = 0;
const results = { held: 0, skipped: 0 };
const rows = [];
for (const d of DRILLS) {
  if (d.needs && !(await d.needs())) {
    rows.push(`${d.name}: skipped (no PostgreSQL on 127.0.0.1:5432 and no DATABASE_URL${d.needs === havePostgresAndRedisServer ? ', or no redis-server' : ''})`);
    results.skipped++;
    continue;
  }
  const began = Date.now();
  console.log(`\n=== drill: ${d.name}${short ? ' (short)' : ''}`);
  const args = [...(short ? ['--short'] : []), ...(d.args ? await d.args() : [])];
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bench', d.script), ...args], { stdio: 'inherit', timeout: (short ? 10 : d.timeoutMin ?? 10) * 60_000 });
  const ok = r.status === 0;
  if (!ok) failed++;
  else results.held++;
  rows.push(`${d.name}: ${ok ? 'held' : 'FAILED'} in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}
console.log(`\ndrills:\n  ${rows.join('\n  ')}`);
// `npm test` reads how many held and failed from here (DRILLS_SUMMARY, a file path).
if (process.env.DRILLS_SUMMARY) writeFileSync(process.env.DRILLS_SUMMARY, JSON.stringify({ held: results.held, failed, skipped: results.skipped }));
process.exit(failed);
