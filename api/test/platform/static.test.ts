// @zone-independent: static files and their headers. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { signIn, start, type Running } from '../support';

describe('static front-ends (pglite)', () => {
  let r: Running;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'oyster-root-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Oyster</title>');
    writeFileSync(join(root, 'shell', 'dist', 'main.1a2b3c4d5e.js'), 'console.log(1)');
    mkdirSync(join(root, 'remote-finance', 'dist'), { recursive: true });
    writeFileSync(join(root, 'remote-finance', 'dist', 'remoteEntry.js'), 'var remote_finance;');
    mkdirSync(join(root, 'media', 'banners'), { recursive: true });
    writeFileSync(join(root, 'media', 'banners', 'b.txt'), 'banner');
    r = await start({}, { staticRoot: root, redisUrl: undefined });
  });
  afterAll(() => r.stop());

  const get = (path: string) => fetch(r.url + path, { redirect: 'manual' });

  test('shell index, history fallback, caching', async () => {
    for (const path of ['/app/', '/app', '/app/contracts/123', '/app/oyster']) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Oyster</title>');
    }
    const asset = await get('/app/main.1a2b3c4d5e.js');
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect((await get('/app/missing.js')).status).toBe(404);
  });

  test('redirects to the shell', async () => {
    expect((await get('/')).headers.get('location')).toBe('/app/');
    expect((await get('/oyster')).headers.get('location')).toBe('/app/oyster');
  });

  test('remotes with CORS and no-cache entry; media', async () => {
    const entry = await get('/remotes/finance/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/remotes/sales/remoteEntry.js')).status).toBe(404);
    expect(await (await get('/media/banners/b.txt')).text()).toBe('banner');
  });
});

/** GET /app/login: the prerendered login page, and the legacy login page chosen before any script runs (spec §2). */
describe('the login page (pglite)', () => {
  const LOGIN_HTML = '<!doctype html><title>Oyster</title><div id="root"><div data-prerendered="login"><h1>Вход</h1></div></div>';
  const staticRoot = () => {
    const root = mkdtempSync(join(tmpdir(), 'oyster-root-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Oyster</title><div id="root"></div>');
    writeFileSync(join(root, 'shell', 'dist', 'login.html'), LOGIN_HTML);
    writeFileSync(join(root, 'shell', 'dist', 'login.html.br'), brotliCompressSync(LOGIN_HTML));
    return root;
  };

  // One app for the tests that need no setting of their own (each start costs seconds of CPU on PGlite).
  let plain: Running;
  beforeAll(async () => {
    plain = await start({}, { staticRoot: staticRoot(), redisUrl: undefined });
  });
  afterAll(() => plain.stop());

  test('is the prerendered page, the build’s brotli copy when the browser takes it; index.html stays everywhere else', async () => {
    for (const path of ['/app/login', '/app/login/', '/app/login?legacy=true']) {
      const res = await fetch(plain.url + path, { redirect: 'manual' });
      expect({ path, status: res.status, cache: res.headers.get('cache-control') }).toEqual({ path, status: 200, cache: 'no-cache' });
      expect(await res.text()).toContain('data-prerendered="login"');
    }
    const br = await fetch(`${plain.url}/app/login`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(LOGIN_HTML);
    expect(await (await fetch(`${plain.url}/app/contracts`)).text()).not.toContain('data-prerendered');
  });

  test('with a legacy login page: a visitor is sent there with the query kept, unless legacy=true or already signed in', async () => {
    const r = await start({}, { staticRoot: staticRoot(), redisUrl: undefined, legacyLoginUrl: 'https://old.example.ru/login' });
    try {
      const go = (path: string, headers: Record<string, string> = {}) => fetch(r.url + path, { redirect: 'manual', headers });
      const away = await go('/app/login?utm=mail');
      expect({ status: away.status, location: away.headers.get('location') }).toEqual({ status: 302, location: 'https://old.example.ru/login?utm=mail' });
      expect((await go('/app/login?legacy=true')).status).toBe(200);
      const token = await signIn(r.url, 'agent');
      expect((await go('/app/login', { cookie: `x-api-token=${token}` })).status).toBe(200);
      expect((await go('/app/login', { cookie: `x-api-token=${'0'.repeat(64)}` })).status).toBe(302);
    } finally {
      await r.stop();
    }
  });

  test('a submit of the prerendered form that reached the server is sent back to the page, the body read by nobody', async () => {
    const res = await fetch(`${plain.url}/app/login?legacy=true`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=agent%40oyster.test&password=Oyster2026%21',
    });
    expect({ status: res.status, location: res.headers.get('location') }).toEqual({ status: 303, location: '/app/login?legacy=true' });
  });
});

