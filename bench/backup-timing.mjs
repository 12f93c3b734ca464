// Where a PGlite backup's time goes (issue 27): `node bench/backup-timing.mjs [--data-dir <a stopped PGlite folder>] [--runs 3]`
// Opens the folder (default: a fresh demo database, made by starting the product once) and times each step
// of a backup, with the longest time the event loop was blocked during it (what a /health poller sees as a
// gap between answers): CHECKPOINT; PGlite's dumpDataDir('none') (the tar of its file system) and
// dumpDataDir('gzip') (the same, gzipped by PGlite); node's async zlib gzip of that tar; and reading the
// folder's files with async fs (what the api's dump does instead, platform/backup.ts). Best of --runs.
// Needs api/dist/server.mjs only when it makes the demo folder (`node api/build.mjs`).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { freePort, ROOT, startDemoServer } from './lib.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('--runs', 3));
let dataDir = arg('--data-dir', null);
let made = null;
if (!dataDir) {
  made = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-backup-timing-'));
  dataDir = path.join(made, 'pglite');
  const t = Date.now();
  const s = await startDemoServer({ port: await freePort(), dataDir, waitMs: 600_000, env: { MEDIA_DIR: path.join(made, 'no-media') } });
  await s.stop();
  console.log(`demo database made in ${((Date.now() - t) / 1000).toFixed(1)} s: ${dataDir}`);
}

/** Runs `fn`, answering its time and the longest stretch the event loop did not run a 1 ms timer. */
async function timed(fn) {
  let last = performance.now();
  let maxGap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 1);
  const t0 = performance.now();
  const out = await fn();
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 5));
  clearInterval(tick);
  maxGap = Math.max(maxGap, performance.now() - last);
  return { ms, maxGap, out };
}

async function* walk(dir) {
  for (const e of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.isFile()) yield p;
  }
}

const { PGlite } = createRequire(path.join(ROOT, 'api', 'package.json'))('@electric-sql/pglite');
const lite = new PGlite(dataDir);
await lite.waitReady;
await lite.query('SELECT 1');
const steps = {
  'CHECKPOINT': () => lite.exec('CHECKPOINT'),
  "dumpDataDir('none'): PGlite's tar": async () => (await lite.dumpDataDir('none')).size,
  "dumpDataDir('gzip'): PGlite's tar + its gzip": async () => (await lite.dumpDataDir('gzip')).size,
  "dumpDataDir('none') + node's async zlib.gzip": async () => (await promisify(zlib.gzip)(Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()))).length,
  'the folder read with async fs': async () => {
    let bytes = 0;
    for await (const f of walk(dataDir)) bytes += (await fs.promises.readFile(f)).length;
    return bytes;
  },
};
const rows = [];
for (const [name, fn] of Object.entries(steps)) {
  let best = null;
  for (let i = 0; i < runs; i++) {
    const r = await timed(fn);
    if (!best || r.ms < best.ms) best = r;
  }
  rows.push({ step: name, ms: Math.round(best.ms), 'event loop blocked ms': Math.round(best.maxGap), bytes: typeof best.out === 'number' ? best.out : '' });
}
await lite.close();
console.log(`load: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
console.table(rows);
if (made) fs.rmSync(made, { recursive: true, force: true });
