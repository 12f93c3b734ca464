// @zone-independent: security headers and cross-site refusals. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_CONTENT_TYPE_TEXT, CSRF_TEXT, contentSecurityPolicy, trustProxyFrom } from '../../src/platform/security';
import { PNG, signIn, start, type Running } from '../support';

/**
 * The platform's browser-facing defences (platform/security.ts, static.ts): security headers on
 * every answer, media that cannot run as our origin, and the CSRF rule of cookie-signed writes —
 * checked over every api route the app registered, so a new route is covered without a change here.
 */
const PDF_WITH_JS = Buffer.from('%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n', 'latin1');

describe('security headers, media and CSRF (pglite)', () => {
  let r: Running;
  let cookie: string;
  let own: string;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'oyster-root-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Oyster</title>');
    mkdirSync(join(root, 'media', 'news'), { recursive: true });
    writeFileSync(join(root, 'media', 'news', 'a.png'), PNG);
    writeFileSync(join(root, 'media', 'news', 'doc.pdf'), PDF_WITH_JS);
    writeFileSync(join(root, 'media', 'news', 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    writeFileSync(join(root, 'media', 'news', 'x.html'), '<script>alert(1)</script>');
    // One trusted hop (the test connection plays the gateway), so X-Forwarded-Proto is believed.
    r = await start({}, { staticRoot: root, redisUrl: undefined, trustProxy: 1 });
    cookie = `x-api-token=${await signIn(r.url, 'admin')}`;
    own = r.url;
  });
  afterAll(() => r.stop());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(r.url + path, { redirect: 'manual', headers });
  const send = (method: string, path: string, headers: Record<string, string>, body?: BodyInit) =>
    fetch(r.url + path, { method, headers, body, redirect: 'manual' });

  test('the shell, the api and media carry the CSP, frame-ancestors none, nosniff and Referrer-Policy', async () => {
    for (const path of ['/app/', '/app/news/1', '/api/v2/config', '/api/v2/no-such', '/media/news/a.png', '/healthz', '/health', '/ready']) {
      const res = await get(path);
      const h = (name: string) => res.headers.get(name);
      expect({ path, csp: h('content-security-policy') }).toEqual({ path, csp: expect.stringContaining("frame-ancestors 'none'") });
      expect({ path, nosniff: h('x-content-type-options'), referrer: h('referrer-policy'), frame: h('x-frame-options') }).toEqual({
        path, nosniff: 'nosniff', referrer: 'no-referrer', frame: 'DENY',
      });
      expect(h('strict-transport-security')).toBeNull();
    }
    const csp = (await get('/app/')).headers.get('content-security-policy')!;
    const ws = `ws://${new URL(r.url).host} wss://${new URL(r.url).host}`;
    expect(csp.split(';').map((d) => d.trim())).toEqual([
      "default-src 'self'",
      "base-uri 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      `connect-src 'self' ${ws}`,
      "media-src 'self' blob:",
      "worker-src 'self'",
      "manifest-src 'self'",
      "frame-src 'self'",
      "object-src 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
  });

  test('the chat frame page (/chat/{chatId}) may be framed by the app itself, by nothing else; every other page by nothing', async () => {
    for (const path of ['/chat/null', '/chat/0123456789abcdef01234567']) {
      const res = await get(path);
      expect({ path, csp: res.headers.get('content-security-policy'), frame: res.headers.get('x-frame-options') }).toEqual({
        path,
        csp: expect.stringContaining("frame-ancestors 'self'"),
        frame: 'SAMEORIGIN',
      });
    }
    for (const path of ['/chat/null/more', '/app/chat/null', '/chatx/1']) {
      expect((await get(path)).headers.get('x-frame-options')).toBe('DENY');
    }
  });

  test('an api answer is no page: its policy lets nothing load and nothing frame it, without the pages’ browser-legacy headers', async () => {
    for (const path of ['/api/v2/config', '/api/v2/no-such', '/api/v2/init-state']) {
      const res = await get(path, { cookie });
      expect({ path, csp: res.headers.get('content-security-policy') }).toEqual({ path, csp: "default-src 'none'; frame-ancestors 'none'" });
      expect({ path, xss: res.headers.get('x-xss-protection'), download: res.headers.get('x-download-options') }).toEqual({ path, xss: null, download: null });
    }
    // The pages keep theirs.
    expect((await get('/app/')).headers.get('x-download-options')).toBe('noopen');
  });

  test('the headers worked out for one Host are not served to another: connect-src names each request’s own host', async () => {
    const host = new URL(r.url).host;
    // node:http, since fetch does not let a caller set Host.
    const cspFor = (h: string) =>
      new Promise<string>((resolve, reject) => {
        const u = new URL(r.url);
        http.get({ hostname: u.hostname, port: u.port, path: '/app/', headers: { host: h } }, (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy']));
        }).on('error', reject);
      });
    const connect = async (h: string) => (await cspFor(h)).split(';').find((d) => d.trim().startsWith('connect-src'))!.trim();
    expect(await connect(host)).toBe(`connect-src 'self' ws://${host} wss://${host}`);
    expect(await connect('oyster.example')).toBe("connect-src 'self' ws://oyster.example wss://oyster.example");
    expect(await connect(host)).toBe(`connect-src 'self' ws://${host} wss://${host}`);
  });

  test('HSTS only when the request came over https', async () => {
    const res = await get('/app/', { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  test('remotes on other hosts are the only other script origins', () => {
    const csp = contentSecurityPolicy({ REMOTE_URL_REMOTE_FINANCE: 'https://cdn.example/finance/remoteEntry.js' });
    expect(csp.directives.scriptSrc).toEqual(["'self'", 'https://cdn.example']);
  });

  test('media: documents are downloaded, never shown as a page of ours; everything runs sandboxed', async () => {
    for (const [path, attachment] of [
      ['/media/news/doc.pdf', true],
      ['/media/news/x.svg', true],
      ['/media/news/x.html', true],
      ['/media/news/a.png', false],
    ] as const) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect({ path, disposition: res.headers.get('content-disposition') }).toEqual({ path, disposition: attachment ? 'attachment' : null });
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  test('every cookie-signed api write from another site is refused before it runs', async () => {
    const writes = r.oyster.routes.filter((x) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(x.method));
    expect(writes.length).toBeGreaterThan(20);
    const path = (url: string) => url.replace(/:\w+/g, '0123456789abcdef01234567').replace(/\*/g, 'x');
    for (const route of writes) {
      // Login and a one-time password link (csrf 'anonymous': no session to ride on) without any browser
      // header are a script's: they go on to validation.
      const login = route.url.startsWith('/api/v2/auth/login') || route.url.startsWith('/api/v2/auth/password-link/');
      for (const from of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, ...(login ? [] : [{}])] as Record<string, string>[]) {
        const res = await send(route.method, path(route.url), { cookie, 'content-type': 'application/json', ...from }, '{}');
        const seen = { route: `${route.method} ${route.url}`, from, status: res.status, body: await res.json() };
        expect(seen).toEqual({ ...seen, status: 403, body: { message: CSRF_TEXT } });
      }
    }
    // The session was not ended by the refused logout.
    expect((await get('/api/v2/auth/get-user', { cookie })).status).toBe(200);
  });

  test('a cookie-signed POST from our page must be JSON (or multipart)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const headers: Record<string, string> = { cookie, origin: own };
      if (type) headers['content-type'] = type;
      const res = await send('POST', '/api/v2/auth/logout', headers, type ? 'x' : undefined);
      expect({ type, status: res.status, body: await res.json() }).toEqual({ type, status: 403, body: { message: CSRF_CONTENT_TYPE_TEXT } });
    }
    const list = await send('POST', '/api/v2/posts/news/list', { cookie, origin: own, 'content-type': 'text/plain' }, '{"page":1}');
    expect(list.status).toBe(403);
  });

  /** A request with the path exactly as written (fetch and URL would tidy some spellings up). */
  const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const u = new URL(r.url);
      const sent = http.request({ hostname: u.hostname, port: u.port, path, method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* the shell's page */
          }
          resolve({ status: res.statusCode!, body: parsed, headers: res.headers });
        });
      });
      sent.on('error', reject);
      sent.end(body);
    });
  const API_CSP = "default-src 'none'; frame-ancestors 'none'";

  test('an api route spelled otherwise (escapes, %2F, letter case, double encoding, a trailing slash) gets the api’s checks and headers: decided by the route it reaches, not by the URL’s text', async () => {
    // The router reads `/%61pi/v2/…` as `/api/v2/…` and ignores a trailing slash: these run the api's code.
    const routed = (p: string) => [p.replace('/api', '/%61pi'), p.replace('/api', '/%61%70%69'), p.replace('/v2', '/%76%32'), `${p}/`, `${p.slice(0, -1)}%${p.charCodeAt(p.length - 1).toString(16)}`];
    // These reach no route (a 404), yet read as the api to a decoder or a gateway in front of us.
    const unrouted = (p: string) => [p.replace('/api/', '/api%2F'), p.replace('/api', '/API'), p.replace('/api', '/%2561pi'), p.replace('/api', '/%252561pi'), `/${p}`];
    const mine = `x-api-token=${await signIn(r.url, 'agent')}`;
    const json = { 'content-type': 'application/json' };
    const logout = '/api/v2/auth/logout';
    for (const path of [...routed(logout), ...unrouted(logout)]) {
      // A cookie-signed write from another site, and a form-like POST from our own page: refused, with the api's headers.
      for (const [headers, message] of [
        [{ cookie: mine, origin: 'https://evil.example', ...json }, CSRF_TEXT],
        [{ cookie: mine, 'sec-fetch-site': 'cross-site', ...json }, CSRF_TEXT],
        [{ cookie: mine, origin: own, 'content-type': 'text/plain' }, CSRF_CONTENT_TYPE_TEXT],
        [{ cookie: mine, origin: own, 'content-type': 'application/x-www-form-urlencoded' }, CSRF_CONTENT_TYPE_TEXT],
      ] as [Record<string, string>, string][]) {
        const res = await raw('POST', path, headers, '{}');
        const seen = { path, headers, status: res.status, body: res.body, csp: res.headers['content-security-policy'] };
        expect(seen).toEqual({ ...seen, status: 403, body: { message }, csp: API_CSP });
      }
    }
    // Signed out: the api's own answer (401 where a route runs, 404 where none does), with the api's headers.
    const list = '/api/v2/posts/news/list';
    for (const path of [...routed(list), ...unrouted(list)]) {
      const out = await raw('POST', path, json, '{"page":1}');
      const seen = { path, status: out.status, body: out.body, csp: out.headers['content-security-policy'], frame: out.headers['x-frame-options'] };
      const runs = routed(list).includes(path);
      expect(seen).toEqual({ ...seen, status: runs ? 401 : 404, body: { message: runs ? 'Вы не авторизованы' : 'Запрашиваемый ресурс не найден' }, csp: API_CSP, frame: 'DENY' });
    }
    // The refused logouts ended nothing; the same spelling from our own page, as JSON, is the api's logout.
    expect((await get('/api/v2/auth/get-user', { cookie: mine })).status).toBe(200);
    const ours = await raw('POST', '/%61pi/v2/auth/logout', { cookie: mine, origin: own, ...json }, '{}');
    expect([ours.status, ours.headers['content-security-policy']]).toEqual([200, API_CSP]);
    expect((await get('/api/v2/auth/get-user', { cookie: mine })).status).toBe(401);
  });

  test('reads spelled otherwise get the same headers as their plain spelling: the api’s for the api, the pages’ (and the shell) for a page', async () => {
    for (const path of ['/%61pi/v2/config', '/%61pi/v2/no-such', '/API/v2/no-such', '/api%2Fv2/config', '/%73uggest/address']) {
      const res = await raw('GET', path, {});
      expect({ path, csp: res.headers['content-security-policy'] }).toEqual({ path, csp: API_CSP });
    }
    const config = await raw('GET', '/%61pi/v2/config', {});
    expect(config.status).toBe(200);
    // A page spelled otherwise is the page: the shell, with the pages' policy; the chat frame may be framed by us.
    for (const path of ['/%61pp/news/1', '/ch%61t/null']) {
      const res = await raw('GET', path, {});
      expect({ path, status: res.status, page: String(res.body).startsWith('<!doctype html>'), csp: res.headers['content-security-policy'] }).toEqual({
        path, status: 200, page: true, csp: expect.stringContaining("default-src 'self'"),
      });
    }
    expect((await raw('GET', '/ch%61t/null', {})).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('login: refused from another site even without a cookie, JSON only; a script with a stale cookie still signs in', async () => {
    const body = JSON.stringify({ email: 'agent@oyster.test', password: 'Oyster2026!', rememberMe: false });
    for (const from of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const res = await send('POST', '/api/v2/auth/login/', { 'content-type': 'application/json', ...from }, body);
      expect({ from, status: res.status, body: await res.json() }).toEqual({ from, status: 403, body: { message: CSRF_TEXT } });
    }
    const form = await send('POST', '/api/v2/auth/login/', { 'content-type': 'text/plain', origin: own }, body);
    expect(form.status).toBe(403);
    const ours = await send('POST', '/api/v2/auth/login/', { 'content-type': 'application/json', origin: own, cookie: 'x-api-token=' + 'f'.repeat(64) }, body);
    expect((await ours.json()).token).toMatch(/^[0-9a-f]{64}$/);
    const script = await send('POST', '/api/v2/auth/login/', { 'content-type': 'application/json', cookie }, body);
    expect((await script.json()).token).toMatch(/^[0-9a-f]{64}$/);
  });

  test('our own page passes: Origin of our host, or Sec-Fetch-Site same-origin; the token header needs neither', async () => {
    const ok1 = await send('POST', '/api/v2/posts/news/list', { cookie, origin: own, 'content-type': 'application/json' }, '{"page":1,"pageSize":3}');
    expect(ok1.status).toBe(200);
    const ok2 = await send('POST', '/api/v2/posts/news/list', { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, '{"page":1,"pageSize":3}');
    expect(ok2.status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const upload = await send('POST', '/api/v2/uploads?kind=news', { cookie, origin: own }, form);
    expect(upload.status).toBe(200);
    // A header token cannot be sent by another site's form: no Origin needed (scripts, the e2e request context).
    const token = cookie.split('=')[1];
    const byHeader = await send('POST', '/api/v2/posts/news/list', { 'x-api-token': token, 'content-type': 'application/json' }, '{"page":1,"pageSize":3}');
    expect(byHeader.status).toBe(200);
    const out = await send('POST', '/api/v2/auth/logout', { cookie, origin: own, 'content-type': 'application/json' }, '{}');
    expect(out.status).toBe(200);
    expect((await get('/api/v2/auth/get-user', { cookie })).status).toBe(401);
  });
});

test('TRUST_PROXY: hops or addresses, never everything', () => {
  expect(trustProxyFrom(undefined)).toBe(false);
  expect(trustProxyFrom('')).toBe(false);
  expect(trustProxyFrom('0')).toBe(false);
  expect(trustProxyFrom('1')).toBe(1);
  expect(trustProxyFrom('10.0.0.0/8, 172.16.0.1')).toEqual(['10.0.0.0/8', '172.16.0.1']);
});
