import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

/** Oyster.app (issue 25): the agent's link and QR code; a client registered through the app's integration with that code is listed, live. */
test('an agent sees their QR code; a client registered through the integration with the agent’s code appears in «Клиенты в приложении» without reload', async ({ page, request }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/oyster-app');
  const link = page.getByRole('region', { name: 'Ваша ссылка на Oyster.app' });
  await expect(link.locator('svg')).toBeVisible();
  const url = await link.getByLabel('Ссылка').inputValue();
  const code = url.match(/\/oyster-app\/i\/([0-9a-f]{16})$/)![1];
  await expect(page.getByRole('region', { name: 'Клиенты в приложении' })).toContainText('2Зарегистрировано клиентов');

  await page.getByRole('link', { name: 'Клиенты в приложении →' }).click();
  const list = page.getByRole('list', { name: 'Клиенты в приложении' });
  await expect(list).toContainText('Сидоров Пётр');
  // Сидоров came with the phone of one of agent@'s paid contracts: it is listed as bought.
  await expect(list.getByRole('list', { name: 'Купил: Сидоров Пётр' }).getByRole('link').first()).toHaveAttribute('href', /\/app\/contracts\/[0-9a-f]{24}$/);

  const name = `Громова Вера ${Date.now() % 10000}`;
  const res = await request.put(`/api/v2/oyster-app/clients/e2e-${Date.now()}`, { headers: { authorization: 'Bearer e2e-oyster-app-token' }, data: { code, name, phone: '+7 (916) 000-00-01' } });
  expect(res.status()).toBe(200);
  await expect(list.getByText(name)).toBeVisible();
  await expect(list.locator('li', { hasText: name }).first()).toContainText('Покупок пока нет');

  // A wrong code is a 400 in Russian.
  const wrong = await request.put('/api/v2/oyster-app/clients/e2e-wrong', { headers: { authorization: 'Bearer e2e-oyster-app-token' }, data: { code: '0000000000000000', name: 'Никто' } });
  expect(wrong.status()).toBe(400);
  expect((await wrong.json()).message).toContain('ссылка-приглашение недействительна');
});
