import { readFileSync } from 'node:fs';
import { ledgerPeriodTitle } from '@oyster/shared-kit/domain';
import { expect, test } from './fixtures';
import { EMAIL, signIn, typeDate } from './helpers';

// Payouts, acts and payout registers end to end (issue 24). The demo seed paid every finished month but
// the last one (api/src/finance/payouts/seed.ts): finance@ calculates it here, builds its register, finance2@
// approves it (four eyes), marks it paid, and agent@ sees «Выплачено» live and downloads the act; newagent@
// (self-employed) has a payout waiting for its «Мой налог» receipt until they attach it.

const FINANCE2 = 'finance2@oyster.test';

/** The last finished Moscow month: 'YYYY-MM' and «Октябрь 2026». */
function lastFinished() {
  const moscow = new Date(Date.now() + 3 * 3_600_000);
  const d = new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth() - 1, 1));
  const period = d.toISOString().slice(0, 7);
  return { period, title: ledgerPeriodTitle(period) };
}

/** Today in Moscow, dd.mm.yyyy. */
function moscowToday() {
  return new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10).split('-').reverse().join('.');
}

test('finance calculates the last finished month and builds its register; another finance controller approves it and marks it paid; the agent sees «Выплачено» live and downloads the act; the self-employed agent’s payout waits for the receipt', async ({ browser }) => {
  test.setTimeout(180_000);
  const month = lastFinished();
  const [financeCtx, finance2Ctx, agentCtx, szCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext(), browser.newContext()]);
  const [finance, finance2, agent, sz] = await Promise.all([financeCtx.newPage(), finance2Ctx.newPage(), agentCtx.newPage(), szCtx.newPage()]);
  await signIn(finance, EMAIL.finance);
  await signIn(finance2, FINANCE2);
  await signIn(agent, EMAIL.agent);
  await signIn(sz, EMAIL.newagent);

  // finance@: «Финансы» → «Выплаты агентам», the last finished month chosen, «Рассчитать выплаты за …».
  await finance.goto('/app/finance');
  await finance.getByRole('link', { name: 'Выплаты агентам' }).click();
  await expect(finance.getByRole('heading', { name: 'Выплаты агентам' })).toBeVisible();
  await expect(finance.getByRole('combobox', { name: 'Период' })).toHaveValue(month.period);
  await expect(finance.getByText(/Выплат за этот период нет/)).toBeVisible();
  await finance.getByRole('button', { name: `Рассчитать выплаты за ${month.title.toLowerCase()}` }).click();
  const result = finance.getByLabel('Итог расчёта');
  await expect(result).toBeVisible();
  expect(Number(await result.getByText('Создано выплат').locator('xpath=following-sibling::dd').textContent())).toBeGreaterThan(0);
  expect(Number(await result.getByText('Ждут чек «Мой налог»').locator('xpath=following-sibling::dd').textContent())).toBeGreaterThan(0);
  const payouts = finance.getByRole('list', { name: 'Выплаты' });
  await expect(payouts.getByRole('listitem').filter({ hasText: 'Иванов Иван Петрович' })).toContainText('К выплате');
  await expect(payouts.getByRole('listitem').filter({ hasText: 'Новикова Екатерина Александровна' })).toContainText('Ждёт чек «Мой налог»');

  // The agent's «Выплаты и акты» is open before the register is paid.
  await agent.goto('/app/cr');
  await agent.getByRole('tab', { name: 'Выплаты и акты' }).click();
  await expect(agent).toHaveURL(/\/app\/cr\/payouts$/);
  await expect(agent.getByText(/Не вошло в выплаты: .+; минимальная выплата 1.000,00.₽ — остаток переносится на следующий период/)).toBeVisible();
  const mine = agent.getByRole('list', { name: 'Выплаты' }).getByRole('listitem').filter({ hasText: month.title });
  await expect(mine).toContainText('К выплате');
  await expect(mine).toContainText('Физическое лицо');

  // finance@ builds the month's register: the ready payouts, the SZ one without its receipt left out.
  await finance.goto('/app/finance/registers');
  await expect(finance.getByRole('combobox', { name: 'Период реестра' })).toHaveValue(month.period);
  await finance.getByRole('button', { name: 'Собрать реестр' }).click();
  const title = finance.getByRole('heading', { level: 1, name: new RegExp(`^Реестр № \\d+ за ${month.title.toLowerCase()}$`) });
  await expect(title).toBeVisible();
  const registerUrl = finance.url();
  const lines = finance.getByRole('list', { name: 'Строки реестра' });
  await expect(lines.getByRole('listitem').filter({ hasText: 'Иванов Иван Петрович' })).toBeVisible();
  await expect(lines.getByRole('listitem').filter({ hasText: 'Новикова Екатерина Александровна' })).toHaveCount(0);
  await expect(finance.getByRole('group', { name: 'Итого по реестру' })).toBeVisible();
  await expect(finance.getByText(/Итог реестра не равен сумме строк/)).toHaveCount(0);
  await expect(mine).toContainText('В реестре на выплату');
  // Four eyes: its builder cannot approve it.
  await finance.getByRole('button', { name: 'Утвердить' }).click();
  await expect(finance.getByRole('alert').filter({ hasText: 'Утвердить реестр должен другой сотрудник: вы его сформировали' })).toBeVisible();

  // finance2@ approves it, downloads the bank file and marks the whole register paid.
  await finance2.goto(registerUrl);
  await expect(finance2.getByText('На проверке')).toBeVisible();
  await finance2.getByRole('button', { name: 'Утвердить' }).click();
  await expect(finance2.getByText('Утверждён', { exact: true })).toBeVisible();
  const [bankFile] = await Promise.all([finance2.waitForEvent('download'), finance2.getByRole('link', { name: 'Скачать для банка (1С)' }).click()]);
  expect(readFileSync((await bankFile.path())!, 'latin1').startsWith('1CClientBankExchange')).toBe(true);
  await finance2.getByRole('button', { name: 'Отметить весь реестр оплаченным' }).click();
  await finance2.getByRole('dialog').getByRole('button', { name: 'Да' }).click();
  await expect(finance2.getByText('Оплачен', { exact: true })).toBeVisible();

  // The agent sees it paid without a reload, and downloads the act as a PDF.
  await expect(mine).toContainText('Выплачено');
  await expect(mine).toContainText(/Выплачено \d\d\.\d\d\.\d{4}/);
  const [act] = await Promise.all([agent.waitForEvent('download'), mine.getByRole('link', { name: 'Скачать акт' }).click()]);
  expect(act.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync((await act.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // newagent@ (self-employed): the payout waits for its «Мой налог» receipt, and says why.
  await sz.goto('/app/cr/payouts');
  const waiting = sz.getByRole('list', { name: 'Выплаты' }).getByRole('listitem').filter({ hasText: month.title });
  await expect(waiting).toContainText('Ждёт чек «Мой налог»');
  await expect(waiting).toContainText('Выплата ждёт чек из «Мой налог» на сумму выплаты с вашим ИНН — прикрепите его');
  await waiting.getByRole('button', { name: 'Прикрепить чек' }).click();
  const dialog = sz.getByRole('dialog');
  await dialog.getByLabel('Номер чека').fill('20abcd1234');
  await typeDate(dialog.getByLabel('Дата чека'), moscowToday());
  // A wrong INN: the api's refusal under the field names the agent's own.
  await dialog.getByLabel('ИНН').fill('500100732259');
  await dialog.getByRole('button', { name: 'Прикрепить' }).click();
  const refusal = dialog.getByText(/^Поле «inn»: в чеке должен быть ваш ИНН \d{12}$/);
  await expect(refusal).toBeVisible();
  const inn = (await refusal.textContent())!.match(/\d{12}/)![0];
  await dialog.getByLabel('ИНН').fill(inn);
  await dialog.getByRole('button', { name: 'Прикрепить' }).click();
  await expect(dialog).toBeHidden();
  await expect(waiting).toContainText('К выплате');
  await expect(waiting).toContainText('Чек № 20abcd1234');

  // Now it goes into the next register of the month.
  await finance.goto('/app/finance/registers');
  await finance.getByRole('button', { name: 'Собрать реестр' }).click();
  await expect(finance.getByRole('list', { name: 'Строки реестра' }).getByRole('listitem').filter({ hasText: 'Новикова Екатерина Александровна' })).toBeVisible();
  await expect(finance).not.toHaveURL(registerUrl);

  await Promise.all([financeCtx.close(), finance2Ctx.close(), agentCtx.close(), szCtx.close()]);
});
