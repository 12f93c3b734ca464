import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EMAIL, chooseOption, signIn } from './helpers';

// Chats (issue 13), two browsers: an agent writes to support, the manager sees it arrive, takes it,
// answers; a file goes across; read receipts and closing follow live on the other side.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n', 'latin1');
const chatsBadge = (p: Page) => p.getByTestId('sidebar').locator('[data-sidebar-item="Чаты"] .oy-nav__badge');
const badgeCount = async (p: Page) => ((await chatsBadge(p).count()) ? Number(await chatsBadge(p).textContent()) : 0);

test('an agent and a manager chat live: the question arrives, the manager takes it and answers, a file crosses, «Прочитано», «Закрыть чат»', async ({ browser }) => {
  test.setTimeout(120_000);
  const agentContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const manager = await managerContext.newPage();
  await signIn(agent, EMAIL.newagent);
  await signIn(manager, EMAIL.manager);
  await manager.goto('/app/chats');
  await expect(manager.getByRole('tab', { name: 'Ожидают ответа' })).toHaveAttribute('aria-selected', 'true');
  await expect(manager.getByRole('list', { name: 'Список чатов' })).toBeVisible();
  const waitingBefore = await badgeCount(manager);

  // The agent opens their support chat and asks.
  await agent.goto('/app/chats');
  await agent.getByRole('button', { name: 'Написать в поддержку' }).click();
  await expect(agent).toHaveURL(/\/app\/chats\/[0-9a-f]{24}$/);
  await expect(agent.getByText('Сообщений пока нет. Напишите, чем помочь.')).toBeVisible();
  const question = `Как поменять реквизиты? ${Date.now()}`;
  await agent.getByLabel('Сообщение').fill(question);
  await agent.getByLabel('Сообщение').press('Enter');
  const agentLog = agent.getByRole('log', { name: 'Сообщения' });
  await expect(agentLog.getByText(question)).toBeVisible();

  // The manager: the chat appears in «Ожидают ответа» and the badge grows, without a reload.
  const row = manager.getByRole('list', { name: 'Список чатов' }).getByRole('link').filter({ hasText: question });
  await expect(row).toBeVisible();
  await expect(chatsBadge(manager)).toHaveText(String(waitingBefore + 1));
  await row.click();
  const managerLog = manager.getByRole('log', { name: 'Сообщения' });
  await expect(managerLog.getByText(question)).toBeVisible();
  // Read by the manager: the agent sees «Прочитано» under the question.
  await expect(agentLog.getByText('Прочитано')).toBeVisible();
  await manager.getByRole('button', { name: 'Взять в работу' }).click();
  await expect(agent.getByText(/отвечает Кузнецова Ольга Сергеевна/)).toBeVisible();

  const answer = 'Реквизиты меняются в профиле, раздел «Реквизиты».';
  await manager.getByLabel('Сообщение').fill(answer);
  await manager.getByRole('button', { name: 'Отправить' }).click();
  await expect(agentLog.getByText(answer)).toBeVisible();

  // A file from the agent reaches the manager, downloadable.
  await agent.locator('input[type="file"]').setInputFiles({ name: 'Реквизиты.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(agentLog.getByRole('link', { name: 'Реквизиты.pdf' })).toBeVisible();
  const fileLink = managerLog.getByRole('link', { name: 'Реквизиты.pdf' });
  await expect(fileLink).toBeVisible();
  const download = await manager.request.get((await fileLink.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Closed by the manager: the agent's chat says so at once; the manager's badge goes back.
  await manager.getByRole('button', { name: 'Закрыть чат' }).click();
  await expect(agent.getByText('Чат закрыт. Новое сообщение откроет его снова.')).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Открыть снова' })).toBeVisible();
  await expect.poll(() => badgeCount(manager)).toBe(waitingBefore);
  await agentContext.close();
  await managerContext.close();
});

test('an Oyster.app client writes through the app’s backend: manager2@ (chats with clients) sees it arrive live under «Клиенты», answers; the app takes the answer after its last seq; the client’s read shows «Прочитано»', async ({ page, request }) => {
  const appCall = { headers: { authorization: 'Bearer e2e-oyster-app-token' } };
  await signIn(page, 'manager2@oyster.test');
  await page.goto('/app/chats');
  await page.getByRole('tablist', { name: 'Чьи чаты показать' }).getByRole('tab', { name: 'Клиенты', exact: true }).click();
  await expect(page).toHaveURL(/audience=clients/);
  const list = page.getByRole('list', { name: 'Список чатов' });
  // The demo's waiting client chat (agent@'s Сидоров Пётр) is there; no agent's chat is.
  await expect(list.getByRole('link').filter({ hasText: 'Сидоров Пётр' })).toBeVisible();
  await expect(list).not.toContainText('Поддержка');
  const badgeBefore = await badgeCount(page);

  const question = `Как добавить водителя в полис? ${Date.now()}`;
  const sent = await request.post('/api/v2/oyster-app/clients/demo-kravets/messages', { ...appCall, data: { text: question, clientKey: `e2e${Date.now()}` } });
  expect(sent.status()).toBe(200);
  const row = list.getByRole('link').filter({ hasText: question });
  await expect(row).toContainText('Кравец Мария');
  await expect(row).toContainText('Клиент Oyster.app · агент Иванов Иван Петрович');
  await expect(chatsBadge(page)).toHaveText(String(badgeBefore + 1));
  await row.click();
  const log = page.getByRole('log', { name: 'Сообщения' });
  await expect(log.getByText(question)).toBeVisible();
  await page.getByRole('button', { name: 'Взять в работу' }).click();
  await expect(page.getByText(/отвечает Попов Дмитрий Андреевич/)).toBeVisible();
  const answer = 'Пришлите, пожалуйста, фото водительского удостоверения.';
  await page.getByLabel('Сообщение').fill(answer);
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(log.getByText(answer)).toBeVisible();

  // The app asks for what came after the client's message: the answer, from manager2@.
  const after = await request.get(`/api/v2/oyster-app/clients/demo-kravets/messages?after=${(await sent.json()).data.seq}`, appCall);
  const items = (await after.json()).data.items as { side: string; text: string; author: { fio: string }; seq: number }[];
  expect(items.map((m) => [m.side, m.author.fio, m.text])).toEqual([['staff', 'Попов Дмитрий Андреевич', answer]]);
  await expect(log.getByText('Прочитано')).toHaveCount(0);
  expect((await request.post('/api/v2/oyster-app/clients/demo-kravets/read', { ...appCall, data: { seq: items[0].seq } })).status()).toBe(200);
  await expect(log.getByText('Прочитано')).toBeVisible();
});

test('a broker request’s chat on its page: a file sent there is added to the request after «Вы действительно хотите добавить файл … в запрос?»', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-request-broker');
  await page.getByRole('region', { name: 'Юридическим лицам' }).getByRole('link', { name: /ИЮЛ/ }).click();
  await expect(page).toHaveURL(/\/app\/request-broker\/[0-9a-f]{24}\/draft$/);
  const chat = page.getByRole('region', { name: 'Чат по запросу' });
  await chat.getByRole('button', { name: 'Открыть чат' }).click();
  await chat.locator('input[type="file"]').setInputFiles({ name: 'Устав.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(chat.getByRole('link', { name: 'Устав.pdf' })).toBeVisible();
  await chat.getByRole('button', { name: 'Добавить в запрос' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вы действительно хотите добавить файл Устав.pdf в запрос?' });
  await expect(dialog.getByText('файл будет добавлен в файлы запроса')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Да' })).toBeDisabled();
  await chooseOption(dialog.getByRole('combobox', { name: 'Выберите тип файла' }), 'Реквизиты организации');
  await dialog.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText('Файл успешно прикреплен к запросу').first()).toBeVisible();
  // The request's files follow live.
  const files = page.getByRole('region', { name: 'Файлы', exact: true });
  await expect(files.getByRole('link', { name: 'Устав.pdf' })).toBeVisible();
  await expect(files).toContainText('Реквизиты организации');
});

test('a copywriter has no chats section: «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  await page.goto('/app/chats');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});

test('the chat button: «Открыть чат» opens the support chat in the embedded frame (/chat/null); a click outside folds it; on a contract it opens the contract’s chat', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  // The floating one (the contract page's own chat bar has an «Открыть чат» too).
  const button = page.locator('button[data-chat-type]');
  await expect(button).toHaveAccessibleName('Открыть чат');
  await expect(button).toHaveAttribute('data-chat-type', 'support');
  await button.click();
  await expect(button).toHaveCount(0); // hidden while the chat is open
  const frameElement = page.locator('iframe[title="Чат"]');
  await expect(frameElement).toHaveAttribute('src', '/chat/null');
  const frame = page.frameLocator('iframe[title="Чат"]');
  // The demo's support conversation with manager@, in the frame, signed in by the same session.
  await expect(frame.getByText('Акт появится в разделе «Мое КВ» после сверки, обычно до 5 числа.')).toBeVisible();
  const text = `Из окна чата ${Date.now()}`;
  await frame.getByLabel('Сообщение').fill(text);
  await frame.getByRole('button', { name: 'Отправить' }).click();
  await expect(frame.getByRole('log', { name: 'Сообщения' }).getByText(text)).toBeVisible();
  await page.getByTestId('chat-frame-outside').click({ position: { x: 20, y: 20 } });
  await expect(button).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Чат' })).toBeHidden();

  // A contract's page puts its chat on the button: the contract's colour and icon, its chat in the frame.
  await page.goto('/app/contracts');
  // A contract row (the list also links to «Клиенты» and «Продления» under /app/contracts/).
  await page.locator('a[href*="/app/contracts/"]:not([href$="/clients"]):not([href$="/renewals"])').first().click();
  await expect(page.getByRole('region', { name: 'Чат по договору' })).toBeVisible();
  await expect(button).toHaveAttribute('data-chat-type', 'contract');
  await button.click();
  await expect(frameElement).toHaveAttribute('src', /^\/chat\/[0-9a-f]{24}$/);
  await expect(frame.getByRole('region').first()).toBeVisible();
  await expect(frame.getByRole('link', { name: /^Е-ОСАГО/ })).toBeVisible();
});

test('the chat page refuses to be framed by another site, and a manager (no chatId) has no chat button', async ({ page, request }) => {
  const res = await request.get('/chat/null');
  expect(res.status()).toBe(200);
  expect(res.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await signIn(page, EMAIL.manager);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('button[data-chat-type]')).toHaveCount(0);
});
