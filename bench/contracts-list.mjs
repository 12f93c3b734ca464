#!/usr/bin/env node
/**
 * Полисы with a million contracts (issue 11; run by hand after `node scripts/build.mjs`):
 *
 *   node bench/contracts-list.mjs [--count 1000000] [--pglite-count 200000] [--runs 30] [--pg-only | --pglite-only] [--keep]
 *
 * --keep leaves the PostgreSQL database in place (its name printed) for EXPLAIN ANALYZE; drop it by hand.
 *
 * Per backend: the production server (api/dist/server.mjs) with the demo data — PostgreSQL in a fresh
 * database oyster_contracts_<pid> on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432, dropped
 * at the end), PGlite in a temporary DATA_DIR (seeded by a first start, filled while the server is
 * stopped, then started again). `count` contracts go in through one INSERT … SELECT over
 * generate_series per 100,000 (spread over the demo sellers, the six insurers, every status, two years
 * of dates, names; every product of the registry — e-OSAGO 40 %, e-KASKO 15 %, VZR 15 %, the apartment
 * 10 %, the house 8 %, the mortgage 7 %, manual 5 % — each with a plausible calculation and details of
 * its own, plates and VINs where the product has a vehicle, VZR in EUR or USD with its rate), then
 * VACUUM ANALYZE. Then GET /api/v2/contracts is timed over HTTP
 * as the admin (every contract) and as agent@ (own scope): the first page; page 5,000 by keyset (the
 * admin; the cursor of row 99,980 looked up once, untimed) or the agent's last pages; the first page
 * with each filter (the product filter too: a common, a rarer and the rarest product, and one with a
 * status). Each figure: p50 and p95 of `runs` calls after one warm-up.
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
      `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, details, client_name, plate, vin, policy_number, start_date, end_date,
                             currency, premium_foreign, currency_rate, currency_rate_date, currency_rate_source, created_at, updated_at)
       SELECT substr(md5('bench' || g::text), 1, 24), s.id, s.id, p.code, st.v, ($2::text[])[1 + (g / 10) % cardinality($2::text[])],
              500000 + (g::bigint * 7919) % 2000000,
              CASE p.code
                WHEN 'eosago' THEN jsonb_build_object('vehicle', jsonb_build_object('category', 'B', 'powerHp', 90 + g % 160, 'ownerType', 'FL'),
                  'owner', jsonb_build_object('address', jsonb_build_object('value', 'г Москва, ул Тверская, д ' || (1 + g % 40), 'data', jsonb_build_object('region_kladr_id', '7700000000000'))),
                  'drivers', jsonb_build_array(jsonb_build_object('birthDate', '1985-09-30', 'experienceSince', '2005-01-01', 'licence', '77АВ' || lpad((g % 1000000)::text, 6, '0'))),
                  'periodMonths', 12, 'startDate', d.start)
                WHEN 'ekasko' THEN jsonb_build_object('vehicle', jsonb_build_object('make', (ARRAY['Kia','Hyundai','Toyota','Lada','Skoda'])[1 + g % 5], 'model', (ARRAY['Rio','Solaris','Camry','Vesta','Octavia'])[1 + g % 5],
                    'year', 2015 + g % 10, 'plate', pl.v, 'highTheft', g % 7 = 0),
                  'sumInsured', 100000000 + (g % 30) * 10000000, 'drivers', jsonb_build_array(jsonb_build_object('birthDate', '1985-09-30', 'experienceSince', '2005-01-01')),
                  'deductible', 'rub30000', 'antiTheft', 'standard', 'instalments', 1 + g % 2, 'region', 'capitals', 'startDate', d.start)
                WHEN 'vzr' THEN jsonb_build_object('countries', CASE WHEN cur.v = 'USD' THEN '["US"]'::jsonb ELSE '["IT","FR"]'::jsonb END, 'tripType', 'single', 'startDate', d.start, 'endDate', (d.start::date + 13)::text,
                  'travellers', '[{"birthDate":"1990-05-20"},{"birthDate":"1959-03-01"}]'::jsonb, 'sumInsured', CASE WHEN cur.v = 'USD' THEN 'usd50000' ELSE 'eur30000' END, 'sport', 'none')
                WHEN 'ifl' THEN jsonb_build_object('kind', 'apartment', 'address', jsonb_build_object('value', 'г Москва, ул Тверская, д 1, кв ' || (1 + g % 300)), 'area', 30 + g % 90, 'yearBuilt', 1960 + g % 60,
                  'construction', 'panel', 'floor', 1 + g % 9, 'floors', 9, 'cover', '{"structure":100000000,"finishing":50000000,"contents":30000000,"liability":50000000}'::jsonb, 'fireSafety', true, 'alarm', false, 'startDate', d.start)
                WHEN 'ifl_house' THEN jsonb_build_object('kind', 'house', 'address', jsonb_build_object('value', 'Московская обл, д Горки, ул Лесная, д ' || (1 + g % 90)), 'area', 80 + g % 150, 'yearBuilt', 1990 + g % 35,
                  'walls', 'wooden_frame', 'heating', 'stove_fireplace', 'seasonal', false, 'cover', '{"structure":300000000,"contents":50000000}'::jsonb,
                  'outbuildings', '[{"name":"Баня","walls":"wooden_frame","sum":40000000}]'::jsonb, 'fireSafety', true, 'alarm', false, 'startDate', d.start)
                WHEN 'ipoteka' THEN jsonb_build_object('bank', (ARRAY['sber','vtb','domrf'])[1 + g % 3], 'balance', 100000000 + (g % 80) * 5000000, 'property', 'flat', 'life', true,
                  'borrowers', '[{"birthDate":"1991-03-01","sex":"male","share":60},{"birthDate":"1993-08-15","sex":"female","share":40}]'::jsonb, 'title', g % 3 = 0, 'startDate', d.start, 'years', 1 + g % 5)
                ELSE jsonb_build_object('kind', (ARRAY['ekasko','eosago','ifl'])[1 + g % 3], 'policyNumber', 'РУЧ-' || lpad(g::text, 10, '0'), 'startDate', d.start)
              END,
              CASE p.code
                WHEN 'eosago' THEN jsonb_build_object('vehicle', jsonb_build_object('vin', vin.v, 'plate', pl.v, 'make', 'Lada', 'model', 'Vesta'), 'contacts', jsonb_build_object('phone', '+7 916 ' || lpad((g % 10000000)::text, 7, '0'), 'email', 'client' || g || '@example.ru'))
                WHEN 'ekasko' THEN jsonb_build_object('vehicle', jsonb_build_object('vin', vin.v), 'driverNames', jsonb_build_array(nm.v), 'contacts', jsonb_build_object('phone', '+7 916 ' || lpad((g % 10000000)::text, 7, '0')))
                WHEN 'vzr' THEN jsonb_build_object('travellers', '[{"lastName":"Smirnova","firstName":"Anna","passport":"75 1234567"}]'::jsonb, 'insurant', jsonb_build_object('lastName', split_part(nm.v, ' ', 1), 'firstName', split_part(nm.v, ' ', 2)))
                ELSE jsonb_build_object('insurant', jsonb_build_object('lastName', split_part(nm.v, ' ', 1), 'firstName', split_part(nm.v, ' ', 2)), 'contacts', jsonb_build_object('phone', '+7 916 ' || lpad((g % 10000000)::text, 7, '0')))
              END,
              nm.v,
              CASE WHEN p.code IN ('eosago', 'ekasko') OR (p.code = 'manual' AND g % 3 < 2) THEN pl.v END,
              CASE WHEN p.code IN ('eosago', 'ekasko') OR (p.code = 'manual' AND g % 3 < 2) THEN vin.v END,
              CASE WHEN st.v IN (510, 600, 700) THEN 'ХХХ' || lpad(g::text, 10, '0') END,
              d.start::date, d.start::date + CASE p.code WHEN 'vzr' THEN 13 ELSE 364 END,
              cur.v,
              CASE WHEN cur.v <> 'RUB' THEN 3000 + (g % 400) * 10 END,
              CASE cur.v WHEN 'EUR' THEN 984512 WHEN 'USD' THEN 912345 END,
              CASE WHEN cur.v <> 'RUB' THEN d.start::date - 10 END,
              CASE WHEN cur.v <> 'RUB' THEN 'ЦБ РФ' END,
              date_trunc('milliseconds', now() - interval '2 hours' - (g::double precision / $4) * interval '730 days'),
              date_trunc('milliseconds', now() - interval '2 hours' - (g::double precision / $4) * interval '730 days')
         FROM generate_series($1::int, $5::int) g
         CROSS JOIN LATERAL (SELECT ($3::int[])[1 + g % cardinality($3::int[])] AS v) st
         CROSS JOIN LATERAL (SELECT ($6::text[])[1 + ((g::bigint * 31) % cardinality($6::text[]))::int] AS id) s
         -- The products' mix (by the registry, shared-kit sales/products.ts): e-OSAGO 40 %, e-KASKO 15 %, VZR 15 %, the apartment 10 %,
         -- the house 8 %, the mortgage 7 %, the manual policies 5 %.
         CROSS JOIN LATERAL (SELECT CASE WHEN b < 40 THEN 'eosago' WHEN b < 55 THEN 'ekasko' WHEN b < 70 THEN 'vzr' WHEN b < 80 THEN 'ifl'
                                         WHEN b < 88 THEN 'ifl_house' WHEN b < 95 THEN 'ipoteka' ELSE 'manual' END AS code
                               FROM (SELECT ((g::bigint * 13) / 7 % 100)::int AS b) x) p
         CROSS JOIN LATERAL (SELECT CASE WHEN p.code <> 'vzr' THEN 'RUB' WHEN g % 4 = 0 THEN 'USD' ELSE 'EUR' END AS v) cur
         CROSS JOIN LATERAL (SELECT ((now() - (g % 730) * interval '1 day')::date + 3)::text AS start) d
         CROSS JOIN LATERAL (SELECT (ARRAY['Иванов','Кузнецова','Попов','Васильева','Соколов','Михайлова','Новиков','Морозова'])[1 + g % 8] || ' ' || (ARRAY['Алексей','Мария','Дмитрий','Елена'])[1 + g % 4] AS v) nm
         CROSS JOIN LATERAL (SELECT (ARRAY['А','В','Е','К','М','Н','О','Р','С','Т','У','Х'])[1 + (g / 1000) % 12] || lpad((g % 1000)::text, 3, '0') || 'ВС' || (ARRAY['77','97','177','199','78'])[1 + g % 5] AS v) pl
         CROSS JOIN LATERAL (SELECT 'XTA' || lpad(g::text, 14, '0') AS v) vin`,
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
      ['product eosago (40 %)', 'product=eosago'],
      ['product vzr (15 %)', 'product=vzr'],
      ['product manual (5 %)', 'product=manual'],
      ['product ekasko + status 600', 'product=ekasko&status=600'],
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
    if (argv.includes('--keep')) console.log(`  kept: ${pgBase}/${dbName}`);
    else try { psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); } catch { /* left behind */ }
  }
}

if (!argv.includes('--pg-only')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bench-contracts-'));
  const env = { ...serverEnv, DATABASE_URL: '' };
  try {
    // First start: migrations and the demo data; then the rows, with the server stopped (PGlite is one process's).
    await (await startDemoServer({ port: await freePort(), env, dataDir, waitMs: 180_000 })).stop();
    const { PGlite } = await import(apiRequire.resolve('@electric-sql/pglite'));
    // As platform/db.ts opens it: the users' search index (migration 35) is pg_trgm's.
    const { pg_trgm } = await import(apiRequire.resolve('@electric-sql/pglite/contrib/pg_trgm'));
    const lite = new PGlite(dataDir, { extensions: { pg_trgm } });
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
