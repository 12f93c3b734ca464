import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// Управление (issue 26): an administrator creates a member of staff, who signs in (a second browser); the
// creation is in «Журнал изменений»; blocking them logs their open page out at once.

test('an admin creates a staff user who signs in; the creation is in «Журнал изменений»; blocking logs them out', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `kassir.${Date.now()}@oyster.test`;
  const [adminCtx, staffCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [admin, staff] = await Promise.all([adminCtx.newPage(), staffCtx.newPage()]);
  await signIn(admin, EMAIL.admin);

  // Управление opens at «Пользователи»; «Новый пользователь».
  await admin.getByTestId('sidebar').getByRole('link', { name: 'Управление' }).click();
  await expect(admin).toHaveURL(/\/app\/manage\/users$/);
  await expect(admin.getByRole('tab', { name: 'Пользователи', selected: true })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Пользователи' }).getByRole('listitem', { name: 'Смирнов Алексей Викторович' })).toContainText('Администратор');
  await admin.getByRole('button', { name: 'Новый пользователь' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Новый пользователь' })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Фамилия', exact: true }).fill('Кассирова');
  await admin.getByRole('textbox', { name: 'Имя', exact: true }).fill('Нина');
  await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await admin.getByRole('checkbox', { name: 'Финансовый контролёр' }).check();
  await admin.getByRole('checkbox', { name: 'Доступ к аналитике' }).check();
  // A short password is refused before anything is sent.
  await admin.getByLabel('Начальный пароль').fill('short');
  await admin.getByRole('button', { name: 'Создать пользователя' }).click();
  await expect(admin.getByText('Минимальная длина пароля 8 символов')).toBeVisible();
  await admin.getByLabel('Начальный пароль').fill('Kassa-2026!');
  await admin.getByRole('button', { name: 'Создать пользователя' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Кассирова Нина' })).toBeVisible();
  await expect(admin.getByText(email)).toBeVisible();
  await expect(admin.getByRole('checkbox', { name: 'Финансовый контролёр' })).toBeChecked();

  // The new member of staff signs in in another browser and sees Финансы (a finance controller's section).
  await signIn(staff, email, 'Kassa-2026!');
  await expect(staff.getByTestId('sidebar').getByRole('link', { name: 'Финансы' })).toBeVisible();

  // «Журнал изменений»: the creation, by the admin, with the fields set.
  await admin.goto('/app/manage/audit');
  const created = admin.getByRole('list', { name: 'Журнал изменений' }).getByRole('listitem', { name: 'Создание: Кассирова Нина' });
  await expect(created).toContainText('Смирнов Алексей Викторович');
  await expect(created).toContainText(`Email: ${email}`);
  await expect(created).toContainText('Роли: Финансовый контролёр');
  await expect(created).not.toContainText('Kassa-2026!');

  // Blocking (after a confirmation) ends the new user's session: their open page logs out.
  await created.getByRole('link', { name: 'Кассирова Нина' }).click();
  await admin.getByRole('button', { name: 'Заблокировать' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Заблокировать' }).click();
  await expect(admin.getByRole('button', { name: 'Разблокировать' })).toBeVisible();
  await expect(staff.getByTestId('sidebar')).toHaveCount(0);
  // …and the log has it, live on the admin's open «Журнал изменений».
  await admin.goto('/app/manage/audit');
  await expect(admin.getByRole('listitem', { name: 'Блокировка: Кассирова Нина' })).toContainText('Заблокирован: нет → да');
  await Promise.all([adminCtx.close(), staffCtx.close()]);
});
