import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test with one automatic fixture: every page of the test is watched for api answers of
 * 401 and 5xx, page errors and console errors, and when the test fails they are printed with it — a
 * failure in CI (where no trace is kept) then says what the server and the page said.
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
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      if (testInfo.status !== testInfo.expectedStatus && seen.length) {
        console.log(`\n--- what the pages saw in «${testInfo.title}»:\n${seen.join('\n')}\n---`);
      }
    },
    { auto: true },
  ],
});

export { expect };
