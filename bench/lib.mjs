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
import { fileURLToPath } from 'node:url';

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
 * which NODE_OPTIONS does not take).
 */
export async function startDemoServer({ port, env = {}, waitMs = 120_000, dataDir: keptDir = null, nodeArgs = [] } = {}) {
  if (!fs.existsSync(API_SERVER)) throw new Error('api/dist/server.mjs is missing: run `node scripts/build.mjs` first');
  // A given folder is the caller's: reused as it is and left in place at stop.
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, API_SERVER], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', DEMO_MODE: '1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      const done = () => resolve(keptDir ? undefined : fs.rmSync(dataDir, { recursive: true, force: true }));
      if (child.exitCode !== null) return done();
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
