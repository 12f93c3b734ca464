import { BACKENDS, call, signIn, start, type Running } from '../support';

describe.each(BACKENDS)('auth ($name)', (backend) => {
  let r: Running;
  let url: string;
  const sessionsCount = async () => (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0].n;

  beforeAll(async () => {
    r = await start(backend, { loginRateLimit: { max: 3, windowMs: 60_000 } });
    url = r.url;
  });
  afterAll(() => r.stop());

  test('login ok returns user, token and an HttpOnly cookie', async () => {
    const res = await call(url, 'POST', '/api/v2/auth/login/', { body: { email: 'Admin@Oyster.test', password: 'Oyster2026!', rememberMe: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: null, message: null, type: null });
    expect(res.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.user).toMatchObject({
      roles: ['admin'], isPersonal: true, canAnalyticsView: true, canChatWithAgents: true,
      email: 'admin@oyster.test', fullNameShort: 'Смирнов А. В.', fio: 'Смирнов Алексей Викторович',
    });
    expect(res.body.user._id).toMatch(/^[0-9a-f]{24}$/);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/x-api-token=[0-9a-f]{64}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=43200/);
  });

  test('rememberMe keeps the session 30 days', async () => {
    const res = await call(url, 'POST', '/api/v2/auth/login', { body: { email: 'manager@oyster.test', password: 'Oyster2026!', rememberMe: true } });
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
    expect(res.body.user).toMatchObject({ roles: ['agent_manager'], brExecutorCount: 3, canChatWithAgents: true });
  });

  test('wrong password and unknown email answer 200 with credentials error', async () => {
    for (const email of ['finance@oyster.test', 'nobody@oyster.test']) {
      const res = await call(url, 'POST', '/api/v2/auth/login/', { body: { email, password: 'wrong-password', rememberMe: false } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: null, token: null, error: true, message: 'Неверный email или пароль', type: 'credentials' });
    }
  });

  test('blocked user gets the blocked answer', async () => {
    const res = await call(url, 'POST', '/api/v2/auth/login/', { body: { email: 'agent12@oyster.test', password: 'Oyster2026!', rememberMe: false } });
    expect(res.body).toMatchObject({ user: null, token: null, error: true, message: 'Пользователь заблокирован', type: 'blocked' });
  });

  test('validation failures are 400 with the Russian text and write nothing', async () => {
    const before = await sessionsCount();
    const cases: [unknown, string, string][] = [
      [{ email: 'not-an-email', password: 'Oyster2026!' }, 'Неправильный email', 'email'],
      [{ password: 'Oyster2026!' }, 'email обязательное поле', 'email'],
      [{ email: 'copywriter@oyster.test' }, 'Пароль обязательное поле', 'password'],
      [{ email: 'copywriter@oyster.test', password: 'short' }, 'Минимальная длина пароля 8 символов', 'password'],
    ];
    for (const [body, message, field] of cases) {
      const res = await call(url, 'POST', '/api/v2/auth/login/', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    }
    const bad = await call(url, 'POST', '/api/v2/auth/login/', { rawBody: '{"email":' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/JSON/);
    expect(await sessionsCount()).toBe(before);
  });

  test('login is rate limited per IP and email', async () => {
    const body = { email: 'ratelimit@oyster.test', password: 'whatever-123', rememberMe: false };
    for (let i = 0; i < 3; i++) expect((await call(url, 'POST', '/api/v2/auth/login/', { body })).status).toBe(200);
    const res = await call(url, 'POST', '/api/v2/auth/login/', { body });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Слишком много запросов' });
    // Another email from the same IP is counted separately.
    const other = await call(url, 'POST', '/api/v2/auth/login/', { body: { ...body, email: 'ratelimit2@oyster.test' } });
    expect(other.status).toBe(200);
  });

  test('get-user works with header, cookie and ?token=; 401 without', async () => {
    const token = await signIn(url, 'agent');
    const byHeader = await call(url, 'GET', '/api/v2/auth/get-user', { token });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.user).toMatchObject({ email: 'agent@oyster.test', billing: { opf: 'FL' }, roles: ['agent'] });
    expect(byHeader.body.user.brokers_network.mongoId).toMatch(/^[0-9a-f]{24}$/);
    const byCookie = await call(url, 'GET', '/api/v2/auth/get-user', { cookie: `x-api-token=${token}` });
    expect(byCookie.body.user.email).toBe('agent@oyster.test');
    const byQuery = await call(url, 'GET', `/api/v2/auth/get-user?token=${token}`);
    expect(byQuery.body.user.email).toBe('agent@oyster.test');
    expect(byQuery.headers.get('set-cookie')).toMatch(/x-api-token=/);
    const none = await call(url, 'GET', '/api/v2/auth/get-user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Вы не авторизованы' });
    const junk = await call(url, 'GET', '/api/v2/auth/get-user', { token: 'f'.repeat(64) });
    expect(junk.status).toBe(401);
  });

  test('logout revokes the session', async () => {
    const token = await signIn(url, 'newagent');
    expect((await call(url, 'GET', '/api/v2/auth/get-user', { token })).status).toBe(200);
    const out = await call(url, 'POST', '/api/v2/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/x-api-token=;/);
    expect((await call(url, 'GET', '/api/v2/auth/get-user', { token })).status).toBe(401);
  });

  test('unknown api route is 404 in Russian; public endpoints', async () => {
    expect(await call(url, 'GET', '/api/v2/no-such-thing')).toMatchObject({ status: 404, body: { message: 'Запрашиваемый ресурс не найден' } });
    expect((await call(url, 'GET', '/healthz')).body).toEqual({ ok: true });
    expect((await call(url, 'GET', '/api/v2/config')).body).toEqual({ legacyLoginUrl: null });
    const manifest = await call(url, 'GET', '/api/v2/remotes-manifest');
    expect(manifest.body.remotes).toEqual({
      remote_sales: '/remotes/sales/remoteEntry.js',
      remote_broker_requests: '/remotes/broker-requests/remoteEntry.js',
      remote_finance: '/remotes/finance/remoteEntry.js',
      remote_communications: '/remotes/communications/remoteEntry.js',
      remote_learning: '/remotes/learning/remoteEntry.js',
    });
  });
});
