import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, type Running } from '../support';

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
