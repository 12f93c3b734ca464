#!/usr/bin/env node
/**
 * Api throughput (node bench/api-throughput.mjs): an authenticated GET against a bare fastify route,
 * in the same run, on the same machine. Issue 10's target: GET /api/v2/init-state and
 * GET /api/v2/notifications/count-not-read each reach ≥ 25% of the bare route's requests per second
 * with p99 ≤ 20 ms at 50 connections, on PostgreSQL.
 *
 * Builds nothing: it runs api/dist/server.mjs as it is (`node scripts/build.mjs`, or `cd api && node
 * build.mjs` for the api alone). Per database it starts
 *   (a) a bare fastify server (the fastify the api depends on) with one GET route answering a small JSON,
 *   (b) the api with SEED_DEMO=1 and LOG_LEVEL=info — on PostgreSQL in a fresh database created and
 *       dropped here (oyster_bench_<pid>, on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432),
 *       and on PGlite in a temporary DATA_DIR,
 * signs in as agent@oyster.test and runs `wrk -t2 -c50 -d<duration>s --latency` against the bare route
 * and the two api routes (a short warm-up run first), in rounds — the bare route, then each api route —
 * and prints the medians of req/s, p50/p99 and of each round's ratio to the bare run beside it, and
 * whether the targets hold.
 *
 * Flags: --duration <s> per run (default 5), --rounds <n> (default 3), --pg-only (skip PGlite), --pglite-only, --json (one JSON line),
 *        --accept-encoding <v> (send it on every request, e.g. 'br, gzip' as a browser does; wrk sends none by default),
 *        --server <file> (another api bundle than api/dist/server.mjs, e.g. a copy of an earlier build
 *        kept in api/dist/ so its packages resolve, to compare before and after in one sitting).
 * Exit status 2 when a target is missed on PostgreSQL; PostgreSQL unreachable: PGlite only, noted, not judged.
 * Exported: runApiBench({ duration, pgOnly, pgliteOnly, server, log }) answers the figures; formatApiBench prints them.
 *
 * The server and wrk share the machine's cores; the ratio to the bare route in the same run is the
 * figure to compare, the absolute requests per second depend on the machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort, psql, waitFor } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiRequire = createRequire(path.join(root, 'api', 'package.json'));
const TARGET_RATIO = 25;
const TARGET_P99_MS = 20;
const ROUTES = ['/api/v2/init-state', '/api/v2/notifications/count-not-read'];

function hasWrk() {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error == null;
}

/** wrk's --latency output → { rps, p50, p99 } (milliseconds). */
export function parseWrk(out) {
  const unit = (v, u) => Number(v) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[u] ?? 1);
  const pct = (p) => {
    const m = out.match(new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    return m ? unit(m[1], m[2]) : NaN;
  };
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const errors = out.match(/Socket errors:.*/)?.[0] ?? null;
  return { rps, p50: pct(50), p99: pct(99), non2xx, errors };
}

function wrk(url, { duration, token, acceptEncoding }) {
  const args = ['-t2', '-c50', `-d${duration}s`, '--latency'];
  if (token) args.push('-H', `x-api-token: ${token}`);
  if (acceptEncoding) args.push('-H', `accept-encoding: ${acceptEncoding}`);
  args.push(url);
  const r = spawnSync('wrk', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
  return parseWrk(r.stdout);
}

function startProcess(args, env, label) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  child.on('exit', (code) => { if (code && code !== 0 && !child.killedByUs) process.stderr.write(`${label} exited ${code}\n${stderr}\n`); });
  return {
    child,
    async stop() {
      if (child.exitCode != null) return;
      child.killedByUs = true;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(t);
    },
  };
}

/** The bare route: the api's own fastify, one GET answering a small JSON, nothing else. */
async function startBare() {
  const port = await freePort();
  const fastifyPath = apiRequire.resolve('fastify');
  const code = `
    const Fastify = require(${JSON.stringify(fastifyPath)});
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ ok: true, count: 3 }));
    app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `;
  const p = startProcess(['-e', code], {}, 'bare fastify');
  await waitFor(`http://127.0.0.1:${port}/bare`);
  return { ...p, url: `http://127.0.0.1:${port}/bare` };
}

async function startApi(env, serverFile) {
  const server = serverFile ? path.resolve(serverFile) : path.join(root, 'api', 'dist', 'server.mjs');
  if (!fs.existsSync(server)) throw new Error(`${server} is missing: run node scripts/build.mjs first`);
  const port = await freePort();
  const p = startProcess([server], { PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', DEMO_MODE: '1', LOG_LEVEL: 'info', REDIS_URL: '', ...env }, 'api');
  // The request log goes to stdout; it is part of what is measured, so it is written (to /dev/null).
  await waitFor(`http://127.0.0.1:${port}/healthz`, 180_000).catch(async (e) => {
    await p.stop();
    throw e;
  });
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/api/v2/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agent@oyster.test', password: 'Oyster2026!', rememberMe: true }),
  });
  const body = await res.json();
  if (!body.token) {
    await p.stop();
    throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  }
  for (const r of ROUTES) {
    const check = await fetch(base + r, { headers: { 'x-api-token': body.token } });
    if (check.status !== 200) {
      await p.stop();
      throw new Error(`${r} answered ${check.status}`);
    }
  }
  return { ...p, base, token: body.token };
}

async function benchOne(kind, { duration, rounds, log, server, acceptEncoding }) {
  const bare = await startBare();
  let dbName = null;
  let dataDir = null;
  const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
  let env;
  if (kind === 'postgres') {
    dbName = `oyster_bench_${process.pid}`;
    psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
    psql(`${pgBase}/postgres`, `CREATE DATABASE ${dbName}`);
    env = { DATABASE_URL: `${pgBase}/${dbName}` };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bench-pglite-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  let api = null;
  try {
    api = await startApi(env, server);
    const warm = Math.min(3, duration);
    log(`${kind}: warming up…`);
    wrk(bare.url, { duration: warm, acceptEncoding });
    for (const r of ROUTES) wrk(api.base + r, { duration: warm, token: api.token, acceptEncoding });
    // Rounds, each the bare route then every api route: the bare route's own rate drifts a lot on a
    // small shared machine (31k–60k req/s in one day here), so each round's ratio is taken against the
    // bare run next to it, and the median of the rounds is reported.
    const runs = { bare: [], ...Object.fromEntries(ROUTES.map((r) => [r, []])) };
    for (let round = 0; round < rounds; round++) {
      const b = wrk(bare.url, { duration, acceptEncoding });
      runs.bare.push({ ...b, ratio: 100 });
      for (const r of ROUTES) {
        const x = wrk(api.base + r, { duration, token: api.token, acceptEncoding });
        runs[r].push({ ...x, ratio: (x.rps / b.rps) * 100 });
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const summarise = (route, list) => ({
      route,
      rps: median(list.map((x) => x.rps)),
      p50: median(list.map((x) => x.p50)),
      p99: median(list.map((x) => x.p99)),
      ratio: median(list.map((x) => x.ratio)),
      ratios: list.map((x) => x.ratio),
      rpsRounds: list.map((x) => x.rps),
      non2xx: list.reduce((n, x) => n + x.non2xx, 0),
    });
    const rows = [summarise('bare fastify GET', runs.bare), ...ROUTES.map((r) => summarise(`GET ${r}`, runs[r]))];
    for (const row of rows) {
      row.ok = row.route.startsWith('bare') ? null : row.ratio >= TARGET_RATIO && row.p99 <= TARGET_P99_MS && row.non2xx === 0;
    }
    return { db: kind, rows };
  } finally {
    await api?.stop();
    await bare.stop();
    if (dbName) {
      try { psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); } catch (e) { log(`could not drop ${dbName}: ${e.message}`); }
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApiBench({ duration = 5, rounds = 3, pgOnly = false, pgliteOnly = false, server = null, acceptEncoding = null, log = () => undefined } = {}) {
  if (!hasWrk()) throw new Error('wrk is not installed: apt-get install wrk');
  const results = [];
  const skipped = [];
  let pgReachable = !pgliteOnly;
  if (!pgliteOnly) {
    try {
      psql(`${process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432'}/postgres`, 'SELECT 1');
    } catch {
      pgReachable = false;
      skipped.push('PostgreSQL (not reachable; set BENCH_PG_URL)');
      if (pgOnly) throw new Error('PostgreSQL is not reachable (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432)');
    }
  }
  if (pgReachable) results.push(await benchOne('postgres', { duration, rounds, log, server, acceptEncoding }));
  if (!pgOnly) results.push(await benchOne('pglite', { duration, rounds, log, server, acceptEncoding }));
  return { duration, rounds, acceptEncoding, connections: 50, skipped, targets: { ratioPct: TARGET_RATIO, p99Ms: TARGET_P99_MS }, loadavg: os.loadavg(), cpus: os.cpus().length, results };
}

export function formatApiBench(res) {
  const lines = [`wrk -t2 -c50 -d${res.duration}s --latency${res.acceptEncoding ? ` -H 'accept-encoding: ${res.acceptEncoding}'` : ''}, ${res.rounds} rounds (bare, then each route), medians; ${res.cpus} CPUs, load ${res.loadavg.map((l) => l.toFixed(2)).join(' ')}`];
  for (const s of res.skipped ?? []) lines.push(`skipped: ${s} — the targets are judged on PostgreSQL`);
  for (const { db, rows } of res.results) {
    lines.push('', `${db === 'postgres' ? 'PostgreSQL' : 'PGlite'}:`);
    lines.push(`${'route'.padEnd(44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'% bare'.padStart(7)}  target (≥${TARGET_RATIO}%, p99 ≤ ${TARGET_P99_MS} ms)`);
    for (const r of rows) {
      const target = r.ok === null ? '' : r.ok ? 'holds' : 'MISSED';
      const extra = r.non2xx ? ` (${r.non2xx} non-2xx)` : '';
      const each = r.route.startsWith('bare') ? r.rpsRounds.map((x) => x.toFixed(0)).join(' ') : r.ratios.map((x) => `${x.toFixed(1)}%`).join(' ');
      lines.push(`${r.route.padEnd(44)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.ratio.toFixed(1).padStart(6)}%  ${target}${extra}  (rounds: ${each})`);
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const flag = (n) => argv.includes(`--${n}`);
  const value = (n, d) => {
    const i = argv.findIndex((a) => a === `--${n}` || a.startsWith(`--${n}=`));
    if (i < 0) return d;
    return argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  };
  if (!hasWrk()) {
    console.error('wrk is not installed. Install it with: apt-get install wrk');
    process.exit(1);
  }
  const res = await runApiBench({
    duration: Number(value('duration', 5)),
    rounds: Number(value('rounds', 3)),
    pgOnly: flag('pg-only'),
    pgliteOnly: flag('pglite-only'),
    server: value('server', null),
    acceptEncoding: value('accept-encoding', null),
    log: (m) => process.stderr.write(`${m}\n`),
  });
  console.log(flag('json') ? JSON.stringify(res) : formatApiBench(res));
  const missed = res.results.filter((r) => r.db === 'postgres').flatMap((r) => r.rows).some((r) => r.ok === false);
  process.exitCode = missed ? 2 : 0;
}
