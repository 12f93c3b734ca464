import { readFileSync } from 'node:fs';
import { formatMoney } from '@oyster/shared-kit/domain';
import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// Мое КВ / КВ всех (issue 24): the commission ledger on screen, live.

test('an agent’s e-OSAGO paid on the insurer’s page appears in Мое КВ without a reload, with its rate, and the month’s totals grow', async ({ page, context }) => {
  await signIn(page, EMAIL.agent);
  // One of the agent's demo contracts waiting for payment.
  const waiting = await page.evaluate(async () => {
    const id = (await (await fetch('/api/v2/contracts?status=250&limit=1')).json()).data.items[0].id as string;
    return (await (await fetch(`/api/v2/contracts/${id}`)).json()).data as { paymentUrl: string; premium: number };
  });
  await page.goto('/app/cr');
  await expect(page.getByRole('heading', { name: 'Мое КВ' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Итоги за период' });
  await expect(totals).toContainText('Начислено');
  const before = await totals.textContent();

  const payer = await context.newPage();
  await payer.goto(waiting.paymentUrl);
  await payer.getByRole('button', { name: /Оплатить/ }).click();
  await expect(payer.getByText('Оплата получена.')).toBeVisible();

  const lines = page.getByRole('list', { name: 'Начисления' });
  const line = lines.getByRole('listitem').filter({ hasText: `10% от ${formatMoney(waiting.premium)}` });
  await expect(line).toBeVisible();
  // Why this rate: the agent's level (no template or segment of theirs), in force since the demo's rates began.
  await expect(line).toContainText(/Уровень «(Агент|Эксперт|Брокер)»: 10% с 01\.01\.2025/);
  await expect(totals).not.toHaveText(before!);
});

test('staff see «КВ всех»: everyone’s lines, a filter goes to the URL', async ({ page }) => {
  await signIn(page, EMAIL.finance);
  await page.goto('/app/cr');
  await expect(page.getByRole('heading', { name: 'КВ всех' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Начисления' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Вид начисления' }).selectOption({ label: 'КВ владельца сети' });
  await expect(page).toHaveURL(/kind=override/);
  await expect(page.getByRole('list', { name: 'Начисления' }).getByText('КВ агента')).toHaveCount(0);
  // What is on screen, as a file: the same period and filter.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^КВ .+ \d{4}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFFДата (МСК);Начисление;Агент;')).toBe(true);
  expect(text).toContain(';КВ владельца сети;');
  expect(text).not.toContain(';КВ агента;');
});

test('a copywriter opening КВ gets «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  await page.goto('/app/cr');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});
