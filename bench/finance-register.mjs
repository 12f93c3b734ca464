#!/usr/bin/env node
/**
 * Payout registers for a whole network (issue 24; run by hand after `node scripts/build.mjs`):
 *
 *   node bench/finance-register.mjs [--agents 100000] [--baseline 1000] [--keep]
 *
 * The production server (api/dist/server.mjs) with the demo data on PostgreSQL, in a fresh database
 * oyster_register_<pid> on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432, dropped at the end).
 * `agents` agents (a quarter each FL, SZ, IP, YL; bank details copied from a demo agent's, which pass the
 * offline checks) get one ledger line each in January 2026; `baseline` of them one line in November 2025,
 * run first through the same steps as the baseline. Timed over HTTP as finance@ / finance2@: calculate the
 * month's payouts, build the register, approve it, export it for the bank (1C, windows-1251) and as XLSX,
 * mark it paid. SZ receipts are attached in SQL between calculation and register (untimed).
 * Target (issue 24): building a register of 100,000 lines ≤ 10 s.
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
const AGENTS = value('agents', 100_000);
const BASELINE = value('baseline', 1_000);
const TARGET_BUILD_S = 10;
const PASSWORD = 'Oyster2026!';
const log = (m) => process.stderr.write(`${m}\n`);

const pgBase = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432';
const dbName = `oyster_register_${process.pid}`;
psql(`${pgBase}/postgres`, `CREATE DATABASE ${dbName}`);
const port = await freePort();
const server = await startDemoServer({ port, env: { LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: `${pgBase}/${dbName}` }, waitMs: 180_000 });
const base = `http://127.0.0.1:${port}`;
const pg = apiRequire('pg');
const client = new pg.Client({ connectionString: `${pgBase}/${dbName}` });
await client.connect();
const query = async (sql, params) => (await client.query(sql, params)).rows;

async function login(email) {
  const res = await fetch(`${base}/api/v2/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, rememberMe: false }) });
  return (await res.json()).token;
}

async function timed(method, url, token, body) {
  const t = performance.now();
  const res = await fetch(`${base}${url}`, { method, headers: { 'x-api-token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const buf = Buffer.from(await res.arrayBuffer());
  const s = (performance.now() - t) / 1000;
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${buf.toString('utf8').slice(0, 300)}`);
  return { s, bytes: buf.length, json: () => JSON.parse(buf.toString('utf8')) };
}

async function fill() {
  const [demo] = await query(`SELECT b.bik, b.account, b.corr_account, b.bank_name, u.password_hash FROM agent_billing b JOIN users u ON u.id = b.user_id WHERE b.account IS NOT NULL LIMIT 1`);
  const [admin] = await query(`SELECT id FROM users WHERE email = 'admin@oyster.test'`);
  const t = performance.now();
  for (let from = 1; from <= AGENTS; from += 50_000) {
    const to = Math.min(AGENTS, from + 49_999);
    await query(
      `INSERT INTO users (id, email, password_hash, roles, second_name, first_name, middle_name, opf, chat_id)
       SELECT substr(md5('regbench' || g), 1, 24), 'rb' || g || '@bench.test', $3, ARRAY['agent'], 'Агентов', 'Агент', 'Номер' || g,
              (ARRAY['FL','SZ','IP','YL'])[1 + g % 4], substr(md5('regchat' || g), 1, 24)
         FROM generate_series($1::int, $2::int) g`,
      [from, to, demo.password_hash],
    );
    await query(
      `INSERT INTO agent_billing (user_id, legal_name, inn, bank_name, bik, account, corr_account)
       SELECT substr(md5('regbench' || g), 1, 24), 'Агентов Агент Номер' || g, lpad(g::text, 12, '7'), $3, $4, $5, $6 FROM generate_series($1::int, $2::int) g`,
      [from, to, demo.bank_name, demo.bik, demo.account, demo.corr_account],
    );
    await query(
      `INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key, at)
       SELECT substr(md5('regbench' || g), 1, 24), 'adjustment', 0, 500000 + (g::bigint * 7919) % 4500000, 'КВ за январь', $3, 'adjustment', '2026-01-15T09:00:00Z'
         FROM generate_series($1::int, $2::int) g`,
      [from, to, admin.id],
    );
    log(`  ${to.toLocaleString('en')} agents with a January line`);
  }
  await query(
    `INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key, at)
     SELECT substr(md5('regbench' || g), 1, 24), 'adjustment', 0, 300000, 'КВ за ноябрь', $2, 'adjustment', '2025-11-15T09:00:00Z' FROM generate_series(1, $1::int) g`,
    [BASELINE, admin.id],
  );
  await query('VACUUM ANALYZE');
  return (performance.now() - t) / 1000;
}

async function run(period, finance, finance2) {
  const f = {};
  const calc = await timed('POST', '/api/v2/finance/payouts/calculate', finance, { period });
  f.calculate = calc.s;
  f.created = calc.json().data.created;
  await query(`UPDATE payouts p SET status = 'ready', receipt_number = 'rb' || p.id, receipt_date = '2026-02-03', receipt_amount_kopecks = p.gross_kopecks, receipt_inn = b.inn
                 FROM agent_billing b WHERE b.user_id = p.agent_id AND p.period = $1 AND p.status = 'awaiting_receipt'`, [period]);
  const built = await timed('POST', '/api/v2/finance/registers', finance, { period });
  f.build = built.s;
  const reg = built.json().data;
  f.lines = reg.lines;
  f.approve = (await timed('POST', `/api/v2/finance/registers/${reg.id}/approve`, finance2)).s;
  const oneC = await timed('GET', `/api/v2/finance/registers/${reg.id}/export?format=1c`, finance);
  f.export1c = oneC.s;
  f.bytes1c = oneC.bytes;
  const xlsx = await timed('GET', `/api/v2/finance/registers/${reg.id}/export?format=xlsx`, finance);
  f.exportXlsx = xlsx.s;
  f.paid = (await timed('POST', `/api/v2/finance/registers/${reg.id}/paid`, finance, {})).s;
  return f;
}

try {
  const fillS = await fill();
  const [finance, finance2] = [await login('finance@oyster.test'), await login('finance2@oyster.test')];
  console.log(`\nPostgreSQL: ${AGENTS.toLocaleString('en')} agents and their lines added in ${fillS.toFixed(1)} s`);
  const b = await run('2025-11', finance, finance2);
  const m = await run('2026-01', finance, finance2);
  const row = (what, key, unit = 's') => {
    const ratio = b[key] > 0 ? (m[key] / b[key]).toFixed(1) : '—';
    const fmt = (v) => (unit === 's' ? `${v.toFixed(2)} s` : `${(v / 1_048_576).toFixed(1)} MiB`);
    console.log(`  ${what.padEnd(34)} ${fmt(b[key]).padStart(10)} (${b.lines} lines)   ${fmt(m[key]).padStart(10)} (${m.lines.toLocaleString('en')} lines)   ×${ratio}`);
  };
  console.log(`  ${''.padEnd(34)} ${'baseline'.padStart(10)}                ${'network'.padStart(10)}`);
  row('calculate the month’s payouts', 'calculate');
  row('build the register', 'build');
  row('approve (four eyes, sums checked)', 'approve');
  row('export 1C (windows-1251)', 'export1c');
  row('  its size', 'bytes1c', 'MiB');
  row('export XLSX', 'exportXlsx');
  row('mark the whole register paid', 'paid');
  console.log(`  building a register of ${m.lines.toLocaleString('en')} lines: ${m.build.toFixed(2)} s — target ≤ ${TARGET_BUILD_S} s: ${m.build <= TARGET_BUILD_S ? 'met' : 'MISSED'}`);
} finally {
  await client.end();
  await server.stop();
  if (argv.includes('--keep')) log(`kept the database ${dbName}`);
  else try { psql(`${pgBase}/postgres`, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); } catch { /* left behind */ }
}
