import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// What each demo account sees in the sidebar (spec §2, §6), read from the real session.
const cases: Array<[string, string[], boolean]> = [
  [EMAIL.admin, ['Главная', 'Полисы', 'Запросы', 'КВ всех', 'Финансы', 'Управление', 'Аналитика', 'Oyster.app', 'Обучение', 'Медиа', 'Чаты', 'Рассылки', 'Мы рядом!'], true],
  [EMAIL.manager, ['Главная', 'Полисы', 'Запросы', 'Агенты', 'Oyster.app', 'Обучение', 'Медиа', 'Чаты', 'Уведомления', 'Мы рядом!'], false],
  [EMAIL.copywriter, ['Главная', 'Управление', 'Обучение', 'Медиа', 'Уведомления', 'Рассылки', 'Мы рядом!'], false],
  [EMAIL.agent, ['Главная', 'Полисы', 'Запросы', 'Мое КВ', 'Oyster.app', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
  [EMAIL.subagent, ['Главная', 'Полисы', 'Запросы', 'Мое КВ', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
  [EMAIL.broker, ['Главная', 'Полисы', 'Запросы', 'КВ всех', 'Агенты', 'Oyster.app', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
];

for (const [email, titles, newPolicy] of cases) {
  test(`sidebar of ${email}`, async ({ page }) => {
    await signIn(page, email);
    const sidebar = page.getByTestId('sidebar');
    for (const title of titles) {
      await expect(sidebar.getByRole('link', { name: title, exact: false }).first()).toBeVisible();
    }
    const shown = await sidebar.locator('[data-sidebar-item]').evaluateAll((els) => els.map((e) => e.getAttribute('data-sidebar-item')));
    expect(shown).toEqual(titles);
    await expect(sidebar.getByRole('button', { name: 'Новый полис' }).or(sidebar.getByRole('link', { name: 'Новый полис' }))).toHaveCount(newPolicy ? 1 : 0);
  });
}

test('the manager sees the broker-request badge and the role block', async ({ page }) => {
  await signIn(page, EMAIL.manager);
  const requests = page.getByTestId('sidebar').locator('[data-sidebar-item="Запросы"]');
  await expect(requests).toContainText('3');
  await expect(page.getByTestId('sidebar').getByText('Менеджер')).toBeVisible();
});
