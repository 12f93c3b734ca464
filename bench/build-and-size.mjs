#!/usr/bin/env node
/**
 * Build time and first-load JavaScript size (npm run bench).
 *
 * 1. Builds the shell, the five remotes and the api (if api/build.mjs exists), one after another, and
 *    prints each time and the total.
 * 2. Starts the production server (node api/dist/server.mjs, PORT=8097, a temporary DATA_DIR, demo
 *    data); without an api build it falls back to bench/static-server.mjs (no sign-in then).
 * 3. In Chromium: opens /app/login?legacy=true cold, gzips (zlib level 9) every JS response body and
 *    prints the bytes by category (shell / mf-runtime / shared:* / remote-*); then signs in as
 *    agent@oyster.test and prints the additional JS of the home page the same way.
 *    Budget: login page ≤ 300 KB gzip.
 *
 * Flags: --no-build (measure the current dist folders).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { chromium } = require(path.join(root, 'e2e/node_modules/@playwright/test'));
const PORT = 8097;
const BASE = `http://localhost:${PORT}`;
const LOGIN_BUDGET = 300 * 1024;
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

async function waitFor(url, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

async function startServer() {
  const server = path.join(root, 'api/dist/server.mjs');
  if (fs.existsSync(server)) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bench-'));
    const child = spawn('node', [server], {
      cwd: root,
      env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${BASE}/api/v2/remotes-manifest`);
    return { kind: 'api', stop: () => { child.kill('SIGTERM'); fs.rmSync(dataDir, { recursive: true, force: true }); } };
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

function report(title, responses) {
  const byCat = new Map();
  let total = 0;
  for (const { url, body } of responses) {
    const gz = zlib.gzipSync(body, { level: 9 }).length;
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
  console.log(`  ${'total'.padEnd(34)} ${kb(total).padStart(10)} gzip`);
  if (process.env.BENCH_FILES) for (const { url, body } of responses) console.log(`    ${kb(zlib.gzipSync(body, { level: 9 }).length).padStart(9)}  ${url.replace(BASE, '')}`);
  return total;
}

async function measure(kind) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
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
    const loginTotal = report('Login page /app/login?legacy=true (cold):', bucket);
    console.log(`  budget ≤ ${kb(LOGIN_BUDGET)}: ${loginTotal <= LOGIN_BUDGET ? 'OK' : 'OVER'}`);

    if (kind !== 'api') {
      console.log('\n(home page not measured: no api build, so no sign-in)');
      return;
    }
    bucket = [];
    await page.getByLabel('Email').fill('agent@oyster.test');
    await page.getByLabel('Пароль').fill('Oyster2026!');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL((u) => !u.pathname.includes('login'), { timeout: 30000 });
    await page.waitForTimeout(1500);
    await settle();
    report(`Home page ${new URL(page.url()).pathname} after sign-in (additional JS):`, bucket);
  } finally {
    await browser.close();
  }
}

const noBuild = process.argv.includes('--no-build');
if (!noBuild) build();
const server = await startServer();
console.log(`\nServer: ${server.kind === 'api' ? 'node api/dist/server.mjs' : 'bench/static-server.mjs (no api build)'} on ${BASE}`);
try {
  await measure(server.kind);
} finally {
  server.stop();
}
