import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// The section registry's access flag gates the shell's routes (spec §6): a section the user may not
// open shows «Нет доступа» in the layout and its remote is not even loaded.

test('a copywriter opening /app/contracts directly sees «Нет доступа» (canSeeContracts); the sales remote is not loaded', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  // Home shows sales' product catalogue to everyone; the refused section itself loads nothing of sales.
  await expect(page.getByRole('region', { name: 'Продукты' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const salesFiles: string[] = [];
  page.on('request', (r) => r.url().includes('/remotes/sales/') && salesFiles.push(r.url()));
  await page.goto('/app/contracts');
  const refused = page.getByTestId('no-access');
  await expect(refused).toContainText('Нет доступа');
  await expect(refused).toContainText('У вас нет прав на этот раздел.');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('section-page')).toHaveCount(0);
  expect(salesFiles).toEqual([]);
});

test('an agent opening /app/contracts directly sees the «Полисы» section page', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/contracts');
  await expect(page.getByTestId('section-page').getByRole('heading', { name: 'Полисы' })).toBeVisible();
  await expect(page.getByTestId('no-access')).toHaveCount(0);
});
