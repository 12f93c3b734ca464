#!/usr/bin/env node
/**
 * Аналитика over a million contracts and their ledger lines (issue 26: p95 ≤ 200 ms per main call on PostgreSQL):
 *
 *   node bench/analytics.mjs [--agents 20000] [--per-agent 50] [--baseline 1000] [--runs 100] [--case-seconds 40] [--quick] [--keep] [--explain]
 *
 * A fresh database oyster_bench_analytics on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432), the api's
 * migrations, six insurers, an admin, a finance controller, ten broker networks (their owners; the first one's owner a
 * personal user with canAnalyticsView: the `own` scope) and the agents (eight in ten in a network), each with
 * `per-agent` contracts (20,000 × 50 = 1,000,000) over the last two years: e-OSAGO, e-KASKO, the apartment, VZR;
 * one in twenty never paid, one in twenty paid and cancelled (its commission reversed), the rest paid and in force
 * (paid an hour after being created); a commission line per paid contract, a reversal per cancelled one (≈1.9M lines).
 * Rows go in by INSERT … SELECT over generate_series, 2,000 agents at a time, with triggers and foreign keys off
 * (session_replication_role = replica: consistent by construction), so migration 34's per-day sums are then
 * rebuilt (analytics_days_rebuild(), timed: the migration's backfill), then VACUUM ANALYZE.
 *
 * Timed through the api's own code, in this process (bundled by esbuild): analyticsReport of
 * finance/analytics/report.ts — what GET /api/v2/analytics answers — with the session user as loadUser/toSessionUser make it:
 *   1. the page as it opens: the last 30 days by day, as the admin (every agent) — the main call;
 *   2. the last 7 days; the last 30 days by week for one insurer (finance), one network, one agent;
 *   3. the network owner's own scope (about 1,600 agents of 20,000), the last 30 days;
 *   4. a whole year by month (admin): the longest period the api takes.
 * Each: `runs` calls after 5 warm-ups (a case stops after --case-seconds once 20 are done); p50 / p95 / p99. The
 * baseline: a second database, oyster_bench_analytics_base, made the same way with `baseline` agents; each call on
 * it runs right before the same call on the full one, so what else the machine does slows both alike.
 * Checked first: the report's totals over the rebuilt sums equal a full count over the contracts and the ledger.
 * --explain prints EXPLAIN ANALYZE of each case's queries. --quick: 2,000 agents (100,000 contracts), baseline 200,
 * 30 runs (about a minute). The databases are dropped at the end unless --keep.
 * Not part of npm test: run by hand.
 */
import os from 'node:os';
import { freshPgDb, importApiSources, pairedTable, psql } from './lib.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(`node bench/analytics.mjs [--agents N (20000)] [--per-agent N (50)] [--baseline N (1000)] [--runs N (100)] [--case-seconds S (40)] [--quick] [--keep] [--explain]
  Аналитика on PostgreSQL (BENCH_PG_URL; databases oyster_bench_analytics and _base, dropped at the end): N agents × per-agent contracts
  over two years and their ledger lines; analyticsReport timed (30 days, 7 days, an insurer, a network, an agent, own scope, a year by month),
  p50/p95/p99, each call next to the same call on a baseline database. Target p95 ≤ 200 ms. --quick: 2000 agents, baseline 200, 30 runs.`);
  process.exit(0);
}
const quick = argv.includes('--quick');
const value = (n, d) => {
  const i = argv.indexOf(`--${n}`);
  return i < 0 ? d : Number(argv[i + 1]);
};
const AGENTS = value('agents', quick ? 2_000 : 20_000);
const PER_AGENT = value('per-agent', 50);
const BASELINE = Math.min(AGENTS, value('baseline', quick ? 200 : 1_000));
const RUNS = value('runs', quick ? 30 : 100);
const CASE_S = value('case-seconds', 40);
const TARGET_P95 = 200;
const CHUNK = 2_000;
const NETWORKS = 10;
const TWO_YEARS_S = 730 * 86_400;

// The api's own code, bundled into this process (bench/lib.mjs importApiSources).
const { createPgDb, runMigrations, MIGRATIONS, loadUser, toSessionUser, analyticsReport } = await importApiSources('analytics', ['platform/db.ts', 'platform/migrations.ts', 'migrations/index.ts', 'platform/auth/users.ts', 'finance/analytics/report.ts']);

const log = (m) => process.stderr.write(`${m}\n`);
const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
const dbNames = { base: 'oyster_bench_analytics_base', full: 'oyster_bench_analytics' };
const openDb = (name) => freshPgDb(createPgDb, pgBase, name);

/** Ids as the api makes them (24 hex digits), from a kind prefix and a number. */
const hexId = (prefix, n) => `'${prefix}' || lpad(to_hex(${n}), ${24 - prefix.length}, '0')`;
const COMPANIES = ['Альфа', 'Ингосстрах', 'РЕСО', 'Согласие', 'ВСК', 'Ренессанс'];


const me = async (db, id) => ({ user: toSessionUser(await loadUser(db, id)) });

/**
 * The cases, with `agents` agents in the database: each a call of the api's function on a Queryable (the
 * database, or a wrapper that records the SQL for --explain) for the call's number, answering what it got.
 */







async function setUp(db) {
  await runMigrations(db, MIGRATIONS);
  for (const [i, name] of COMPANIES.entries()) {
    await db.query(`INSERT INTO companies (id, id_unicus, short_name) VALUES (${hexId('c0', '$1::int')}, $2, $3) ON CONFLICT DO NOTHING`, [i + 1, `bench-${i + 1}`, name]);
  }
  await db.query(`INSERT INTO users (id, email, password_hash, roles, first_name, second_name, is_personal) VALUES
    (${hexId('ad', 1)}, 'admin@bench.test', 'x', '{admin}', 'Анна', 'Админова', true),
    (${hexId('fc', 1)}, 'finance@bench.test', 'x', '{finance_controller}', 'Фёдор', 'Финансов', true)`);
  // Ten networks and their owners; the first owner is personal with canAnalyticsView (the `own` scope).
  await db.query(
    `INSERT INTO users (id, email, password_hash, roles, first_name, second_name, is_personal, can_analytics_view)
     SELECT ${hexId('ow', 'g')}, 'owner' || g || '@bench.test', 'x', '{agent,network_brokers_owner}', 'Олег', 'Владельцев', g = 1, g = 1 FROM generate_series(1, ${NETWORKS}) g`,
  );
  await db.query(`INSERT INTO broker_networks (id, name, owner_user_id) SELECT ${hexId('bn', 'g')}, 'Сеть ' || g, ${hexId('ow', 'g')} FROM generate_series(1, ${NETWORKS}) g`);
}

/** Agents `from`..`to` with their contracts and ledger lines. */
async function fill(db, from, to) {
  await db.tx(async (q) => {
    await q.query(`SET LOCAL session_replication_role = replica`);
    await q.query(
      `INSERT INTO users (id, email, password_hash, roles, first_name, second_name, middle_name, broker_network_id)
       SELECT ${hexId('a0', 'g')}, 'agent' || g || '@bench.test', 'x', '{agent}',
              (ARRAY['Алексей','Мария','Дмитрий','Елена','Сергей','Ольга'])[1 + g % 6],
              (ARRAY['Иванов','Кузнецов','Попов','Васильев','Соколов','Михайлов','Новиков','Морозов'])[1 + g % 8] || CASE WHEN g % 6 IN (1, 3, 5) THEN 'а' ELSE '' END,
              '', CASE WHEN g % 5 = 0 THEN NULL ELSE ${hexId('bn', `1 + (g / 5) % ${NETWORKS}`)} END
         FROM generate_series($1::int, $2::int) g`,
      [from, to],
    );
    await q.query(
      `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, client_name, policy_number, start_date, end_date, paid_at, created_at, updated_at)
       SELECT ${hexId('cc', 'k.n')}, ${hexId('a0', 'g')}, ${hexId('a0', 'g')}, (ARRAY['eosago','eosago','ekasko','ifl','vzr'])[1 + k.n % 5],
              CASE k.n % 20 WHEN 0 THEN 106 WHEN 1 THEN 10000 ELSE 600 END, ${hexId('c0', '1 + (k.n / 7) % 6')},
              500000 + (k.n * 7919) % 2000000, '{}'::jsonb, 'Клиент ' || k.n, 'ХХХ' || lpad(k.n::text, 10, '0'),
              t.at::date + 1, t.at::date + 366, CASE WHEN k.n % 20 = 0 THEN NULL ELSE t.at + interval '1 hour' END, t.at, t.at
         FROM generate_series($1::int, $2::int) g
        CROSS JOIN generate_series(0, ${PER_AGENT - 1}) m
        CROSS JOIN LATERAL (SELECT g::bigint * ${PER_AGENT} + m AS n) k
        CROSS JOIN LATERAL (SELECT now() - interval '2 hours' - ((k.n * 104729) % ${TWO_YEARS_S}) * interval '1 second' AS at) t`,
      [from, to],
    );
    await q.query(
      `INSERT INTO commission_ledger (contract_id, agent_id, kind, event_key, rate_bp, rate_reason, base_kopecks, amount_kopecks, at)
       SELECT c.id, c.agent_id, e.kind, 'payment', 1000, 'Уровень агента', c.premium, e.sign * c.premium / 10, c.paid_at + e.after
         FROM contracts c
        CROSS JOIN LATERAL (VALUES ('commission', 1, interval '0'), ('commission_reversal', -1, interval '2 days')) e(kind, sign, after)
        WHERE c.agent_id BETWEEN ${hexId('a0', '$1::int')} AND ${hexId('a0', '$2::int')} AND c.paid_at IS NOT NULL
          AND (e.kind = 'commission' OR c.status = 10000)`,
      [from, to],
    );
  });
}

async function grow(db, from, to) {
  const t = performance.now();
  for (let a = from; a <= to; a += CHUNK) {
    const b = Math.min(to, a + CHUNK - 1);
    await fill(db, a, b);
    if (to - from >= CHUNK * 2) log(`  ${b.toLocaleString('en')} agents`);
  }
  const s = (performance.now() - t) / 1000;
  const r = performance.now();
  await db.query('SELECT analytics_days_rebuild()');
  const rebuildS = (performance.now() - r) / 1000;
  await db.exec('VACUUM ANALYZE users, contracts, commission_ledger, analytics_days');
  const [{ c, l, d }] = await db.query('SELECT (SELECT count(*) FROM contracts)::int AS c, (SELECT count(*) FROM commission_ledger)::int AS l, (SELECT count(*) FROM analytics_days)::int AS d');
  return { s, contracts: c, lines: l, rebuildS, dayRows: d };
}

const moscowDay = (addDays = 0) => new Date(Date.now() + 3 * 3_600_000 + addDays * 86_400_000).toISOString().slice(0, 10);
const TODAY = moscowDay();
const LAST30 = { from: moscowDay(-29), to: TODAY };

async function cases(db, agents) {
  const id = async (email) => (await db.query(`SELECT id FROM users WHERE email = $1`, [email]))[0].id;
  const admin = await me(db, await id('admin@bench.test'));
  const finance = await me(db, await id('finance@bench.test'));
  const owner = await me(db, await id('owner1@bench.test'));
  const [{ id: company }] = await db.query(`SELECT id FROM companies ORDER BY id_unicus OFFSET 2 LIMIT 1`);
  const [{ id: network }] = await db.query(`SELECT id FROM broker_networks ORDER BY id OFFSET 3 LIMIT 1`);
  const agent = (i) => `a0${(1 + ((i * 7919) % agents)).toString(16).padStart(22, '0')}`;
  const report = (who, query) => async (q) => {
    const r = await analyticsReport(q, who, query);
    return `${r.totals.policies.toLocaleString('en')} policies, ${r.series.length} buckets, ${r.byAgent.length} agents`;
  };
  return [
    ['admin: last 30 days by day', () => report(admin, { ...LAST30, bucket: 'day' })],
    ['admin: last 7 days', () => report(admin, { from: moscowDay(-6), to: TODAY, bucket: 'day' })],
    ['finance: 30 days, one insurer, weeks', () => report(finance, { ...LAST30, bucket: 'week', company })],
    ['admin: 30 days, one network', () => report(admin, { ...LAST30, bucket: 'day', network })],
    ['admin: 30 days, one agent', (i) => report(admin, { ...LAST30, bucket: 'day', agent: agent(i) })],
    ['owner (own scope): 30 days', () => report(owner, { ...LAST30, bucket: 'day' })],
    ['admin: a year by month', () => report(admin, { from: moscowDay(-364), to: TODAY, bucket: 'month' })],
  ];
}

/** The report's totals (from the per-day sums) against a full count over the contracts and the ledger. */
async function check(db) {
  const admin = await me(db, (await db.query(`SELECT id FROM users WHERE email = 'admin@bench.test'`))[0].id);
  const t = performance.now();
  const q = { from: moscowDay(-364), to: TODAY, bucket: 'month' };
  const r = (await analyticsReport(db, admin, q)).totals;
  const day = (c) => `(${c} AT TIME ZONE 'Europe/Moscow')::date BETWEEN $1::date AND $2::date`;
  const [f] = await db.query(
    `SELECT (SELECT count(*) FROM contracts c WHERE ${day('c.created_at')})::int AS created,
            (SELECT count(*) FROM contracts c WHERE c.paid_at IS NOT NULL AND ${day('c.paid_at')})::int AS policies,
            (SELECT coalesce(sum(premium), 0) FROM contracts c WHERE c.paid_at IS NOT NULL AND ${day('c.paid_at')})::bigint AS premium,
            (SELECT coalesce(sum(amount_kopecks), 0) FROM commission_ledger l WHERE ${day('l.at')})::bigint AS commission`,
    [q.from, q.to],
  );
  const full = { created: f.created, policies: f.policies, premiumKopecks: Number(f.premium), commissionKopecks: Number(f.commission) };
  const ours = { created: r.created, policies: r.policies, premiumKopecks: r.premiumKopecks, commissionKopecks: r.commissionKopecks };
  if (JSON.stringify(full) !== JSON.stringify(ours)) throw new Error(`the per-day sums differ from the full count: ${JSON.stringify({ full, ours })}`);
  return `a year's totals from the per-day sums equal to the full count: ${ours.policies.toLocaleString('en')} policies, ${ours.created.toLocaleString('en')} created (${((performance.now() - t) / 1000).toFixed(1)} s)`;
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
  console.log(`\nPostgreSQL 127.0.0.1: ${AGENTS.toLocaleString('en')} agents, ${big.contracts.toLocaleString('en')} contracts, ${big.lines.toLocaleString('en')} ledger lines (added in ${big.s.toFixed(1)} s), against a baseline of ${BASELINE.toLocaleString('en')} agents, ${small.contracts.toLocaleString('en')} contracts (${small.s.toFixed(1)} s)`);
  console.log(`the per-day sums (analytics_days_rebuild, the migration's backfill): ${big.dayRows.toLocaleString('en')} rows in ${big.rebuildS.toFixed(1)} s (baseline ${small.dayRows.toLocaleString('en')} rows, ${small.rebuildS.toFixed(1)} s)`);
  console.log(`checked: ${await check(full)}`);
  console.log(`analyticsReport of finance/analytics/report.ts; ${RUNS} calls each, baseline and full one after the other`);
  console.log(`(load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs)\n`);
  const rows = await pairedTable({ base, full, baseCases: await cases(base, BASELINE), fullCases: await cases(full, AGENTS), baseline: BASELINE, size: AGENTS, runs: RUNS, caseSeconds: CASE_S, width: 38, argv });
  const main = rows.filter(([name]) => !name.includes('a year'));
  const worst = Math.max(...main.map(([, r]) => r.p95));
  console.log(`\n  worst p95 of the 30-day calls ${worst.toFixed(1)} ms with ${big.contracts.toLocaleString('en')} contracts — target ≤ ${TARGET_P95} ms: ${worst <= TARGET_P95 ? 'met' : 'MISSED'}; a year by month: p95 ${rows.at(-1)[1].p95.toFixed(1)} ms (load average ${os.loadavg()[0].toFixed(1)})`);
} finally {
  await base?.close();
  await full?.close();
  for (const name of Object.values(dbNames)) {
    if (argv.includes('--keep')) console.log(`kept: ${pgBase}/${name}`);
    else psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
