// @zone-independent: response compression. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { start, type Running } from '../support';
// The build step that writes the .br/.gz copies the server then serves (scripts/build.mjs runs it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { precompressDir } = require('../../../build/precompress.cjs') as { precompressDir(dir: string): { files: number } };

/** A GET with exactly this Accept-Encoding; the raw bytes, not decoded (fetch would decode them). */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; encoding: string | undefined; vary: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], vary: res.headers.vary as string | undefined, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

describe('compressed answers (pglite)', () => {
  let r: Running;
  const script = `// a built chunk\n${'export const catalogue = ["Е-ОСАГО", "Е-КАСКО", "Ипотека"];\n'.repeat(400)}`;
  const entry = `var remote_finance = {};\n${'remote_finance.init = function () { return 1; };\n'.repeat(200)}`;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'oyster-root-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), `<!doctype html><title>Oyster</title>${'<!-- boot -->'.repeat(200)}`);
    writeFileSync(join(root, 'shell', 'dist', 'main.1a2b3c4d5e.js'), script);
    writeFileSync(join(root, 'shell', 'dist', 'tiny.0a0b0c0d0e.js'), 'console.log(1)');
    mkdirSync(join(root, 'remote-finance', 'dist'), { recursive: true });
    writeFileSync(join(root, 'remote-finance', 'dist', 'remoteEntry.js'), entry);
    expect(precompressDir(join(root, 'shell', 'dist')).files).toBe(2); // the tiny file is left as it is
    precompressDir(join(root, 'remote-finance', 'dist'));
    r = await start({}, { staticRoot: root, redisUrl: undefined });
  });
  afterAll(() => r.stop());

  test.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
  ])('a built asset with Accept-Encoding «%s» comes as %s, the same file once decoded', async (accept, expected) => {
    for (const [path, text] of [['/app/main.1a2b3c4d5e.js', script], ['/remotes/finance/remoteEntry.js', entry]] as const) {
      const res = await rawGet(r.url + path, accept);
      expect({ path, status: res.status, encoding: res.encoding }).toEqual({ path, status: 200, encoding: expected });
      expect(decode(res.encoding, res.body)).toBe(text);
      if (expected) expect(res.body.length).toBeLessThan(text.length / 4);
      expect(res.vary ?? '').toMatch(/accept-encoding/i);
    }
  });

  test('JSON answers, the shell’s page and a file without a precompressed copy are compressed on the fly', async () => {
    const doc = await rawGet(`${r.url}/api/v2/openapi.json`, 'br, gzip');
    expect(doc.encoding).toBe('br');
    expect(JSON.parse(decode(doc.encoding, doc.body)).openapi).toMatch(/^3\.1/);
    const gz = await rawGet(`${r.url}/api/v2/openapi.json`, 'gzip');
    expect(gz.encoding).toBe('gzip');
    const page = await rawGet(`${r.url}/app/contracts`, 'gzip');
    expect(page.encoding).toBe('gzip');
    expect(decode(page.encoding, page.body)).toContain('<title>Oyster</title>');
    const tiny = await rawGet(`${r.url}/app/tiny.0a0b0c0d0e.js`, 'br, gzip');
    expect(decode(tiny.encoding, tiny.body)).toBe('console.log(1)');
    const plain = await rawGet(`${r.url}/app/tiny.0a0b0c0d0e.js`, 'identity');
    expect({ encoding: plain.encoding, body: plain.body.toString() }).toEqual({ encoding: undefined, body: 'console.log(1)' });
  });
});
