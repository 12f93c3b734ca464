import { expect, type Page } from '@playwright/test';
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
