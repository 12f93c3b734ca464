import { expect, test } from './fixtures';
import { HOME_TABS } from '@oyster/shared-kit/domain';
import { EMAIL, PASSWORD, signIn } from './helpers';

// Home's frame pieces that are not on its first paint (issue 10): the catalogue's tabs drawn by the
// kit, the narrow layout's drawer and the toasts, both loaded with the frame chunk on demand.

/** The browser asks to save data: nothing is prefetched on idle, so the frame chunk loads only when needed. */
const saveData = () => Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });

test('the catalogue tabs switch by click and by arrow keys', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  const catalogue = page.getByRole('region', { name: 'Продукты' });
  const individuals = catalogue.getByRole('tab', { name: HOME_TABS.individuals });
  const companies = catalogue.getByRole('tab', { name: HOME_TABS.companies });
  await expect(individuals).toHaveAttribute('aria-selected', 'true');
  const panel = catalogue.getByRole('tabpanel');
  // Individuals: product cards; companies: groups of product links (ОСГОП is for companies only).
  await expect(panel.getByRole('article', { name: 'Е-ОСАГО' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /ОСГОП/ })).toHaveCount(0);

  await companies.click();
  await expect(companies).toHaveAttribute('aria-selected', 'true');
  await expect(individuals).toHaveAttribute('aria-selected', 'false');
  await expect(panel.getByRole('link', { name: /ОСГОП/ })).toBeVisible();
  await expect(panel.getByRole('article', { name: 'Е-ОСАГО' })).toHaveCount(0);

  await companies.press('ArrowLeft');
  await expect(individuals).toBeFocused();
  await expect(individuals).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('article', { name: 'Е-ОСАГО' })).toBeVisible();
});

test('below 1000px the sidebar opens from «Открыть меню» in a drawer and closes on navigation', async ({ page }) => {
  await page.addInitScript(saveData);
  await page.setViewportSize({ width: 900, height: 860 });
  await page.goto('/app/login?legacy=true');
  await page.getByLabel('Email').fill(EMAIL.agent);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('region', { name: 'Продукты' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('sidebar')).toBeVisible();
  await drawer.getByRole('link', { name: 'Уведомления' }).click();
  await expect(page).toHaveURL(/\/app\/notifications/);
  await expect(page.getByTestId('sidebar')).toBeHidden();
});

test('the first toast arrives even when the frame chunk was not prefetched (Save-Data)', async ({ page }) => {
  await page.addInitScript(saveData);
  await signIn(page, EMAIL.agent);
  await page.route('**/api/v2/academy/courses/get-list-user', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/app/academy');
  await expect(page.locator('.ant-notification').getByText('Системная ошибка. Обратитесь к администратору')).toBeVisible();
});
