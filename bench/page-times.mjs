#!/usr/bin/env node
/**
 * Page times of issue 10 «Speed», against the bare React 18.3 + antd 6 login form built in the same run
 * (bench/bare-form). Part of `npm run bench`; times stay here, not in tests.
 *
 *   import { runPageTimes } from './page-times.mjs';
 *   const figures = await runPageTimes({ base: 'http://localhost:8097', bare: 'http://127.0.0.1:8098/', runs: 5 });
 *
 * `base` is our production server (node api/dist/server.mjs with demo data, started by the caller),
 * `bare` the bare form's URL (bare-form/build.mjs serveStatic). Run directly,
 *
 *   node bench/page-times.mjs [--runs 5] [--lh-runs 3] [--no-lighthouse] [--base URL] [--bare URL] [--json]
 *
 * it builds the bare form into a temporary directory, serves it gzip-compressed, starts our server
 * itself (PORT 8099 or $PORT, temporary DATA_DIR, SEED_DEMO=1, NODE_ENV=production) and prints the table.
 *
 * What is measured (each run in a fresh browser context, so with a cold HTTP cache; ours and the bare
 * form alternate run by run so that drift of the machine hits both alike):
 *   - login visible: navigation start → the first animation frame in which the «Войти» button is in
 *     the DOM, laid out and visible; and First Contentful Paint (performance 'paint' entries);
 *     /app/login?legacy=true against the bare form.
 *   - login JS: gzip level 9 bytes of every script response of one more cold load of each page.
 *   - home visible: sign in as agent@oyster.test (cold context: open the login, fill, click «Войти»),
 *     the click → the first frame in which both the product catalogue (a product card in
 *     section[aria-label="Продукты"]) and the news widget (data-testid="news-widget" with its list
 *     or its empty text, not the skeleton) are visible; ratio to the bare form's login visible median.
 *   - section open: then, on home, every sidebar item of a remote section is clicked in sidebar order;
 *     the click → the first frame with the section's page: a visible <h1> in <main> that is not the
 *     previous page's, no remote-loading spinner in <main>, and for the registry's placeholder pages
 *     (data-section, «Раздел готовится») the clicked section's. A click counts as «remote not loaded
 *     yet» when nothing of that remote was shown before in that context: home does not render its
 *     widgets (<RemoteWidget remote=…> in shell/src/pages/HomePage.tsx) and no earlier click opened
 *     one of its sections. The shell may prefetch a remote's files before that first click (the
 *     clicks come once home's network is quiet for 300 ms); how many were prefetched is printed.
 *   - Lighthouse performance (bench/lighthouse.mjs), mobile and desktop, ours and bare, `lhRuns` runs
 *     each (default 3, ~8 s a run here), the run with the median score kept: one run's score moves by
 *     up to ±15 points on this machine, more when other processes load the CPU (simulated throttling
 *     scales the CPU time the unthrottled load really took).
 *
 * Clock: every time is taken IN THE PAGE with performance.now() / Event.timeStamp (the same clock,
 * origin = navigation start): an init script polls the DOM once per animation frame (so «visible» is
 * the frame that paints it, within a frame of ~16 ms) and records the click events' timeStamp.
 * Playwright only drives the page; its own round trips are not in the figures.
 * Medians and p95 are nearest-rank over the runs (with 5 runs, p95 is the slowest run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startLighthouseChrome, runLighthouse, CHROME_FLAGS } from './lighthouse.mjs';
import { startDemoServer } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');

const AGENT = { email: 'agent@oyster.test', password: 'Oyster2026!' };
const LOGIN_PATH = '/app/login?legacy=true';
const TIMEOUT = 20000;
const TARGETS = { homeRatio: 1.5, sectionP95: 150, lhMobile: 90, lhDesktop: 100 };

// ---------------------------------------------------------------------------------------------- stats
const sorted = (xs) => [...xs].sort((a, b) => a - b);
/** Nearest-rank percentile (p in 0..100) of the numbers; null when there are none. */
export function percentile(xs, p) {
  const s = sorted(xs.filter((x) => typeof x === 'number' && Number.isFinite(x)));
  if (!s.length) return null;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const median = (xs) => {
  const s = sorted(xs.filter((x) => typeof x === 'number' && Number.isFinite(x)));
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const stats = (xs) => ({ n: xs.length, median: median(xs), p95: percentile(xs, 95), min: percentile(xs, 0), max: percentile(xs, 100), all: xs.map((x) => Math.round(x * 10) / 10) });

// ------------------------------------------------------------------------------------ in-page probe
/** Injected before any page script. Everything it records uses performance.now()'s clock. */
const PROBE = `(() => {
  if (window.__bench) return;
  const B = (window.__bench = { marks: {}, lastClick: null, target: null });
  const text = (el) => (el.textContent || '').replace(/\\s+/g, ' ').trim();
  const visible = (el) => {
    if (!el || !el.isConnected) return false;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const first = (sel, pred) => {
    for (const el of document.querySelectorAll(sel)) if ((!pred || pred(el)) && visible(el)) return el;
    return null;
  };
  const WATCH = {
    loginButton: () => first('button', (b) => text(b) === 'Войти'),
    catalogue: () => first('section[aria-label="Продукты"] article'),
    news: () => first('[data-testid="news-widget"] ul li') || first('[data-testid="news-widget"]', (w) => text(w).includes('Новостей пока нет')),
  };
  const sectionPage = (t) => {
    const main = document.querySelector('main');
    if (!main || main.querySelector('[data-testid="remote-loading"]')) return null;
    const h1 = first('main h1');
    if (!h1) return null;
    if (h1 === t.beforeEl && text(h1) === t.beforeText) return null;
    const tagged = main.querySelector('[data-section]');
    if (tagged && tagged.getAttribute('data-section') !== t.section) return null;
    return h1;
  };
  const tick = () => {
    const now = performance.now();
    for (const k in WATCH) if (!(k in B.marks) && WATCH[k]()) B.marks[k] = now;
    const t = B.target;
    if (t && t.click != null && t.at == null && !t.failed) {
      const err = first('main [data-testid="remote-error"]') || first('main [data-testid="remote-not-found"]');
      if (err) t.failed = text(err).slice(0, 160);
      const h1 = err ? null : sectionPage(t);
      if (h1) {
        t.at = now;
        t.heading = text(h1);
        t.placeholder = !!document.querySelector('main [data-testid="section-page"]');
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  addEventListener('click', (e) => {
    B.lastClick = e.timeStamp;
    if (B.target && B.target.click == null) B.target.click = e.timeStamp;
  }, true);
  /** Arms the section probe before a sidebar click: remembers the current h1 to tell the new page from it. */
  B.arm = (section) => {
    const h1 = document.querySelector('main h1');
    B.target = { section, beforeEl: h1, beforeText: h1 ? text(h1) : null, click: null, at: null };
  };
})();`;

async function newContext(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  await context.addInitScript({ content: PROBE });
  return context;
}

const waitMark = (page, name, timeout = TIMEOUT) =>
  page.waitForFunction((k) => window.__bench && k in window.__bench.marks, name, { timeout, polling: 50 }).then(() => page.evaluate((k) => window.__bench.marks[k], name));

async function fcpOf(page) {
  try {
    await page.waitForFunction(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'), null, { timeout: 5000, polling: 50 });
  } catch {
    return null;
  }
  return page.evaluate(() => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint').startTime);
}

/** Waits until the page has had no request in flight for `quietMs` (at most `maxMs`). WebSockets do not count. */
function trackNetwork(page) {
  let inflight = 0;
  let last = Date.now();
  page.on('request', () => { inflight += 1; last = Date.now(); });
  const done = () => { inflight = Math.max(0, inflight - 1); last = Date.now(); };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (quietMs = 300, maxMs = 4000) => {
    const end = Date.now() + maxMs;
    while (Date.now() < end) {
      if (inflight === 0 && Date.now() - last >= quietMs) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
}

// ------------------------------------------------------------------------------------ measurements
/** One cold load: navigation start → «Войти» visible, and FCP (ms, page clock). */
async function coldLogin(browser, url) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT });
    const visible = await waitMark(page, 'loginButton');
    const fcp = await fcpOf(page);
    return { visible, fcp };
  } finally {
    await context.close();
  }
}

/** gzip level 9 bytes of every script the page loads until «Войти» is visible and the network is quiet. */
async function loginJs(browser, url) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const quiet = trackNetwork(page);
    const bodies = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().then((b) => ({ url: res.url(), gz: zlib.gzipSync(b, { level: 9 }).length }), () => null));
    });
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT });
    await waitMark(page, 'loginButton');
    await quiet(500, 5000);
    const files = (await Promise.all(bodies)).filter(Boolean);
    return { bytes: files.reduce((s, f) => s + f.gz, 0), files: files.length };
  } finally {
    await context.close();
  }
}

/**
 * Sign in cold, time home, then click through the sidebar's remote sections.
 * Returns { home: {ms, catalogue, news}, clicks: [{section, remote, cold, prefetched, ms, heading}], error? }.
 */
async function signInRun(browser, base, owners, homeRemotes) {
  const context = await newContext(browser);
  const entries = new Map(); // remote dir → Node time of its first remoteEntry.js request
  context.on('request', (req) => {
    const m = new URL(req.url()).pathname.match(/^\/remotes\/([\w-]+)\/remoteEntry\.js$/);
    if (m && !entries.has(m[1])) entries.set(m[1], Date.now());
  });
  const out = { home: null, clicks: [] };
  try {
    const page = await context.newPage();
    const quiet = trackNetwork(page);
    await page.goto(base + LOGIN_PATH, { waitUntil: 'commit', timeout: TIMEOUT });
    await waitMark(page, 'loginButton');
    await quiet(300, 4000);
    await page.getByLabel('Email').fill(AGENT.email);
    await page.getByLabel('Пароль').fill(AGENT.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    const click = await page.evaluate(() => window.__bench.lastClick);
    let catalogue;
    let news;
    try {
      [catalogue, news] = await Promise.all([waitMark(page, 'catalogue'), waitMark(page, 'news')]);
    } catch (e) {
      const why = await page.evaluate(() => document.querySelector('main')?.innerText?.slice(0, 300) ?? document.body.innerText.slice(0, 300)).catch(() => '');
      throw new Error(`home did not show the catalogue and the news (${e.message.split('\n')[0]}); page: ${page.url()} ${JSON.stringify(why)}`);
    }
    out.home = { ms: Math.max(catalogue, news) - click, catalogue: catalogue - click, news: news - click };
    out.entriesAtHome = [...entries.keys()];
    // Remotes whose modules home renders: from HomePage.tsx; without it, those fetched by then.
    const usedByHome = new Set(homeRemotes ?? entries.keys());
    out.usedByHome = [...usedByHome];

    // Let home finish its requests, as a user's first click would come after it settled.
    await quiet(300, 4000);
    const sidebar = page.getByTestId('sidebar');
    const links = await sidebar.locator('a.oy-nav__link').evaluateAll((as) =>
      as.map((a) => ({ href: a.getAttribute('href') || '', label: a.getAttribute('aria-label') || '', external: a.getAttribute('target') === '_blank' })),
    );
    const opened = new Set(usedByHome);
    for (const link of links) {
      if (link.external) continue;
      const section = link.href.replace(/^\/app\/?/, '').split(/[/?#]/)[0];
      const remote = owners.get(section);
      if (!remote || remote === 'shell') continue;
      const dir = remote.replace(/^remote_/, '').replace(/_/g, '-');
      const cold = !opened.has(dir);
      const prefetched = entries.has(dir);
      await page.evaluate((s) => window.__bench.arm(s), section);
      await sidebar.locator(`a.oy-nav__link[href="${link.href}"]`).click();
      try {
        await page.waitForFunction(() => window.__bench.target && (window.__bench.target.at != null || window.__bench.target.failed), null, { timeout: TIMEOUT, polling: 50 });
        const t = await page.evaluate(() => ({ ...window.__bench.target, beforeEl: undefined }));
        if (t.failed) throw new Error(`the section showed «${t.failed}»`);
        out.clicks.push({ section, label: link.label, remote: dir, cold, prefetched, ms: t.at - t.click, heading: t.heading, placeholder: t.placeholder });
      } catch (e) {
        const shown = await page.evaluate(() => (document.querySelector('main')?.innerText || '').replace(/\s+/g, ' ').slice(0, 160)).catch(() => '');
        out.clicks.push({ section, label: link.label, remote: dir, cold, prefetched, ms: null, error: `${e.message.split('\n')[0]} (main: ${JSON.stringify(shown)})` });
      }
      opened.add(dir);
      await quiet(300, 3000);
    }
  } catch (e) {
    out.error = e.message.split('\n')[0];
  } finally {
    await context.close();
  }
  return out;
}

/**
 * The remotes whose widgets the home page renders (`<RemoteWidget remote="remote_…">` in
 * shell/src/pages/HomePage.tsx) as folder names, or null when that file is not there.
 */
function homeRemotes() {
  const file = path.join(root, 'shell/src/pages/HomePage.tsx');
  if (!fs.existsSync(file)) return null;
  const src = fs.readFileSync(file, 'utf8');
  return [...new Set([...src.matchAll(/remote="remote_([a-z_]+)"/g)].map((m) => m[1].replace(/_/g, '-')))];
}

/** Section → owner, read from the section registry's source (shared-kit/src/domain/sections.ts). */
function sectionOwners() {
  const src = fs.readFileSync(path.join(root, 'shared-kit/src/domain/sections.ts'), 'utf8');
  const owners = new Map();
  for (const m of src.matchAll(/\{\s*path:\s*'([^']*)',\s*owner:\s*'([\w]+)'/g)) owners.set(m[1], m[2]);
  return owners;
}

/** Lighthouse `lhRuns` times per page and form factor; keeps the run with the median score (all scores listed). */
async function lighthouseAll(targets, lhRuns, log) {
  const res = {};
  let chrome;
  try {
    chrome = await startLighthouseChrome();
  } catch (e) {
    for (const k of Object.keys(targets)) res[k] = { mobile: { error: e.message }, desktop: { error: e.message } };
    return res;
  }
  try {
    for (const formFactor of ['mobile', 'desktop']) {
      for (const [name, url] of Object.entries(targets)) {
        res[name] ??= {};
        const got = [];
        let error = null;
        for (let i = 0; i < lhRuns; i++) {
          const t = Date.now();
          try {
            got.push(await runLighthouse(chrome.port, url, formFactor));
          } catch (e) {
            error = e.message;
          }
          log(`  lighthouse ${formFactor} ${name} ${i + 1}/${lhRuns}: ${got.at(-1)?.score ?? error} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
        }
        if (!got.length) res[name][formFactor] = { error };
        else {
          const bySc = [...got].sort((a, b) => a.score - b.score);
          res[name][formFactor] = { ...bySc[(bySc.length - 1) >> 1], scores: got.map((g) => g.score), ...(error ? { error: `${lhRuns - got.length} run(s) failed: ${error}` } : {}) };
        }
      }
    }
  } finally {
    await chrome.close();
  }
  return res;
}

/**
 * Measures everything above. `base`: our server's origin; `bare`: the bare form's URL.
 * Returns a plain object of all the figures (ms, bytes, scores) and the raw samples.
 */
export async function runPageTimes({ base, bare, runs = 5, lighthouse = true, lhRuns = 3, log = (s) => console.error(s) } = {}) {
  base = base.replace(/\/$/, '');
  const oursLogin = base + LOGIN_PATH;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROME_FLAGS });
  const samples = { ours: [], bare: [], signIn: [] };
  const load = { cpus: os.cpus().length, before: os.loadavg()[0] };
  let js;
  try {
    // Warm-up (not counted): the server's first answers and Chromium's first pages are slower.
    for (let i = 0; i < 2; i++) {
      await coldLogin(browser, oursLogin).catch(() => {});
      await coldLogin(browser, bare).catch(() => {});
    }

    log(`login: ${runs} cold loads each, alternating…`);
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? [['bare', bare], ['ours', oursLogin]] : [['ours', oursLogin], ['bare', bare]];
      for (const [who, url] of order) samples[who].push(await coldLogin(browser, url));
    }
    js = { ours: await loginJs(browser, oursLogin), bare: await loginJs(browser, bare) };

    log(`home and sections: ${runs} cold sign-ins as ${AGENT.email}…`);
    const owners = sectionOwners();
    const home = homeRemotes();
    for (let i = 0; i < runs; i++) samples.signIn.push(await signInRun(browser, base, owners, home));
  } finally {
    await browser.close();
  }

  load.afterBrowser = os.loadavg()[0];
  const lh = lighthouse ? (log(`lighthouse (${lhRuns} run(s) per page and form factor, the median score kept)…`), await lighthouseAll({ ours: oursLogin, bare }, lhRuns, log)) : null;

  const homeRuns = samples.signIn.filter((r) => r.home);
  const clicks = samples.signIn.flatMap((r) => r.clicks);
  const coldClicks = clicks.filter((c) => c.cold);
  const warmClicks = clicks.filter((c) => !c.cold);
  const bySection = {};
  for (const c of clicks) {
    const s = (bySection[c.section] ??= { label: c.label, remote: c.remote, cold: [], warm: [], prefetched: 0, heading: null, errors: [] });
    s[c.cold ? 'cold' : 'warm'].push(c.ms);
    if (c.cold && c.prefetched) s.prefetched += 1;
    if (c.heading) s.heading = c.heading;
    if (c.error) s.errors.push(c.error);
  }

  return {
    runs,
    base,
    bare,
    load: { ...load, after: os.loadavg()[0] },
    login: {
      visible: { ours: stats(samples.ours.map((s) => s.visible)), bare: stats(samples.bare.map((s) => s.visible)) },
      fcp: { ours: stats(samples.ours.map((s) => s.fcp)), bare: stats(samples.bare.map((s) => s.fcp)) },
      js: { ours: js.ours, bare: js.bare },
    },
    home: {
      visible: stats(homeRuns.map((r) => r.home.ms)),
      catalogue: stats(homeRuns.map((r) => r.home.catalogue)),
      news: stats(homeRuns.map((r) => r.home.news)),
      usedByHome: [...new Set(homeRuns.flatMap((r) => r.usedByHome))],
      entriesAtHome: [...new Set(homeRuns.flatMap((r) => r.entriesAtHome))],
      errors: samples.signIn.filter((r) => r.error).map((r) => r.error),
    },
    sections: {
      cold: stats(coldClicks.map((c) => c.ms).filter((x) => x != null)),
      warm: stats(warmClicks.map((c) => c.ms).filter((x) => x != null)),
      coldPrefetched: coldClicks.filter((c) => c.prefetched).length,
      errors: clicks.filter((c) => c.error).map((c) => `${c.section}: ${c.error}`),
      bySection,
    },
    lighthouse: lh,
    targets: TARGETS,
  };
}

// ------------------------------------------------------------------------------------------- report
const fmtMs = (x) => (x == null ? '—' : `${Math.round(x)} ms`);
const fmtKb = (x) => (x == null ? '—' : `${(x / 1024).toFixed(1)} KiB`);
const fmtRatio = (a, b) => (a == null || b == null || !b ? '—' : `${(a / b).toFixed(2)}×`);
const verdict = (ok) => (ok == null ? '' : ok ? 'OK' : 'OVER');

/** The table of figures: figure, ours, bare/baseline, ratio, target, OK/OVER. */
export function printPageTimes(r, out = console.log) {
  const rows = [];
  const row = (figure, ours, base, ratio, target, ok) => rows.push([figure, ours, base, ratio, target, verdict(ok)]);
  const L = r.login;
  row('login JS (gzip 9)', fmtKb(L.js.ours.bytes), fmtKb(L.js.bare.bytes), fmtRatio(L.js.ours.bytes, L.js.bare.bytes), '≤ bare', L.js.ours.bytes <= L.js.bare.bytes);
  const lo = L.visible.ours.median;
  const lb = L.visible.bare.median;
  row('login visible, median', fmtMs(lo), fmtMs(lb), fmtRatio(lo, lb), '≤ bare', lo != null && lb != null ? lo <= lb : null);
  row('login visible, p95', fmtMs(L.visible.ours.p95), fmtMs(L.visible.bare.p95), fmtRatio(L.visible.ours.p95, L.visible.bare.p95), '', null);
  row('login FCP, median', fmtMs(L.fcp.ours.median), fmtMs(L.fcp.bare.median), fmtRatio(L.fcp.ours.median, L.fcp.bare.median), '', null);
  const h = r.home.visible.median;
  row(`home visible after click, median${r.home.errors.length ? ` (${r.home.errors.length} failed)` : ''}`, fmtMs(h), `${fmtMs(lb)} bare login`, fmtRatio(h, lb), `≤ ${r.targets.homeRatio}×`, h != null && lb != null ? h / lb <= r.targets.homeRatio : null);
  row('  catalogue / news, median', `${fmtMs(r.home.catalogue.median)} / ${fmtMs(r.home.news.median)}`, '', '', '', null);
  row('home visible after click, p95', fmtMs(r.home.visible.p95), '', fmtRatio(r.home.visible.p95, lb), '', null);
  const s = r.sections.cold;
  const failed = r.sections.errors.length ? `, ${r.sections.errors.length} failed` : '';
  row(`section open, remote not loaded, p95 (${s.n} clicks${failed})`, fmtMs(s.p95), `${r.targets.sectionP95} ms`, fmtRatio(s.p95, r.targets.sectionP95), `≤ ${r.targets.sectionP95} ms`, s.p95 != null ? s.p95 <= r.targets.sectionP95 : null);
  row('  same, median', fmtMs(s.median), '', '', '', null);
  row(`section open, remote loaded, p95 (${r.sections.warm.n} clicks)`, fmtMs(r.sections.warm.p95), '', '', '', null);
  if (r.lighthouse) {
    for (const ff of ['mobile', 'desktop']) {
      const o = r.lighthouse.ours?.[ff] ?? {};
      const b = r.lighthouse.bare?.[ff] ?? {};
      const target = ff === 'mobile' ? r.targets.lhMobile : r.targets.lhDesktop;
      const sc = (x) => (x.score == null ? 'error' : x.scores?.length > 1 ? `${x.score} [${x.scores.join(' ')}]` : String(x.score));
      row(`Lighthouse ${ff} score${o.scores?.length > 1 ? ' (median [runs])' : ''}`, sc(o), sc(b), '', `≥ ${target}`, o.score != null ? o.score >= target : null);
      for (const [k, name] of [['fcp', 'FCP'], ['lcp', 'LCP'], ['tbt', 'TBT']]) row(`  ${ff} ${name}`, fmtMs(o[k]), fmtMs(b[k]), fmtRatio(o[k], b[k]), '', null);
    }
  }
  const head = ['figure', 'ours', 'bare / baseline', 'ratio', 'target', ''];
  const w = head.map((_, i) => Math.max(head[i].length, ...rows.map((x) => String(x[i]).length)));
  const line = (x) => x.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join('  ');
  out(`\nPage times (${r.runs} cold runs each; ours ${r.base}, bare ${r.bare}):`);
  out(line(head));
  for (const x of rows) out(line(x));
  out(`\n  samples, ms: login ours [${r.login.visible.ours.all.join(', ')}], bare [${r.login.visible.bare.all.join(', ')}]; home [${r.home.visible.all.join(', ')}]`);
  out(`  remotes home renders: ${r.home.usedByHome.join(', ') || 'none'}; remoteEntry.js fetched by the time home was visible: ${r.home.entriesAtHome.join(', ') || 'none'}`);
  out(`  first clicks into a remote (\"not loaded yet\") whose remoteEntry.js had been fetched before the click (prefetch): ${r.sections.coldPrefetched} of ${r.sections.cold.n + r.sections.errors.length}`);
  for (const [sec, v] of Object.entries(r.sections.bySection)) {
    out(`  /${sec} «${v.label}» (${v.remote}${v.heading ? `, h1 «${v.heading}»` : ''}): cold [${v.cold.map((x) => (x == null ? 'fail' : Math.round(x))).join(', ')}] warm [${v.warm.map((x) => (x == null ? 'fail' : Math.round(x))).join(', ')}]`);
  }
  for (const e of [...r.home.errors, ...r.sections.errors]) out(`  error: ${e}`);
  const busy = Math.max(r.load.before, r.load.afterBrowser ?? 0, r.load.after) > r.load.cpus;
  out(`  load average (1 min) at start / after the browser runs / at the end: ${[r.load.before, r.load.afterBrowser, r.load.after].map((x) => (x == null ? '—' : x.toFixed(1))).join(' / ')} on ${r.load.cpus} CPUs${busy ? ' — BUSY MACHINE: other processes competed for the CPU, the times are inflated and noisy' : ''}`);
  if (r.lighthouse) for (const [who, v] of Object.entries(r.lighthouse)) for (const [ff, x] of Object.entries(v)) {
    if (x.error) out(`  lighthouse ${ff} ${who}: ${x.error}`);
    for (const wmsg of x.warnings || []) out(`  lighthouse ${ff} ${who} warning: ${wmsg}`);
  }
}

// --------------------------------------------------------------------------------------- standalone
async function main() {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const runs = Number(opt('--runs') || 5);
  const cleanups = [];
  const started = Date.now();
  try {
    let bare = opt('--bare');
    if (!bare) {
      const { buildBareForm, serveStatic } = await import('./bare-form/build.mjs');
      const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-bare-form-'));
      cleanups.push(() => fs.rmSync(outDir, { recursive: true, force: true }));
      const { dir, ms } = await buildBareForm({ outDir });
      console.error(`bare form built in ${(ms / 1000).toFixed(1)} s`);
      const s = await serveStatic(dir, 0);
      cleanups.push(() => s.close());
      bare = s.url;
    }
    let base = opt('--base');
    if (!base) {
      // LOGIN_RATE_LIMIT: more cold sign-ins of one account per minute than the default 10 allow.
      const server = await startDemoServer({
        port: Number(process.env.PORT || 8099),
        env: { LOGIN_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT_ADDRESS: '1000', LOG_LEVEL: 'warn' },
        waitMs: 90_000,
      });
      cleanups.push(server.stop);
      base = server.url;
      console.error(`server up at ${base} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const r = await runPageTimes({ base, bare, runs, lighthouse: !args.includes('--no-lighthouse'), lhRuns: Number(opt('--lh-runs') || 3) });
    if (args.includes('--json')) console.log(JSON.stringify(r, null, 2));
    else printPageTimes(r);
    console.error(`\n(page times took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    for (const c of cleanups.reverse()) await c();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
