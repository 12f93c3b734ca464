#!/usr/bin/env node
/**
 * Build time and first-load JavaScript size (npm run bench).
 *
 * 1. Builds the shell, the five remotes and the api (if api/build.mjs exists), one after another, and
 *    prints each time and the total.
 * 2. Starts the production server (node api/dist/server.mjs, PORT=8097, a temporary DATA_DIR, demo
 *    data); without an api build it falls back to bench/static-server.mjs (no sign-in then).
 * 3. In Chromium: opens /app/login?legacy=true cold, gzips (zlib level 9) every JS response body and
 *    prints the bytes by category and by chunk; then signs in as agent@oyster.test and prints the
 *    JS the home page needs until the catalogue and the news are visible (with Save-Data on, so the
 *    idle prefetch of the other remotes stays out of it; bench/page-times.mjs measures that one).
 * 4. --check: compares login and home with bench/budgets.json (total bytes, request count, and
 *    bytes per chunk, hashes stripped) and exits 1 naming every chunk that grew past its budget or
 *    is new, and with the hand-kept targets (login + home ≤ 300 KiB in ≤ 15 requests). Bytes and
 *    counts are deterministic for a given build; CI runs this (npm test, e2e stage).
 *
 * Flags: --no-build (measure the current dist folders), --check (budgets), --write-budgets
 * (rewrite bench/budgets.json from this run, 5 % headroom per chunk; review the diff).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { API_SERVER, startDemoServer } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { chromium } = require(path.join(root, 'e2e/node_modules/@playwright/test'));
const PORT = 8097;
const BASE = `http://localhost:${PORT}`;
const BUDGETS_FILE = path.join(root, 'bench/budgets.json');
const APPS = ['shell', 'remote-sales', 'remote-broker-requests', 'remote-finance', 'remote-communications', 'remote-learning'];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function build() {
  const times = [];
  const t0 = Date.now();
  for (const app of APPS) {
    const t = Date.now();
    execFileSync('pnpm', ['--filter', `@oyster/${app}`, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    times.push([app, Date.now() - t]);
  }
  if (fs.existsSync(path.join(root, 'api/build.mjs'))) {
    const t = Date.now();
    execFileSync('node', ['build.mjs'], { cwd: path.join(root, 'api'), stdio: ['ignore', 'ignore', 'inherit'] });
    times.push(['api', Date.now() - t]);
  }
  console.log('\nBuild times (sequential):');
  for (const [app, ms] of times) console.log(`  ${app.padEnd(24)} ${(ms / 1000).toFixed(1)} s`);
  console.log(`  ${'total'.padEnd(24)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function startServer() {
  if (fs.existsSync(API_SERVER)) {
    const server = await startDemoServer({ port: PORT, waitMs: 60_000 });
    return { kind: 'api', stop: server.stop };
  }
  const { startStaticServer } = await import('./static-server.mjs');
  const s = await startStaticServer(PORT);
  return { kind: 'static', stop: () => s.close() };
}

/** Category of one JS file, by URL and chunk name (chunk names are set in build/webpack-common.cjs). */
function classify(url) {
  const u = new URL(url);
  const file = path.basename(u.pathname);
  const remote = u.pathname.match(/^\/remotes\/([\w-]+)\//);
  const where = remote ? `remote-${remote[1]}` : 'shell';
  const shared = (() => {
    if (/antd|ant-design|rc-component|shared-kit_src_ui/.test(file)) return 'shared:antd-through-kit';
    if (/react-router/.test(file)) return 'shared:react-router';
    if (/react-dom/.test(file)) return 'shared:react-dom';
    if (/rxjs/.test(file)) return 'shared:rxjs';
    if (/dayjs/.test(file)) return 'shared:dayjs';
    if (/formik/.test(file)) return 'shared:formik';
    if (/module-federation/.test(file)) return 'mf-runtime';
    if (/_react_|jsx-runtime/.test(file)) return 'shared:react';
    if (/shared-kit_src/.test(file)) return 'shared:kit-domain-runtime';
    if (/node_modules|vendors-/.test(file)) return `${where}:vendor`;
    return null;
  })();
  if (shared) return shared;
  if (remote) return where;
  if (/^main\./.test(file)) return 'shell:entry (incl. mf-runtime)';
  return 'shell';
}

/** A chunk's name without its content hash: '/app/main.1a2b3c4d.js' → '/app/main.js'. */
/**
 * A chunk's budget key: its path without the content hash, and for webpack's split vendor chunks
 * (`vendors-node_modules_…-a596c3.js`) without the short hash of their module list too, which moves
 * whenever a package path in the lockfile does, though the chunk is the same.
 */
export const chunkKey = (url) =>
  new URL(url).pathname.replace(/\.[0-9a-f]{8}\.js$/, '.js').replace(/^(.*\/vendors-node_modules_[^/]*)-[0-9a-f]{6}\.js$/, '$1.js');

function report(title, responses) {
  const byCat = new Map();
  let total = 0;
  const chunks = {};
  for (const { url, body } of responses) {
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    chunks[chunkKey(url)] = (chunks[chunkKey(url)] ?? 0) + gz;
    const cat = classify(url);
    const cur = byCat.get(cat) || { gz: 0, raw: 0, files: 0 };
    cur.gz += gz;
    cur.raw += body.length;
    cur.files += 1;
    byCat.set(cat, cur);
    total += gz;
  }
  console.log(`\n${title}`);
  for (const [cat, v] of [...byCat].sort((a, b) => b[1].gz - a[1].gz)) {
    console.log(`  ${cat.padEnd(34)} ${kb(v.gz).padStart(10)} gzip  (${kb(v.raw)} raw, ${v.files} file${v.files > 1 ? 's' : ''})`);
  }
  console.log(`  ${'total'.padEnd(34)} ${kb(total).padStart(10)} gzip in ${responses.length} requests`);
  if (process.env.BENCH_FILES) for (const { url, body } of responses) console.log(`    ${kb(zlib.gzipSync(body, { level: 9 }).length).padStart(9)}  ${url.replace(BASE, '')}`);
  return { total, requests: responses.length, chunks };
}

async function measure(kind) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    // Save-Data: the shell then skips the idle prefetch of the other remotes, so the home figures
    // hold only what home needs and do not depend on when the browser found itself idle.
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const page = await context.newPage();
    let bucket = [];
    const pending = [];
    page.on('response', (res) => {
      const url = res.url();
      if (!/\.js(\?|$)/.test(new URL(url).pathname + new URL(url).search.replace(/.*/, '')) && res.request().resourceType() !== 'script') return;
      if (!url.startsWith(BASE)) return;
      const target = bucket;
      pending.push(res.body().then((body) => target.push({ url, body }), () => {}));
    });
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
    };

    await page.goto(`${BASE}/app/login?legacy=true`);
    await page.getByRole('button', { name: 'Войти' }).waitFor({ timeout: 30000 });
    await settle();
    const login = report('Login page /app/login?legacy=true (cold):', bucket);

    if (kind !== 'api') {
      console.log('\n(home page not measured: no api build, so no sign-in)');
      return { login };
    }
    bucket = [];
    // Typing starts the app's download (the login form's first input): that is part of home's cost.
    await page.getByLabel('Email').fill('agent@oyster.test');
    await page.getByLabel('Пароль').fill('Oyster2026!');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.locator('section[aria-label="Продукты"]').waitFor({ timeout: 30000 });
    await page.locator('.oy-learn-widget__title').first().waitFor({ timeout: 30000 });
    const homeBucket = bucket;
    bucket = [];
    await Promise.all(pending);
    const home = report(`Home page ${new URL(page.url()).pathname} after sign-in, until the catalogue and the news are visible (JS beyond the login page's):`, homeBucket);
    console.log(`  login + home: ${kb(login.total + home.total)} gzip in ${login.requests + home.requests} requests`);
    return { login, home };
  } finally {
    await browser.close();
  }
}

/** Budgets of bench/budgets.json against this run's figures: the list of what is over. */
export function overBudget(budgets, figures) {
  const over = [];
  for (const page of ['login', 'home']) {
    const b = budgets[page];
    const f = figures[page];
    if (!b || !f) continue;
    if (f.total > b.totalBytes) over.push(`${page}: ${kb(f.total)} gzip in all, budget ${kb(b.totalBytes)}`);
    if (f.requests > b.requests) over.push(`${page}: ${f.requests} JS requests, budget ${b.requests}`);
    for (const [chunk, bytes] of Object.entries(f.chunks)) {
      const limit = b.chunks[chunk];
      if (limit === undefined) over.push(`${page}: new chunk ${chunk} (${kb(bytes)}) has no budget`);
      else if (bytes > limit) over.push(`${page}: chunk ${chunk} grew to ${kb(bytes)}, budget ${kb(limit)}`);
    }
  }
  // Issue 10's caps for login + home together, kept by hand (--write-budgets does not touch them):
  // the per-chunk headroom must not add up past them.
  const cap = budgets.targets?.loginPlusHome;
  if (cap && figures.login && figures.home) {
    const bytes = figures.login.total + figures.home.total;
    const requests = figures.login.requests + figures.home.requests;
    if (bytes > cap.totalBytes) over.push(`login + home: ${kb(bytes)} gzip, target ${kb(cap.totalBytes)}`);
    if (requests > cap.requests) over.push(`login + home: ${requests} JS requests, target ${cap.requests}`);
  }
  return over;
}

function budgetsFrom(figures, previous = {}) {
  const page = (f) => ({
    totalBytes: Math.ceil(f.total * 1.05),
    requests: f.requests,
    chunks: Object.fromEntries(Object.entries(f.chunks).sort().map(([k, v]) => [k, Math.ceil(v * 1.05)])),
  });
  return {
    note: 'gzip -9 bytes of JS per page and per chunk (hash stripped), 5 % headroom; written by node bench/build-and-size.mjs --write-budgets; targets are kept by hand',
    targets: previous.targets ?? { loginPlusHome: { totalBytes: 300 * 1024, requests: 15 } },
    login: page(figures.login),
    home: page(figures.home),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const noBuild = process.argv.includes('--no-build');
  if (!noBuild) build();
  const server = await startServer();
  console.log(`\nServer: ${server.kind === 'api' ? 'node api/dist/server.mjs' : 'bench/static-server.mjs (no api build)'} on ${BASE}`);
  let figures;
  try {
    figures = await measure(server.kind);
  } finally {
    server.stop();
  }
  if (process.argv.includes('--write-budgets')) {
    const previous = fs.existsSync(BUDGETS_FILE) ? JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8')) : {};
    fs.writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgetsFrom(figures, previous), null, 2)}\n`);
    console.log(`\nwrote ${path.relative(root, BUDGETS_FILE)}`);
  }
  if (process.argv.includes('--check')) {
    const over = overBudget(JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8')), figures);
    console.log(over.length ? `\nOVER BUDGET:\n${over.map((o) => `  ${o}`).join('\n')}` : '\nbudgets: OK (bench/budgets.json)');
    if (over.length) process.exit(1);
  }
}
