import { expect, test } from './fixtures';
import { EMAIL, quoteMoscowOwnerWithDriver, signIn } from './helpers';

// The quick e-OSAGO calculation against the real api (issue 11): suggestions from the gateway, every
// demo insurer's answer with its coefficients; the role rule on both sides.

test('an agent prices e-OSAGO for a Moscow owner with a named driver: offers with coefficients arrive from every insurer one by one, cheapest first', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-eosago');
  await expect(page.getByRole('heading', { name: 'Калькулятор Е-ОСАГО' })).toBeVisible();
  await quoteMoscowOwnerWithDriver(page);

  // The insurers answer one by one (0.4–1.5 s each): the slow ones are listed as awaited, then their offers come in.
  await expect(page.getByRole('list', { name: 'Ждём ответа' })).toBeVisible();
  const offers = page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article');
  await expect(offers).toHaveCount(6, { timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Ждём ответа' })).toHaveCount(0);
  // The registry knows this licence: class 10 (КБМ 0.63); 36 years old with 14 years: КВС 0.93; КМ 1.2 for 110 hp.
  await expect(page.getByText('ВУ 77АВ123456: класс 10 (найден в базе КБМ)')).toBeVisible();
  const first = offers.first();
  await expect(first.getByLabel(/Коэффициенты/)).toContainText('КБМ0,63');
  await expect(first.getByLabel(/Коэффициенты/)).toContainText('КМ1,20');
  const premiums = await offers.locator('.oy-offer__premium').allTextContents();
  const kopecks = premiums.map((t) => Number(t.replace(/[^\d]/g, '')));
  expect(kopecks).toEqual([...kopecks].sort((a, b) => a - b));
  // What agent@ earns on the cheapest: the demo rate, 10 % of its premium, in roubles and kopecks.
  const own = Math.floor((kopecks[0] * 1000 + 5_000) / 10_000);
  const rub = `${Math.floor(own / 100).toLocaleString('ru-RU')},${String(own % 100).padStart(2, '0')}`.replace(/\s/g, '\\s');
  await expect(first).toContainText(new RegExp(`Ваше КВ ${rub}\\s₽ \\(10%\\)`));
});

test('an insurer that does not sell a 300 hp car online says why; the others offer', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/new-eosago');
  await quoteMoscowOwnerWithDriver(page, 300);
  const offers = page.getByRole('region', { name: 'Предложения страховщиков' }).getByRole('article');
  await expect(offers).toHaveCount(5, { timeout: 15_000 });
  const refusals = page.getByRole('region', { name: 'Отказы страховщиков' });
  await expect(refusals.getByRole('listitem')).toHaveCount(1);
  await expect(refusals).toContainText('Онлайн-продажа недоступна для ТС мощностью свыше 250 л. с.');
  // КМ for over 150 hp is 1.6.
  await expect(offers.first().getByLabel(/Коэффициенты/)).toContainText('КМ1,60');
});

test('a sub-agent’s showcase shows the times but no commission (§6)', async ({ page }) => {
  await signIn(page, EMAIL.subagent);
  await page.getByTestId('sidebar').getByRole('button', { name: 'Новый полис' }).click();
  const showcase = page.getByRole('dialog', { name: 'Новый полис' });
  await showcase.getByRole('button', { name: 'Е-ОСАГО', exact: true }).hover();
  const tip = page.locator('.oy-showcase__tip').filter({ has: page.locator('strong', { hasText: /^Е-ОСАГО$/ }) });
  await expect(tip.getByRole('link', { name: /Онлайн/ })).toContainText('3 мин');
  await expect(tip).not.toContainText('%');
  await expect(showcase.getByRole('list', { name: 'Быстрые ссылки' })).not.toContainText('%');
});

test('«Новый полис» opens the showcase; a quick link leads to the calculator and closes it', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.getByTestId('sidebar').getByRole('button', { name: 'Новый полис' }).click();
  const showcase = page.getByRole('dialog', { name: 'Новый полис' });
  await expect(showcase.getByRole('heading', { name: 'Авто' })).toBeVisible();
  await expect(showcase.getByRole('link', { name: 'Е-КАСКО' })).toContainText('каждый 7-й клиент');
  await showcase.getByRole('link', { name: 'Е-ОСАГО', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/new-eosago$/);
  await expect(page.getByRole('heading', { name: 'Калькулятор Е-ОСАГО' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Новый полис' })).toHaveCount(0);
});

test('a copywriter opening /app/new-eosago sees «Нет доступа»; the api refuses the quote too', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  await page.goto('/app/new-eosago');
  await expect(page.getByText('Нет доступа')).toBeVisible();
  const answer = await page.evaluate(async () => {
    const r = await fetch('/api/v2/osago/calculate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return { status: r.status, message: (await r.json()).message };
  });
  expect(answer).toEqual({ status: 403, message: 'Нет доступа к данному ресурсу' });
});
