import { expect, test } from '@playwright/test';
import { EMAIL, signIn } from './helpers';

/**
 * The client typed once (issue 25): agent@'s book (the demo seed typed their documented contracts in) at
 * /app/contracts/clients, reached from Полисы; in the e-OSAGO calculator «Выбрать клиента» finds one as
 * the agent types and fills the owner's fields — name, passport, the address the rating needs.
 */
test('an agent picks a client in the e-OSAGO calculator and the owner fields are filled', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/contracts');
  await page.getByRole('link', { name: 'Клиенты' }).click();
  await expect(page).toHaveURL(/\/app\/contracts\/clients$/);
  const list = page.getByRole('list', { name: 'Клиенты' });
  const first = list.getByRole('listitem').first();
  await expect(first).toBeVisible();
  const name = (await first.locator('strong').textContent())!.trim();
  const [lastName, firstName] = name.split(' ');

  await page.goto('/app/new-eosago');
  await expect(page.getByRole('heading', { name: 'Калькулятор Е-ОСАГО' })).toBeVisible();
  await page.getByRole('button', { name: 'Начать заново' }).click();
  const picker = page.getByRole('combobox', { name: 'Выбрать клиента' });
  await picker.fill(lastName.slice(0, 4));
  await page.getByRole('option', { name: new RegExp(name) }).first().click();
  await expect(page.getByRole('status').filter({ hasText: `Данные клиента «${name}» подставлены в форму` })).toBeVisible();

  // Their only vehicle came with them: the power and the document.
  const vehicle = page.getByRole('region', { name: 'Транспортное средство' });
  await expect(vehicle.getByLabel('Мощность, л. с.')).not.toHaveValue('');
  await vehicle.getByRole('button', { name: 'Далее' }).click();
  const owner = page.getByRole('region', { name: 'Собственник' });
  await expect(owner.getByLabel('Фамилия')).toHaveValue(lastName);
  await expect(owner.getByLabel('Имя', { exact: true })).toHaveValue(firstName);
  await expect(owner.getByLabel('Серия паспорта')).toHaveValue(/^\d{4}$/);
  await expect(owner.getByLabel('Номер паспорта')).toHaveValue(/^\d{6}$/);
  await expect(owner.getByLabel('Адрес регистрации собственника')).not.toHaveValue('');
});

test('a client\'s card: passport, vehicles, contracts; another agent does not find them', async ({ page, browser }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/contracts/clients');
  const first = page.getByRole('list', { name: 'Клиенты' }).getByRole('listitem').first();
  const name = (await first.locator('strong').textContent())!.trim();
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Паспорт', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Договоры клиента' }).getByRole('link').first()).toBeVisible();
  const url = page.url();

  const other = await browser.newPage();
  await signIn(other, EMAIL.newagent);
  await other.goto(url);
  await expect(other.getByText('Клиент не найден')).toBeVisible();
  await other.close();
});
