import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EMAIL, chooseOption, signIn, typeDate } from './helpers';

// Broker requests end to end (issue 12), two browsers: the agent sends a legal entity's property
// request with a file; the manager takes it and attaches two offers; the agent chooses one; each side
// sees every change without reloading, and the manager's badge follows.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n', 'latin1');

/** A form field by its label (a required one's starts with the kit's asterisk). */
const label = (scope: Page | Locator, text: string) => scope.getByLabel(new RegExp(`^\\*?\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

async function fill(page: Page, text: string, value: string) {
  const field = label(page, text);
  await field.fill(value);
  // A suggestion list may have opened: the typed text stays.
  await field.press('Escape');
}

async function attach(page: Page, scope: Locator, inputLabel: string, name: string, type: string) {
  await scope.getByLabel(inputLabel, { exact: true }).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  const dialog = page.getByRole('dialog', { name: 'Вы действительно хотите добавить файл?' });
  await expect(dialog.getByRole('button', { name: 'Да' })).toBeDisabled();
  await chooseOption(dialog.getByRole('combobox', { name: 'Выберите тип файла' }), type);
  await dialog.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText('Файл успешно прикреплен к запросу').first()).toBeVisible();
}

test('an agent sends a company’s property request with a file; the manager takes it and offers two insurers; the agent chooses one — both live, the badge too', async ({ browser }) => {
  test.setTimeout(120_000);
  const agentContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const manager = await managerContext.newPage();
  await signIn(agent, EMAIL.agent);
  await signIn(manager, EMAIL.manager);
  const badge = manager.getByTestId('sidebar').getByRole('link', { name: /Запросы/ });
  const badgeBefore = Number((await badge.textContent())!.replace(/\D/g, '')) || 0;

  // The agent: the product from the picker, the form saved as typed, «Отправить запрос».
  await agent.goto('/app/new-request-broker');
  await agent.getByRole('region', { name: 'Юридическим лицам' }).getByRole('link', { name: /ИЮЛ/ }).click();
  await expect(agent).toHaveURL(/\/app\/request-broker\/[0-9a-f]{24}\/draft$/);
  await fill(agent, 'Наименование организации', 'ООО «Северный склад»');
  await agent.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(agent.getByText('Заполните поле «ИНН»').first()).toBeVisible();
  await fill(agent, 'ИНН', '7701234567');
  await fill(agent, 'Вид деятельности (ОКВЭД или словами)', 'Складская логистика');
  await fill(agent, 'Юридический адрес', 'г Москва, ул Складочная, д 1');
  await chooseOption(label(agent, 'Вариант заказа'), 'ЧГ');
  await fill(agent, 'Фамилия контактного лица', 'Петров');
  await fill(agent, 'Имя контактного лица', 'Сергей');
  await label(agent, 'Телефон контактного лица').pressSequentially('9161234567');
  await agent.getByRole('button', { name: 'Добавить: объект' }).click();
  await chooseOption(label(agent, 'Что'), 'Здание');
  await label(agent, 'Адрес').fill('г Москва, ул Складочная, д 1');
  await label(agent, 'Стоимость, ₽').fill('85000000');
  await chooseOption(label(agent, 'Охрана'), 'Сигнализация и охрана');
  await chooseOption(label(agent, 'Пожарная сигнализация'), 'Да');
  await typeDate(label(agent, 'Желаемая дата начала'), '15.12.2026');
  await chooseOption(label(agent, 'Срок'), '12 мес.');
  await attach(agent, agent.getByRole('region', { name: 'Файлы', exact: true }), 'Файлы для прикрепления', 'Свидетельство.pdf', 'Документы на имущество');
  // The manager watches «Новые» before it is sent.
  await manager.goto('/app/broker-requests?view=unassigned');
  await expect(manager.getByRole('heading', { level: 1 })).toBeVisible();
  await agent.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(agent).toHaveURL(/\/calc$/);
  const requestUrl = agent.url().replace(/\/calc$/, '');
  const number = (await agent.getByRole('heading', { level: 1 }).textContent())!.match(/№ (\d+)/)![1];
  await expect(agent.getByText(/осталось \d+ р\.ч\./).first()).toBeVisible();

  // The manager: the new request appears in «Новые» without a reload; taking it counts in the badge.
  const row = manager.getByRole('list', { name: 'Запросы' }).getByRole('listitem').filter({ hasText: `Запрос № ${number}` });
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(manager.getByRole('link', { name: 'Свидетельство.pdf' })).toBeVisible();
  await manager.getByRole('button', { name: 'Взять в работу' }).click();
  await expect(badge).toContainText(String(badgeBefore + 1));
  await expect(agent.getByText('Подготовлен').first()).toBeVisible(); // the agent's page follows
  await manager.getByRole('button', { name: 'Начать расчёт' }).click();
  const agentStatus = agent.locator('.oy-breq__status');
  await expect(agentStatus).toHaveText('Расчёт');

  // Two offers, one with a file.
  const addOffer = async (insurer: string, premium: string, conditions: string) => {
    const form = manager.getByRole('region', { name: 'Новое предложение' });
    await chooseOption(label(form, 'Страховщик'), insurer);
    await label(form, 'Премия').fill(premium);
    await label(form, 'КВ агента, %').fill('15');
    await form.getByLabel(/Условия/).fill(conditions);
    await form.getByRole('button', { name: 'Добавить предложение' }).click();
    await expect(manager.getByRole('article', { name: insurer })).toBeVisible();
  };
  await addOffer('СОГАЗ', '412500', 'Здание и оборудование, франшиза 50 000 ₽');
  await addOffer('Ингосстрах', '398000', 'Здание, франшиза 100 000 ₽');
  const ingos = manager.getByRole('article', { name: 'Ингосстрах' });
  await attach(manager, ingos, 'Файлы предложения', 'Предложение Ингосстрах.pdf', 'Предложение страховщика');
  await manager.getByRole('button', { name: 'Расчёт завершён' }).click();
  await expect(agentStatus).toHaveText('Расчёт завершён');
  await manager.getByRole('button', { name: 'Сохранить предложения' }).click();
  await expect(agentStatus).toHaveText('Сохранён');
  await manager.getByRole('button', { name: 'Отправить предложения агенту' }).click();

  // The agent: the offers arrive live — the page moves on to «Выбор предложения» by itself.
  await expect(agent).toHaveURL(`${requestUrl}/execution`);
  const offer = agent.getByRole('article', { name: 'Ингосстрах' });
  await expect(offer).toContainText('398 000,00 ₽');
  await expect(offer.getByRole('link', { name: 'Предложение Ингосстрах.pdf' })).toBeVisible();
  await offer.getByRole('button', { name: 'Выбрать это предложение' }).click();
  await expect(agent.getByText('Ожидает согласия исполнителя').first()).toBeVisible();
  await expect(manager.getByText('Ожидает согласия исполнителя').first()).toBeVisible();
  await manager.getByRole('button', { name: 'Оплата проверена' }).click();
  await expect(agentStatus).toHaveText('Оплата проверена');
  await manager.getByRole('button', { name: 'Завершить запрос' }).click();
  await expect(agent.getByText('Завершён').first()).toBeVisible();
  await expect(badge).toContainText(String(badgeBefore));
  await agentContext.close();
  await managerContext.close();
});

test('a copywriter opening «Запросы» sees «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  await page.goto('/app/broker-requests');
  await expect(page.getByTestId('no-access')).toContainText('Нет доступа');
});

test('a manager works requests but does not send them: the product picker is «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.manager);
  await page.goto('/app/new-request-broker');
  await expect(page.getByTestId('no-access')).toContainText('Нет доступа');
});
