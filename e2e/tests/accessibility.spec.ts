import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { access, canOpenSection, SECTIONS, type AccessFlag, type SessionUser } from '@oyster/shared-kit/domain';
import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// Issue 27 «Every screen usable by everyone»: axe-core (WCAG 2 A/AA rules and axe's best practices)
// on every section's main page as each role that may open it, and on the login page signed out.
// A `serious` or `critical` violation fails the test, named by rule, page and the nodes' selectors.

/** Sections that only have pages with an id (/app/agent/{id} …): no main page to check. */
const ITEM_ONLY = new Set(['request-broker', 'add_template', 'edit_template', 'user', 'edit_partner', 'agent', 'manual']);
/** Sections open to everyone whose main page asks for more (the page's own `access` in SECTION_PAGES). */
const PAGE_ACCESS: Partial<Record<string, AccessFlag>> = { add_partner: 'canManagePartners' };
/** The calculators and the other «new …» starts are checked once, as the agent. */
const isStart = (path: string) => path.startsWith('new-');

const ROLES = ['copywriter', 'agent', 'owner', 'manager', 'supervisor', 'finance', 'admin'] as const;

interface Found {
  rule: string;
  impact: string;
  page: string;
  help: string;
  targets: string[];
}

async function audit(page: Page, where: string): Promise<Found[]> {
  // Only the violations come back (axe skips listing every passing node: much faster on big pages).
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', page: where, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

function report(found: Found[]): string {
  const byRule = new Map<string, { pages: number; nodes: number }>();
  for (const f of found) {
    const r = byRule.get(f.rule) ?? { pages: 0, nodes: 0 };
    byRule.set(f.rule, { pages: r.pages + 1, nodes: r.nodes + f.targets.length });
  }
  const summary = [...byRule].map(([rule, r]) => `${rule}: ${r.pages} page(s), ${r.nodes} node(s)`).join('; ');
  return `${summary}\n` + found.map((f) => `${f.rule} (${f.impact}) on ${f.page}: ${f.help}\n    ${f.targets.slice(0, 12).join('\n    ')}${f.targets.length > 12 ? `\n    … ${f.targets.length - 12} more` : ''}`).join('\n');
}

/** Waits until the page shows what it loads: no spinner, no skeleton, nothing on the wire for a moment. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // antd's motion (fades of tables, tabs) ends before the colours are what the user sees.
  await page.waitForTimeout(300);
}

/** Opens an /app path in the running app without reloading it (the router follows the history). */
async function open(page: Page, path: string) {
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // A section may send its main page on to its first tab (/app/manage → /app/manage/users), sooner or later.
  const escaped = path.replace(/[/-]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(path.endsWith('/') ? `${escaped}$` : `${escaped}(\\/[\\w-]+)?$`));
  await expect(page.getByTestId('no-access')).toHaveCount(0);
}

test('the login page (signed out) has no serious or critical axe violation', async ({ page }) => {
  await page.goto('/app/login?legacy=true');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await settled(page);
  const found = await audit(page, '/app/login');
  expect(found, report(found)).toEqual([]);
});

for (const role of ROLES) {
  test(`every section's main page as ${role} has no serious or critical axe violation`, async ({ page }) => {
    // About 2–3 s a page on a quiet machine (axe itself); a loaded one takes several times that.
    test.setTimeout(600_000);
    await signIn(page, EMAIL[role]);
    const user = JSON.parse((await page.evaluate(() => window.localStorage.getItem('oyster.user'))) ?? 'null') as SessionUser;
    const flags = access(user);
    const paths = SECTIONS.filter((s) => !ITEM_ONLY.has(s.path) && canOpenSection(s, flags) && (!PAGE_ACCESS[s.path] || flags[PAGE_ACCESS[s.path]!]) && (!isStart(s.path) || role === 'agent')).map((s) => `/app/${s.path}`.replace(/\/$/, ''));
    const found: Found[] = [];
    for (const path of paths) {
      const t0 = Date.now();
      await open(page, path === '/app' ? '/app/' : path);
      await settled(page);
      const t1 = Date.now();
      found.push(...(await audit(page, `${path} as ${role}`)));
      if (process.env.A11Y_TIMES) console.log(`${path}: open ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
    }
    expect(found, report(found)).toEqual([]);
  });
}
