import { expect, test } from './fixtures';
import { EMAIL, PASSWORD, signIn } from './helpers';

// Agents and sub-agents (issue 26): scope, invitations with a one-time password link, blocking live.

test('a supervisor with appointed agents sees only those in «Агенты»', async ({ page }) => {
  await signIn(page, EMAIL.supervisorAppointed);
  await page.goto('/app/agents');
  await expect(page.getByRole('heading', { name: 'Агенты', level: 1 })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Агенты' }).getByRole('listitem');
  // supervisor.appointed@ is the curator of exactly three demo agents (api/src/people/seed.ts).
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('3 агента')).toBeVisible();
  await expect(rows.filter({ hasText: 'agent@oyster.test' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'agent14@oyster.test' })).toHaveCount(0);
  // Search as typed (§5): nobody outside the appointed three, whoever is typed.
  await page.getByRole('textbox', { name: 'Поиск агента' }).fill('Жукова');
  await expect(page.getByText('Никого не нашли')).toBeVisible();
});

test('a network owner invites a sub-agent, who sets a password by the link and signs in', async ({ page, browser }) => {
  const email = `invited${Date.now()}@oyster.test`;
  await signIn(page, EMAIL.owner);
  await page.goto('/app/sub_agents');
  await expect(page.getByRole('heading', { name: 'Субагенты', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Субагенты' })).toContainText('Морозова Дарья Евгеньевна');
  await page.getByRole('button', { name: 'Пригласить субагента' }).click();
  const form = page.getByRole('region', { name: 'Пригласить субагента' });
  await form.getByLabel('Фамилия').fill('Ястребова');
  await form.getByLabel('Имя').fill('Ольга');
  await form.getByLabel('Email').fill(email);
  // The kit's masked phone input (§5): typed as a user types it.
  await form.getByLabel('Телефон').pressSequentially('9001234567');
  await form.getByRole('button', { name: 'Создать приглашение' }).click();
  await expect(page.getByText('Приглашение создано. Отправьте ссылку субагенту: по ней он задаст пароль и войдёт.')).toBeVisible();
  const link = (await page.getByTestId('invite-link').textContent())!;
  expect(link).toMatch(/\/app\/password\/[0-9a-f]{64}$/);
  await expect(page.getByRole('table', { name: 'Субагенты' })).toContainText('Ястребова Ольга');

  const invited = await (await browser.newContext()).newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Приглашение на платформу' })).toBeVisible();
  await expect(invited.getByText(`Ястребова Ольга, ${email}`)).toBeVisible();
  await invited.getByLabel('Новый пароль').fill('short');
  await invited.getByLabel('Пароль ещё раз').fill('short');
  await invited.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(invited.getByText('Минимальная длина пароля 8 символов')).toBeVisible();
  await invited.getByLabel('Новый пароль').fill('Sub-agent-2026');
  await invited.getByLabel('Пароль ещё раз').fill('Sub-agent-2026');
  await invited.getByRole('button', { name: 'Сохранить пароль' }).click();
  // Setting the password signs the sub-agent in (the link answers a session, as login does).
  await expect(invited.getByTestId('sidebar')).toContainText('Субагент');
  await invited.context().clearCookies();
  await invited.evaluate(() => window.localStorage.clear());
  await signIn(invited, email, 'Sub-agent-2026');
  await expect(invited.getByTestId('sidebar')).toContainText('Субагент');
  // The link is used up.
  await invited.goto(link);
  await expect(invited.getByText('Ссылка недействительна')).toBeVisible();
});

test('an admin blocks an agent on the card and the agent\'s open page logs out at once', async ({ page, browser }) => {
  const email = 'agent8@oyster.test';
  const agentPage = await (await browser.newContext()).newPage();
  await signIn(agentPage, email, PASSWORD);
  await agentPage.goto('/app/contracts');
  await expect(agentPage.getByTestId('sidebar')).toBeVisible();

  await signIn(page, EMAIL.admin);
  await page.goto('/app/agents');
  await page.getByRole('textbox', { name: 'Поиск агента' }).fill(email);
  // The search applies 300 ms after typing (§5): wait for the one row before opening it.
  const rows = page.getByRole('list', { name: 'Агенты' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(email);
  await rows.getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Профиль' })).toContainText('Активен');
  await page.getByRole('button', { name: 'Заблокировать' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Заблокировать' }).click();
  await expect(page.getByRole('region', { name: 'Профиль' })).toContainText('Заблокирован');
  // The question fades out as it was asked (a loaded CI once clicked the fading dialog, then read «Разблокировать»).
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The socket's «logout»: the agent's open page leaves for the public page without a reload or a click.
  await expect(agentPage).toHaveURL(/\/app\/(oyster|login)/);
  try {
    await page.getByRole('button', { name: 'Разблокировать' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Разблокировать' }).click();
    await expect(page.getByRole('region', { name: 'Профиль' })).toContainText('Активен');
  } finally {
    await agentPage.context().close();
  }
});

test('an admin opens an agent\'s card, follows the contracts count and sees only that agent\'s policies in Полисы', async ({ page }) => {
  const whose = 'Агент: Иванов Иван Петрович';
  await signIn(page, EMAIL.admin);
  await page.goto('/app/contracts');
  const rows = page.getByRole('list', { name: 'Договоры' }).getByRole('listitem');
  // Unfiltered, the admin sees other agents' sales as well.
  await expect(rows.filter({ hasNotText: whose }).first()).toBeVisible();

  await page.goto('/app/agents');
  await page.getByRole('textbox', { name: 'Поиск агента' }).fill('Иванов');
  const agents = page.getByRole('list', { name: 'Агенты' }).getByRole('listitem');
  await expect(agents).toHaveCount(1);
  await expect(agents).toContainText('agent@oyster.test');
  await agents.getByRole('link').click();
  await page.getByRole('region', { name: 'Продажи и начисления' }).getByRole('link', { name: /оплачено/ }).click();

  await expect(page).toHaveURL(/\/app\/contracts\?agentId=[0-9a-f]{24}$/);
  await expect(page.getByRole('group', { name: 'Фильтр по агенту' })).toContainText(whose);
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: whose })).toHaveCount(0);
  expect(await rows.count()).toBeGreaterThan(0);

  // The chip goes, and everyone's policies are back.
  await page.getByRole('button', { name: 'Убрать фильтр по агенту' }).click();
  await expect(page).toHaveURL(/\/app\/contracts$/);
  await expect(rows.filter({ hasNotText: whose }).first()).toBeVisible();
});
