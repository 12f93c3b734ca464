// `npm test`: every suite — type checks, import rules, compose file, unit and component tests,
// api integration (PGlite, and the machine's PostgreSQL/Redis when they are there), the end-to-end tests
// in Chromium against the built product (beside the unit and api suites: it waits on the browser most of
// its time), and the drills' one-minute versions (bench/drills.mjs --short, alone: they measure).
// Ends with one line «N passed, N failed».
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ROOT, ensureInstalled, log, portOpen, run } from './lib.mjs';
import { buildAll } from './build.mjs';
import { typecheck } from './typecheck.mjs';

/** The zones the api suite runs under, one whole run each (api/TESTING.md). */
const API_TIME_ZONES = ['Europe/Moscow', 'America/New_York'];

const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
function record(suite, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  rows.push(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

/**
 * CPU seconds of this process's finished children (and theirs: jest workers, tsc, the e2e server and
 * Chromium), from /proc (Linux); null elsewhere. A part's CPU is the difference around it.
 */
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5) (cutime, cstime), counted from field 3 here; clock ticks of 1/100 s.
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return null;
  }
}

/** Each part's wall and CPU seconds, printed in the summary so CI shows where its time goes. */
const times = [];
/**
 * Times a part. `beside`: it runs beside others, so only its wall time is kept (the CPU of children is
 * counted when they are reaped, in whichever part is running then).
 */
async function timed(name, fn, { beside = false } = {}) {
  const wall0 = performance.now();
  const cpu0 = childCpuSeconds();
  const own0 = process.cpuUsage();
  try {
    return await fn();
  } finally {
    const own = process.cpuUsage(own0);
    const cpu1 = childCpuSeconds();
    const cpu = beside || cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 + (own.user + own.system) / 1e6;
    times.push({ name, wall: (performance.now() - wall0) / 1000, cpu });
  }
}
const runStart = performance.now();

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const want = (name) => !only.length || only.includes(name);

async function jestSuite(name, args, env = {}) {
  const out = join(tmpdir(), `oyster-jest-${name.replace(/[^\w-]+/g, '_')}-${process.pid}.json`);
  rmSync(out, { force: true });
  const code = await run('npx', ['jest', ...args, '--json', `--outputFile=${out}`], { env });
  if (!existsSync(out)) {
    record(name, 0, 1);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  // A suite that failed to run (syntax error, missing module) has no tests but must still count.
  const brokenSuites = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
  record(name, r.numPassedTests, r.numFailedTests + brokenSuites + (code !== 0 && r.numFailedTests + brokenSuites === 0 ? 1 : 0), r.numPendingTests);
}

function haveCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** Debian packages the tests need; installed when missing and we can, else a clear message. */
let aptUpdated = false;
async function ensureDebianPackage(command, pkg, opts = {}) {
  if (haveCommand(command)) return true;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !haveCommand('apt-get')) {
    log(`${command} is missing: install Debian's ${pkg} (sudo apt-get install -y ${pkg}) and run npm test again`);
    return false;
  }
  log(`installing Debian's ${pkg}…`);
  // One package list refresh a run, however many packages are missing.
  if (!aptUpdated) aptUpdated = (await run('apt-get', ['update', '-qq'], opts)) === 0;
  await run('apt-get', ['install', '-y', '-qq', pkg], { ...opts, env: { DEBIAN_FRONTEND: 'noninteractive' } });
  return haveCommand(command);
}

await ensureInstalled();

// Debian's packages the later parts need, installed while the type checks run (apt waits on the network
// and the disk); their output goes to a file, shown if something is missing.
const aptLog = join(tmpdir(), `oyster-apt-${process.pid}.log`);
const debianPackages = (async () => {
  const fd = openSync(aptLog, 'w');
  try {
    const quiet = { stdio: ['ignore', fd, fd] };
    const compose = want('compose') ? await ensureDebianPackage('docker-compose', 'docker-compose', quiet) : false;
    const chromium = want('e2e') ? await ensureDebianPackage('chromium', 'chromium', quiet) : false;
    return { compose, chromium };
  } finally {
    closeSync(fd);
  }
})();
async function packagesReady() {
  const ready = await debianPackages;
  if ((want('compose') && !ready.compose) || (want('e2e') && !ready.chromium)) process.stdout.write(readFileSync(aptLog, 'utf8'));
  return ready;
}

if (want('types')) {
  log('type checking…');
  await timed('types', async () => {
    for (const { pkg, code } of await typecheck()) record(`types ${pkg}`, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  });
}

if (want('rules')) {
  // A remote never imports antd directly, another remote, or the shell's source.
  const code = await timed('import rules', () => run('node', ['build/check-imports.mjs']));
  record('import rules', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

if (want('compose')) {
  if ((await packagesReady()).compose) {
    const code = await run('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q']);
    record('docker-compose config', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  } else record('docker-compose config', 0, 1);
}

// The build serves the end-to-end tests and the drills.
let built = false;
if (want('e2e') || want('drills')) {
  built = true;
  try {
    await timed('build', () => buildAll());
  } catch (e) {
    log(e.message);
    built = false;
  }
  if (!built) record('build', 0, 1);
}

// The end-to-end tests start now and run beside the unit and api suites: one browser against one server,
// waiting on pages most of the time (about a third of a core), so the jest workers take the rest. Their
// output goes to a file, printed when they end; the list and the failures are in it.
let e2eRun = Promise.resolve();
let e2eLog = null;
if (want('e2e') && built) {
  if (!(await packagesReady()).chromium) record('e2e', 0, 1);
  else {
    // Byte budgets of the login and home pages (bench/budgets.json): deterministic, so they may fail CI.
    log('page weight budgets (bench/build-and-size.mjs --no-build --check)…');
    const budgets = await timed('budgets', () => run('node', ['bench/build-and-size.mjs', '--no-build', '--check'], { cwd: ROOT }));
    record('budgets', budgets === 0 ? 1 : 0, budgets === 0 ? 0 : 1);
    const out = join(tmpdir(), `oyster-e2e-${process.pid}.json`);
    e2eLog = join(tmpdir(), `oyster-e2e-${process.pid}.log`);
    rmSync(out, { force: true });
    log(`end-to-end tests in Chromium, beside the suites below (output: ${e2eLog}, printed when they end)…`);
    const fd = openSync(e2eLog, 'w');
    e2eRun = timed('e2e (beside unit and api)', () =>
      run('npx', ['playwright', 'test', '--reporter=list,json'], {
        cwd: join(ROOT, 'e2e'),
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
        stdio: ['ignore', fd, fd],
      }),
      { beside: true },
    ).then((code) => {
      closeSync(fd);
      if (existsSync(out)) {
        const s = JSON.parse(readFileSync(out, 'utf8')).stats;
        const failed = s.unexpected + (code !== 0 && s.unexpected === 0 ? 1 : 0);
        record('e2e', s.expected + s.flaky, failed, s.skipped);
      } else record('e2e', 0, 1);
    });
  }
}

if (want('unit')) {
  log('unit and component tests…');
  // Two workers: a jsdom test is CPU alone (jest's default on two cores is one).
  await timed('unit', () => jestSuite('unit', ['-c', 'jest.config.cjs', '--maxWorkers=2']));
}

if (want('api')) {
  // The machine's PostgreSQL and Redis are used when they are there (CI has both on loopback).
  const env = {};
  if (!process.env.DATABASE_URL && (await portOpen(5432))) env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
  if (!process.env.REDIS_URL && (await portOpen(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379';
  // The suite twice: under Moscow's zone (UTC+3, the product's) and under a negative offset. A
  // calendar day turned into a Date at local midnight and back shows up as the day before in one of
  // them, and as the day after in the other (issue 23: 2026-12-01 read back as 2026-11-30).
  // The second zone's run checks the api's own date code (the same on either database), so it runs on
  // PostgreSQL alone when there is one — PGlite's suites cost five times PostgreSQL's CPU (measured
  // 2026-11-28: 1,561 s of test time on PGlite, 296 s on PostgreSQL, in one Moscow run) — and leaves out
  // the files marked `// @zone-independent` (OYSTER_TEST_ZONE_RUN, api/jest.config.cjs).
  const havePg = Boolean(env.DATABASE_URL || process.env.DATABASE_URL);
  for (const [i, tz] of API_TIME_ZONES.entries()) {
    const zoneRun = i > 0 ? { OYSTER_TEST_ZONE_RUN: '1', ...(havePg ? { OYSTER_TEST_BACKENDS: 'postgres' } : {}) } : {};
    const backends = zoneRun.OYSTER_TEST_BACKENDS ? 'PostgreSQL' : `PGlite${havePg ? ' + PostgreSQL' : ''}`;
    log(`api integration tests, TZ ${tz} (${backends}${env.REDIS_URL || process.env.REDIS_URL ? ' + Redis' : ''}${i > 0 ? ', the files with dates' : ''})…`);
    // PGlite loads part of itself with a dynamic import that jest allows only with vm modules.
    await timed(`api (TZ ${tz})`, () => jestSuite(`api (TZ ${tz})`, ['-c', 'api/jest.config.cjs'], { ...env, ...zoneRun, TZ: tz, NODE_OPTIONS: '--experimental-vm-modules' }));
  }
}

await e2eRun;
if (e2eLog) {
  log('end-to-end tests: their output');
  process.stdout.write(readFileSync(e2eLog, 'utf8'));
}

// The drills' one-minute versions (issue 27; `npm run drills` runs them in full): each starts the built
// product with what it needs, breaks something under load and checks what must hold. Alone: they measure.
if (built && want('drills')) {
  log('drills, short versions (bench/drills.mjs --short)…');
  const summary = join(tmpdir(), `oyster-drills-${process.pid}.json`);
  rmSync(summary, { force: true });
  const code = await timed('drills', () => run('node', ['bench/drills.mjs', '--short'], { cwd: ROOT, env: { DRILLS_SUMMARY: summary } }));
  if (existsSync(summary)) {
    const s = JSON.parse(readFileSync(summary, 'utf8'));
    record('drills (short)', s.held, s.failed + (code !== 0 && s.failed === 0 ? 1 : 0), s.skipped);
  } else record('drills (short)', 0, 1);
}

log('summary');
for (const r of rows) process.stdout.write(`  ${r}\n`);
process.stdout.write('  times (wall / CPU seconds of the part and its child processes; the e2e runs beside unit and api, its CPU counted in the part it ends in):\n');
for (const t of times) process.stdout.write(`    ${t.name}: ${t.wall.toFixed(0)} s${t.cpu === null ? '' : ` / CPU ${t.cpu.toFixed(0)} s`}\n`);
process.stdout.write(`    whole run: ${((performance.now() - runStart) / 1000).toFixed(0)} s\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(totals.failed ? 1 : 0);
