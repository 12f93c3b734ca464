#!/usr/bin/env node
/**
 * Мое КВ / КВ всех over 100,000 agents × 12 months of ledger lines (issue 24: an agent's КВ page and the
 * staff list p95 ≤ 30 ms on PostgreSQL):
 *
 *   node bench/finance-ledger.mjs [--agents 100000] [--baseline 1000] [--runs 200] [--case-seconds 40] [--quick] [--keep] [--explain]
 *
 * A fresh database oyster_bench_ledger on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432), the
 * api's migrations, six insurers, an admin and a finance controller; then the agents (users with the role
 * agent) and, per agent, one e-OSAGO contract per Moscow month of the last 12 (2025-12 … 2026-11: paid in its first 21 days, every line in its month), each
 * with 1–3 ledger lines: the commission of its payment, for two contracts in three an instalment's, for
 * one in three the payment reversed; one line in 97 without a rate, an adjustment without a contract for
 * one agent in 50 every fourth month — ≈ 2 lines per agent per month (2.4M for 100,000 agents). Rows go
 * in by INSERT … SELECT over generate_series, 10,000 agents at a time, foreign keys not checked
 * (session_replication_role = replica: the rows are consistent by construction; triggers off too, so the
 * month sums of migration 24 are then rebuilt, timed: the migration's backfill), then VACUUM ANALYZE.
 *
 * Timed through the api's own code, in this process (bundled by esbuild): ledgerPage of statement.ts — what
 * GET /api/v2/finance/ledger answers — with the session user as loadUser/toSessionUser make it, limit 50 as
 * the page asks, period 2026-11 (every earlier line is carried in):
 *   1. an agent's КВ page (own lines; a different agent each call),
 *   2. КВ всех as the admin: the first page; as the finance controller: filtered by an insurer; and the
 *      admin's page filtered by one agent;
 *   3. the period list the page opens with (ledgerPeriods: GET /api/v2/payments/period-filters-pay-lists),
 *      as an agent and as the admin.
 * Each: `runs` calls after 5 warm-ups (a case stops after --case-seconds, default 40, once 20 are done);
 * p50 / p95 / p99. The baseline: a second database, oyster_bench_ledger_base, made the same way with
 * `baseline` agents; each call on it runs right before the same call on the full one, so whatever else
 * the machine does slows both alike, and each figure has its baseline and the ratio in the same run.
 * --explain prints EXPLAIN ANALYZE of each case's queries. --quick: 5,000 agents, baseline 500, 50 runs
 * (under a minute). The databases are dropped at the end unless --keep.
 * Not part of npm test: run by hand (`npm run bench -- --only ledger`).
 */
import os from 'node:os';
import { freshPgDb, importApiSources, pairedTable, psql } from './lib.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(`node bench/finance-ledger.mjs [--agents N (100000)] [--baseline N (1000)] [--runs N (200)] [--case-seconds S (40)] [--quick] [--keep] [--explain]
  КВ ledger on PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432; databases oyster_bench_ledger and _base, dropped at the end):
  N agents × 12 months of ledger lines, ledgerPage timed for an agent's page and КВ всех (first page, by insurer, by agent),
  p50/p95/p99 of runs calls (a case stops after S seconds once 20 are done) each call next to the same call on a baseline database of N agents.
  Target p95 ≤ 30 ms. --quick: 5000 agents, baseline 500, 50 runs (under a minute). --keep: the databases stay (for EXPLAIN).`);
  process.exit(0);
}
const quick = argv.includes('--quick');
const value = (n, d) => {
  const i = argv.indexOf(`--${n}`);
  return i < 0 ? d : Number(argv[i + 1]);
};
const AGENTS = value('agents', quick ? 5_000 : 100_000);
const BASELINE = Math.min(AGENTS, value('baseline', quick ? 500 : 1_000));
const RUNS = value('runs', quick ? 50 : 200);
const CASE_S = value('case-seconds', 40);
const TARGET_P95 = 30;
const MONTHS = 12;
const FIRST_MONTH = '2025-12-01'; // … 2026-11
const PERIOD = '2026-11';
const CHUNK = 10_000;

// The api's own code, bundled into this process (bench/lib.mjs importApiSources).
const { createPgDb, runMigrations, MIGRATIONS, loadUser, toSessionUser, ledgerPage, ledgerPeriods } = await importApiSources('ledger', ['platform/db.ts', 'platform/migrations.ts', 'migrations/index.ts', 'platform/auth/users.ts', 'finance/statement.ts']);

const log = (m) => process.stderr.write(`${m}\n`);
const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
const dbNames = { base: 'oyster_bench_ledger_base', full: 'oyster_bench_ledger' };
const openDb = (name) => freshPgDb(createPgDb, pgBase, name);

/** Ids as the api makes them (24 hex digits), from a kind prefix and a number. */
const hexId = (prefix, n) => `'${prefix}' || lpad(to_hex(${n}), ${24 - prefix.length}, '0')`;
const COMPANIES = ['Альфа', 'Ингосстрах', 'РЕСО', 'Согласие', 'ВСК', 'Ренессанс'];

async function setUp(db) {
  await runMigrations(db, MIGRATIONS);
  for (const [i, name] of COMPANIES.entries()) {
    await db.query(`INSERT INTO companies (id, id_unicus, short_name) VALUES (${hexId('c0', '$1::int')}, $2, $3) ON CONFLICT DO NOTHING`, [i + 1, `bench-${i + 1}`, name]);
  }
  await db.query(`INSERT INTO users (id, email, password_hash, roles, first_name, second_name) VALUES
    (${hexId('ad', 1)}, 'admin@bench.test', 'x', '{admin}', 'Анна', 'Админова'),
    (${hexId('fc', 1)}, 'finance@bench.test', 'x', '{finance_controller}', 'Фёдор', 'Финансов')`);
}

/** Agents `from`..`to` with their contracts and ledger lines. */
async function fill(db, from, to) {
  await db.tx(async (q) => {
    await q.query(`SET LOCAL session_replication_role = replica`);
    await q.query(
      `INSERT INTO users (id, email, password_hash, roles, first_name, second_name, middle_name, rating_level)
       SELECT ${hexId('a0', 'g')}, 'agent' || g || '@bench.test', 'x', '{agent}',
              (ARRAY['Алексей','Мария','Дмитрий','Елена','Сергей','Ольга'])[1 + g % 6],
              (ARRAY['Иванов','Кузнецов','Попов','Васильев','Соколов','Михайлов','Новиков','Морозов'])[1 + g % 8] || CASE WHEN g % 6 IN (1, 3, 5) THEN 'а' ELSE '' END,
              '', 1 + g % 3
         FROM generate_series($1::int, $2::int) g`,
      [from, to],
    );
    // One contract per agent per month: paid, an e-OSAGO of one of the six insurers.
    await q.query(
      `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, client_name, policy_number, start_date, end_date, paid_at, created_at, updated_at)
       SELECT ${hexId('cc', 'n')}, ${hexId('a0', 'g')}, ${hexId('a0', 'g')}, 'eosago', 600, ${hexId('c0', '1 + (g + m) % 6')},
              500000 + (n * 7919) % 2000000, '{}'::jsonb,
              (ARRAY['Иванов','Кузнецова','Попов','Васильева'])[1 + n % 4] || ' ' || (ARRAY['Алексей','Мария','Дмитрий','Елена'])[1 + g % 4],
              'ХХХ' || lpad(n::text, 10, '0'), t.at::date + 1, t.at::date + 366, t.at, t.at - interval '1 hour', t.at
         FROM generate_series($1::int, $2::int) g
        CROSS JOIN generate_series(0, ${MONTHS - 1}) m
        CROSS JOIN LATERAL (SELECT g::bigint * ${MONTHS} + m AS n) k
        CROSS JOIN LATERAL (SELECT (($3::date + m * interval '1 month')::timestamp AT TIME ZONE 'Europe/Moscow')
                                   + ((g::bigint * 7919 + m * 104729) % (21 * 86400)) * interval '1 second' AS at) t`,
      [from, to, FIRST_MONTH],
    );
    // Its lines: the payment's commission; an instalment's for two in three; the payment reversed for one in three.
    await q.query(
      `INSERT INTO commission_ledger (contract_id, agent_id, kind, event_key, rate_bp, rate_reason, base_kopecks, amount_kopecks, at)
       SELECT c.id, c.agent_id, e.kind, e.event_key, CASE WHEN (k.n + e.i) % 97 = 0 AND e.i < 3 THEN NULL ELSE 1000 + (k.n % 5) * 100 END,
              'Уровень агента, ставка страховщика', c.premium,
              CASE WHEN (k.n + e.i) % 97 = 0 AND e.i < 3 THEN 0 ELSE e.sign * (c.premium * (1000 + (k.n % 5) * 100) + 5000) / 10000 END,
              c.paid_at + e.i * interval '2 days'
         FROM generate_series($1::int, $2::int) g
        CROSS JOIN generate_series(0, ${MONTHS - 1}) m
        CROSS JOIN LATERAL (SELECT g::bigint * ${MONTHS} + m AS n) k
         JOIN contracts c ON c.id = ${hexId('cc', 'k.n')}
        CROSS JOIN LATERAL (VALUES (1, 'commission', 'payment', 1), (2, 'commission', 'instalment-2', 1), (3, 'commission_reversal', 'payment', -1)) e(i, kind, event_key, sign)
        WHERE e.i = 1 OR (e.i = 2 AND (g + m) % 3 > 0) OR (e.i = 3 AND (g + m) % 3 = 2)`,
      [from, to],
    );
    await q.query(
      `INSERT INTO commission_ledger (contract_id, agent_id, kind, event_key, rate_bp, base_kopecks, amount_kopecks, note, created_by, at)
       SELECT NULL, ${hexId('a0', 'g')}, 'adjustment', 'adjustment', NULL, 0, CASE WHEN m % 8 = 0 THEN 15000 ELSE -5000 END, 'Корректировка: бонус за объём',
              ${hexId('fc', 1)}, ($3::date + m * interval '1 month' + interval '20 days')::timestamp AT TIME ZONE 'Europe/Moscow'
         FROM generate_series($1::int, $2::int) g CROSS JOIN generate_series(0, ${MONTHS - 1}, 4) m WHERE g % 50 = 0`,
      [from, to, FIRST_MONTH],
    );
  });
}

async function grow(db, from, to) {
  const t = performance.now();
  for (let a = from; a <= to; a += CHUNK) {
    const b = Math.min(to, a + CHUNK - 1);
    await fill(db, a, b);
    if (to - from >= CHUNK) log(`  ${b.toLocaleString('en')} agents`);
  }
  const s = (performance.now() - t) / 1000;
  // The rows went in with triggers off (replica), so the month sums КВ всех's totals read (migration 24) are
  // built here as the migration's backfill builds them.
  const r = performance.now();
  await db.query('SELECT commission_ledger_months_rebuild()');
  const rebuildS = (performance.now() - r) / 1000;
  await db.exec('VACUUM ANALYZE users, contracts, commission_ledger, commission_ledger_months');
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM commission_ledger');
  const [{ m }] = await db.query('SELECT count(*)::int AS m FROM commission_ledger_months');
  return { s, lines: n, rebuildS, monthRows: m };
}

const me = async (db, id) => ({ user: toSessionUser(await loadUser(db, id)) });

/**
 * The cases, with `agents` agents in the database: each a call of the api's function on a Queryable (the
 * database, or a wrapper that records the SQL for --explain) for the call's number, answering what it got.
 */
async function cases(db, agents) {
  const admin = await me(db, (await db.query(`SELECT id FROM users WHERE email = 'admin@bench.test'`))[0].id);
  const finance = await me(db, (await db.query(`SELECT id FROM users WHERE email = 'finance@bench.test'`))[0].id);
  const [{ id: company }] = await db.query(`SELECT id FROM companies ORDER BY id_unicus OFFSET 2 LIMIT 1`);
  // 200 agents spread over the ones there are, their sessions read once.
  const picks = [];
  for (let i = 0; i < 200; i++) picks.push(await me(db, (await db.query(`SELECT ${hexId('a0', '$1::int')} AS id`, [1 + Math.floor((i * agents) / 200)]))[0].id));
  const base = { period: PERIOD, limit: 50 };
  const page = (who, query) => async (q) => {
    const got = await ledgerPage(q, who, query);
    return `${got.items.length} rows of ${got.totals.lines.toLocaleString('en')}`;
  };
  const periods = (who) => async (q) => `${(await ledgerPeriods(q, who)).length} periods`;
  return [
    ['agent: own КВ page', (i) => page(picks[i % picks.length], base)],
    ['admin: КВ всех, first page', () => page(admin, base)],
    ['finance: КВ всех, one insurer', () => page(finance, { ...base, company })],
    ['admin: КВ всех, one agent', (i) => page(admin, { ...base, agent: picks[(i * 7) % picks.length].user._id })],
    ['agent: periods list', (i) => periods(picks[i % picks.length])],
    ['admin: periods list', () => periods(admin)],
  ];
}

/** КВ всех's totals from the month sums against the same summed line by line (the whole period, an insurer, an earlier month, a kind, «Ожидается»). */
async function checkTotals(db) {
  const admin = await me(db, (await db.query(`SELECT id FROM users WHERE email = 'admin@bench.test'`))[0].id);
  const companies = await db.query(`SELECT id FROM companies ORDER BY id_unicus`);
  const t = performance.now();
  let checked = 0;
  for (const query of [{ period: PERIOD }, { period: PERIOD, company: companies[2].id }, { period: '2026-06' }, { period: '2026-06', company: companies[0].id, kind: 'commission_reversal' }, { period: PERIOD, kind: 'adjustment' }, { period: PERIOD, status: 'expected' }]) {
    const months = (await ledgerPage(db, admin, { ...query, limit: 1 })).totals;
    const lines = (await ledgerPage(db, admin, { ...query, limit: 1 }, { lineByLine: true })).totals;
    if (JSON.stringify(months) !== JSON.stringify(lines)) throw new Error(`the month sums' totals differ from the lines': ${JSON.stringify({ query, months, lines })}`);
    checked++;
  }
  return `${checked} staff totals from the month sums equal to line by line (${((performance.now() - t) / 1000).toFixed(1)} s)`;
}




let base;
let full;
try {
  base = await openDb(dbNames.base);
  full = await openDb(dbNames.full);
  await setUp(base);
  await setUp(full);
  const small = await grow(base, 1, BASELINE);
  const big = await grow(full, 1, AGENTS);
  console.log(`\nPostgreSQL 127.0.0.1: ${AGENTS.toLocaleString('en')} agents, ${big.lines.toLocaleString('en')} ledger lines (added in ${big.s.toFixed(1)} s), against a baseline database of ${BASELINE.toLocaleString('en')} agents, ${small.lines.toLocaleString('en')} lines (${small.s.toFixed(1)} s)`);
  console.log(`the month sums (commission_ledger_months_rebuild, the migration's backfill): ${big.monthRows.toLocaleString('en')} rows in ${big.rebuildS.toFixed(1)} s (baseline ${small.monthRows} rows, ${small.rebuildS.toFixed(1)} s)`);
  console.log(`checked: ${await checkTotals(full)}`);
  console.log(`ledgerPage / ledgerPeriods of statement.ts, period ${PERIOD}, limit 50; ${RUNS} calls each, baseline and full one after the other`);
  // Other work on the machine moves these figures: the load is printed with them.
  console.log(`(load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs)\n`);
  const rows = await pairedTable({ base, full, baseCases: await cases(base, BASELINE), fullCases: await cases(full, AGENTS), baseline: BASELINE, size: AGENTS, runs: RUNS, caseSeconds: CASE_S, argv });
  const worst = Math.max(...rows.map(([, r]) => r.p95));
  console.log(`\n  worst p95 ${worst.toFixed(1)} ms with ${AGENTS.toLocaleString('en')} agents — target ≤ ${TARGET_P95} ms: ${worst <= TARGET_P95 ? 'met' : 'MISSED'} (load average ${os.loadavg()[0].toFixed(1)})`);
} finally {
  await base?.close();
  await full?.close();
  for (const name of Object.values(dbNames)) {
    if (argv.includes('--keep')) console.log(`kept: ${pgBase}/${name}`);
    else psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
