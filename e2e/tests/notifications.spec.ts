import { test, expect } from './fixtures';
import { EMAIL, signIn } from './helpers';

test('an agent reads notifications: unread first, the bell follows «Прочитано» and «Прочитать все» — in a second tab too, without reload', async ({ page, context }) => {
  await signIn(page, EMAIL.agent);
  const other = await context.newPage();
  await other.goto('/app/');
  const bell = (p: typeof page) => p.getByTestId('sidebar').locator('[data-sidebar-item="Уведомления"] .oy-nav__badge');
  // Other specs may have told the agent something already: at least the demo's three unread.
  await expect(bell(other)).toHaveText(/^\d+$/);
  const unread = Number(await bell(other).textContent());
  expect(unread).toBeGreaterThanOrEqual(3);

  await page.getByTestId('sidebar').getByRole('link', { name: /Уведомления/ }).click();
  await expect(page.getByRole('heading', { name: 'Уведомления' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Уведомления' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  // Unread first: the demo's read one comes after every unread one.
  await expect(items.filter({ hasText: 'Новое' })).toHaveCount(Math.min(unread, 20));
  await expect(items.filter({ hasText: 'Начислено вознаграждение за полис Е-ОСАГО' })).toContainText('Новое');
  await expect(items.filter({ hasText: 'Акт за прошлый месяц сформирован' })).not.toContainText('Новое');

  await items.first().getByRole('button', { name: 'Прочитано' }).click();
  await expect(items.first()).not.toContainText('Новое');
  await expect(bell(page)).toHaveText(String(unread - 1));
  await expect(bell(other)).toHaveText(String(unread - 1));

  await page.getByRole('button', { name: 'Прочитать все' }).click();
  await expect(page.getByText('Новое', { exact: true })).toHaveCount(0);
  await expect(bell(page)).toHaveCount(0);
  await expect(bell(other)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Прочитать все' })).toHaveCount(0);
});

test('a finance controller has no notifications section: «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.finance);
  await page.goto('/app/notifications');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});
