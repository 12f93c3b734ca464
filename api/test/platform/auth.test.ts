import { BACKENDS, call, login, signIn, start, type Running } from '../support';
import { get as httpGet } from 'node:http';
import { hashToken } from '../../src/platform/auth/sessions';

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

  test('login is rate limited per account', async () => {
    const body = { email: 'ratelimit@oyster.test', password: 'whatever-123', rememberMe: false };
    for (let i = 0; i < 3; i++) expect((await call(url, 'POST', '/api/v2/auth/login/', { body })).status).toBe(200);
    const res = await call(url, 'POST', '/api/v2/auth/login/', { body: { ...body, email: ' RateLimit@oyster.test' } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Слишком много запросов' });
    // Another account from the same address is counted separately (the address limit is higher).
    const other = await call(url, 'POST', '/api/v2/auth/login/', { body: { ...body, email: 'ratelimit2@oyster.test' } });
    expect(other.status).toBe(200);
  });

  test('get-user works with the header and the cookie, never with ?token=; 401 without', async () => {
    const token = await signIn(url, 'agent');
    const byHeader = await call(url, 'GET', '/api/v2/auth/get-user', { token });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.user).toMatchObject({ email: 'agent@oyster.test', billing: { opf: 'FL' }, roles: ['agent'] });
    expect(byHeader.body.user.brokers_network.mongoId).toMatch(/^[0-9a-f]{24}$/);
    const byCookie = await call(url, 'GET', '/api/v2/auth/get-user', { cookie: `x-api-token=${token}` });
    expect(byCookie.body.user.email).toBe('agent@oyster.test');
    // A token in a URL leaks into logs, history and Referer: only the sign-in-by-token route takes one.
    for (const path of [`/api/v2/auth/get-user?token=${token}`, `/api/v2/init-state?token=${token}`]) {
      const byQuery = await call(url, 'GET', path);
      expect({ path, status: byQuery.status }).toEqual({ path, status: 401 });
      expect(byQuery.headers.get('set-cookie')).toBeNull();
    }
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

/** A request through the login route as a gateway in front of the api would pass it on. */
const loginVia = (url: string, forwardedFor: string, email: string) =>
  fetch(`${url}/api/v2/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password: 'the-same-guess-1', rememberMe: false }),
  }).then((res) => res.status);

describe.each(BACKENDS)('login limits behind one trusted gateway ($name)', (backend) => {
  let r: Running;
  beforeAll(async () => {
    // TRUST_PROXY=1: the test connection is the gateway (one hop); the entry it appends is the client.
    r = await start(backend, { trustProxy: 1, loginAddressRateLimit: { max: 5, windowMs: 60_000 }, loginRateLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(() => r.stop());

  test('a client-sent X-Forwarded-For does not change the address: one password over many emails is limited', async () => {
    const statuses: number[] = [];
    // The client rotates what it sends; the gateway appends the address it really saw (9.9.9.9).
    for (let i = 0; i < 7; i++) statuses.push(await loginVia(r.url, `10.1.2.${i}, 9.9.9.9`, `spray${i}@oyster.test`));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another client behind the same gateway is not affected.
    expect(await loginVia(r.url, '8.8.8.8', 'spray0@oyster.test')).toBe(200);
  });

  test('one account guessed from many addresses is limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await loginVia(r.url, `7.7.7.${i}`, 'victim@oyster.test'));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe.each(BACKENDS)('sign-in by token and session lifetime ($name)', (backend) => {
  let r: Running;
  beforeAll(async () => {
    r = await start(backend, { sessionIdleMinutes: 30 });
  });
  afterAll(() => r.stop());

  /** A top-level navigation to the sign-in-by-token route, as a browser sends it. */
  // node:http, not fetch: fetch always sends its own Sec-Fetch-Mode (cors).
  const land = (query: string, headers: Record<string, string> = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }) =>
    new Promise<{ status: number; headers: { get(name: string): string | null } }>((resolve, reject) => {
      httpGet(`${r.url}/api/v2/auth/sign-in-by-token?${query}`, { headers }, (res) => {
        res.resume();
        const h = res.headers;
        resolve({ status: res.statusCode!, headers: { get: (name) => { const v = h[name.toLowerCase()]; return v === undefined ? null : [v].flat().join(', '); } } });
      }).on('error', reject);
    });

  test('a valid token becomes the httpOnly cookie and the browser goes on to a clean /app/ address', async () => {
    const token = await signIn(r.url, 'agent');
    const res = await land(`token=${token}&to=${encodeURIComponent('/app/sing-in')}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/app/sing-in');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`x-api-token=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)![1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    const me = await call(r.url, 'GET', '/api/v2/auth/get-user', { cookie: `x-api-token=${token}` });
    expect(me.body.user.email).toBe('agent@oyster.test');
  });

  test('only to a path under /app/ (no open redirect)', async () => {
    const token = await signIn(r.url, 'agent');
    for (const to of ['https://evil.example/', '//evil.example/app/', '/app/../api/v2/x', '/\\evil.example', '/app/x?token=1', '/other', 'javascript:alert(1)']) {
      const res = await land(`token=${token}&to=${encodeURIComponent(to)}`);
      expect({ to, location: res.headers.get('location') }).toEqual({ to, location: '/app/' });
    }
    expect((await land(`token=${token}&to=${encodeURIComponent('/app/news/1')}`)).headers.get('location')).toBe('/app/news/1');
  });

  test('a bad token lands on the failure page without a cookie', async () => {
    for (const query of ['token=' + 'f'.repeat(64), 'token=junk', '']) {
      const res = await land(query);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/app/sing-in?failed=1');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  test('only a top-level navigation is answered (not an image, a frame or a fetch)', async () => {
    const token = await signIn(r.url, 'agent');
    for (const headers of [
      { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' },
    ]) {
      const res = await land(`token=${token}`, headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  test('a session without rememberMe ends after 30 idle minutes; rememberMe keeps only the absolute limit', async () => {
    const short = await signIn(r.url, 'owner');
    const long = await login(r.url, 'manager@oyster.test', undefined, true);
    const idle = (token: string, minutes: number) =>
      r.oyster.db.query(`UPDATE sessions SET last_seen_at = now() - make_interval(mins => ${minutes}) WHERE token_hash = $1`, [hashToken(token)]);
    await idle(short, 29);
    expect((await call(r.url, 'GET', '/api/v2/auth/get-user', { token: short })).status).toBe(200);
    // That use moved last_seen_at forward; 29 more minutes later it is still alive.
    await idle(short, 29);
    expect((await call(r.url, 'GET', '/api/v2/auth/get-user', { token: short })).status).toBe(200);
    await idle(short, 31);
    expect((await call(r.url, 'GET', '/api/v2/auth/get-user', { token: short })).status).toBe(401);
    await idle(long, 60 * 24 * 3);
    expect((await call(r.url, 'GET', '/api/v2/auth/get-user', { token: long })).status).toBe(200);
    await r.oyster.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(long)]);
    expect((await call(r.url, 'GET', '/api/v2/auth/get-user', { token: long })).status).toBe(401);
  });

  test('last use is written at most once a minute, not on every request', async () => {
    const token = await signIn(r.url, 'subagent');
    const seen = async () =>
      (await r.oyster.db.query<{ t: string }>('SELECT last_seen_at::text AS t FROM sessions WHERE token_hash = $1', [hashToken(token)]))[0].t;
    await r.oyster.db.query(`UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE token_hash = $1`, [hashToken(token)]);
    const before = await seen();
    await call(r.url, 'GET', '/api/v2/auth/get-user', { token });
    expect(await seen()).toBe(before);
    await r.oyster.db.query(`UPDATE sessions SET last_seen_at = now() - interval '90 seconds' WHERE token_hash = $1`, [hashToken(token)]);
    const stale = await seen();
    await call(r.url, 'GET', '/api/v2/auth/get-user', { token });
    expect(await seen()).not.toBe(stale);
  });
});
