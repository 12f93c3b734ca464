#!/usr/bin/env node
/**
 * The agents list over 100,000 agents (issue 26: POST /api/v2/agents/ p95 ≤ 30 ms on PostgreSQL):
 *
 *   node bench/agents-list.mjs [--agents 100000] [--baseline 1000] [--runs 200] [--case-seconds 30] [--quick] [--keep] [--explain]
 *
 * A fresh database oyster_bench_agents on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432), the
 * api's migrations, an admin, an appointed-only supervisor (50 agents appointed), ten broker networks
 * each owned by a broker agent (one agent in ten is in a network); the agents (role agent, legal forms in
 * turn, one in a hundred blocked, created a minute apart). Rows go in by INSERT … SELECT over
 * generate_series, then VACUUM ANALYZE.
 *
 * Timed through the api's own code, in this process (bundled by esbuild): listAgents of people/agents.ts —
 * what POST /api/v2/agents/ answers — with the session user as loadUser/toSessionUser make it, 20 a page
 * as the page asks, newest first:
 *   1. admin: the first page (and the total); 2. admin: «Показать ещё» deep in the list (a keyset cursor
 *   from the middle); 3. admin: search by a common name; 4. search by one agent's e-mail (a rare match: the
 *   whole list is read, contains-matching has no index); 5. admin: blocked only (status 1); 6. admin: a legal
 *   form in broker networks; 7. the appointed-only supervisor's list; 8. a broker network owner's list.
 * Each: `runs` calls after 5 warm-ups (a case stops after --case-seconds once 20 are done); p50 / p95 / p99.
 * The baseline: a second database, oyster_bench_agents_base, made the same way with `baseline` agents; each
 * call on it runs right before the same call on the full one, so the ratio is of the same moment.
 * --quick: 5,000 agents, baseline 500, 50 runs. The databases are dropped at the end unless --keep.
 * Not part of npm test: run by hand (`npm run bench -- --only agents`).
 */
import os from 'node:os';
import { freshPgDb, importApiSources, pairedTable, psql } from './lib.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(`node bench/agents-list.mjs [--agents N (100000)] [--baseline N (1000)] [--runs N (200)] [--case-seconds S (30)] [--quick] [--keep] [--explain]
  The agents list (listAgents of api/src/people/agents.ts, POST /api/v2/agents/) on PostgreSQL (BENCH_PG_URL; databases
  oyster_bench_agents and _base, dropped at the end), each call next to the same call on a baseline database. Target p95 ≤ 30 ms.`);
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
const CASE_S = value('case-seconds', 30);
const TARGET_P95 = 30;
const NETWORKS = 10;

// The api's own code, bundled into this process (bench/lib.mjs importApiSources).
const { createPgDb, runMigrations, MIGRATIONS, loadUser, toSessionUser, listAgents } = await importApiSources('agents', ['platform/db.ts', 'platform/migrations.ts', 'migrations/index.ts', 'platform/auth/users.ts', 'people/agents.ts'], { external: ['bcryptjs'] });

const log = (m) => process.stderr.write(`${m}\n`);
const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
const dbNames = { base: 'oyster_bench_agents_base', full: 'oyster_bench_agents' };
const openDb = (name) => freshPgDb(createPgDb, pgBase, name);

const hexId = (prefix, n) => `'${prefix}' || lpad(to_hex(${n}), ${24 - prefix.length}, '0')`;

async function fill(db, agents) {
  const t = performance.now();
  await runMigrations(db, MIGRATIONS);
  await db.tx(async (q) => {
    await q.query(`SET LOCAL session_replication_role = replica`);
    await q.query(`INSERT INTO users (id, email, password_hash, roles, first_name, second_name, can_view_only_appointed_agents) VALUES
      (${hexId('ad', 1)}, 'admin@bench.test', 'x', '{admin}', 'Анна', 'Админова', false),
      (${hexId('sv', 1)}, 'supervisor@bench.test', 'x', '{agent_supervisor}', 'Сергей', 'Кураторов', true)`);
    await q.query(
      `INSERT INTO broker_networks (id, name, owner_user_id) SELECT ${hexId('bn', 'k')}, 'Сеть ' || k, ${hexId('a0', 'k')} FROM generate_series(1, ${NETWORKS}) k`,
    );
    await q.query(
      `INSERT INTO users (id, email, password_hash, roles, first_name, second_name, middle_name, opf, is_blocked, broker_network_id, rating_level, created_at)
       SELECT ${hexId('a0', 'g')}, 'agent' || g || '@bench.test', 'x',
              CASE WHEN g <= ${NETWORKS} THEN '{agent,network_brokers_owner}'::text[] ELSE '{agent}'::text[] END,
              (ARRAY['Алексей','Мария','Дмитрий','Елена','Сергей','Ольга'])[1 + g % 6],
              (ARRAY['Иванов','Кузнецов','Попов','Васильев','Соколов','Михайлов','Новиков','Морозов'])[1 + g % 8] || CASE WHEN g % 6 IN (1, 3, 5) THEN 'а' ELSE '' END || ' ' || g,
              '', (ARRAY['FL','IP','SZ','YL'])[1 + g % 4], g % 100 = 7,
              CASE WHEN g <= ${NETWORKS} THEN ${hexId('bn', 'g')} WHEN g % 10 = 3 THEN ${hexId('bn', `1 + (g / 10) % ${NETWORKS}`)} END,
              1 + g % 3, date_trunc('milliseconds', now() - (($1::int - g) * interval '1 minute'))
         FROM generate_series(1, $1::int) g`,
      [agents],
    );
    await q.query(`INSERT INTO agent_curators (curator_id, agent_id) SELECT ${hexId('sv', 1)}, ${hexId('a0', 'g')} FROM generate_series(1, $1::int, GREATEST(1, $1::int / 50)) g`, [agents]);
  });
  await db.exec('VACUUM ANALYZE users, broker_networks, agent_curators');
  return (performance.now() - t) / 1000;
}

const me = async (db, email) => {
  const [{ id }] = await db.query('SELECT id FROM users WHERE email = $1', [email]);
  return { user: toSessionUser(await loadUser(db, id)) };
};

async function cases(db, agents) {
  const admin = await me(db, 'admin@bench.test');
  const supervisor = await me(db, 'supervisor@bench.test');
  const owner = await me(db, 'agent1@bench.test');
  const base = { search: '', opf: null, status: null, byNetwork: null, sortType: 'desc', page: 1, pageSize: 20, after: null };
  // Cursors from across the list, for «Показать ещё» deep in it.
  const cursors = (await db.query(
    `SELECT created_at, id FROM users WHERE 'agent' = ANY(roles) ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [Math.floor(agents / 2)],
  )).map((r) => `${new Date(r.created_at).toISOString()}_${r.id}`);
  const list = (who, f) => async (q) => {
    const got = await listAgents(q, who, { ...base, ...f });
    return `${got.agents.length} rows${got.total === null ? '' : ` of ${got.total.toLocaleString('en')}`}`;
  };
  return [
    ['admin: first page', () => list(admin, {})],
    ['admin: «Показать ещё» mid-list', () => list(admin, { after: cursors[0] })],
    ['admin: search by name', (i) => list(admin, { search: ['Кузнецова', 'Попов', 'Морозова 1'][i % 3] })],
    ['admin: search, one agent\'s email', (i) => list(admin, { search: `agent${1 + ((i * 7919) % agents)}@bench` })],
    ['admin: blocked only', () => list(admin, { status: 1 })],
    ['admin: SZ in networks', () => list(admin, { opf: 'SZ', byNetwork: true })],
    ['appointed supervisor', () => list(supervisor, {})],
    ['network owner', () => list(owner, {})],
  ];
}




let base;
let full;
try {
  base = await openDb(dbNames.base);
  full = await openDb(dbNames.full);
  const smallS = await fill(base, BASELINE);
  log(`baseline: ${BASELINE} agents in ${smallS.toFixed(1)} s`);
  const bigS = await fill(full, AGENTS);
  console.log(`\nPostgreSQL 127.0.0.1: ${AGENTS.toLocaleString('en')} agents (added in ${bigS.toFixed(1)} s) against a baseline database of ${BASELINE.toLocaleString('en')} agents`);
  console.log(`listAgents of people/agents.ts (POST /api/v2/agents/), 20 a page, newest first; ${RUNS} calls each, baseline and full one after the other`);
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
