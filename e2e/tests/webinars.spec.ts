import { expect, test } from './fixtures';
import { EMAIL, signIn, typeDate } from './helpers';

// Webinars (issue 13), two browsers: a copywriter plans a webinar for tomorrow and invites the agents;
// the agent, signed in elsewhere, gets the webinar toast with «Записаться», signs up from it, and the
// toast turns into the registered version; the copywriter's page lists the agent without a reload.

/** Tomorrow in Moscow (UTC+3 all year) as dd.mm.yyyy. */
function moscowTomorrow(): string {
  const d = new Date(Date.now() + 3 * 3600_000 + 24 * 3600_000).toISOString();
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
}

test('a copywriter invites the agents to a webinar; the agent signs up from the toast, which turns into the registered version', async ({ browser }) => {
  test.setTimeout(120_000);
  const staffContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const agent = await agentContext.newPage();
  await signIn(agent, EMAIL.agent);
  await signIn(staff, EMAIL.copywriter);

  const title = `Продажи КАСКО в кредит ${Date.now()}`;
  await staff.goto('/app/webinar');
  await staff.getByRole('button', { name: 'Новый вебинар' }).click();
  await expect(staff).toHaveURL(/\/app\/webinar\/new$/);
  await staff.getByLabel(/Название/).fill(title);
  await staff.getByLabel(/Описание/).fill('Требования банков.\nРасчёт премии по остатку долга.');
  await typeDate(staff.getByLabel(/Дата \(МСК\)/), moscowTomorrow());
  await staff.getByLabel(/Время \(МСК\)/).pressSequentially('1100');
  await staff.getByLabel(/Длительность, мин/).fill('60');
  await staff.getByLabel(/Платформа/).fill('Zoom');
  await staff.getByLabel(/Ссылка на конференцию/).fill('https://webinar.oyster.test/room/kasko-credit');
  await staff.getByRole('button', { name: 'Создать вебинар' }).click();
  await expect(staff).toHaveURL(/\/app\/webinar\/[0-9a-f]{24}$/);
  await expect(staff.getByRole('heading', { name: title })).toBeVisible();
  await expect(staff.getByText(`${moscowTomorrow()}`).first()).toBeVisible();

  await staff.getByRole('button', { name: 'Пригласить агентов' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Пригласить' }).click();

  // The agent: the toast, live, in its sign-up mode.
  const toast = agent.getByRole('article', { name: `Вебинар: ${title}` });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(`${moscowTomorrow()} в 11:00 (МСК) · Zoom`);
  await toast.getByRole('button', { name: 'Записаться' }).click();
  await expect(toast).toContainText('Вы записались на вебинар, оповестим за 10 минут до начала!');
  await expect(toast.getByRole('button', { name: 'Записаться' })).toHaveCount(0);

  // The copywriter's page follows: the agent among the registrations.
  await expect(staff.getByText(EMAIL.agent)).toBeVisible();

  await toast.getByRole('button', { name: 'Понятно' }).click();
  await expect(toast).toBeHidden();
  await staffContext.close();
  await agentContext.close();
});

test('a manager sees the webinars but cannot plan one: «Нет доступа» on the form, no «Новый вебинар»', async ({ page }) => {
  await signIn(page, EMAIL.manager);
  await page.goto('/app/webinar');
  await expect(page.getByRole('heading', { name: 'Вебинары' })).toBeVisible();
  await expect(page.getByText('Е-ОСАГО с 1 сентября: новые коэффициенты и как объяснить их клиенту')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Новый вебинар' })).toHaveCount(0);
  await page.goto('/app/webinar/new');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});
