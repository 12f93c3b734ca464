import { test as base, expect } from '@playwright/test';
import { appendFileSync } from 'node:fs';
import { TOKENS_FILE } from '../log-check';

/**
 * Kept in each tab's sessionStorage (it outlives a navigation, unlike the page's console): what the
 * session keys were when each document started, and who removed the token (with the stack) — a
 * session lost between two pages of a test is then explained in the failure.
 */
const TRACE_KEY = 'e2e.sessionTrace';
function traceSessionStorage(key: string) {
  if (window.location.protocol !== 'http:') return; // about:blank has no storage
  const note = (line: string) => {
    try {
      const prev = window.sessionStorage.getItem(key) ?? '';
      window.sessionStorage.setItem(key, `${prev}${new Date().toISOString().slice(11, 23)} ${line}\n`);
    } catch {
      /* no storage: nothing to keep */
    }
  };
  const keys = () => Object.keys(window.localStorage).filter((k) => k.startsWith('oyster.')).join(',') || '(none)';
  note(`document ${window.location.pathname}: ${keys()}`);
  const remove = Storage.prototype.removeItem;
  Storage.prototype.removeItem = function (this: Storage, k: string) {
    if (this === window.localStorage && k === 'oyster.token') note(`token removed at ${window.location.pathname}: ${(new Error().stack ?? '').split('\n').slice(2, 8).join(' | ')}`);
    return remove.call(this, k);
  };
}

/**
 * Playwright's test with one automatic fixture: every page of the test is watched for api answers of
 * 401 and 5xx, page errors and console errors, and when the test fails they are printed with it — a
 * failure in CI (where no trace is kept) then says what the server and the page said, and how the
 * session's stored keys went (traceSessionStorage).
 */
export const test = base.extend<{ pageDiagnostics: void }>({
  pageDiagnostics: [
    async ({ context }, use, testInfo) => {
      const seen: string[] = [];
      const stamp = () => new Date().toISOString().slice(11, 23);
      const watch = (page: import('@playwright/test').Page) => {
        page.on('response', (r) => {
          if (r.status() === 401 || r.status() >= 500) seen.push(`${stamp()} ${r.status()} ${r.request().method()} ${r.url()}`);
        });
        page.on('pageerror', (e) => seen.push(`${stamp()} pageerror ${e.message}`));
        page.on('console', (m) => m.type() === 'error' && seen.push(`${stamp()} console ${m.text()}`));
        page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(`${stamp()} navigated ${f.url()}`));
      };
      await context.addInitScript(traceSessionStorage, TRACE_KEY);
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      // Every session token this test had, for the log check after the run (log-check.ts).
      const tokens = (await context.cookies().catch(() => [])).filter((c) => c.name === 'x-api-token').map((c) => c.value);
      if (tokens.length) appendFileSync(TOKENS_FILE(Number(process.env.E2E_PORT ?? 8181)), tokens.map((t) => `${t}\n`).join(''));
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const p of context.pages()) {
          const trace = await p.evaluate((k) => window.sessionStorage.getItem(k), TRACE_KEY).catch(() => null);
          if (trace) seen.push(`session trace of ${p.url()}:\n${trace.trimEnd()}`);
        }
      }
      if (testInfo.status !== testInfo.expectedStatus && seen.length) {
        console.log(`\n--- what the pages saw in «${testInfo.title}»:\n${seen.join('\n')}\n---`);
      }
    },
    { auto: true },
  ],
});

export { expect };
