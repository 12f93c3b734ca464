#!/usr/bin/env node
/**
 * Полисы with a million contracts (issue 11; run by hand after `node scripts/build.mjs`):
 *
 *   node bench/contracts-list.mjs [--count 1000000] [--pglite-count 200000] [--runs 30] [--pg-only | --pglite-only]
 *
 * Per backend: the production server (api/dist/server.mjs) with the demo data — PostgreSQL in a fresh
 * database oyster_contracts_<pid> on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432, dropped
 * at the end), PGlite in a temporary DATA_DIR (seeded by a first start, filled while the server is
 * stopped, then started again). `count` contracts go in through one INSERT … SELECT over
 * generate_series per 100,000 (spread over the demo sellers, the six insurers, every status, two years
 * of dates, plates, VINs, names), then VACUUM ANALYZE. Then GET /api/v2/contracts is timed over HTTP
 * as the admin (every contract) and as agent@ (own scope): the first page; page 5,000 by keyset (the
 * admin; the cursor of row 99,980 looked up once, untimed) or the agent's last pages; the first page
 * with each filter. Each figure: p50 and p95 of `runs` calls after one warm-up.
 * Target (issue 11): p95 ≤ 30 ms on PostgreSQL. PGlite gets fewer rows by default (the WASM build
 * inserts a million rows in minutes); its figures say how many it had.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, psql, ROOT, startDemoServer } from './lib.mjs';

const apiRequire = createRequire(path.join(ROOT, 'api', 'package.json'));
const argv = process.argv.slice(2);
const value = (n, d) => {
  const i = argv.indexOf(`--${n}`);
  return i < 0 ? d : Number(argv[i + 1]);
};
const COUNT = value('count', 1_000_000);
const PGLITE_COUNT = value('pglite-count', 200_000);
const RUNS = value('runs', 30);
const TARGET_P95 = 30;
const PASSWORD = 'Oyster2026!';
const SELLERS = ['agent', 'owner', 'subagent', 'broker', 'newagent', 'agent1', 'agent2', 'agent3', 'agent4', 'agent5'];
const STATUSES = [600, 600, 600, 600, 510, 700, 250, 106, 106, 220, 10000, 11000];

/** `count` contracts for the demo sellers; `query(sql, params)` is the backend's. */
async function fill(query, count, log) {
  const sellers = (await query(`SELECT id FROM users WHERE email = ANY($1) ORDER BY email`, [SELLERS.map((k) => `${k}@oyster.test`)])).map((r) => r.id);
  const companies = (await query('SELECT id FROM companies ORDER BY id_unicus')).map((r) => r.id);
  const t = performance.now();
  for (let from = 1; from <= count; from += 100_000) {
    const to = Math.min(count, from + 99_999);
    await query(
      `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, details, client_name, plate, vin, policy_number, start_date, end_date, created_at, updated_at)
       SELECT substr(md5('bench' || g::text), 1, 24), s.id, s.id, 'eosago', st.v, ($2::text[])[1 + (g / 10) % cardinality($2::text[])],
              500000 + (g::bigint * 7919) % 2000000,
              '{"vehicle":{"category":"B","powerHp":150,"ownerType":"FL"},"owner":{"address":{"value":"г Москва","data":{"region_kladr_id":"7700000000000"}}},"unrestricted":true,"periodMonths":12,"startDate":"2026-01-01"}'::jsonb,
              '{}'::jsonb,
              (ARRAY['Иванов','Кузнецова','Попов','Васильева','Соколов','Михайлова','Новиков','Морозова'])[1 + g % 8] || ' ' || (ARRAY['Алексей','Мария','Дмитрий','Елена'])[1 + g % 4],
              (ARRAY['А','В','Е','К','М','Н','О','Р','С','Т','У','Х'])[1 + (g / 1000) % 12] || lpad((g % 1000)::text, 3, '0') || 'ВС' || (ARRAY['77','97','177','199','78'])[1 + g % 5],
              'XTA' || lpad(g::text, 14, '0'),
              CASE WHEN st.v IN (510, 600, 700) THEN 'ХХХ' || lpad(g::text, 10, '0') END,
              (now() - (g % 730) * interval '1 day')::date + 3, (now() - (g % 730) * interval '1 day')::date + 367,
              date_trunc('milliseconds', now() - interval '2 hours' - (g::double precision / $4) * interval '730 days'),
              date_trunc('milliseconds', now() - interval '2 hours' - (g::double precision / $4) * interval '730 days')
         FROM generate_series($1::int, $5::int) g
         CROSS JOIN LATERAL (SELECT ($3::int[])[1 + g % cardinality($3::int[])] AS v) st
         CROSS JOIN LATERAL (SELECT ($6::text[])[1 + ((g::bigint * 31) % cardinality($6::text[]))::int] AS id) s`,
      [from, companies, STATUSES, count, to, sellers],
    );
    log(`  ${to.toLocaleString('en')} contracts`);
  }
  await query('VACUUM ANALYZE contracts');
  return { companies, insertS: (performance.now() - t) / 1000 };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeGet(url, token) {
  const get = async () => {
    const res = await fetch(url, { headers: { 'x-api-token': token } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()).data;
  };
  await get();
  const ms = [];
  let got;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    got = await get();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 50), p95: pct(ms, 95), rows: got.items.length };
}

const WHO = [['admin (all)', 'admin@oyster.test'], ['agent (own)', 'agent@oyster.test']];

/** What the timed calls need from the database, read before (PGlite: while the server is stopped). */
async function prepare(query) {
  const facts = {};
  for (const [who, email] of WHO) {
    const agentOnly = who.startsWith('agent');
    const [me] = await query('SELECT id FROM users WHERE email = $1', [email]);
    const [{ n }] = await query(`SELECT count(*)::int AS n FROM contracts ${agentOnly ? 'WHERE agent_id = $1' : ''}`, agentOnly ? [me.id] : []);
    const offset = agentOnly ? Math.max(0, n - 40) : Math.min(4999 * 20, n - 40);
    const [deep] = await query(`SELECT created_at, id FROM contracts ${agentOnly ? 'WHERE agent_id = $1' : ''} ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT 1`, agentOnly ? [me.id] : []);
    facts[who] = { n, offset, cursor: Buffer.from(`${new Date(deep.created_at).toISOString()}|${deep.id}`, 'utf8').toString('base64url') };
  }
  return facts;
}

async function measure(name, base, facts, companies, count) {
  const signIn = async (email) =>
    (await (await fetch(`${base}/api/v2/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })).json()).token;
  const rows = [];
  for (const [who, email] of WHO) {
    const token = await signIn(email);
    const { n, offset, cursor } = facts[who];
    const cases = [
      ['first page', ''],
      [who.startsWith('agent') ? `its last pages (after row ${offset.toLocaleString('en')} of ${n.toLocaleString('en')})` : `page ${Math.floor(offset / 20) + 1} (after row ${offset.toLocaleString('en')})`, `after=${cursor}`],
      ['status 600', 'status=600'],
      ['period: 30 days', 'period=30'],
      ['company', `company=${companies[2]}`],
      ['product eosago', 'product=eosago'],
      ['search plate start «А123»', `search=${encodeURIComponent('А123')}`],
      ['search surname start «Кузн»', `search=${encodeURIComponent('Кузн')}`],
      ['search policy start «ХХХ00000123»', `search=${encodeURIComponent('ХХХ00000123')}`],
    ];
    for (const [what, q] of cases) {
      const r = await timeGet(`${base}/api/v2/contracts?limit=20${q ? `&${q}` : ''}`, token);
      rows.push(r);
      console.log(`  ${who.padEnd(12)} ${what.padEnd(46)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${r.rows} rows`);
    }
  }
  const worst = Math.max(...rows.map((r) => r.p95));
  console.log(`  ${name}, ${count.toLocaleString('en')} contracts: worst p95 ${worst.toFixed(1)} ms — target ≤ ${TARGET_P95} ms: ${worst <= TARGET_P95 ? 'met' : 'MISSED'}`);
}

const log = (m) => process.stderr.write(`${m}\n`);
const serverEnv = { LOG_LEVEL: 'warn', REDIS_URL: '' };

if (!argv.includes('--pglite-only')) {
  const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
  const dbName = `oyster_contracts_${process.pid}`;
  psql(`${pgBase}/postgres`, `CREATE DATABASE ${dbName}`);
  const port = await freePort();
  const server = await startDemoServer({ port, env: { ...serverEnv, DATABASE_URL: `${pgBase}/${dbName}` }, waitMs: 180_000 });
  const pg = apiRequire('pg');
  const client = new pg.Client({ connectionString: `${pgBase}/${dbName}` });
  await client.connect();
  const query = async (sql, params) => (await client.query(sql, params)).rows;
  try {
    const { companies, insertS } = await fill(query, COUNT, log);
    console.log(`\nPostgreSQL: ${COUNT.toLocaleString('en')} contracts added in ${insertS.toFixed(1)} s; GET /api/v2/contracts over HTTP, ${RUNS} calls each`);
    await measure('PostgreSQL', `http://127.0.0.1:${port}`, await prepare(query), companies, COUNT);
  } finally {
    await client.end();
    await server.stop();
    try { psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); } catch { /* left behind */ }
  }
}

if (!argv.includes('--pg-only')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bench-contracts-'));
  const env = { ...serverEnv, DATABASE_URL: '' };
  try {
    // First start: migrations and the demo data; then the rows, with the server stopped (PGlite is one process's).
    await (await startDemoServer({ port: await freePort(), env, dataDir, waitMs: 180_000 })).stop();
    const { PGlite } = await import(apiRequire.resolve('@electric-sql/pglite'));
    const lite = new PGlite(dataDir);
    const liteQuery = async (sql, params) => (await lite.query(sql, params)).rows;
    const { companies, insertS } = await fill(liteQuery, PGLITE_COUNT, log);
    const facts = await prepare(liteQuery);
    await lite.close();
    const port = await freePort();
    const server = await startDemoServer({ port, env, dataDir, waitMs: 180_000 });
    try {
      console.log(`\nPGlite: ${PGLITE_COUNT.toLocaleString('en')} contracts added in ${insertS.toFixed(1)} s; GET /api/v2/contracts over HTTP, ${RUNS} calls each`);
      await measure('PGlite', `http://127.0.0.1:${port}`, facts, companies, PGLITE_COUNT);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
