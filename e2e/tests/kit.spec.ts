import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// The form kit's catalogue (/app/kit): suggestion inputs on the real gateway (offline data set),
// admins only.

/** A kit field by its label (the required asterisk is not part of the name). */
const field = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^\\*?\\s*${label}$`) });

/** Waits for the gateway's answer to the typed text, then for the list to show it. */
async function typeAndWaitForSuggestions(page: Page, label: string, text: string, kind: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith(`/suggest/${kind}`) && r.request().method() === 'POST');
  await field(page, label).pressSequentially(text, { delay: 40 });
  const response = await answer;
  expect(response.status()).toBe(200);
  await expect(page.getByRole('option').first()).toBeVisible();
}

test('an admin fills an address, a full name and a bank from suggestions', async ({ page }) => {
  await signIn(page, EMAIL.admin);
  await page.goto('/app/kit');
  await expect(page.getByRole('heading', { name: 'Компоненты форм' })).toBeVisible();

  // Full name: surname, then first name and patronymic of the same gender.
  await typeAndWaitForSuggestions(page, 'Фамилия', 'Петр', 'fio');
  await page.getByRole('option', { name: 'Петрова', exact: true }).click();
  await expect(field(page, 'Фамилия')).toHaveValue('Петрова');
  await expect(page.getByRole('option')).toHaveCount(0);

  const nameCall = page.waitForRequest((r) => r.url().endsWith('/suggest/fio'));
  await typeAndWaitForSuggestions(page, 'Имя', 'Ан', 'fio');
  expect((await nameCall).postDataJSON()).toMatchObject({ query: 'Ан', parts: ['NAME'], gender: 'FEMALE' });
  const firstName = page.getByRole('option').first();
  const chosenName = (await firstName.textContent())!.trim();
  expect(chosenName).toMatch(/^Ан/);
  await firstName.click();
  await expect(field(page, 'Имя')).toHaveValue(chosenName);

  const middleCall = page.waitForRequest((r) => r.url().endsWith('/suggest/fio'));
  await typeAndWaitForSuggestions(page, 'Отчество', 'Серг', 'fio');
  expect((await middleCall).postDataJSON()).toMatchObject({ query: 'Серг', parts: ['PATRONYMIC'], gender: 'FEMALE' });
  await page.getByRole('option', { name: 'Сергеевна', exact: true }).click();
  await expect(field(page, 'Отчество')).toHaveValue('Сергеевна');

  // Address.
  await typeAndWaitForSuggestions(page, 'Адрес регистрации', 'Москва Тверская', 'address');
  const address = page.getByRole('option').filter({ hasText: 'Тверская' }).first();
  const chosenAddress = (await address.textContent())!.trim();
  await address.click();
  await expect(field(page, 'Адрес регистрации')).toHaveValue(chosenAddress);
  expect(chosenAddress).toContain('Москва');

  // Bank: choosing it fills the BIC and the correspondent account too.
  await typeAndWaitForSuggestions(page, 'Банк', 'Сбер', 'bank');
  const bank = page.getByRole('option').filter({ hasText: 'БИК 044525225' });
  await expect(bank).toHaveCount(1);
  await bank.click();
  await expect(field(page, 'Банк')).toHaveValue('ПАО СБЕРБАНК');
  await expect(field(page, 'БИК')).toHaveValue('044525225');
  await expect(page.getByText('30101810400000000225', { exact: true })).toBeVisible();

  // Passport issuer: a city in the nominative finds its units; choosing one shows its code.
  await typeAndWaitForSuggestions(page, 'Кем выдан паспорт', 'тула', 'fms_unit');
  const unit = page.getByRole('option').first();
  await expect(unit).toContainText('ТУЛ');
  await unit.click();
  await expect(field(page, 'Кем выдан паспорт')).toHaveValue(/ТУЛ/);
  await expect(page.getByText(/^710-\d{3}$/)).toBeVisible();

  // The form holds what was chosen.
  await page.getByText('Значения формы').click();
  const values = page.locator('.oy-kit-values pre');
  await expect(values).toContainText('"lastName": "Петрова"');
  await expect(values).toContainText('"middleName": "Сергеевна"');
  await expect(values).toContainText('"gender": "FEMALE"');
  await expect(values).toContainText('"bic": "044525225"');
});

test('dates by keyboard: Tab goes on to the next field; Escape keeps a whole typed date; an impossible one gives way to the kept date; emptied text clears it', async ({ page }) => {
  await signIn(page, EMAIL.admin);
  await page.goto('/app/kit');
  const date = page.locator('#field-birthDate');
  await date.click();
  await page.keyboard.type('01021990', { delay: 20 });
  await page.keyboard.press('Escape');
  await expect(date).toHaveValue('01.02.1990');
  await page.getByText('Значения формы').click();
  await expect(page.locator('.oy-kit-values pre')).toContainText('"birthDate": "01.02.1990"');

  await date.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('3102', { delay: 20 });
  await expect(date).toHaveValue('31.02.');
  await page.keyboard.press('Tab');
  await expect(page.locator('#field-phone')).toBeFocused();
  await expect(date).toHaveValue('01.02.1990');
  await expect(page.locator('.oy-kit-values pre')).toContainText('"birthDate": "01.02.1990"');

  // Emptied from the keyboard and left: the date is cleared.
  await date.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(page.locator('#field-phone')).toBeFocused();
  await expect(date).toHaveValue('');
  await expect(page.locator('.oy-kit-values pre')).toContainText('"birthDate": ""');
});

test('a phone typed as people type it: 8…, +7… or straight from the code; an 8-800 number keeps its 8; a plate on a Latin layout', async ({ page }) => {
  await signIn(page, EMAIL.admin);
  await page.goto('/app/kit');
  const phone = page.locator('#field-phone');
  for (const [typed, shown] of [
    ['89161234567', '+7 (916) 123-45-67'],
    ['+7 916 123 45 67', '+7 (916) 123-45-67'],
    ['9161234567', '+7 (916) 123-45-67'],
    ['88001234567', '+7 (800) 123-45-67'],
  ]) {
    await phone.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(typed, { delay: 20 });
    await expect(phone).toHaveValue(shown);
  }
  // A plate typed on a Latin layout: the look-alike letters become Cyrillic.
  const plate = page.locator('#field-plate');
  await plate.click();
  await page.keyboard.type('a123bc77', { delay: 20 });
  await expect(plate).toHaveValue('А123ВС77');
});

test('an agent gets the not-found page at /app/kit', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/kit');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Компоненты форм' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: /компонент/i })).toHaveCount(0);
});
