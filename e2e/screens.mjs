// Screenshots of the main screens at 1280px and 900px (the 1000px breakpoint), for a person to
// look at: node e2e/screens.mjs [baseURL] → e2e/screenshots/*.png
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const shots = [
  { name: 'landing', path: '/app/oyster' },
  { name: 'login', path: '/app/login?legacy=true' },
  { name: 'home-agent', path: '/app/', as: 'agent@oyster.test' },
  { name: 'home-manager', path: '/app/', as: 'manager@oyster.test', menu: true },
  { name: 'companies-broker', path: '/app/', as: 'broker@oyster.test', tab: 'Юридическим лицам' },
  { name: 'profile-owner', path: '/app/profile', as: 'owner@oyster.test' },
  { name: 'section-admin', path: '/app/finance', as: 'admin@oyster.test' },
  { name: 'notfound', path: '/app/nowhere', as: 'copywriter@oyster.test' },
  { name: 'kit-admin', path: '/app/kit', as: 'admin@oyster.test' },
  { name: 'no-access-copywriter', path: '/app/contracts', as: 'copywriter@oyster.test' },
  { name: 'news-agent', path: '/app/news', as: 'agent@oyster.test' },
  { name: 'course-edit-copywriter', path: '/app/academy/new', as: 'copywriter@oyster.test' },
  { name: 'banners-agent', path: '/app/media/banners', as: 'agent@oyster.test' },
  // Sales II (issue 25): the calculators, the lists and a contract, as the agent and as staff.
  { name: 'ekasko-agent', path: '/app/new-ekasko', as: 'agent@oyster.test' },
  { name: 'vzr-agent', path: '/app/new-vzr', as: 'agent@oyster.test' },
  { name: 'ifl-agent', path: '/app/new-ifl', as: 'agent@oyster.test' },
  { name: 'ifl-house-agent', path: '/app/new-ifl_house', as: 'agent@oyster.test' },
  { name: 'ipoteka-agent', path: '/app/new-ipoteka', as: 'agent@oyster.test' },
  { name: 'manual-agent', path: '/app/new-manual', as: 'agent@oyster.test' },
  { name: 'contracts-agent', path: '/app/contracts', as: 'agent@oyster.test' },
  { name: 'contracts-manager', path: '/app/contracts', as: 'manager@oyster.test' },
  { name: 'contract-agent', path: '/app/contracts', as: 'agent@oyster.test', firstRow: true },
  { name: 'contract-manager', path: '/app/contracts', as: 'manager@oyster.test', firstRow: true },
  { name: 'renewals-agent', path: '/app/contracts/renewals', as: 'agent@oyster.test' },
  { name: 'renewals-manager', path: '/app/contracts/renewals', as: 'manager@oyster.test' },
  { name: 'clients-agent', path: '/app/contracts/clients', as: 'agent@oyster.test' },
  { name: 'oyster-app-agent', path: '/app/oyster-app', as: 'agent@oyster.test' },
  // Управление (issue 26): partners, a partner's card, the tariff mapping.
  { name: 'partners-admin', path: '/app/manage/partners', as: 'admin@oyster.test' },
  { name: 'partner-admin', path: '/app/manage/partners', as: 'admin@oyster.test', link: 'Демо Ипотечный Банк' },
  { name: 'tariffs-finance', path: '/app/manage/tariffs', as: 'finance@oyster.test' },
  // Управление (issue 26): the users tab, a user's page (the list's first agent), the audit log.
  { name: 'manage-users-admin', path: '/app/manage/users', as: 'admin@oyster.test' },
  { name: 'user-admin', path: '/app/manage/users?kind=agent', as: 'admin@oyster.test', follow: /\/user\/[0-9a-f]{24}$/ },
  { name: 'manage-audit-admin', path: '/app/manage/audit', as: 'admin@oyster.test' },
  // Finance II (issue 26): the agents list, an agent's card, a network owner's sub-agents.
  { name: 'agents-admin', path: '/app/agents', as: 'admin@oyster.test' },
  { name: 'agent-card-admin', path: '/app/agents', as: 'admin@oyster.test', follow: /\/agent\/[0-9a-f]{24}$/ },
  { name: 'sub-agents-owner', path: '/app/sub_agents', as: 'owner@oyster.test' },
  // Nobody had looked at these (issue 26 mend): the agents list as an appointed-only supervisor, as a network
  // agent owner (their place is Субагенты) and as a broker network owner; Управление as a copywriter and a
  // supervisor (partners and tariffs read-only).
  { name: 'agents-appointed', path: '/app/agents', as: 'supervisor.appointed@oyster.test' },
  { name: 'agents-owner', path: '/app/agents', as: 'owner@oyster.test' },
  { name: 'agents-broker', path: '/app/agents', as: 'broker@oyster.test' },
  { name: 'manage-copywriter', path: '/app/manage', as: 'copywriter@oyster.test' },
  { name: 'partners-supervisor', path: '/app/manage/partners', as: 'supervisor@oyster.test' },
  { name: 'tariffs-supervisor', path: '/app/manage/tariffs', as: 'supervisor@oyster.test' },
  // Finance II (issue 26): Аналитика, a year by month, as the finance controller and the administrator.
  { name: 'analytics-finance', path: '/app/analytics', as: 'finance@oyster.test' },
  { name: 'analytics-admin', path: '/app/analytics?bucket=week', as: 'admin@oyster.test' },
];
// SHOTS=ekasko,contract: only the shots whose name contains one of these.
const only = process.env.SHOTS?.split(',').filter(Boolean);
const chosen = only ? shots.filter((s) => only.some((o) => s.name.includes(o))) : shots;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [1280, 900]) {
  for (const s of chosen) {
    const page = await browser.newPage({ viewport: { width, height: 860 }, locale: 'ru-RU' });
    if (s.as) {
      await page.goto(`${base}/app/login?legacy=true`);
      await page.getByLabel('Email').fill(s.as);
      await page.getByLabel('Пароль').fill('Oyster2026!');
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.waitForURL(/\/app\/?$/);
    }
    await page.goto(`${base}${s.path}`);
    if (s.tab) await page.getByRole('tab', { name: s.tab }).click();
    if (s.firstRow) {
      // The newest contract of the list, opened as a person would (ids differ per database).
      await page.getByText('Показать ещё').waitFor();
      const hrefs = await page.locator('a[href*="/contracts/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      const href = hrefs.find((h) => /\/contracts\/[0-9a-f]{24}/.test(h ?? ''));
      if (href) await page.goto(href.startsWith('http') ? href : `${base}${href}`);
    }
    if (s.link) {
      // A row's link, opened as a person would (ids differ per database).
      await page.getByRole('link', { name: s.link }).click();
      await page.getByRole('heading', { name: s.link }).waitFor();
    }
    if (s.follow) {
      // The first link of the list whose address matches (ids differ per database).
      let href;
      for (let i = 0; i < 50 && !href; i++) {
        const hrefs = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        href = hrefs.find((h) => s.follow.test(h ?? ''));
        if (!href) await page.waitForTimeout(200);
      }
      if (href) await page.goto(href.startsWith('http') ? href : `${base}${href}`);
    }
    if (s.menu && width < 1000) await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}${s.name}-${width}.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
