import { expect, test } from '@playwright/test';
import { EMAIL, signIn } from './helpers';

// e-OSAGO end to end against the real api (issue 11): an offer becomes a contract, the documents go to
// the insurer, the client pays on the insurer's page in another tab, and the agent's page follows every
// step without a reload, up to the policy number and its PDF; Полисы lists it.

test('an agent issues e-OSAGO: offer → documents → sent → payment link paid in a second page → released with a number, live; the policy PDF downloads', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-eosago');
  await page.getByLabel('Мощность, л. с.').fill('110');
  await page.getByLabel('Адрес регистрации собственника').fill('москва тверская');
  await page.getByRole('option').first().click();
  await page.getByLabel('Дата рождения').pressSequentially('15011990');
  await page.getByLabel('Дата рождения').press('Enter');
  await page.getByLabel('Стаж с').pressSequentially('01032012');
  await page.getByLabel('Стаж с').press('Enter');
  await page.getByLabel('Серия и номер ВУ').pressSequentially('77AB123456');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  const offers = page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article');
  await expect(offers).toHaveCount(6, { timeout: 15_000 });
  await offers.first().getByRole('button', { name: 'Оформить' }).click();

  await expect(page).toHaveURL(/\/app\/contracts\/[0-9a-f]{24}$/, { timeout: 15_000 });
  await expect(page.getByText('Расчёт получен').first()).toBeVisible();
  const form = page.getByRole('region', { name: 'Данные для оформления' });
  await form.getByLabel('Госномер').fill('А123ВС777');
  await form.getByLabel('VIN', { exact: true }).fill('XTA21140064123456');
  await form.getByLabel('Марка').fill('LADA');
  await form.getByLabel('Модель').fill('Granta');
  await form.getByLabel('Год выпуска').fill('2019');
  await form.getByLabel('Документ ТС').selectOption('STS');
  await form.getByLabel('Серия документа').fill('77УХ');
  await form.getByLabel('Номер документа').fill('123456');
  await form.getByLabel('Дата выдачи документа').fill('2019-05-20');
  await form.getByLabel('Фамилия').fill('Смирнова');
  await form.getByLabel('Имя', { exact: true }).fill('Анна');
  await form.getByLabel('Отчество').fill('Петровна');
  await form.getByLabel('Дата рождения').fill('1985-09-30');
  await form.getByLabel('Серия паспорта').fill('4510');
  await form.getByLabel('Номер паспорта').fill('123456');
  await form.getByLabel('Дата выдачи', { exact: true }).fill('2005-10-12');
  await form.getByLabel('Кем выдан').fill('ОВД Тверского района г. Москвы');
  await form.getByLabel('Адрес регистрации').fill('г Москва, ул Тверская, д 1');
  await form.getByLabel(/ФИО водителя 1/).fill('Смирнова Анна Петровна');
  await form.getByLabel('Телефон').fill('+7 (916) 123-45-67');
  await form.getByLabel('E-mail').fill('anna@example.ru');
  await expect(form.getByText('Сохранено')).toBeVisible({ timeout: 10_000 });
  await form.getByRole('button', { name: 'Отправить страховщику' }).click();

  // The insurer takes it, checks it and makes the link: the page follows over the socket.
  const payment = page.getByRole('region', { name: 'Оплата' });
  await expect(payment).toBeVisible({ timeout: 20_000 });
  const link = (await payment.locator('.oy-contract__link').textContent())!.trim();
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Оплата полиса ОСАГО' })).toBeVisible();
  await client.getByRole('button', { name: /Оплатить/ }).click();
  await expect(client.getByRole('heading', { name: 'Полис оплачен' })).toBeVisible();

  // No reload: the agent's page shows the policy with its number.
  await expect(page.getByRole('heading', { name: /Е-ОСАГО № ХХХ\d{10}/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Полис выпущен').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Полис (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Полис ОСАГО ХХХ\d{10}\.pdf$/);

  const number = (await page.getByRole('heading', { name: /Е-ОСАГО № / }).textContent())!.replace(/.*№ /, '').trim();
  await page.goto(`/app/contracts?search=${encodeURIComponent(number)}`);
  await expect(page.getByRole('list', { name: 'Договоры' }).getByText(`Е-ОСАГО ${number}`)).toBeVisible();
});

test('Полисы: the agent’s demo contracts; a quick period goes to the URL', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/contracts');
  const list = page.getByRole('list', { name: 'Договоры' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'Последние 30 дней' }).click();
  await expect(page).toHaveURL(/period=30/);
});

test('a copywriter opening Полисы sees «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  await page.goto('/app/contracts');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});
