/**
 * Drill (issue 27): soak. A broker's day in miniature, for `--minutes` (30; `--short`: 1) on the built
 * product: a few agents (each with a signed-in socket) sign in anew every minute or so, list their
 * contracts, quote an e-KASKO or a travel policy, write to support with a clientKey and read the chat,
 * read their notifications and the dashboard's counters; staff (admin@, manager@) list agents and broker
 * requests. Every client thinks 0.5–1.5 s between calls: a moderate load, not a stress test. Run once on
 * PGlite (startDemoServer's default) and once on PostgreSQL (a database of its own, dropped at the end).
 *
 * What must hold (and is printed), per backend:
 * - memory stays flat: the api process's RSS (/proc/<pid>/status VmRSS) and its V8 heap (the admin
 *   /metrics endpoint's prom-client default `nodejs_heap_size_used_bytes`) at 1, 5 and 30 minutes (the
 *   short run: 10 s, 20 s and 60 s). A forced GC is not available from outside, so
 *   the heap figure at a checkpoint is the lowest heap sampled in the sixth of the run before it (the one
 *   closest to what a GC leaves). Rule: at the end, RSS ≤ 1.2 × RSS at 5 minutes and heap ≤ 1.2 × heap at
 *   5 minutes (the short run: 1 min against 20 s, ≤ 1.5×, for its minute still holds the warm-up).
 * - no error in the server's log: the api's stdout and stderr go to a file; an error is a pino record with
 *   level ≥ 50; a line that is not JSON is printed (a crash's stack would be one). No call answered an error (4xx or
 *   5xx) or went unanswered.
 * - p95 of each main call in the last sixth of the run (the last 5 minutes of 30) ≤ 1.5 × its p95 in the
 *   first sixth (the short run: thirds, for enough calls), as the server timed it (the `ms` of its log's
 *   request records: the api's own time, not the load client's queueing); growth under 10 ms is noise. The
 *   clients' own p95 is printed beside it. Judged in runs of 10 minutes or more (the short run's windows
 *   hold a dozen calls each: printed only). On a shared, loaded machine the ratio is noisy: the load
 *   (os.loadavg) is printed with it.
 *
 * Usage: node bench/drill-soak.mjs [--short] [--minutes 30] [--backend pglite|postgres|both] [--agents 4]
 *   [--log-dir DIR (keeps the server logs)]; needs a build (node api/build.mjs) and, for postgres,
 *   PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import DEMO from '../shared-kit/src/testing/demo-calculations.json' with { type: 'json' };
import { freePort, psql, startDemoServer } from './lib.mjs';
import { fmt, openSocket, percentile, signIn, sleep, tally, timedCall } from './drill-lib.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const SHORT = argv.includes('--short');
const MINUTES = Number(arg('--minutes')) || (SHORT ? 1 : 30);
const RUN_MS = MINUTES * 60_000;
const BACKEND = arg('--backend') || 'both';
const AGENTS = Number(arg('--agents')) || 4;
const LOG_DIR = arg('--log-dir') || null;
if (LOG_DIR) fs.mkdirSync(LOG_DIR, { recursive: true });
const THINK_MS = [500, 1500];
const SESSION_MS = Math.min(60_000, RUN_MS / 3); // an agent signs in anew about every minute
/** The short run's minute still holds warm-up (JIT, caches, pools): its memory bound is looser. */
const MEMORY_GROWTH = SHORT || MINUTES < 10 ? 1.5 : 1.2;
/** A p95 over a third of one minute is the second-largest of a dozen calls — one hiccup: only a run of 10 minutes or more judges it. */
const JUDGE_P95 = MINUTES >= 10;
const P95_GROWTH = 1.5;
/** The checkpoints as fractions of the run: 1, 5 and 30 minutes of 30; the short run's 10 s, 20 s and 1 min (its first seconds are warm-up). */
const CHECKPOINTS = SHORT || MINUTES < 10 ? [1 / 6, 1 / 3, 1] : [1 / 30, 5 / 30, 1];
/** The p95 windows: the first and the last 5 minutes of 30; a third of the short run (a sixth of a minute holds too few calls). */
const WINDOW = SHORT || MINUTES < 10 ? 1 / 3 : 5 / 30;
const MIN_CALLS = 10;
/** A p95 a few ms long doubles from one scheduling hiccup: growth counts only past this many ms. */
const NOISE_MS = 10;
const SAMPLE_MS = Math.max(1_000, Math.min(10_000, RUN_MS / 60));

const AGENT_EMAILS = ['agent@oyster.test', 'owner@oyster.test', 'broker@oyster.test', 'subagent@oyster.test', 'newagent@oyster.test'];
const DAY = 86_400_000;
const moscowDay = (n) => new Date(Date.now() + 3 * 3_600_000 + n * DAY).toISOString().slice(0, 10);
const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

/** A call as the server's log writes it: its path without the query (the log hides query values), ids as :id. */
const logKey = (method, url) => `${method} ${url.split('?')[0].replace(/[0-9a-f]{24}/g, ':id')}`;

function rssBytes(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** One prom-client figure (the first series of that name) from the text format. */
function metric(text, name) {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

/** The quotes an agent asks for, turn about. */
function quotes() {
  const kaskoStart = moscowDay(1);
  return [
    ['quote e-KASKO', '/api/v2/products/ekasko/quote', { ...DEMO.kasko, vehicle: { ...DEMO.kasko.vehicle, year: Number(kaskoStart.slice(0, 4)) - 2 }, startDate: kaskoStart }],
    ['quote VZR', '/api/v2/products/vzr/quote', { countries: ['IT', 'FR'], tripType: 'single', startDate: moscowDay(10), endDate: moscowDay(23), travellers: [{ birthDate: '1990-05-20' }], sumInsured: 'eur30000', sport: 'none' }],
  ];
}

async function soak(backend) {
  const problems = [];
  const logFile = path.join(LOG_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-soak-')), `soak-${backend}-api.log`);
  fs.rmSync(logFile, { force: true }); // startDemoServer appends: this run's log only
  let dbName = null;
  let baseUrl = null;
  // One process, no Redis; PGlite unless this run is PostgreSQL's (a DATABASE_URL of the caller's is not inherited).
  const env = { DEMO_INSURER_DELAY_MS: '0', DATABASE_URL: '', REDIS_URL: '' };
  if (backend === 'postgres') {
    baseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    dbName = `oyster_soak_${Date.now()}`;
    psql(baseUrl.toString(), `CREATE DATABASE ${dbName}`);
    const own = new URL(baseUrl);
    own.pathname = `/${dbName}`;
    env.DATABASE_URL = own.toString();
  }
  let server;
  const sockets = [];
  const calls = []; // { name, at, ms, status }, client side
  const names = new Map(); // 'GET /api/v2/contracts' → 'contracts list', to read the server's log
  let wallT0 = 0;
  let loadAtEnd = '';
  const loadAt = {};
  try {
    const began = performance.now();
    server = await startDemoServer({ port: await freePort(), env, logFile });
    console.log(`\n[${backend}] api pid ${server.pid}, demo data seeded in ${((performance.now() - began) / 1000).toFixed(1)} s; log ${logFile}; ${MINUTES} min, ${AGENTS} agents + 2 staff, think ${THINK_MS.join('–')} ms; load ${load()}`);
    const { url } = server;
    const adminToken = await signIn(url, 'admin@oyster.test');

    const t0 = performance.now();
    wallT0 = Date.now();
    const end = t0 + RUN_MS;
    const call = async (name, token, method, p, body) => {
      const r = await timedCall(url, token, method, p, body);
      names.set(logKey(method, p), name);
      calls.push({ name, at: performance.now() - t0, ms: r.ms, status: r.status || r.error });
      if (!r.status || r.status >= 400) {
        const what = `${name}: ${r.status || r.error} ${JSON.stringify(r.body ?? '').slice(0, 160)}`;
        if (problems.filter((x) => x.startsWith(name)).length < 3) problems.push(what);
      }
      return r;
    };

    // Memory, sampled through the run.
    const samples = []; // { at, rss, heapUsed, promRss }
    const sampler = (async () => {
      while (performance.now() < end) {
        if (!loadAt.first && performance.now() - t0 >= WINDOW * RUN_MS) loadAt.first = load();
        const r = await timedCall(url, adminToken, 'GET', '/metrics', undefined, 10_000);
        const text = typeof r.body === 'string' ? r.body : '';
        samples.push({ at: performance.now() - t0, rss: rssBytes(server.pid), heapUsed: metric(text, 'nodejs_heap_size_used_bytes'), promRss: metric(text, 'process_resident_memory_bytes') });
        await sleep(SAMPLE_MS);
      }
    })();

    const agent = async (email, k) => {
      const [quoteA, quoteB] = quotes();
      let i = 0;
      let q = k;
      while (performance.now() < end) {
        const signedAt = performance.now();
        const r0 = performance.now();
        let token;
        try {
          token = await signIn(url, email);
          names.set(logKey('POST', '/api/v2/auth/login/'), 'sign in');
          calls.push({ name: 'sign in', at: r0 - t0, ms: performance.now() - r0, status: 200 });
        } catch (e) {
          problems.push(String(e.message).slice(0, 200));
          await sleep(5_000);
          continue;
        }
        const socket = openSocket(url, token);
        sockets.push(socket);
        const support = await call('support chat', token, 'GET', '/api/v2/chats/support');
        const chatId = support.body?.data?._id;
        while (performance.now() < end && performance.now() - signedAt < SESSION_MS) {
          await think();
          const step = i++ % 6;
          if (step === 0) await call('contracts list', token, 'GET', '/api/v2/contracts?limit=20');
          else if (step === 1) {
            const [name, p, body] = q++ % 2 ? quoteA : quoteB;
            await call(name, token, 'POST', p, body);
          } else if (step === 2 && chatId) {
            await call('chat send', token, 'POST', `/api/v2/chats/${chatId}/messages`, { text: `Вопрос по полису ${k}-${i}`, clientKey: `soak-${backend}-${k}-${i}` });
            await call('chat read', token, 'GET', `/api/v2/chats/${chatId}/messages`);
          } else if (step === 3) await call('notifications', token, 'GET', '/api/v2/notifications?limit=20');
          else {
            await call('count-not-read', token, 'GET', '/api/v2/notifications/count-not-read');
            await call('payments info', token, 'GET', '/api/v2/get-info-payments/');
          }
        }
        socket.close();
        sockets.splice(sockets.indexOf(socket), 1);
        if (performance.now() < end) await call('sign out', token, 'POST', '/api/v2/auth/logout');
      }
    };
    const staff = async (email) => {
      const token = await signIn(url, email);
      let i = 0;
      while (performance.now() < end) {
        await think();
        if (i++ % 2 === 0) await call('agents list', token, 'POST', '/api/v2/agents/', {});
        else await call('requests list', token, 'GET', '/api/v2/broker-requests?limit=20');
      }
    };
    await Promise.all([
      ...Array.from({ length: AGENTS }, (_, k) => agent(AGENT_EMAILS[k % AGENT_EMAILS.length], k)),
      staff('admin@oyster.test'),
      staff('manager@oyster.test'),
      sampler,
    ]);
    loadAtEnd = load();

    loadAt.last = load();
    // Memory at the checkpoints.
    const rows = CHECKPOINTS.map((f) => {
      const at = f * RUN_MS;
      const upTo = samples.filter((s) => s.at <= at + SAMPLE_MS);
      const last = upTo.at(-1) ?? samples[0];
      const heapWindow = samples.filter((s) => s.at <= at + SAMPLE_MS && s.at >= at - RUN_MS / 6 && Number.isFinite(s.heapUsed));
      const heap = Math.min(...heapWindow.map((s) => s.heapUsed));
      return { label: `${(f * MINUTES).toFixed(MINUTES * f < 1 ? 2 : 0)} min`, rss: last.rss, promRss: last.promRss, heap };
    });
    console.log(`[${backend}] memory (RSS from /proc; heap: the lowest nodejs_heap_size_used_bytes in the window before; ${samples.length} samples):`);
    for (const r of rows) console.log(`  at ${r.label.padEnd(8)} RSS ${mb(r.rss).padStart(7)} (prom-client ${mb(r.promRss)})   heap used ${mb(r.heap).padStart(7)}`);
    const [, five, last] = rows;
    const rssRatio = last.rss / five.rss;
    const heapRatio = last.heap / five.heap;
    console.log(`  end / at ${five.label}: RSS ${rssRatio.toFixed(2)}×, heap ${heapRatio.toFixed(2)}× (must be ≤ ${MEMORY_GROWTH}×)`);
    if (!(rssRatio <= MEMORY_GROWTH)) problems.push(`RSS grew ${rssRatio.toFixed(2)}× from ${five.label} to the end (${mb(five.rss)} → ${mb(last.rss)})`);
    if (!(heapRatio <= MEMORY_GROWTH)) problems.push(`the heap grew ${heapRatio.toFixed(2)}× from ${five.label} to the end (${mb(five.heap)} → ${mb(last.heap)})`);

    for (const s of sockets) s.close();
    sockets.length = 0;
  } catch (e) {
    problems.push(`the drill stopped: ${e.stack ?? e}`);
  } finally {
    for (const s of sockets) s.close();
    if (server) await server.stop();
    if (dbName) {
      try {
        psql(baseUrl.toString(), `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      } catch (e) {
        problems.push(`could not drop ${dbName}: ${e.message}`);
      }
    }
  }

  // The server's log: pino's JSON lines; level ≥ 50 is an error.
  const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
  const errors = [];
  const other = [];
  const served = []; // { name, at, ms }, the server's own time per request (its log's `ms`)
  for (const line of lines) {
    let rec;
    try { rec = JSON.parse(line); } catch { other.push(line); continue; }
    if (rec.level >= 50) errors.push(rec);
    const name = rec.msg === 'request' && names.get(logKey(rec.method, rec.url));
    if (name) served.push({ name, at: rec.time - wallT0, ms: rec.ms });
  }

  // p95 per call: the first sixth of the run against the last — as the server timed it (its log) and as the clients saw it.
  const w = WINDOW * RUN_MS;
  const p95 = (list, name, from, to) => {
    const ms = list.filter((c) => c.name === name && c.at >= from && c.at < to).map((c) => c.ms);
    return { n: ms.length, p95: percentile(ms, 95) };
  };
  console.log(`[${backend}] ${calls.length} calls (${JSON.stringify(tally(calls))}); p95 in the first and the last ${(w / 60_000).toFixed(w < 60_000 ? 2 : 0)} min, on the server (its log) and at the client (load average ${loadAt.first} after the first, ${loadAt.last} after the last — noisy on a shared machine${JUDGE_P95 ? '' : '; printed, not judged in a run under 10 minutes'}):`);
  for (const name of new Set(calls.map((c) => c.name))) {
    const [sf, sl, cf, cl] = [p95(served, name, 0, w), p95(served, name, RUN_MS - w, Infinity), p95(calls, name, 0, w), p95(calls, name, RUN_MS - w, Infinity)];
    const ratio = sl.p95 / sf.p95;
    const judged = JUDGE_P95 && sf.n >= MIN_CALLS && sl.n >= MIN_CALLS;
    const r = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—');
    console.log(`  ${name.padEnd(15)} n ${String(calls.filter((c) => c.name === name).length).padStart(5)}   server ${fmt(sf.p95).padStart(7)} → ${fmt(sl.p95).padStart(7)} ${r(ratio).padStart(6)}   client ${fmt(cf.p95).padStart(7)} → ${fmt(cl.p95).padStart(7)} ${r(cl.p95 / cf.p95).padStart(6)}   (${sf.n}/${sl.n} calls)${judged || !JUDGE_P95 ? '' : ' too few to judge'}`);
    if (judged && ratio > P95_GROWTH && sl.p95 - sf.p95 > NOISE_MS) problems.push(`${name}: p95 on the server ${fmt(sl.p95)} at the end against ${fmt(sf.p95)} at the start (${r(ratio)}, load ${loadAtEnd})`);
  }
  console.log(`[${backend}] server log: ${lines.length} lines, ${errors.length} at level ≥ 50, ${other.length} not JSON`);
  for (const e of errors.slice(0, 5)) console.log(`  ${JSON.stringify(e).slice(0, 400)}`);
  for (const l of other.slice(0, 5)) console.log(`  (not JSON) ${l.slice(0, 300)}`);
  if (errors.length) problems.push(`${errors.length} error record(s) in the server's log, the first: ${errors[0].msg ?? ''} ${errors[0].err?.message ?? ''}`);
  if (!LOG_DIR) fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
  return problems;
}

const backends = BACKEND === 'both' ? ['pglite', 'postgres'] : [BACKEND];
const results = [];
for (const b of backends) results.push([b, await soak(b)]);
console.log('\nsoak:');
let failed = 0;
for (const [b, problems] of results) {
  console.log(`  ${b}: ${problems.length ? 'FAILED' : 'held'}`);
  for (const p of problems) console.log(`    - ${p}`);
  if (problems.length) failed++;
}
process.exit(failed ? 1 : 0);
