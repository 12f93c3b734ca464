import { expect, test, type Page, type APIRequestContext } from '@playwright/test';
import { CONTRACT_STATUS, CONTRACT_STATUS_TITLES, KASKO_PHOTO_TYPES, formatMoney } from '@oyster/shared-kit/domain';
import { EMAIL, chooseOption, signIn, typeDate } from './helpers';
import { demoPaymentSecret } from '../../api/src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../api/src/sales/payments/signature';

// e-KASKO in two instalments (issue 25): the agent calculates, chooses an offer, fills the details and the
// inspection photos, sends it; the insurer reports the first instalment paid (its signed callback) → the
// policy is issued; later the second instalment is paid the same way, and finance sees its own ledger line.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The insurer's server reports a payment of `token` (no browser, no cookie): the signed callback. */
async function pay(request: APIRequestContext, code: string, token: string, amount: number, n: number) {
  const body = JSON.stringify({ paymentId: `pay_e2e_kasko_${n}_${Date.now()}`, paymentToken: token, amount, paidAt: new Date().toISOString() });
  const answer = await request.post(`/api/v2/payments/callback/${code}`, { headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(demoPaymentSecret(code), code, body) }, data: body });
  expect(answer.status(), await answer.text()).toBe(200);
}

const contractOf = (page: Page, id: string) =>
  page.evaluate(async (id) => (await (await fetch(`/api/v2/contracts/${id}`)).json()).data as { companyId: string; instalments: { amount: number; paymentUrl: string | null }[] }, id);

test('an agent sells e-KASKO in two instalments: offers → «Оформить» → details and inspection photos → sent → the first instalment paid → the policy issued → the second paid later; finance sees its ledger line', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-ekasko');
  await expect(page.getByRole('heading', { name: 'Калькулятор Е-КАСКО' })).toBeVisible();

  // The calculator's three steps; a step with errors names its fields.
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Поле «Марка» обязательно')).toBeVisible();
  await page.locator('#k-make').fill('Kia');
  await page.locator('#k-model').fill('Rio');
  await page.locator('#k-year').fill('2021');
  await page.locator('#k-plate').fill('А123ВС777');
  await page.locator('#k-sum').fill('1800000');
  await page.getByRole('button', { name: 'Далее' }).click();
  await typeDate(page.locator('#k-d0-b'), '15.01.1985');
  await typeDate(page.locator('#k-d0-e'), '01.03.2008');
  await page.getByRole('button', { name: 'Далее' }).click();
  await chooseOption(page.locator('#k-inst'), 'Два платежа');
  await page.getByRole('button', { name: 'Рассчитать' }).click();

  // Offers: each insurer's premium and its two payments; the refusals with their reasons.
  await expect(page.getByLabel('Что рассчитано')).toContainText('Kia Rio, 2021 · страховая сумма 1\u00a0800\u00a0000,00\u00a0₽');
  const ingos = page.getByRole('article', { name: 'Ингосстрах' });
  await expect(ingos.getByText(/^Платежи: .+ \+ .+$/)).toBeVisible();
  await expect(ingos.getByText(/^Ваше КВ /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Отказы страховщиков' })).toBeVisible();
  await ingos.getByRole('button', { name: 'Оформить' }).click();

  // The details, saved as typed.
  await expect(page.getByRole('heading', { name: 'Оформление Е-КАСКО' })).toBeVisible();
  const id = page.url().split('/new-ekasko/')[1];
  // Each field is saved when the agent leaves it (the next one starts from what was saved).
  const saved = () => page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/${id}/details`) && r.ok());
  const fill = async (sel: string, v: string, type = false) => {
    const done = saved();
    if (type) await page.locator(sel).pressSequentially(v);
    else await page.locator(sel).fill(v);
    await page.locator(sel).press('Tab');
    await done;
  };
  await fill('#kd-insurant-lastName', 'Петров');
  await fill('#kd-insurant-firstName', 'Пётр');
  let done = saved();
  await typeDate(page.locator('#kd-insurant-birthDate'), '15.01.1985');
  await done;
  await fill('#kd-insurant-passport-series', '4510');
  await fill('#kd-insurant-passport-number', '123456');
  done = saved();
  await typeDate(page.locator('#kd-insurant-passport-issuedAt'), '20.02.2010');
  await done;
  await fill('#kd-insurant-passport-issuer', 'ОВД Тверского района г. Москвы');
  await fill('#kd-insurant-address', 'г. Москва, ул. Тверская, д. 1, кв. 1');
  await fill('#kd-vehicle-vin', 'XWEPC811DB0001234');
  await fill('#kd-driver-0', 'Петров Пётр Петрович');
  await fill('#kd-contacts-phone', '9161234567', true);
  await fill('#kd-contacts-email', 'petrov@example.ru');

  // Without the photos the insurer does not take it.
  await page.getByRole('button', { name: 'Отправить страховщику' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Прикрепите фото осмотра: «${KASKO_PHOTO_TYPES[0]}»`);
  for (const [i, t] of KASKO_PHOTO_TYPES.entries()) {
    await page.getByLabel(t, { exact: true }).setInputFiles({ name: `photo-${i}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('загружено: 1')).toHaveCount(i + 1);
  }
  await page.getByRole('button', { name: 'Отправить страховщику' }).click();

  // The contract page: waiting for the first of two instalments.
  await page.waitForURL(`**/contracts/${id}`);
  const schedule = page.getByRole('region', { name: 'График платежей' });
  await expect(schedule.getByRole('listitem').nth(0)).toContainText('Взнос 1 из 2', { timeout: 20_000 });
  await expect(schedule.getByRole('listitem').nth(0)).toContainText('Ожидает оплаты');
  await expect(schedule.getByRole('listitem').nth(1)).toContainText('К оплате позже');

  const companies = (await page.evaluate(async () => (await (await fetch('/api/v2/init-state')).json()).data.companies)) as { _id: string; idUnicus: string }[];
  const before = await contractOf(page, id);
  const code = companies.find((c) => c._id === before.companyId)!.idUnicus;
  const [first, second] = before.instalments;
  await pay(request, code, first.paymentUrl!.split('/pay/')[1], first.amount, 1);

  // Paid → the policy issued, live; the second instalment gets its own link.
  await expect(page.getByText(CONTRACT_STATUS_TITLES[CONTRACT_STATUS.released]).first()).toBeVisible({ timeout: 30_000 });
  await expect(schedule.getByRole('listitem').nth(0)).toContainText('Оплачен');
  await expect(schedule.getByRole('listitem').nth(1).getByRole('link', { name: 'ссылка на оплату' })).toBeVisible();
  const later = (await contractOf(page, id)).instalments[1];
  await pay(request, code, later.paymentUrl!.split('/pay/')[1], second.amount, 2);
  await expect(schedule.getByRole('listitem').nth(1)).toContainText('Оплачен');

  // Finance: one agent's commission line per instalment, the second on its own payment.
  const finance = await (await browser.newContext()).newPage();
  await signIn(finance, EMAIL.finance);
  await finance.goto(`/app/contracts/${id}`);
  const lines = finance.getByRole('region', { name: 'Деньги по договору' }).getByRole('list', { name: 'Начисления КВ' });
  await expect(lines.getByRole('listitem').filter({ hasText: 'КВ агента' })).toHaveCount(2);
  await expect(lines.getByRole('listitem').filter({ hasText: `от ${formatMoney(second.amount)}` }).first()).toBeVisible();
});
