import { expect, test } from './fixtures';
import { EMAIL, signIn, typeDate } from './helpers';
import { demoPaymentSecret } from '../../api/src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../api/src/sales/payments/signature';

// Travel (ВЗР) end to end against the real api (issue 25): a trip to Italy and France for two travellers →
// offers in euros with the rouble amount at the day's rate → an offer → the travellers in Latin and the
// insurant, saved as typed (a reload resumes) → sent → the payment link paid through the insurer's signed
// callback → released with its number and the policy PDF, live; Полисы finds it.

test('an agent issues a travel policy for two travellers: offers in € with roubles, details saved as typed, sent, paid through the signed callback, released with its PDF; in Полисы', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-vzr');

  const trip = page.getByRole('region', { name: 'Поездка' });
  const countries = trip.getByLabel('Страны поездки');
  for (const country of ['Италия', 'Франция']) {
    await countries.click();
    await countries.fill(country);
    await countries.press('Enter');
  }
  await countries.press('Escape');
  await expect(trip.getByText('Территория: Шенген и Европа')).toBeVisible();
  await trip.getByRole('button', { name: 'Далее' }).click();

  const travellers = page.getByRole('region', { name: 'Путешественники' });
  await travellers.getByRole('button', { name: 'Далее' }).click();
  await expect(travellers.getByText('Обязательное поле')).toBeVisible();
  await typeDate(travellers.getByLabel('Путешественник 1: дата рождения'), '20.05.1990');
  await travellers.getByRole('button', { name: 'Добавить путешественника' }).click();
  await typeDate(travellers.getByLabel('Путешественник 2: дата рождения'), '01.03.1959');
  await travellers.getByRole('button', { name: 'Далее' }).click();

  const cover = page.getByRole('region', { name: 'Страховая сумма и опции' });
  await expect(cover.getByText('30 000 €')).toBeVisible();
  await cover.getByRole('button', { name: 'Рассчитать' }).click();

  const offers = page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article');
  await expect(offers).toHaveCount(5, { timeout: 15_000 });
  const first = offers.first();
  await expect(first.locator('.oy-offer__premium')).toHaveText(/^\d+,\d{2}\s€$/);
  await expect(first).toContainText(/≈ [\d\s]+,\d{2}\s₽ по курсу \d+,\d{4} ₽ за 1 € на \d{2}\.\d{2}\.\d{4}/);
  await expect(first).toContainText('Ваше КВ');
  await expect(first.getByLabel(/Расчёт:/)).toContainText('Возраст путешественника 2');
  const euros = (await first.locator('.oy-offer__premium').textContent())!.trim();
  await first.getByRole('button', { name: 'Оформить' }).click();

  // The contract is on the server: its «Страхователь» step, saved as the agent types.
  await expect(page).toHaveURL(/\/app\/new-vzr\/insurant\?contract=[0-9a-f]{24}$/, { timeout: 15_000 });
  const contractId = new URL(page.url()).searchParams.get('contract')!;
  const step = page.getByRole('region', { name: 'Страхователь' });
  const people = step.locator('fieldset');
  await people.nth(0).getByLabel('Фамилия латиницей').fill('Smirnova');
  await people.nth(0).getByLabel('Имя латиницей').fill('Anna');
  await people.nth(0).getByLabel('Номер загранпаспорта').pressSequentially('751234567');
  await people.nth(1).getByLabel('Фамилия латиницей').fill('Smirnov');
  await people.nth(1).getByLabel('Имя латиницей').fill('Petr');
  await people.nth(1).getByLabel('Номер загранпаспорта').pressSequentially('751234568');
  await expect(step.getByText(/Сохранено/)).toBeVisible();
  // A reload resumes from the server.
  await page.reload();
  await expect(people.nth(1).getByLabel('Имя латиницей')).toHaveValue('PETR');
  await expect(step.getByText(/Осталось: Страхователь: фамилия/)).toBeVisible();
  for (const [label, value] of [['Фамилия', 'Смирнова'], ['Имя', 'Анна']] as const) await step.getByRole('textbox', { name: label, exact: true }).fill(value);
  await typeDate(step.getByLabel('Дата рождения'), '20.05.1990');
  await step.getByLabel('Телефон').pressSequentially('9161234567');
  await expect(step.getByText('Все данные для страховщика заполнены', { exact: false })).toBeVisible();
  await step.getByRole('button', { name: 'Отправить страховщику' }).click();

  // The contract page: its terms with the premium in euros and roubles, then the payment link, live.
  await expect(page).toHaveURL(new RegExp(`/app/contracts/${contractId}$`), { timeout: 15_000 });
  const terms = page.getByRole('region', { name: 'Что застраховано' });
  await expect(terms).toContainText('SMIRNOVA ANNA, дата рождения 20.05.1990, загранпаспорт 751234567');
  await expect(terms).toContainText(new RegExp(`${euros.replace(/\s/g, '\\s')} ≈ [\\d\\s]+,\\d{2}\\s₽ по курсу`));
  const payment = page.getByRole('region', { name: 'Оплата' });
  await expect(payment).toBeVisible({ timeout: 20_000 });
  const link = (await payment.locator('.oy-contract__link').textContent())!.trim();

  // The insurer reports the payment (server to server, signed).
  const contract = await page.evaluate(async (id) => (await (await fetch(`/api/v2/contracts/${id}`)).json()).data, contractId);
  const companies = await page.evaluate(async () => (await (await fetch('/api/v2/init-state')).json()).data.companies as { _id: string; idUnicus: string }[]);
  const code = companies.find((c) => c._id === contract.companyId)!.idUnicus;
  const body = JSON.stringify({ paymentId: `pay_e2e_vzr_${Date.now()}`, paymentToken: link.split('/pay/')[1], amount: contract.premium, paidAt: new Date().toISOString() });
  const answer = await request.post(`/api/v2/payments/callback/${code}`, { headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(demoPaymentSecret(code), code, body) }, data: body });
  expect(answer.status()).toBe(200);

  // No reload: released with its number; the policy PDF downloads.
  await expect(page.getByRole('heading', { name: /ВЗР № \S+/ })).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Полис (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Полис ВЗР \S+\.pdf$/);

  const number = (await page.getByRole('heading', { name: /ВЗР № / }).textContent())!.replace(/.*№ /, '').trim();
  await page.goto(`/app/contracts?search=${encodeURIComponent(number)}`);
  await expect(page.getByRole('list', { name: 'Договоры' }).getByText(`ВЗР ${number}`)).toBeVisible();
});
