/**
 * What the bench scripts share: waiting for a server, a free port, and the production server with
 * the demo data (node api/dist/server.mjs, a throw-away DATA_DIR, SEED_DEMO=1, NODE_ENV=production).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_SERVER = path.join(ROOT, 'api/dist/server.mjs');
const apiRequire = createRequire(path.join(ROOT, 'api/package.json'));

/** Runs one SQL statement on `url` with pg from the api's dependencies (no psql binary needed); throws with the server's message. */
export function psql(url, sql) {
  const code = `const pg = require(${JSON.stringify(apiRequire.resolve('pg'))});
    const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(() => c.query(process.argv[2])).then(() => c.end()).catch((e) => { console.error(e.message); process.exit(1); });`;
  const r = spawnSync(process.execPath, ['-e', code, url, sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${sql}: ${r.stderr}`);
}

/**
 * The api's own code, for a bench that times it in its own process: `files` (paths under api/src) bundled
 * by esbuild into a temporary module and imported (shared-kit from its sources). The database drivers and
 * `external` stay the api's, found from api/node_modules, where the module is written for that reason.
 */
export async function importApiSources(name, files, { external = [] } = {}) {
  const entry = path.join(ROOT, 'api', 'node_modules', '.oyster-bench', `${name}-${process.pid}.mjs`);
  await apiRequire('esbuild').build({
    stdin: { contents: files.map((f) => `export * from ${JSON.stringify(path.join(ROOT, 'api/src', f))};`).join('\n'), resolveDir: ROOT, loader: 'ts' },
    outfile: entry,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: ['pg', 'pg-native', '@electric-sql/*', ...external],
    nodePaths: [path.join(ROOT, 'api/node_modules'), path.join(ROOT, 'shared-kit/node_modules')],
    alias: { '@oyster/shared-kit': path.join(ROOT, 'shared-kit/src') },
    logLevel: 'error',
  });
  try {
    return await import(pathToFileURL(entry).href);
  } finally {
    fs.rmSync(entry, { force: true });
  }
}

/** A new, empty PostgreSQL database `name` on the server of `pgBase` (dropped first if it is there), opened with the api's createPgDb. */
export function freshPgDb(createPgDb, pgBase, name) {
  psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  psql(`${pgBase}/postgres`, `CREATE DATABASE ${name}`);
  return createPgDb(`${pgBase}/${name}`);
}

/** Resolves once `url` answers below 500; throws after `ms`. */
export async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch { /* not yet */ }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A TCP port nobody listens on right now (127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The production server with the demo data on `port` (PGlite in a temporary DATA_DIR unless `env`
 * says otherwise, or in `dataDir` when given), up once its remotes manifest answers. `stop()` ends it
 * and removes the temporary data. `nodeArgs` go before the script (e.g. ['--cpu-prof', '--cpu-prof-dir=…'],
 * which NODE_OPTIONS does not take). `logFile`: the server's log (pino's JSON lines on stdout, and its
 * stderr) appended to that file; without it stdout is dropped and stderr is this process's.
 */
export async function startDemoServer({ port, env = {}, waitMs = 120_000, dataDir: keptDir = null, nodeArgs = [], logFile = null } = {}) {
  if (!fs.existsSync(API_SERVER)) throw new Error('api/dist/server.mjs is missing: run `node scripts/build.mjs` first');
  // A given folder is the caller's: reused as it is and left in place at stop.
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bench-'));
  const logFd = logFile ? fs.openSync(logFile, 'a') : null;
  const child = spawn(process.execPath, [...nodeArgs, API_SERVER], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', DEMO_MODE: '1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', logFd ?? 'ignore', logFd ?? 'inherit'],
  });
  if (logFd !== null) fs.closeSync(logFd); // the child holds its own copy
  const stop = () =>
    new Promise((resolve) => {
      const done = () => resolve(keptDir ? undefined : fs.rmSync(dataDir, { recursive: true, force: true }));
      // A child ended by a signal (kill() below) has no exit code, only its signal.
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  const url = `http://localhost:${port}`;
  try {
    await waitFor(`${url}/api/v2/remotes-manifest`, waitMs);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop, kill: () => child.kill('SIGKILL'), pid: child.pid };
}

/** The p-th percentile of a sorted list (nearest rank). */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * The baseline's call and the full database's, one after the other, `runs` times after 5 warm-ups: what
 * else the machine does slows both alike (the same number of calls each, bounded by `caseSeconds` once 20
 * are done). Each side is `{ db, call }`, `call(i)` giving a function of a Queryable that answers what it got.
 * Returns each side's n, p50, p95, p99 (ms) and its last answer.
 */
export async function pairedTimes(base, full, { runs, caseSeconds }) {
  for (let i = 0; i < 5; i++) {
    await base.call(i)(base.db);
    await full.call(i)(full.db);
  }
  const ms = { base: [], full: [] };
  const got = {};
  const until = performance.now() + caseSeconds * 1000;
  for (let i = 0; i < runs && (i < 20 || performance.now() < until); i++) {
    for (const [key, side] of [['base', base], ['full', full]]) {
      const run = side.call(i);
      const t = performance.now();
      got[key] = await run(side.db);
      ms[key].push(performance.now() - t);
    }
  }
  const figures = (list, what) => {
    list.sort((a, b) => a - b);
    return { n: list.length, p50: pct(list, 50), p95: pct(list, 95), p99: pct(list, 99), got: what };
  };
  return { base: figures(ms.base, got.base), full: figures(ms.full, got.full) };
}

/** EXPLAIN ANALYZE of what one call sends (its queries recorded through a wrapping Queryable). */
export async function explainCall(db, name, run) {
  const sent = [];
  await run({ query: async (sql, params) => (sent.push([sql, params]), db.query(sql, params)) });
  for (const [sql, params] of sent) {
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(`\n--- ${name}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

const fmtMs = (x) => x.toFixed(1).padStart(6);
const percentiles = (r) => `p50 ${fmtMs(r.p50)}  p95 ${fmtMs(r.p95)}  p99 ${fmtMs(r.p99)} ms`;

/**
 * Times every case on both databases (pairedTimes) and prints a table: the header, then per case the
 * baseline's and the full database's percentiles, the p95 ratio and what the full one answered
 * (`--explain` in argv adds the full database's plans). `baseCases` and `fullCases` are [name, call]
 * lists in the same order. Returns [name, the full side's figures] per case.
 */
export async function pairedTable({ base, full, baseCases, fullCases, baseline, size, runs, caseSeconds, width = 32, argv = process.argv }) {
  console.log(`  ${'case'.padEnd(width)} ${`${baseline.toLocaleString('en')} agents`.padEnd(38)} ${`${size.toLocaleString('en')} agents`.padEnd(38)} p95 ratio`);
  const rows = [];
  for (const [i, [name, call]] of fullCases.entries()) {
    const r = await pairedTimes({ db: base, call: baseCases[i][1] }, { db: full, call }, { runs, caseSeconds });
    rows.push([name, r.full]);
    console.log(`  ${name.padEnd(width)} ${percentiles(r.base)}   ${percentiles(r.full)}   ${(r.full.p95 / r.base.p95).toFixed(1).padStart(6)}×   ${r.full.got}${r.full.n < runs ? ` (${r.full.n} calls: ${caseSeconds} s spent)` : ''}`);
    if (argv.includes('--explain')) await explainCall(full, name, call(0));
  }
  return rows;
}
