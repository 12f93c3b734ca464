import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

/**
 * The product under its own Content-Security-Policy (api/src/platform/security.ts): pages of the
 * shell and of the remotes (module federation), antd's run-time styles, the socket and the pictures
 * render without a single violation.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

test('no CSP violations across the shell and the learning remote', async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, EMAIL.admin);
  for (const path of ['/app/', '/app/news', '/app/knowledge', '/app/academy', '/app/media', '/app/profile', '/app/kit', '/app/contracts']) {
    await page.goto(path);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const res = await page.request.get('/app/');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(violations).toEqual([]);
});
