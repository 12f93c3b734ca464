import type { Page } from '@playwright/test';
import { CONTRACT_STATUS, CONTRACT_STATUS_TITLES } from '@oyster/shared-kit/domain';
import { expect, test } from './fixtures';
import { EMAIL, chooseOption, signIn, typeDate } from './helpers';
import { demoPaymentSecret } from '../../api/src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../api/src/sales/payments/signature';

// Mortgage (Ипотека) end to end against the real api (issue 25): the showcase's quick link opens the
// calculator → the bank and its checklist → the balance with the bank's uplift, three policy years with
// title cover → two borrowers with their shares → offers with each year's instalment, refusals with reasons
// → «Оформить» → the insurant, the co-borrower, the property and the loan agreement, saved as typed → sent →
// the first of three yearly instalments paid through the insurer's signed callback → released with its PDF,
// live; Полисы finds it.

/** With E2E_SHOTS=<folder>: the page at 1280 and 900 px wide, for a person to look at. */
async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/ipoteka-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an agent quotes a mortgage for two borrowers, issues it, the first yearly instalment is paid through the signed callback; the policy is in Полисы', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signIn(page, EMAIL.agent);
  await page.getByTestId('sidebar').getByRole('button', { name: 'Новый полис' }).click();
  await page.getByRole('dialog', { name: 'Новый полис' }).getByRole('link', { name: 'Ипотека', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/new-ipoteka$/);
  await expect(page.getByRole('heading', { name: 'Калькулятор Ипотека' })).toBeVisible();

  // The bank and its requirements: the obligatory one ticked before «Далее».
  const bank = page.getByRole('region', { name: 'Банк и требования' });
  await chooseOption(bank.getByRole('combobox'), 'Сбербанк');
  const checklist = bank.getByRole('region', { name: 'Требования банка «Сбербанк»' });
  await expect(checklist.getByRole('checkbox')).toHaveCount(3);
  await bank.getByRole('button', { name: 'Далее' }).click();
  await expect(bank.getByText('Отметьте обязательные требования банка')).toBeVisible();
  await checklist.getByRole('checkbox', { name: 'Страхование залога (конструктив) — обязательно по закону' }).check();
  await checklist.getByRole('checkbox', { name: /Страхование жизни/ }).check();
  await bank.getByRole('button', { name: 'Далее' }).click();

  // The loan: the sum insured with the bank's uplift; three policy years with title cover.
  const loan = page.getByRole('region', { name: 'Кредит и имущество' });
  await loan.getByLabel('Остаток долга по кредиту').pressSequentially('3000000');
  await expect(loan.getByText('Страховая сумма: 3\u00a0300\u00a0000,00\u00a0₽ — остаток + 10 % по требованию банка «Сбербанк»')).toBeVisible();
  await chooseOption(loan.getByLabel('Срок страхования'), '3 года — 3 ежегодных взноса');
  await loan.getByRole('checkbox', { name: /^Титул/ }).check();
  await loan.getByRole('button', { name: 'Далее' }).click();

  // Two borrowers: birth date, sex and share, 100 % in all.
  const borrowers = page.getByRole('region', { name: 'Заёмщики' });
  const people = borrowers.locator('fieldset');
  await typeDate(people.nth(0).getByLabel('Дата рождения'), '01.03.1991');
  await chooseOption(people.nth(0).getByLabel('Пол'), 'Мужчина');
  await people.nth(0).getByLabel('Доля, %').fill('60');
  await borrowers.getByRole('button', { name: 'Добавить заёмщика' }).click();
  await expect(people.nth(1).getByLabel('Доля, %')).toHaveValue('40');
  await typeDate(people.nth(1).getByLabel('Дата рождения'), '15.08.1993');
  await chooseOption(people.nth(1).getByLabel('Пол'), 'Женщина');
  await expect(borrowers.getByText('Сумма долей: 100 %')).toBeVisible();
  await shots(page, 'borrowers');
  await borrowers.getByRole('button', { name: 'Рассчитать' }).click();

  // Offers of the insurers with a mortgage tariff, each year's instalment; the others' refusals with reasons.
  const offers = page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article');
  await expect(offers).toHaveCount(3, { timeout: 15_000 });
  const first = offers.first();
  await expect(first.getByRole('list', { name: /^Взносы по годам/ }).getByRole('listitem')).toHaveCount(3);
  await expect(first).toContainText('Ваше КВ');
  await expect(first.getByLabel(/Расчёт:/)).toContainText('Жизнь заёмщика 2');
  await expect(page.getByRole('region', { name: 'Отказы страховщиков' })).toContainText('У страховщика нет тарифа по этому продукту');
  await shots(page, 'offers');
  await first.getByRole('button', { name: 'Оформить' }).click();

  // The contract is on the server: what the insurer needs, saved as typed.
  await expect(page).toHaveURL(/\/app\/new-ipoteka\/insurant\?contract=[0-9a-f]{24}$/, { timeout: 15_000 });
  const contractId = new URL(page.url()).searchParams.get('contract')!;
  const step = page.getByRole('region', { name: 'Страхователь' });
  await expect(step.getByLabel('Дата рождения')).toHaveValue('01.03.1991');
  const insurant = step.locator('.oy-block').first();
  for (const [label, value] of [['Фамилия', 'Смирнов'], ['Имя', 'Пётр'], ['Отчество', 'Ильич']] as const) await insurant.getByRole('textbox', { name: label, exact: true }).fill(value);
  await insurant.getByLabel('Серия паспорта').fill('4510');
  await insurant.getByLabel('Номер паспорта').fill('123456');
  await typeDate(insurant.getByLabel('Дата выдачи паспорта'), '01.04.2011');
  await insurant.getByLabel('Телефон').pressSequentially('9161234567');
  const co = step.locator('fieldset').first();
  await expect(co).toContainText('Заёмщик 2, дата рождения 15.08.1993');
  await co.getByRole('textbox', { name: 'Фамилия', exact: true }).fill('Смирнова');
  await co.getByRole('textbox', { name: 'Имя', exact: true }).fill('Анна');
  await expect(step.getByText(/Сохранено/)).toBeVisible();
  // A reload resumes from the server.
  await page.reload();
  await expect(step.locator('fieldset').first().getByRole('textbox', { name: 'Имя', exact: true })).toHaveValue('Анна');
  await expect(step.getByText(/Осталось: Имущество: адрес/)).toBeVisible();
  await step.getByLabel('Адрес имущества').fill('г Москва, ул Тверская, д 1, кв 10');
  await step.getByLabel('Адрес имущества').press('Escape');
  await step.getByLabel('Кадастровый номер').fill('77:01:0001001:1234');
  await step.getByLabel('Номер кредитного договора').fill('ИК-2026/145');
  await typeDate(step.getByLabel('Дата кредитного договора'), '20.11.2026');
  await expect(step.getByText('Все данные для страховщика заполнены', { exact: false })).toBeVisible();
  await shots(page, 'insurant');
  await step.getByRole('button', { name: 'Отправить страховщику' }).click();

  // The contract page: three yearly instalments, the first waiting; its payment link, live.
  await expect(page).toHaveURL(new RegExp(`/app/contracts/${contractId}$`), { timeout: 15_000 });
  const schedule = page.getByRole('region', { name: 'График платежей' });
  await expect(schedule.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 });
  await expect(schedule.getByRole('listitem').nth(0)).toContainText('Взнос 1 из 3');
  await expect(schedule.getByRole('listitem').nth(0)).toContainText('Ожидает оплаты', { timeout: 20_000 });
  await expect(schedule.getByRole('listitem').nth(2)).toContainText('К оплате позже');
  await shots(page, 'contract');

  // The insurer reports the first instalment paid (server to server, signed).
  const contract = await page.evaluate(async (id) => (await (await fetch(`/api/v2/contracts/${id}`)).json()).data, contractId);
  const companies = await page.evaluate(async () => (await (await fetch('/api/v2/init-state')).json()).data.companies as { _id: string; idUnicus: string }[]);
  const code = companies.find((c) => c._id === contract.companyId)!.idUnicus;
  const [firstYear] = contract.instalments as { amount: number; paymentUrl: string }[];
  const body = JSON.stringify({ paymentId: `pay_e2e_ipoteka_${Date.now()}`, paymentToken: firstYear.paymentUrl.split('/pay/')[1], amount: firstYear.amount, paidAt: new Date().toISOString() });
  const answer = await request.post(`/api/v2/payments/callback/${code}`, { headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(demoPaymentSecret(code), code, body) }, data: body });
  expect(answer.status()).toBe(200);

  // No reload: released with its number; the first year paid; the policy PDF downloads.
  await expect(page.getByText(CONTRACT_STATUS_TITLES[CONTRACT_STATUS.released]).first()).toBeVisible({ timeout: 30_000 });
  await expect(schedule.getByRole('listitem').nth(0)).toContainText('Оплачен');
  const heading = page.getByRole('heading', { name: /Ипотека № \S+/ });
  await expect(heading).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Полис (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Полис ипотечного страхования \S+\.pdf$/);

  const number = (await heading.textContent())!.replace(/.*№ /, '').trim();
  await page.goto(`/app/contracts?search=${encodeURIComponent(number)}`);
  await expect(page.getByRole('list', { name: 'Договоры' }).getByText(`Ипотека ${number}`)).toBeVisible();
});
