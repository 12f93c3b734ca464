// Screenshots of the payout pages at 1280 and 900 px. MOCK=1 answers the payout api with fixtures.
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:8392';
const out = '/tmp/payui-shots';
const MOCK = process.env.MOCK === '1';
const only = process.env.ONLY;

const party = (id, fio) => ({ id, fio });
const payout = (o) => ({ id: 'p1'.repeat(12), agent: party('a1'.repeat(12), 'Иванов Иван Петрович'), period: '2026-10', periodTitle: 'Октябрь 2026', opf: 'FL', opfTitle: 'Физическое лицо', grossKopecks: 1988370, taxKopecks: 258488, netKopecks: 1729882, lines: 7, status: 'ready', statusTitle: 'К выплате', waitingReason: null, receipt: null, actNumber: 'А-2026-10-000001', vatTitle: '', register: null, selfEmployedLimitExceeded: false, createdAt: '2026-11-02T09:00:00.000Z', paidAt: null, ...o });
const PAYOUTS = [
  payout({}),
  payout({ id: 'p2'.repeat(12), agent: party('a2'.repeat(12), 'Новикова Екатерина Александровна'), opf: 'SZ', opfTitle: 'Самозанятый', grossKopecks: 5655523, taxKopecks: 0, netKopecks: 5655523, status: 'awaiting_receipt', statusTitle: 'Ждёт чек «Мой налог»', waitingReason: 'Выплата ждёт чек из «Мой налог» на сумму выплаты с вашим ИНН — прикрепите его', selfEmployedLimitExceeded: true, actNumber: 'А-2026-10-000002' }),
  payout({ id: 'p3'.repeat(12), agent: party('a3'.repeat(12), 'Фёдоров Максим Владимирович'), opf: 'IP', opfTitle: 'Индивидуальный предприниматель', vatTitle: 'НДС не облагается', grossKopecks: 5874491, taxKopecks: 0, netKopecks: 5874491, status: 'in_register', statusTitle: 'В реестре на выплату', register: { id: 'r1'.repeat(12), number: 1 }, actNumber: 'А-2026-10-000003' }),
  payout({ id: 'p4'.repeat(12), agent: party('a4'.repeat(12), 'Волков Андрей Геннадьевич'), opf: 'YL', opfTitle: 'Юридическое лицо', vatTitle: 'Без НДС', grossKopecks: 2754999, taxKopecks: 0, netKopecks: 2754999, status: 'paid', statusTitle: 'Выплачено', register: { id: 'r1'.repeat(12), number: 1 }, paidAt: '2026-11-20T10:00:00.000Z', actNumber: 'А-2026-10-000004', receipt: null }),
];
const reg = (o) => ({ id: 'r1'.repeat(12), number: 1, period: '2026-10', periodTitle: 'Октябрь 2026', status: 'approved', statusTitle: 'Утверждён', totalKopecks: PAYOUTS.reduce((s, p) => s + p.netKopecks, 0), lines: 4, paidLines: 1, builtBy: party('f'.repeat(24), 'Соколова Марина Павловна'), approvedBy: party('e'.repeat(24), 'Егорова Людмила Андреевна'), createdAt: '2026-11-03T09:00:00.000Z', approvedAt: '2026-11-04T09:00:00.000Z', ...o });

async function mock(page) {
  const json = (data) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
  await page.route('**/api/v2/finance/payouts/balance', (r) => r.fulfill(json({ unpaidKopecks: 354240, minPayoutKopecks: 100000 })));
  await page.route(/\/api\/v2\/finance\/payouts\?/, (r) => r.fulfill(json({ items: PAYOUTS, next: null })));
  await page.route(/\/api\/v2\/finance\/registers$/, (r) => r.fulfill(json([reg({}), reg({ id: 'r2'.repeat(12), number: 2, status: 'draft', statusTitle: 'На проверке', approvedBy: null, approvedAt: null, paidLines: 0, lines: 2, totalKopecks: 12345600 })])));
  await page.route(/\/api\/v2\/finance\/registers\/r1/, (r) => r.fulfill(json({ ...reg({}), payouts: PAYOUTS.map((p) => ({ ...p, register: { id: 'r1'.repeat(12), number: 1 } })), skipped: [{ agent: party('a5'.repeat(12), 'Орлов Павел Романович'), reason: 'Нет банковских реквизитов' }] })));
}

async function signIn(page, email) {
  await page.goto(`${base}/app/login?legacy=true`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль').fill('Oyster2026!');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((u) => !u.pathname.includes('/login'));
}

const shots = (process.env.SHOTS ?? '').split(',').filter(Boolean);
const plan = [
  { name: 'cr-payouts-agent', email: 'newagent@oyster.test', path: '/app/cr/payouts' },
  { name: 'cr-payouts-staff', email: 'finance@oyster.test', path: '/app/cr/payouts' },
  { name: 'cr-ledger-tabs', email: 'agent@oyster.test', path: '/app/cr' },
  { name: 'finance-landing', email: 'finance@oyster.test', path: '/app/finance' },
  { name: 'finance-payouts', email: 'finance@oyster.test', path: '/app/finance/payouts' },
  { name: 'finance-registers', email: 'finance@oyster.test', path: '/app/finance/registers' },
  { name: 'finance-register', email: 'finance@oyster.test', path: process.env.REGISTER_PATH ?? `/app/finance/registers/${'r1'.repeat(12)}` },
  { name: 'finance-register-paid', email: 'finance@oyster.test', path: process.env.REGISTER_PAID_PATH ?? '/app/finance/registers/2' },
].filter((s) => !only || only.split(',').includes(s.name));

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const contexts = {};
for (const width of [1280, 900]) {
  for (const s of plan) {
    if (!contexts[s.email]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
      const page = await context.newPage();
      if (MOCK) await mock(page);
      await signIn(page, s.email);
      contexts[s.email] = page;
    }
    const page = contexts[s.email];
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${base}${s.path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/${s.name}-${width}.png`, fullPage: true });
    console.log('shot', s.name, width);
  }
}
await browser.close();
