import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// Reconciliation with insurers (issue 24): finance imports an insurer's statement and resolves a mismatch.

test('finance imports the demo statement of an insurer and accepts the insurer’s figure on a line whose amount differs', async ({ page }) => {
  await signIn(page, EMAIL.finance);
  await page.goto('/app/finance');
  await page.getByRole('link', { name: 'Сверка со страховщиками' }).click();
  await expect(page.getByRole('heading', { name: 'Сверка со страховщиками' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Маржа по страховщикам и продуктам' })).toBeVisible();

  await page.getByRole('button', { name: 'Загрузить выписку' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Страховщик').selectOption({ label: 'Ингосстрах' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Скачать демо-выписку' }).click()]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/^demo-ingos-\d{4}-\d{2}\.xlsx$/);
  await dialog.getByLabel('Файл выписки').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync((await download.path())!) });
  await expect(dialog.getByLabel('Месяц выписки')).toHaveValue(name.slice(11, 18));
  await dialog.getByRole('button', { name: 'Загрузить и сверить' }).click();

  // The statement opens: one planted mismatch of every kind waits for a person.
  await expect(page).toHaveURL(/\/app\/finance\/reconciliation\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: /^Ингосстрах · / })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Выписка' }).locator('.oy-rec-progress__text');
  await expect(progress).toHaveText(/^Решено 0 из (\d+) · ждут решения \1$/);
  const exceptions = Number((await progress.textContent())!.match(/из (\d+)/)![1]);
  await page.getByRole('button', { name: /^Сумма отличается/ }).click();
  const line = page.getByRole('list', { name: 'Строки выписки' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await line.getByRole('button', { name: 'Принять сумму страховщика' }).click();
  const decision = page.getByRole('dialog');
  await expect(decision).toContainText('КВ агентов не меняется');
  await decision.getByLabel(/Комментарий/).fill('Страховщик удержал 100 ₽ по акту');
  await decision.getByRole('button', { name: 'Принять сумму страховщика' }).click();
  await expect(line).toContainText('Принято · корректировка');
  await expect(line).toContainText('«Страховщик удержал 100 ₽ по акту»');
  await expect(line.getByRole('button')).toHaveCount(0);
  await expect(progress).toHaveText(`Решено 1 из ${exceptions} · ждут решения ${exceptions - 1}`);
});

test('an agent opening the reconciliation gets «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/finance/reconciliation');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});
