/**
 * Lighthouse performance of a page (issue 10: login ≥ 90 mobile, 100 desktop), through the
 * `lighthouse` Node API against Debian's Chromium that we launch ourselves (no chrome-launcher):
 * /usr/bin/chromium (or $CHROMIUM) --headless=new --remote-debugging-port=<free port> with a
 * throw-away profile. Mobile = Lighthouse's default config (moto g power, simulated slow 4G and
 * 4× CPU); desktop = lighthouse/core/config/desktop-config.js (simulated, 40 ms RTT, no CPU slowdown).
 *
 *   const lh = await startLighthouseChrome();
 *   const r = await runLighthouse(lh.port, url, 'mobile');   // { score, fcp, lcp, tbt, cls, si, ... }
 *   await lh.close();
 *
 * Run directly: `node bench/lighthouse.mjs <url> [mobile|desktop]`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib.mjs';

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Launches Chromium with a debugging port for Lighthouse; `close()` kills it and removes the profile. */
export async function startLighthouseChrome() {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'oyster-lh-'));
  const exe = process.env.CHROMIUM || '/usr/bin/chromium';
  const child = spawn(exe, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  const end = Date.now() + 20000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${exe} exited (${child.exitCode}) before its debugging port answered: ${stderr}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`${exe} did not open its debugging port ${port} in 20 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One Lighthouse run (performance category only) against the Chromium on `port`.
 * Returns the score 0..100 and the metrics in ms (cls unitless), or throws with Lighthouse's reason.
 */
export async function runLighthouse(port, url, formFactor = 'mobile') {
  const { default: lighthouse } = await import('lighthouse');
  const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, config);
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  const v = (id) => (a[id] && typeof a[id].numericValue === 'number' ? a[id].numericValue : null);
  const score = lhr.categories.performance.score;
  return {
    score: score === null ? null : Math.round(score * 100),
    fcp: v('first-contentful-paint'),
    lcp: v('largest-contentful-paint'),
    tbt: v('total-blocking-time'),
    cls: v('cumulative-layout-shift'),
    si: v('speed-index'),
    warnings: lhr.runWarnings || [],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [url, formFactor = 'mobile'] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node bench/lighthouse.mjs <url> [mobile|desktop]');
    process.exit(2);
  }
  const chrome = await startLighthouseChrome();
  try {
    console.log(JSON.stringify(await runLighthouse(chrome.port, url, formFactor), null, 2));
  } finally {
    await chrome.close();
  }
}
