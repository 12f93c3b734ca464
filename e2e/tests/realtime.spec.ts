import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { EMAIL, PASSWORD, signIn } from './helpers';

async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v2/auth/login/', { data: { email, password: PASSWORD, rememberMe: false } });
  const body = await res.json();
  expect(body.token).toBeTruthy();
  return body as { token: string; user: { _id: string } };
}

test('an admin edit reaches the open page over the socket (session_update) and the sidebar follows', async ({ page, request }) => {
  const admin = await apiLogin(request, EMAIL.admin);
  const me = await apiLogin(request, EMAIL.supervisorAppointed);
  const headers = { 'x-api-token': admin.token };
  // The demo state this test starts from (a failed earlier try may have left the flag off).
  expect((await request.patch(`/api/v2/users/${me.user._id}`, { headers, data: { canViewOnlyAppointedAgents: true } })).ok()).toBeTruthy();

  await signIn(page, EMAIL.supervisorAppointed);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.locator('[data-sidebar-item="Финансы"]')).toHaveCount(0);

  const grant = await request.patch(`/api/v2/users/${me.user._id}`, { headers, data: { canViewOnlyAppointedAgents: false } });
  expect(grant.ok()).toBeTruthy();
  // No reload: the new rights arrive through the socket.
  await expect(sidebar.locator('[data-sidebar-item="Финансы"]')).toBeVisible();

  const back = await request.patch(`/api/v2/users/${me.user._id}`, { headers, data: { canViewOnlyAppointedAgents: true } });
  expect(back.ok()).toBeTruthy();
  await expect(sidebar.locator('[data-sidebar-item="Финансы"]')).toHaveCount(0);
});

test('a stale token gets 401: the path is remembered and sign-in returns to it', async ({ page }) => {
  await signIn(page, EMAIL.broker);
  await page.goto('/app/profile');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('oyster.token', 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'));
  await page.context().clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/app\/oyster$/);
  await expect(page.getByText('Вы не авторизованы')).toBeVisible();
  await page.getByRole('link', { name: 'Войти' }).first().click();
  await page.getByLabel('Email').fill(EMAIL.broker);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
});
