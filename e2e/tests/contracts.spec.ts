import { expect, test } from './fixtures';
import { EMAIL, chooseOption, quoteMoscowOwnerWithDriver, signIn, typeDate } from './helpers';
import { demoPaymentSecret } from '../../api/src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../api/src/sales/payments/signature';

// e-OSAGO end to end against the real api (issue 11): offers and a refusal, an offer becomes a contract, the documents go to
// the insurer, the client pays on the insurer's page in another tab, and the agent's page follows every
// step without a reload, up to the policy number and its PDF; Полисы lists it.

/** dd.mm.yyyy, `n` years before today (the 28th at the latest: 29.02 is not in every year). */
function yearsAgo(n: number): string {
  const d = new Date();
  return `${String(Math.min(d.getDate(), 28)).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear() - n}`;
}

test('an agent issues e-OSAGO: the calculator’s steps with the documents → offers from five insurers and one refusal (a driver under 22) → an offer → a scan → sent → payment link paid in a second page → released with a number, live; the policy PDF downloads', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-eosago');
  // The calculator's steps take the documents beside the rating factors, with the kit's masks; a
  // wrong one is refused where it was typed, an empty one waits for the contract.
  await quoteMoscowOwnerWithDriver(page, 110, {
    async vehicle(vehicle) {
      await vehicle.getByLabel('Год выпуска').fill('2019');
      await vehicle.getByLabel('Госномер').pressSequentially('А123ВС777');
      await vehicle.getByLabel('VIN', { exact: true }).pressSequentially('XTA21140064123456');
      await vehicle.getByLabel('Марка').fill('LADA');
      await vehicle.getByLabel('Модель').fill('Granta');
      await chooseOption(vehicle.getByLabel('Документ ТС'), 'СТС');
      await vehicle.getByLabel('Серия и номер СТС').pressSequentially('77УХ12');
      await vehicle.getByRole('button', { name: 'Далее' }).click();
      await expect(vehicle.getByText('Серия и номер документа ТС: 2 цифры, 2 цифры или буквы, 6 цифр')).toBeVisible();
      await vehicle.getByLabel('Серия и номер СТС').pressSequentially('3456');
      await typeDate(vehicle.getByLabel('Дата выдачи документа'), '20.05.2019');
    },
    async owner(owner) {
      for (const [label, value] of [['Фамилия', 'Смирнова'], ['Имя', 'Анна'], ['Отчество', 'Петровна']] as const) {
        await owner.getByRole('combobox', { name: label, exact: true }).fill(value);
        await owner.getByRole('combobox', { name: label, exact: true }).press('Escape');
      }
      await typeDate(owner.getByLabel('Дата рождения'), '30.09.1985');
      await owner.getByLabel('Серия паспорта').pressSequentially('4510');
      await owner.getByLabel('Номер паспорта').pressSequentially('123456');
      await typeDate(owner.getByLabel('Дата выдачи паспорта'), '12.10.2005');
      await owner.getByLabel('Кем выдан').fill('ОВД Тверского района г. Москвы');
      await owner.getByLabel('Кем выдан').press('Escape');
    },
    async driver(drivers) {
      await drivers.getByLabel('ФИО водителя').fill('Смирнова Анна Петровна');
      // A second driver of 20 with a year behind the wheel: one insurer does not take drivers under 22.
      await drivers.getByRole('button', { name: 'Добавить водителя' }).click();
      const young = drivers.locator('fieldset').nth(1);
      await young.getByLabel('ФИО водителя').fill('Смирнов Илья Петрович');
      await typeDate(young.getByLabel('Дата рождения'), yearsAgo(20));
      await typeDate(young.getByLabel('Стаж с'), yearsAgo(1));
      await young.getByLabel('Серия и номер ВУ').pressSequentially('77AB654321');
    },
  });
  // Back to an earlier step: what was typed is there.
  await page.getByRole('navigation', { name: 'Шаги' }).getByText('Транспортное средство').click();
  await expect(page.getByRole('region', { name: 'Транспортное средство' }).getByLabel('Марка')).toHaveValue('LADA');
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  const offers = page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article');
  await expect(offers).toHaveCount(5, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Отказы страховщиков' })).toContainText('Не страхуем водителей моложе 22 лет');
  await expect(offers.first().getByLabel(/Коэффициенты/)).toContainText(/КБМ/);
  await offers.first().getByRole('button', { name: 'Оформить' }).click();

  // The contract has everything the calculator took: its steps open where something is still missing.
  await expect(page).toHaveURL(/\/app\/contracts\/[0-9a-f]{24}\/contacts$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Назад' }).click();
  await expect(page.getByRole('region', { name: 'Водители' }).getByLabel('ФИО водителя 1')).toHaveValue('Смирнова Анна Петровна');
  await page.getByRole('link', { name: 'Договор' }).click();
  await expect(page).toHaveURL(/\/app\/contracts\/[0-9a-f]{24}$/);
  await expect(page.getByText('Расчёт получен').first()).toBeVisible();

  // A scan for the insurer: the §8 dialog wants a type before «Да»; the server's message follows.
  const files = page.getByRole('region', { name: 'Файлы договора' });
  await files.getByLabel('Файлы для прикрепления').setInputFiles({ name: 'Паспорт стр 2-3.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
  const dialog = page.getByRole('dialog', { name: 'Вы действительно хотите добавить файл?' });
  await expect(dialog.getByRole('button', { name: 'Да' })).toBeDisabled();
  await chooseOption(dialog.getByRole('combobox', { name: 'Выберите тип файла' }), 'Паспорт собственника');
  await dialog.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText('Файл успешно прикреплен к запросу')).toBeVisible();
  await expect(files.getByRole('link', { name: 'Паспорт стр 2-3.pdf' })).toBeVisible();

  await page.getByRole('button', { name: 'Продолжить оформление' }).click();
  const contacts = page.getByRole('region', { name: 'Контакты и отправка' });
  await contacts.getByLabel('Телефон клиента').pressSequentially('9161234567');
  await contacts.getByLabel(/E-mail клиента/).fill('anna@example.ru');
  await contacts.getByLabel(/E-mail клиента/).press('Escape');
  await contacts.getByRole('button', { name: 'Отправить страховщику' }).click();
  await expect(page).toHaveURL(/\/app\/contracts\/[0-9a-f]{24}$/);

  // The insurer takes it, checks it and makes the link: the page follows over the socket.
  const payment = page.getByRole('region', { name: 'Оплата' });
  await expect(payment).toBeVisible({ timeout: 20_000 });
  const link = (await payment.locator('.oy-contract__link').textContent())!.trim();

  // Полисы open in another tab: the row waits for payment, and follows the payment without a reload.
  const contractId = new URL(page.url()).pathname.split('/').pop()!;
  const policies = await context.newPage();
  await policies.goto('/app/contracts');
  const row = policies.getByRole('list', { name: 'Договоры' }).getByRole('listitem').filter({ has: policies.locator(`a[href$="/contracts/${contractId}"]`) });
  await expect(row).toContainText('Ожидает оплаты');

  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Оплата полиса ОСАГО' })).toBeVisible();
  await client.getByRole('button', { name: /Оплатить/ }).click();
  await expect(client.getByRole('heading', { name: 'Полис оплачен' })).toBeVisible();

  // No reload: the agent's page shows the policy with its number.
  await expect(page.getByRole('heading', { name: /Е-ОСАГО № ХХХ\d{10}/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Полис выпущен').first()).toBeVisible();
  // Paid, then released: both in the history, which followed without a reload too.
  const history = page.getByRole('region', { name: 'История статусов' });
  await expect(history.getByText('Оплачен', { exact: true })).toBeVisible();
  await expect(history.getByText('Полис выпущен', { exact: true })).toBeVisible();
  await expect(row).toContainText('Полис выпущен');
  await expect(row).toContainText(/Е-ОСАГО ХХХ\d{10}/);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Полис (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Полис ОСАГО ХХХ\d{10}\.pdf$/);

  const number = (await page.getByRole('heading', { name: /Е-ОСАГО № / }).textContent())!.replace(/.*№ /, '').trim();
  await page.goto(`/app/contracts?search=${encodeURIComponent(number)}`);
  await expect(page.getByRole('list', { name: 'Договоры' }).getByText(`Е-ОСАГО ${number}`)).toBeVisible();
});

test('Полисы: the agent’s demo contracts; a quick period goes to the URL', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/contracts');
  const list = page.getByRole('list', { name: 'Договоры' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'Последние 30 дней' }).click();
  await expect(page).toHaveURL(/period=30/);
});

test('a copywriter opening Полисы sees «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  await page.goto('/app/contracts');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});

test('SOAP-логи: a finance controller sees the demo insurers’ calls, filters by method and opens one with the insurer’s answer', async ({ page }) => {
  await signIn(page, EMAIL.finance);
  await page.goto('/app/soap-logs');
  await expect(page.getByRole('heading', { name: 'SOAP-логи: обращения к страховщикам' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Обращения к страховщикам' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Метод' }).selectOption({ label: 'Проверка данных' });
  await expect(page).toHaveURL(/method=check/);
  await expect(list.getByText('Проверка данных').first()).toBeVisible();
  await expect(list.getByText('Передача данных договора')).toHaveCount(0);
  // One demo contract the insurer asked to fix: its check, opened, names what.
  const fixing = await page.evaluate(async () => (await (await fetch('/api/v2/contracts?status=220&limit=1')).json()).data.items[0].id as string);
  await page.goto(`/app/soap-logs?contract=${fixing}&method=checkOsago`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: /Проверка данных/ }).click();
  await expect(list.getByRole('region', { name: 'Ответ' })).toContainText('Госномер не совпадает с данными ГИБДД по этому VIN');
  await page.getByRole('checkbox', { name: 'Только ошибки' }).click();
  await expect(page).toHaveURL(/errors=1/);
  await expect(page.getByRole('checkbox', { name: 'Только ошибки' })).toBeChecked();
});

test('an agent opening SOAP-логи sees «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/soap-logs');
  await expect(page.getByText('Нет доступа')).toBeVisible();
});

test('a finance controller follows a contract’s money live: paid on the insurer’s page → the agent’s commission line; a second payment for it → «Вернуть клиенту» with the reason', async ({ page, context, request }) => {
  await signIn(page, EMAIL.finance);
  // A demo contract of agent@ waiting for payment (its link never runs out in the demo data).
  const waiting = await page.evaluate(async () => {
    const items = (await (await fetch('/api/v2/contracts?status=250&limit=100')).json()).data.items as { id: string; companyId: string; agent: { fio: string } }[];
    return items[0];
  });
  const companies = (await page.evaluate(async () => (await (await fetch('/api/v2/init-state')).json()).data.companies)) as { _id: string; idUnicus: string }[];
  const code = companies.find((c) => c._id === waiting.companyId)!.idUnicus;
  await page.goto(`/app/contracts/${waiting.id}`);
  const money = page.getByRole('region', { name: 'Деньги по договору' });
  await expect(money.getByText('Начислений нет: договор не оплачен.')).toBeVisible();
  await expect(money.getByText('Платежей к возврату нет.')).toBeVisible();
  const link = (await page.getByRole('region', { name: 'Оплата' }).locator('.oy-contract__link').textContent())!.trim();

  // The client pays on the demo insurer's page in another tab.
  const payer = await context.newPage();
  await payer.goto(link);
  await payer.getByRole('button', { name: /Оплатить/ }).click();
  await expect(payer.getByText('Оплата получена.')).toBeVisible();
  await expect(money.getByRole('list', { name: 'Начисления КВ' })).toContainText(`КВ агента — ${waiting.agent.fio}`);
  await expect(money.getByRole('list', { name: 'Начисления КВ' })).toContainText('10% от');

  // The insurer (server to server: no browser, no cookie) then reports a second payment for the same link:
  // not applied, the money is to be returned.
  const body = JSON.stringify({ paymentId: `pay_e2e_second_${Date.now()}`, paymentToken: link.split('/pay/')[1], amount: 100_00, paidAt: new Date().toISOString() });
  const answer = await request.post(`/api/v2/payments/callback/${code}`, {
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(demoPaymentSecret(code), code, body) },
    data: body,
  });
  expect(answer.status()).toBe(409);
  const refunds = money.getByRole('list', { name: 'Платежи к возврату' });
  await expect(refunds).toContainText('Договор уже оплачен другим платежом');
  await expect(refunds).toContainText('100,00 ₽');
});

test('an agent’s contract page shows no money block (the api sends it to finance staff only)', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  const id = await page.evaluate(async () => (await (await fetch('/api/v2/contracts?status=600&limit=1')).json()).data.items[0].id as string);
  await page.goto(`/app/contracts/${id}`);
  await expect(page.getByRole('region', { name: 'История статусов' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Деньги по договору' })).toHaveCount(0);
});
