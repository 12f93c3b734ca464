import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@oyster/shared-kit/domain';

/** The password of every demo account (the api seeds them). */
export const PASSWORD = DEMO_PASSWORD;

/** The demo accounts' emails by key (admin, copywriter, agent …), as the api seeds them. */
export const EMAIL = Object.fromEntries(Object.entries(DEMO_ACCOUNTS).map(([key, a]) => [key, a.email])) as {
  [K in keyof typeof DEMO_ACCOUNTS]: (typeof DEMO_ACCOUNTS)[K]['email'];
};

/** Signs in through the login form as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/app/login?legacy=true');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

export async function sidebarTitles(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Главная' })).toBeVisible();
  return sidebar.locator('[data-sidebar-item]').evaluateAll((els) => els.map((e) => e.getAttribute('data-sidebar-item') ?? ''));
}

/**
 * Goes through the e-OSAGO calculator's steps (already open) for a 110 hp (or `powerHp`) car of a
 * Moscow owner with one named driver born 15.01.1990, driving since 01.03.2012, licence typed on a
 * Latin layout (77AB123456, a demo registry driver of class 10), and asks for the quotes. `documents`
 * types what else the agent has, step by step (the rating factors are enough for a quote).
 */
export async function quoteMoscowOwnerWithDriver(page: Page, powerHp = 110, documents: Partial<Record<'vehicle' | 'owner' | 'driver', (step: Locator) => Promise<void>>> = {}) {
  await expect(page.getByRole('heading', { name: 'Калькулятор Е-ОСАГО' })).toBeVisible();
  const vehicle = page.getByRole('region', { name: 'Транспортное средство' });
  await vehicle.getByLabel('Мощность, л. с.').fill(String(powerHp));
  await documents.vehicle?.(vehicle);
  await vehicle.getByRole('button', { name: 'Далее' }).click();
  const owner = page.getByRole('region', { name: 'Собственник' });
  await owner.getByLabel('Адрес регистрации собственника').fill('москва тверская');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('option')).toHaveCount(0);
  await documents.owner?.(owner);
  await owner.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('region', { name: 'Страхователь' }).getByRole('button', { name: 'Далее' }).click();
  const drivers = page.getByRole('region', { name: 'Водители' });
  await typeDate(drivers.getByLabel('Дата рождения'), '15.01.1990');
  await typeDate(drivers.getByLabel('Стаж с'), '01.03.2012');
  await drivers.getByLabel('Серия и номер ВУ').pressSequentially('77AB123456');
  await documents.driver?.(drivers);
  await drivers.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('region', { name: 'Период и расчёт' }).getByRole('button', { name: 'Рассчитать' }).click();
}

/**
 * Types a date's digits into the kit's date input, closes the calendar with Enter and checks the field
 * shows the date (the calendar may open under a resting pointer: what is typed must stay typed).
 */
export async function typeDate(field: Locator, date: string) {
  await field.pressSequentially(date.replace(/\D/g, ''));
  await field.press('Enter');
  await expect(field).toHaveValue(date);
}

/**
 * Chooses `option` in one of the kit's dropdowns (antd Select, searchable): types the start of it and
 * takes it with Enter — a click on an option still sliding open can be lost on a busy machine.
 * Then checks the dropdown shows it.
 */
export async function chooseOption(combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await combobox.press('Enter');
  await expect(combobox.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText(option);
}

