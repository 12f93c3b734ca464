import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// Renewals (issue 25): agent@'s demo e-OSAGO policy ending in 30 days is on the worklist, and
// «Пересчитать» opens the calculator filled from it, starting the day after its end.

test('an OSAGO policy ending in 30 days is in the renewal worklist; «Пересчитать» opens the calculator with its data and quotes', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/contracts');
  await page.getByRole('link', { name: /Продления/ }).click();
  await expect(page.getByRole('heading', { name: 'Продления' })).toBeVisible();
  await page.getByRole('button', { name: '8–30 дней' }).click();
  await expect(page).toHaveURL(/bucket=30/);
  const row = page.getByRole('list', { name: 'Полисы к продлению' }).getByRole('listitem').filter({ hasText: 'Осталось 30 дней' }).first();
  await expect(row).toBeVisible();
  const end = (await row.getByText(/^до \d\d\.\d\d\.\d{4}$/).textContent())!.slice(3);
  await row.getByRole('link', { name: 'Пересчитать' }).click();
  await expect(page).toHaveURL(/\/app\/new-eosago\?renew=[0-9a-f]{24}$/);
  await expect(page.getByRole('note').filter({ hasText: 'Продление полиса' })).toContainText(`заканчивается ${end}`);
  // The day after the end, on the period step; the vehicle's power from the old calculation.
  const [d, m, y] = end.split('.').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const nextText = `${String(next.getUTCDate()).padStart(2, '0')}.${String(next.getUTCMonth() + 1).padStart(2, '0')}.${next.getUTCFullYear()}`;
  await expect(page.getByLabel('Дата начала')).toHaveValue(nextText);
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /Транспортное средство/ }).first().click();
  await expect(page.getByLabel('Мощность, л. с.')).not.toHaveValue('');
});
