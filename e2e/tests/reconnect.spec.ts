import { expect, test } from './fixtures';
import { EMAIL, PASSWORD, signIn } from './helpers';

/**
 * The socket away and back (a sleeping laptop, a node gone, its Redis restarted): what changed meanwhile sent
 * no event to this tab, so once the socket is back the open screen and the sidebar read it again — no reload.
 */
test('back after the socket was away: the bell and the open notifications read again what changed meanwhile', async ({ page, context, request }) => {
  await signIn(page, EMAIL.manager);
  await page.getByTestId('sidebar').getByRole('link', { name: /Уведомления/ }).click();
  const items = page.getByRole('list', { name: 'Уведомления' }).getByRole('listitem');
  const unreadItems = items.filter({ hasText: 'Новое' });
  await expect(unreadItems.first()).toBeVisible();
  const bell = page.getByTestId('sidebar').locator('[data-sidebar-item="Уведомления"] .oy-nav__badge');
  await expect(bell).toHaveText(/^\d+$/);
  const unread = Number(await bell.textContent());

  // The same manager, elsewhere (a phone), reads the newest unread one while this tab's socket is away.
  const login = await request.post('/api/v2/auth/login/', { data: { email: EMAIL.manager, password: PASSWORD, rememberMe: false } });
  const headers = { 'x-api-token': (await login.json()).token as string };
  const list = (await (await request.get('/api/v2/notifications', { headers })).json()).data.items as { _id: string; title: string; isRead: boolean }[];
  const target = list.find((n) => !n.isRead)!;

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Нет связи с сервером' })).toBeVisible();
  expect((await request.post(`/api/v2/notifications/${target._id}/read`, { headers })).ok()).toBeTruthy();
  await context.setOffline(false);

  await expect(page.getByRole('status').filter({ hasText: 'Нет связи с сервером' })).toHaveCount(0);
  if (unread > 1) await expect(bell).toHaveText(String(unread - 1));
  else await expect(bell).toHaveCount(0);
  await expect(items.filter({ hasText: target.title }).first()).not.toContainText('Новое');
});
