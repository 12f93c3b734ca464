#!/usr/bin/env node
/**
 * The executors' queue with 200,000 broker requests (issue 12; run by hand after `node scripts/build.mjs`):
 *
 *   node bench/broker-queue.mjs [--count 200000] [--runs 30] [--keep (the database stays, for EXPLAIN)]
 *
 * The production server (api/dist/server.mjs) on PostgreSQL in a fresh database oyster_brq_<pid> on
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432, dropped at the end), with the demo data;
 * `count` requests go in through INSERT … SELECT over generate_series per 100,000 (spread over the demo
 * agents, the two managers and no one, every product, every status but blank, two years of dates, an
 * SLA deadline for the sent ones, company and client names), then VACUUM ANALYZE. Then
 * GET /api/v2/broker-requests is timed over HTTP as manager@ (every agent's) and as agent@ (own scope):
 * each view («Новые», «Мои» by deadline, «Все» newest first), a deep page by keyset, and each filter
 * (status, product, period, network, agent, search by number and by name). Each figure: p50 and p95
 * of `runs` calls after one warm-up. Target (issue 12): p95 ≤ 30 ms per page with filters, on PostgreSQL.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, psql, ROOT, startDemoServer } from './lib.mjs';

const apiRequire = createRequire(path.join(ROOT, 'api', 'package.json'));
const argv = process.argv.slice(2);
const value = (n, d) => {
  const i = argv.indexOf(`--${n}`);
  return i < 0 ? d : Number(argv[i + 1]);
};
const COUNT = value('count', 200_000);
const RUNS = value('runs', 30);
const TARGET_P95 = 30;
const PASSWORD = 'Oyster2026!';
const AGENTS = ['agent', 'owner', 'subagent', 'broker', 'newagent', 'agent1', 'agent2', 'agent3', 'agent4', 'agent5'];
const STATUSES = [100, 110, 110, 125, 150, 150, 180, 200, 300, 325, 350, 500, 500, 500, 11000];
const PRODUCTS = ['iyl_yl', 'eosago_a_yl', 'ekasko_a_yl', 'dms_yl', 'gr_yl', 'ekasko', 'ipoteka', 'dms', 'vzr', 'go_fl', 'other', 'smr_yl'];

async function fill(query, count, log) {
  const agents = (await query(`SELECT id FROM users WHERE email = ANY($1) ORDER BY email`, [AGENTS.map((k) => `${k}@oyster.test`)])).map((r) => r.id);
  const managers = (await query(`SELECT id FROM users WHERE email IN ('manager@oyster.test', 'manager2@oyster.test') ORDER BY email`)).map((r) => r.id);
  const t = performance.now();
  for (let from = 1; from <= count; from += 100_000) {
    const to = Math.min(count, from + 99_999);
    await query(
      `INSERT INTO broker_requests (id, agent_id, created_by, executor_id, product_id, status, form, client_name, sla_hours, created_at, updated_at, sent_at, sla_due_at, closed_at)
       SELECT substr(md5('brq' || g::text), 1, 24), a.id, a.id,
              CASE WHEN st.v IN (100, 110) AND g % 3 <> 0 THEN NULL ELSE ($7::text[])[1 + g % cardinality($7::text[])] END,
              ($2::text[])[1 + (g / 7) % cardinality($2::text[])], st.v, '{}'::jsonb,
              (ARRAY['ООО «Северный склад»','АО «Волга-Агро»','ИП Кузнецова','ООО «Морской путь»','Иванов Алексей','Попова Мария'])[1 + g % 6] || ' ' || g,
              16, c.at, c.at,
              CASE WHEN st.v <> 100 THEN c.at + interval '1 hour' END,
              CASE WHEN st.v <> 100 THEN c.at + interval '1 hour' + (g % 48) * interval '1 hour' END,
              CASE WHEN st.v IN (500, 11000) THEN c.at + interval '3 days' END
         FROM generate_series($1::int, $5::int) g
         CROSS JOIN LATERAL (SELECT ($3::int[])[1 + g % cardinality($3::int[])] AS v) st
         CROSS JOIN LATERAL (SELECT ($6::text[])[1 + ((g::bigint * 31) % cardinality($6::text[]))::int] AS id) a
         CROSS JOIN LATERAL (SELECT date_trunc('milliseconds', now() - interval '2 hours' - (g::double precision / $4) * interval '730 days') AS at) c`,
      [from, PRODUCTS, STATUSES, count, to, agents, managers],
    );
    log(`  ${to.toLocaleString('en')} requests`);
  }
  await query('VACUUM ANALYZE broker_requests');
  return { insertS: (performance.now() - t) / 1000 };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeGet(url, token) {
  const get = async () => {
    const res = await fetch(url, { headers: { 'x-api-token': token } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()).data;
  };
  let got = await get();
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    got = await get();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 50), p95: pct(ms, 95), rows: got.items.length, next: got.next };
}

const log = (m) => process.stderr.write(`${m}\n`);
const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
const dbName = `oyster_brq_${process.pid}`;
psql(`${pgBase}/postgres`, `CREATE DATABASE ${dbName}`);
const port = await freePort();
const server = await startDemoServer({ port, env: { LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: `${pgBase}/${dbName}` }, waitMs: 180_000 });
const pg = apiRequire('pg');
const client = new pg.Client({ connectionString: `${pgBase}/${dbName}` });
await client.connect();
const query = async (sql, params) => (await client.query(sql, params)).rows;
try {
  const { insertS } = await fill(query, COUNT, log);
  const base = `http://127.0.0.1:${port}`;
  const [{ id: network }] = await query('SELECT id FROM broker_networks ORDER BY name LIMIT 1');
  const [{ id: agentId }] = await query(`SELECT id FROM users WHERE email = 'agent1@oyster.test'`);
  const signIn = async (email) =>
    (await (await fetch(`${base}/api/v2/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })).json()).token;
  console.log(`\nPostgreSQL: ${COUNT.toLocaleString('en')} broker requests added in ${insertS.toFixed(1)} s; GET /api/v2/broker-requests over HTTP, ${RUNS} calls each`);
  const rows = [];
  for (const [who, email, cases] of [
    ['manager', 'manager@oyster.test', [
      ['«Новые» (sent, nobody’s), by deadline', 'view=unassigned'],
      ['«Мои», by deadline', 'view=mine'],
      ['«Все», newest first', ''],
      ['«Все» + status 150', 'status=150'],
      ['«Все» + product dms_yl', 'product=dms_yl'],
      ['«Все» + period 30 days', 'period=30'],
      ['«Все» + network', `network=${network}`],
      ['«Все» + agent', `agent=${agentId}`],
      ['«Мои» + product iyl_yl', 'view=mine&product=iyl_yl'],
      ['search by number', 'search=150000'],
      ['search name start «ООО «Морской»', `search=${encodeURIComponent('ООО «Морской')}`],
    ]],
    ['agent', 'agent@oyster.test', [
      ['own, newest first', ''],
      ['own + status 300', 'status=300'],
    ]],
  ]) {
    const token = await signIn(email);
    for (const [what, q] of cases) {
      const r = await timeGet(`${base}/api/v2/broker-requests?limit=20${q ? `&${q}` : ''}`, token);
      rows.push(r);
      console.log(`  ${who.padEnd(8)} ${what.padEnd(42)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${r.rows} rows`);
      // A deep page: follow the cursor 200 pages into «Все» (untimed), then time that page.
      if (who === 'manager' && q === '') {
        let next = r.next;
        for (let i = 0; i < 200 && next; i++) next = (await (await fetch(`${base}/api/v2/broker-requests?limit=20&after=${next}`, { headers: { 'x-api-token': token } })).json()).data.next;
        if (next) {
          const deep = await timeGet(`${base}/api/v2/broker-requests?limit=20&after=${next}`, token);
          rows.push(deep);
          console.log(`  ${who.padEnd(8)} ${'«Все», page 202 by keyset'.padEnd(42)} p50 ${deep.p50.toFixed(1).padStart(6)} ms   p95 ${deep.p95.toFixed(1).padStart(6)} ms   ${deep.rows} rows`);
        }
      }
    }
  }
  const worst = Math.max(...rows.map((r) => r.p95));
  console.log(`  PostgreSQL, ${COUNT.toLocaleString('en')} requests: worst p95 ${worst.toFixed(1)} ms — target ≤ ${TARGET_P95} ms: ${worst <= TARGET_P95 ? 'met' : 'MISSED'}`);
} finally {
  await client.end();
  await server.stop();
  try {
    if (argv.includes('--keep')) console.log(`kept: ${pgBase}/${dbName}`);
    else psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  } catch {
    /* left behind */
  }
}
