import { expect, test } from './fixtures';
import { EMAIL, PASSWORD, signIn } from './helpers';

test('login shows validation texts on change, then signs in', async ({ page }) => {
  await page.goto('/app/login?legacy=true');
  await expect(page.getByText('Вход', { exact: true })).toBeVisible();
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Пароль');

  await email.fill('agent@');
  await expect(page.getByText('Неправильный email')).toBeVisible();
  await password.fill('short');
  await expect(page.getByText('Минимальная длина пароля 8 символов')).toBeVisible();
  await email.fill('');
  await expect(page.getByText('email обязательное поле')).toBeVisible();

  await email.fill(EMAIL.agent);
  await password.fill('WrongPassword1');
  await password.press('Enter');
  await expect(page.getByText('Неверный email или пароль')).toBeVisible();

  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByText(/© 2007–\d{4}/)).toBeVisible();
});

test('the login form is on the page before any script has run', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/app/login?legacy=true');
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await context.close();
});

test('a click on «Войти» made before the live form is there signs in once it is', async ({ page }) => {
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app\/login-boot\./, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/app/login?legacy=true', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill(EMAIL.agent);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/app\/login\?legacy=true$/);
  release();
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('the prerendered login form is hydrated, not replaced: the nodes the user sees stay, without a hydration error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || /hydrat/i.test(m.text())) && problems.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app\/login-boot\./, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/app/login?legacy=true', { waitUntil: 'domcontentloaded' });
  // The prerendered nodes, marked before the live form's script has arrived.
  await page.evaluate(() => {
    const mark = (el: Element | null) => Object.assign(el ?? {}, { __prerendered: true });
    mark(document.querySelector('form'));
    mark(document.querySelector('#login-email'));
    mark(document.querySelector('h1'));
  });
  await page.getByLabel('Email').fill('agent@');
  release();
  // Interactive: the live form checks what is typed (and shows what was typed before it came).
  await expect(page.getByText('Неправильный email')).toBeVisible();
  await expect(page.locator('style[data-prerendered]')).toHaveCount(0);
  const kept = await page.evaluate(() =>
    ['form', '#login-email', 'h1'].map((sel) => (document.querySelector(sel) as (Element & { __prerendered?: boolean }) | null)?.__prerendered === true),
  );
  expect(kept).toEqual([true, true, true]);
  await expect(page.getByLabel('Email')).toHaveValue('agent@');
  await page.getByLabel('Email').fill(EMAIL.agent);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect(problems).toEqual([]);
});

test('logout lands on the public /oyster page', async ({ page }) => {
  await signIn(page, EMAIL.newagent);
  await page.getByTestId('sidebar-user').click();
  await expect(page).toHaveURL(/\/app\/oyster$/);
  await expect(page.getByRole('link', { name: 'Войти' }).or(page.getByRole('button', { name: 'Войти' })).first()).toBeVisible();
  // The session is gone: a deep link asks to sign in again.
  await page.goto('/app/profile');
  await expect(page).toHaveURL(/\/app\/login/);
});

test('after a 401 the user signs in and returns to the remembered path', async ({ page, request }) => {
  await signIn(page, EMAIL.owner);
  await page.goto('/app/profile');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('oyster.token'));
  expect(token).toBeTruthy();
  // The session ends on the server (as when another tab logs out or an admin revokes it).
  const res = await request.post('/api/v2/auth/logout', { headers: { 'x-api-token': token! } });
  expect(res.ok()).toBeTruthy();

  // The server ends the session at once (socket «logout», or the next call's 401): the path is
  // remembered and the user lands on /oyster.
  await expect(page).toHaveURL(/\/app\/oyster$/);
  await page.getByRole('link', { name: 'Войти' }).first().click();
  await page.getByLabel('Email').fill(EMAIL.owner);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await signIn(page, EMAIL.subagent);
  await page.goto('/app/no-such-page');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
});

test('sign-in by token: the link signs in by cookie, the token leaves the address, logout by cookie works', async ({ page, request }) => {
  const login = await request.post('/api/v2/auth/login/', { data: { email: EMAIL.owner, password: PASSWORD, rememberMe: false } });
  const { token } = await login.json();
  const seen: string[] = [];
  page.on('request', (r) => seen.push(r.url()));
  await page.goto(`/app/sing-in/${token}`);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/?$/);
  // The token went to the sign-in route only (a navigation), never into an api call's query.
  expect(seen.filter((u) => u.includes(token) && !u.includes('/app/sing-in/') && !u.includes('/api/v2/auth/sign-in-by-token'))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('oyster.token'))).toBeNull();
  // A cookie-signed write from our own page passes the CSRF check: logout ends the session.
  await page.getByTestId('sidebar-user').click();
  await expect(page).toHaveURL(/\/app\/oyster$/);
  await page.goto('/app/profile');
  await expect(page).toHaveURL(/\/app\/login/);
});

test('a refused sign-in link says so', async ({ page }) => {
  await page.goto(`/app/sing-in/${'f'.repeat(64)}`);
  await expect(page.getByText('Не удалось войти по ссылке')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/sing-in\?failed=1$/);
});
