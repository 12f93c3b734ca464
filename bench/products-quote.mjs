#!/usr/bin/env node
/**
 * A quote for every product, server time (issue 25: p95 ≤ 50 ms, the demo insurers' delays off).
 *
 * Starts the production server (node api/dist/server.mjs, demo data) with DEMO_INSURER_DELAY_MS=0, so
 * what is timed is the api's own work: validation, the product's rating at every demo insurer that
 * sells it, the currency rate (vzr), the commission tooltips' rates, the call log, the answer. For each
 * product with a quote route — e-OSAGO's own POST /api/v2/osago/calculate and
 * POST /api/v2/products/{code}/quote for ekasko, vzr, ifl, ifl_house and ipoteka — one valid demo
 * calculation (the api tests' own: api/test/sales/*.test.ts); a product the server answers 404 for
 * (not registered in this build) is skipped and said so. 30 warm-up calls, then N sequential calls
 * each on loopback, and as many GET /api/v2/notifications/count-not-read as the baseline of an
 * authenticated call in the same run; p50 / p95 / p99 / max and the p95 ratio to the baseline's.
 * On PostgreSQL (a fresh database, dropped at the end; BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432) and PGlite.
 *
 * Usage: node bench/products-quote.mjs [--calls N] [--pg-only | --pglite-only] [--only eosago,vzr] [--cpu-prof DIR]
 * (--cpu-prof: the server runs with node --cpu-prof and writes its profile into DIR when it stops; open it
 * in Chrome DevTools → Performance, or sum its self times by function.)
 */
import DEMO from '../shared-kit/src/testing/demo-calculations.json' with { type: 'json' };
import { freePort, psql, startDemoServer } from './lib.mjs';

const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const CALLS = Number(arg('--calls')) || 300;
const WARMUP = 30;
const TARGET_P95_MS = 50;
const ONLY = arg('--only')?.split(',');
const CPU_PROF = arg('--cpu-prof');
const KINDS = process.argv.includes('--pg-only') ? ['postgres'] : process.argv.includes('--pglite-only') ? ['pglite'] : ['postgres', 'pglite'];

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const DAY = 86_400_000;
/** A Moscow calendar day `n` days from today, yyyy-mm-dd. */
const moscowDay = (n) => new Date(Date.now() + 3 * 3_600_000 + n * DAY).toISOString().slice(0, 10);
const rub = (r) => r * 100;

/** The products' calculations, as the api tests send them (ekasko, vzr, property, ipoteka tests). */
function calculations(osagoAddress) {
  const kaskoStart = moscowDay(1);
  return [
    {
      product: 'eosago',
      url: '/api/v2/osago/calculate',
      body: {
        vehicle: { category: 'B', powerHp: 110, ownerType: 'FL' },
        owner: { address: osagoAddress },
        drivers: [
          { birthDate: '1990-01-15', experienceSince: '2012-03-01', licence: '77АВ123456' },
          { birthDate: '2001-06-01', experienceSince: '2021-09-01', licence: '99ХХ000001' },
        ],
        periodMonths: 12,
        startDate: moscowDay(2),
      },
    },
    {
      product: 'ekasko',
      body: {
        // The api tests' demo car (shared-kit testing/demo-calculations.json), two years old, in two instalments.
        ...DEMO.kasko,
        vehicle: { ...DEMO.kasko.vehicle, year: Number(kaskoStart.slice(0, 4)) - 2 },
        instalments: 2,
        startDate: kaskoStart,
      },
    },
    {
      product: 'vzr',
      body: {
        countries: ['IT', 'FR'],
        tripType: 'single',
        startDate: moscowDay(10),
        endDate: moscowDay(23),
        travellers: [{ birthDate: '1990-05-20' }, { birthDate: '1959-03-01' }],
        sumInsured: 'eur30000',
        sport: 'none',
      },
    },
    {
      product: 'ifl',
      body: {
        ...DEMO.flat,
        startDate: moscowDay(1),
      },
    },
    {
      product: 'ifl_house',
      body: {
        ...DEMO.house,
        startDate: moscowDay(1),
      },
    },
    {
      product: 'ipoteka',
      body: {
        bank: 'sber',
        balance: rub(3_000_000),
        property: 'flat',
        life: true,
        borrowers: [
          { birthDate: '1991-03-01', sex: 'male', share: 60 },
          { birthDate: '1993-08-15', sex: 'female', share: 40 },
        ],
        title: true,
        startDate: moscowDay(10),
        years: 4,
      },
    },
  ].map((c) => ({ ...c, url: c.url ?? `/api/v2/products/${c.product}/quote` }));
}

async function timeCalls(n, call) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const r = await call();
    const body = await r.text();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 200) throw new Error(`answered ${r.status}: ${body.slice(0, 300)}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 50), p95: pct(ms, 95), p99: pct(ms, 99), max: ms[ms.length - 1] };
}

async function benchOne(kind) {
  const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
  const dbName = `oyster_products_quote_bench_${process.pid}`;
  const env = { DEMO_INSURER_DELAY_MS: '0', LOG_LEVEL: 'warn', REDIS_URL: '' };
  if (kind === 'postgres') {
    psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
    psql(`${pgBase}/postgres`, `CREATE DATABASE ${dbName}`);
    Object.assign(env, { DATABASE_URL: `${pgBase}/${dbName}`, SEED_DEMO: '1' });
  } else env.DATABASE_URL = '';
  const port = await freePort();
  const server = await startDemoServer({ port, env, waitMs: 180_000, nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [] });
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await (await fetch(`${base}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'agent@oyster.test', password: 'Oyster2026!' }) })).json();
    const headers = { 'content-type': 'application/json', 'x-api-token': login.token };
    const suggestion = (await (await fetch(`${base}/suggest/address`, { method: 'POST', headers, body: JSON.stringify({ query: 'москва тверская', count: 1 }) })).json()).suggestions[0];
    const baseline = () => fetch(`${base}/api/v2/notifications/count-not-read`, { headers });
    await timeCalls(WARMUP, baseline);
    const rows = [];
    for (const c of calculations({ value: suggestion.value, data: suggestion.data }).filter((x) => !ONLY || ONLY.includes(x.product))) {
      const body = JSON.stringify(c.body);
      const quote = () => fetch(`${base}${c.url}`, { method: 'POST', headers, body });
      const first = await quote();
      if (first.status === 404) {
        rows.push({ ...c, skipped: `${c.url} answered 404 (the product is not registered in this build)` });
        await first.arrayBuffer();
        continue;
      }
      const answer = await first.json();
      if (first.status !== 200) throw new Error(`${c.product}: ${c.url} answered ${first.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      await timeCalls(WARMUP, quote);
      rows.push({ ...c, offers: answer.data.offers.length, refusals: answer.data.refusals.length, q: await timeCalls(CALLS, quote) });
    }
    // The baseline after the products, so it runs on a server as warm as theirs.
    const b = await timeCalls(CALLS, baseline);
    return { kind, rows, b };
  } finally {
    await server.stop();
    if (kind === 'postgres') {
      try { psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); } catch { /* left behind */ }
    }
  }
}

const f = (n) => n.toFixed(2).padStart(7);
console.log(`Quotes of every product, ${CALLS} sequential calls each after ${WARMUP} warm-up, DEMO_INSURER_DELAY_MS=0 (loopback; ms)`);
console.log('database    product    offers/refusals     p50      p95      p99      max   p95 ratio   target');
let ok = true;
for (const kind of KINDS) {
  let r;
  try {
    r = await benchOne(kind);
  } catch (e) {
    console.log(`${kind.padEnd(11)} failed: ${e.message.split('\n')[0]}`);
    ok = false;
    continue;
  }
  for (const row of r.rows) {
    if (row.skipped) {
      console.log(`${kind.padEnd(11)} ${row.product.padEnd(10)} skipped: ${row.skipped}`);
      continue;
    }
    const met = row.q.p95 <= TARGET_P95_MS;
    ok &&= met;
    console.log(`${kind.padEnd(11)} ${row.product.padEnd(10)} ${`${row.offers}/${row.refusals}`.padStart(15)}  ${f(row.q.p50)}  ${f(row.q.p95)}  ${f(row.q.p99)}  ${f(row.q.max)}   ${(row.q.p95 / r.b.p95).toFixed(1).padStart(5)}×   ≤ ${TARGET_P95_MS} ms ${met ? 'PASS' : 'over'}`);
  }
  console.log(`${''.padEnd(11)} baseline: GET count-not-read     ${f(r.b.p50)}  ${f(r.b.p95)}  ${f(r.b.p99)}  ${f(r.b.max)}`);
}
process.exitCode = ok ? 0 : 1;
