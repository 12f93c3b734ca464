import { expect, test } from './fixtures';
import { EMAIL, chooseOption, signIn, typeDate } from './helpers';

// A policy issued elsewhere, entered by hand (issue 25): the agent enters a KASKO policy step by step with its scan and
// sends it for review; a manager looks at the scan and confirms it; it is in the agent's Полисы as in force.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n', 'latin1');
/** dd.mm.yyyy `n` days from today (Moscow). */
function day(n: number): string {
  const d = new Date(Date.now() + 3 * 3600_000 + n * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

test('an agent enters a KASKO policy with its scan and sends it for review; a manager confirms it; the agent’s Полисы shows it in force', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const number = `E2E-${Date.now()}`;
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-manual');
  await expect(page.getByRole('heading', { name: 'Ручное оформление полиса' })).toBeVisible();
  await chooseOption(page.getByRole('combobox', { name: 'Вид страхования' }), 'Е-КАСКО');
  await chooseOption(page.getByRole('combobox', { name: 'Страховая компания' }), 'ВСК');
  await page.getByRole('button', { name: 'Начать ввод' }).click();

  const policy = page.getByRole('region', { name: 'Полис' });
  await expect(policy).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await policy.getByLabel('Номер полиса').fill(number);
  await typeDate(policy.getByLabel('Дата выдачи'), day(-3));
  await typeDate(policy.getByLabel('Начало действия'), day(-2));
  await typeDate(policy.getByLabel('Окончание действия'), day(360));
  await policy.getByLabel('Страховая премия').fill('45678,90');
  await typeDate(policy.getByLabel('Дата оплаты'), day(-3));
  await page.screenshot({ path: '/tmp/shots/manual-policy-1280.png', fullPage: true });
  await policy.getByRole('button', { name: 'Далее' }).click();

  const insurant = page.getByRole('region', { name: 'Страхователь' });
  await insurant.getByLabel('Страхователь (ФИО или организация)').fill('Петров Пётр Петрович');
  await insurant.getByRole('button', { name: 'Далее' }).click();

  const object = page.getByRole('region', { name: 'Объект страхования' });
  await object.getByLabel('Госномер').fill('А123ВС77');
  await object.getByLabel('Марка').fill('Kia');
  await object.getByLabel('Модель').fill('Rio');
  await object.getByRole('button', { name: 'Далее' }).click();

  const scan = page.getByRole('region', { name: 'Скан полиса' });
  await scan.getByRole('button', { name: 'Далее' }).click();
  await expect(scan.getByRole('alert')).toHaveText('Прикрепите скан полиса: без него полис не отправить на проверку');
  await scan.getByLabel('Файл скана полиса').setInputFiles({ name: 'полис-каско.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(scan.getByRole('link', { name: 'полис-каско.pdf' })).toBeVisible();
  await scan.getByRole('button', { name: 'Далее' }).click();

  const check = page.getByRole('region', { name: 'Проверка и отправка' });
  await expect(check).toContainText(number);
  await page.screenshot({ path: '/tmp/shots/manual-check-1280.png', fullPage: true });
  await page.setViewportSize({ width: 900, height: 900 });
  await page.screenshot({ path: '/tmp/shots/manual-check-900.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await check.getByRole('button', { name: 'Отправить на проверку' }).click();
  await expect(page.getByText('Полис на проверке у сотрудника брокера.')).toBeVisible();
  const contractUrl = new URL(page.url()).pathname;
  expect(contractUrl).toMatch(/^\/app\/contracts\/[0-9a-f]{24}$/);

  // The manager looks at the scan and confirms.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signIn(staff, EMAIL.manager);
  await staff.goto(contractUrl);
  const review = staff.getByRole('region', { name: 'Проверка', exact: true });
  await expect(review.getByRole('link', { name: 'полис-каско.pdf' })).toBeVisible();
  await staff.screenshot({ path: '/tmp/shots/manual-review-1280.png', fullPage: true });
  await staff.setViewportSize({ width: 900, height: 900 });
  await staff.screenshot({ path: '/tmp/shots/manual-review-900.png', fullPage: true });
  await review.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(staff.getByRole('region', { name: 'Договор', exact: true })).toContainText('Действует');
  await staffContext.close();

  // The agent's page follows live; Полисы lists it in force with its kind.
  await expect(page.getByRole('region', { name: 'Договор', exact: true })).toContainText('Действует');
  await page.goto('/app/contracts');
  const row = page.getByRole('link', { name: new RegExp(`Е-КАСКО \\(вручную\\) ${number}`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Действует');
  await page.screenshot({ path: '/tmp/shots/manual-list-1280.png', fullPage: true });
});
