import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// Popup campaigns (issue 13), two browsers: an admin writes a popup for one agent and sends it now;
// the agent, signed in elsewhere, sees it at once, presses its button (its link opens in a new tab);
// the admin's campaign page counts the show and reaction 1 without a reload.

test('an admin sends a popup campaign; the agent sees it, presses its button, and the campaign shows reaction 1', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const agent = await agentContext.newPage();
  await signIn(agent, EMAIL.agent);
  await signIn(admin, EMAIL.admin);

  const title = `Неделя КАСКО ${Date.now()}`;
  await admin.getByTestId('sidebar').getByRole('link', { name: 'Рассылки' }).click();
  await admin.getByRole('button', { name: 'Новая рассылка' }).click();
  await admin.getByLabel(/Заголовок/).fill(title);
  await admin.getByLabel(/Текст \(HTML/).fill('<p>Скидка <b>15 %</b> на КАСКО до пятницы</p>');
  await admin.getByLabel('Кнопка 1: текст').fill('Подробнее');
  await admin.getByLabel(/Кнопка 1: ссылка/).fill('/news');
  await admin.getByLabel(/Или список агентов/).fill(EMAIL.agent);
  await expect(admin.getByTestId('audience-count')).toHaveText('Получат: 1');
  await expect(admin.getByTestId('popup-preview')).toContainText('Скидка 15 % на КАСКО до пятницы');
  await admin.getByRole('radio', { name: /Отправить сейчас/ }).check();
  await admin.getByRole('button', { name: 'Отправить сейчас' }).click();
  await expect(admin).toHaveURL(/\/app\/campaigns\/[0-9a-f]{24}$/);
  const figures = admin.getByLabel('Итоги');
  await expect(figures).toContainText('Получили1');

  // The agent: the popup, live.
  const popup = agent.getByRole('dialog', { name: title });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Скидка 15 % на КАСКО до пятницы');
  await expect(figures).toContainText('Увидели1');
  const opened = agentContext.waitForEvent('page');
  await popup.getByRole('button', { name: 'Подробнее' }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/app\/news$/);
  await expect(popup).toBeHidden();

  // The campaign's page follows: reaction 1, the agent's line.
  await expect(figures).toContainText('«Подробнее»1');
  await expect(admin.getByRole('table', { name: 'Получатели' })).toContainText('«Подробнее»');
  await adminContext.close();
  await agentContext.close();
});

test('a manager has no «Рассылки»: «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.manager);
  await page.goto('/app/campaigns');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});
