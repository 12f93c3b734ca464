import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

test('a remote whose files are not served fails in place; the rest keeps working; retry recovers', async ({ page }) => {
  // The finance remote's server is down from the start: the idle prefetch after sign-in fails too
  // (routed after sign-in, the prefetch could fetch the remote before the route was in place).
  await page.route('**/remotes/finance/**', (route) => route.abort('connectionrefused'));
  await signIn(page, EMAIL.admin);

  await page.getByTestId('sidebar').getByRole('link', { name: 'Финансы' }).click();
  const error = page.getByTestId('remote-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('Раздел временно недоступен');
  await expect(page.getByTestId('sidebar')).toBeVisible();

  // Another remote still loads and renders its section.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Обучение' }).click();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  await expect(page.getByTestId('section-page').getByRole('heading', { name: 'Обучение' })).toBeVisible();

  // The finance server comes back: «Повторить» loads it without reloading the page.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Финансы' }).click();
  await expect(page.getByTestId('remote-error')).toBeVisible();
  await page.unroute('**/remotes/finance/**');
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  await expect(page.getByTestId('section-page').getByRole('heading', { name: 'Финансы' })).toBeVisible();
});

test('remotes share one React: a remote page renders inside the shell with the session user', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signIn(page, EMAIL.agent);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Полисы' }).click();
  await expect(page.getByTestId('section-page').getByRole('heading', { name: 'Полисы' })).toBeVisible();
  expect(errors.filter((e) => /Invalid hook call|more than one copy of React/.test(e))).toEqual([]);
});

test('an unknown path inside a remote section shows that remote’s not-found page inside the layout', async ({ page }) => {
  await signIn(page, EMAIL.finance);
  await page.goto('/app/finance/no/such/page');
  await expect(page.getByTestId('remote-not-found')).toContainText('Страница не найдена');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.getByRole('link', { name: 'К разделу' }).click();
  await expect(page.getByTestId('section-page').getByRole('heading', { name: 'Финансы' })).toBeVisible();
});
