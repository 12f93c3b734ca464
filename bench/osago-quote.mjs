#!/usr/bin/env node
/**
 * e-OSAGO quote, server time (issue 11: p95 ≤ 20 ms for 5 insurers, excluding their simulated delay).
 *
 * Starts the production server (node api/dist/server.mjs, demo data) with DEMO_INSURER_DELAY_MS=0, so
 * what is timed is the api's own work: validation, the bonus-malus registry, the rating for every
 * demo insurer (six), the answer. 50 warm-up calls, then 400 sequential calls of
 * POST /api/v2/osago/calculate (a Moscow owner, two named drivers) on loopback, and the same number of
 * GET /api/v2/notifications/count-not-read as the baseline of an authenticated call in the same run.
 * On PostgreSQL (a fresh database; BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432) and PGlite.
 *
 * Usage: node bench/osago-quote.mjs [--calls N]
 */
import { freePort, psql, startDemoServer } from './lib.mjs';

const CALLS = Number(process.argv[process.argv.indexOf('--calls') + 1]) || 400;
const TARGET_P95_MS = 20;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeCalls(n, call) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const r = await call();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 200) throw new Error(`answered ${r.status}: ${await r.text()}`);
    await r.arrayBuffer().catch(() => undefined);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 50), p95: pct(ms, 95), max: ms[ms.length - 1] };
}

async function benchOne(kind) {
  const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
  const dbName = `oyster_quote_bench_${process.pid}`;
  const env = { DEMO_INSURER_DELAY_MS: '0', LOG_LEVEL: 'warn', REDIS_URL: '' };
  if (kind === 'postgres') {
    psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
    psql(`${pgBase}/postgres`, `CREATE DATABASE ${dbName}`);
    Object.assign(env, { DATABASE_URL: `${pgBase}/${dbName}`, SEED_DEMO: '1' });
  } else env.DATABASE_URL = '';
  const port = await freePort();
  const server = await startDemoServer({ port, env, waitMs: 180_000 });
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await (await fetch(`${base}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'agent@oyster.test', password: 'Oyster2026!' }) })).json();
    const headers = { 'content-type': 'application/json', 'x-api-token': login.token };
    const suggestion = (await (await fetch(`${base}/suggest/address`, { method: 'POST', headers, body: JSON.stringify({ query: 'москва тверская', count: 1 }) })).json()).suggestions[0];
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const body = JSON.stringify({
      vehicle: { category: 'B', powerHp: 110, ownerType: 'FL' },
      owner: { address: { value: suggestion.value, data: suggestion.data } },
      drivers: [
        { birthDate: '1990-01-15', experienceSince: '2012-03-01', licence: '77АВ123456' },
        { birthDate: '2001-06-01', experienceSince: '2021-09-01', licence: '99ХХ000001' },
      ],
      periodMonths: 12,
      startDate: tomorrow,
    });
    const quote = () => fetch(`${base}/api/v2/osago/calculate`, { method: 'POST', headers, body });
    const baseline = () => fetch(`${base}/api/v2/notifications/count-not-read`, { headers });
    const answer = await (await quote()).json();
    await timeCalls(50, quote);
    await timeCalls(50, baseline);
    const q = await timeCalls(CALLS, quote);
    const b = await timeCalls(CALLS, baseline);
    return { kind, offers: answer.data.offers.length, refusals: answer.data.refusals.length, q, b };
  } finally {
    await server.stop();
    if (kind === 'postgres') {
      try { psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); } catch { /* left behind */ }
    }
  }
}

const f = (n) => n.toFixed(2).padStart(7);
console.log(`POST /api/v2/osago/calculate, ${CALLS} sequential calls after 50 warm-up, DEMO_INSURER_DELAY_MS=0 (loopback; ms)`);
console.log('database    route                                   p50      p95      max   p95 ratio   target');
let ok = true;
for (const kind of ['postgres', 'pglite']) {
  let r;
  try {
    r = await benchOne(kind);
  } catch (e) {
    console.log(`${kind.padEnd(11)} skipped: ${e.message.split('\n')[0]}`);
    continue;
  }
  const met = r.q.p95 <= TARGET_P95_MS;
  ok &&= met;
  console.log(`${kind.padEnd(11)} quote (${r.offers} offers, ${r.refusals} refusals)       ${f(r.q.p50)}  ${f(r.q.p95)}  ${f(r.q.max)}   ${(r.q.p95 / r.b.p95).toFixed(1).padStart(5)}×   ≤ ${TARGET_P95_MS} ms ${met ? 'OK' : 'MISSED'}`);
  console.log(`${''.padEnd(11)} baseline: GET count-not-read          ${f(r.b.p50)}  ${f(r.b.p95)}  ${f(r.b.max)}`);
}
process.exitCode = ok ? 0 : 1;
