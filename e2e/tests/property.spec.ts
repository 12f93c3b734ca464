import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';
import { demoPaymentSecret } from '../../api/src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../api/src/sales/payments/signature';

// Property (issue 25): agent@'s demo apartment policy ending in 20 days is on the renewal worklist;
// «Пересчитать» opens the apartment calculator filled from it → offers from the insurers → «Оформить» → the
// insurant (taken from the old policy) → «Отправить страховщику» → the contract page with its payment link;
// paid through the insurer's signed callback, the policy is released and the old one is «Продлён у нас».

test('an apartment re-quoted from the renewal worklist: offers → a new contract remembering the one it renews → paid → the old one «Продлён у нас»', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, EMAIL.agent);
  await page.goto('/app/contracts/renewals?bucket=30');
  const row = page.getByRole('list', { name: 'Полисы к продлению' }).getByRole('listitem').filter({ hasText: 'Воронцова Елена Игоревна' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Страхование квартиры');
  await row.getByRole('link', { name: 'Пересчитать' }).click();
  await expect(page).toHaveURL(/\/app\/new-ifl\?renew=[0-9a-f]{24}$/);
  const old = new URL(page.url()).searchParams.get('renew')!;
  await expect(page.getByRole('note').filter({ hasText: 'Продление полиса ХХХ2500000025 (Ингосстрах)' })).toBeVisible();
  await expect(page.getByLabel('Конструктив')).toHaveValue('1 500 000,00');

  await page.getByRole('button', { name: 'Рассчитать' }).click();
  const offers = page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article');
  await expect(offers).toHaveCount(3, { timeout: 20_000 });
  // Cheapest first, each with its factors and what the agent earns on it.
  await expect(offers.first()).toHaveAttribute('aria-label', 'РЕСО-Гарантия');
  await expect(offers.first()).toContainText('Конструктив');
  await expect(offers.first()).toContainText(/Ваше КВ/);
  await offers.filter({ hasText: 'Ингосстрах' }).getByRole('button', { name: 'Оформить' }).click();

  await expect(page).toHaveURL(/\/app\/new-ifl\/insurant\?contract=[0-9a-f]{24}$/);
  const id = new URL(page.url()).searchParams.get('contract')!;
  await expect(page.getByLabel('Фамилия')).toHaveValue('Воронцова');
  await page.getByRole('button', { name: 'Отправить страховщику' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/contracts/${id}$`));
  await expect(page.getByRole('region', { name: 'Оплата' })).toContainText('/pay/', { timeout: 30_000 });

  // The client pays: the insurer's signed callback.
  const contract = (await (await page.request.get(`/api/v2/contracts/${id}`)).json()).data;
  expect(contract.product).toBe('ifl');
  const body = JSON.stringify({ paymentId: `pay_e2e_ifl_${Date.now()}`, paymentToken: contract.paymentUrl.split('/pay/')[1], amount: contract.premium, paidAt: new Date().toISOString() });
  const answer = await request.post('/api/v2/payments/callback/ingos', { headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(demoPaymentSecret('ingos'), 'ingos', body) }, data: body });
  expect(answer.status()).toBe(200);
  await expect(page.getByText('Полис выпущен').first()).toBeVisible({ timeout: 30_000 });

  // The new contract remembered the one it renews: the worklist says so.
  await page.goto('/app/contracts/renewals?bucket=30');
  const renewed = page.getByRole('list', { name: 'Полисы к продлению' }).getByRole('listitem').filter({ hasText: 'Воронцова Елена Игоревна' });
  await expect(renewed).toContainText('Продлён у нас');
  expect(old).toMatch(/^[0-9a-f]{24}$/);
});
