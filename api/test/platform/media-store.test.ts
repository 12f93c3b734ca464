// @zone-independent: file storage and HTTP caching headers (instants, no calendar day). npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256, s3Store, type FileStore } from '../../src/platform/storage';
import { BACKENDS, PDF, PNG, REDIS_URL, start, startSignedIn, type Running } from '../support';

// The stores by name: PGlite's are tested on PGlite even when OYSTER_TEST_BACKENDS keeps PostgreSQL alone.
const PGLITE: { name: string; databaseUrl?: string } = { name: 'pglite' };
const POSTGRES = BACKENDS.find((b) => b.databaseUrl);
import { fakeS3 } from '../support/fake-s3';

/**
 * The files served at /media/ (news pictures, banners, course PDFs, the media library) live in the one
 * file store under `media/<path>` (platform/media-files.ts). The old media folder's files move there at
 * start — written, read back and compared (size and sha256), only then removed from the folder; a file
 * that does not read back the same stays and is served from the folder. The URLs and their headers stay.
 * PGlite with the folder store, PostgreSQL with its stored_files table, and the S3 fake; on PostgreSQL,
 * two api nodes without a shared disk serve each other's uploads.
 */
const oldFolder = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'oyster-old-media-')), 'media');
  mkdirSync(join(dir, 'news'), { recursive: true });
  mkdirSync(join(dir, 'courses'), { recursive: true });
  writeFileSync(join(dir, '.gitkeep'), '');
  writeFileSync(join(dir, 'news', 'old-cover.png'), PNG);
  writeFileSync(join(dir, 'courses', 'old-lesson.pdf'), PDF);
  return dir;
};

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

/** The media headers the folder was served with (security.test.ts checks them too). */
const expectMediaHeaders = (h: Headers, download: boolean) => {
  expect(h.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('cache-control')).toBe('public, max-age=3600');
  expect(h.get('content-disposition')).toBe(download ? 'attachment' : null);
};

let s3: Awaited<ReturnType<typeof fakeS3>>;
beforeAll(async () => {
  s3 = await fakeS3('oyster-media', 'media-key');
});
afterAll(() => s3.app.close());

const STORES: [string, { databaseUrl?: string }, () => { files?: FileStore; filesDir?: string }][] = [
  ['pglite, the folder store', PGLITE, () => ({ filesDir: mkdtempSync(join(tmpdir(), 'oyster-files-')) })],
  ['pglite, S3 (in-process fake)', PGLITE, () => ({ files: s3Store({ bucket: 'oyster-media', endpoint: s3.url, region: 'ru-central1', accessKeyId: 'media-key', secretAccessKey: 's', forcePathStyle: true, prefix: `t${Date.now()}/` }) })],
  ...(POSTGRES ? [['postgres, stored_files', POSTGRES, () => ({})] as [string, { databaseUrl?: string }, () => object]] : []),
];

describe.each(STORES)('media in the file store (%s)', (_name, backend, where) => {
  let r: Running;
  let folder: string;
  beforeAll(async () => {
    folder = oldFolder();
    r = await start(backend, { mediaDir: folder, redisUrl: undefined, ...where() });
  });
  afterAll(async () => {
    await r.stop();
    await r.oyster.files.close?.();
  });

  test('the old folder moved into the store at start: same bytes, removed from the folder, the same URLs and headers', async () => {
    expect(r.oyster.files.kind).toBe(backend.databaseUrl ? 'database' : where().files ? 's3' : 'local');
    expect(sha256((await r.oyster.files.get('media/news/old-cover.png'))!)).toBe(sha256(PNG));
    expect(sha256((await r.oyster.files.get('media/courses/old-lesson.pdf'))!)).toBe(sha256(PDF));
    expect(existsSync(join(folder, 'news', 'old-cover.png'))).toBe(false);
    expect(existsSync(join(folder, 'courses', 'old-lesson.pdf'))).toBe(false);
    expect(existsSync(join(folder, '.gitkeep'))).toBe(true);

    const png = await get(`${r.url}/media/news/old-cover.png`);
    expect([png.status, png.headers.get('content-type'), png.bytes.equals(PNG)]).toEqual([200, 'image/png', true]);
    expectMediaHeaders(png.headers, false);
    // A browser whose copy is as new gets a 304 (Last-Modified, as the folder's static serving gave).
    const modified = png.headers.get('last-modified')!;
    expect(Date.parse(modified)).toBeGreaterThan(Date.now() - 10 * 60_000);
    const again = await fetch(`${r.url}/media/news/old-cover.png`, { headers: { 'if-modified-since': modified } });
    expect(again.status).toBe(304);
    expectMediaHeaders(again.headers, false);
    const older = await fetch(`${r.url}/media/news/old-cover.png`, { headers: { 'if-modified-since': new Date(Date.parse(modified) - 60_000).toUTCString() } });
    expect(older.status).toBe(200);
    const pdf = await get(`${r.url}/media/courses/old-lesson.pdf`);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.bytes.equals(PDF)]).toEqual([200, 'application/pdf', true]);
    expectMediaHeaders(pdf.headers, true);
    // The demo seed's pictures are in the store too.
    expect((await get(`${r.url}/media/banners/demo-eosago.png`)).status).toBe(200);
    expect(await r.oyster.files.exists('media/banners/demo-eosago.png')).toBe(true);
    // A missing file, a folder, a path out of the store: the api's 404.
    for (const path of ['/media/news/none.png', '/media/news/', '/media/..%2f..%2fetc%2fpasswd']) {
      const res = await fetch(r.url + path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  test('a file not moved yet (or whose move failed) is still served from the old folder, with the same headers', async () => {
    writeFileSync(join(folder, 'news', 'late.png'), PNG);
    const res = await get(`${r.url}/media/news/late.png`);
    expect([res.status, res.bytes.equals(PNG)]).toEqual([200, true]);
    expectMediaHeaders(res.headers, false);
  });
});

test('a file that does not read back the same stays in the folder (nothing lost) and is served from there', async () => {
  const folder = oldFolder();
  const filesDir = mkdtempSync(join(tmpdir(), 'oyster-files-'));
  const { localStore } = await import('../../src/platform/storage');
  const real = localStore(filesDir);
  // A store that loses the cover on the way: what it reads back is not what was written.
  const lossy: FileStore = { ...real, get: async (key) => (key === 'media/news/old-cover.png' ? Buffer.from('broken') : real.get(key)) };
  const r = await start({}, { mediaDir: folder, files: lossy, redisUrl: undefined });
  try {
    expect(readFileSync(join(folder, 'news', 'old-cover.png')).equals(PNG)).toBe(true);
    expect(existsSync(join(folder, 'courses', 'old-lesson.pdf'))).toBe(false);
    expect((await get(`${r.url}/media/courses/old-lesson.pdf`)).bytes.equals(PDF)).toBe(true);
  } finally {
    await r.stop();
  }
});

// Two api nodes, each with its own (empty) media folder, one PostgreSQL: an upload on A is served by B.
(POSTGRES ? describe : describe.skip)('two api nodes without a shared disk (postgres)', () => {
  test('a picture uploaded on node A is served by node B, a deleted one answers 404 on both', async () => {
    const { freshSchema, dropSchema, signIn, uploadFile, listen } = await import('../support');
    const { createApp } = await import('../../src/app');
    const schema = freshSchema('media2');
    const opts = { databaseUrl: POSTGRES!.databaseUrl, databaseSchema: schema, redisUrl: REDIS_URL, seedDemo: true, demoMode: true, staticRoot: '/nonexistent' };
    const a = await createApp({ ...opts, mediaDir: mkdtempSync(join(tmpdir(), 'oyster-a-')) });
    const b = await createApp({ ...opts, mediaDir: mkdtempSync(join(tmpdir(), 'oyster-b-')) });
    try {
      const [urlA, urlB] = [await listen(a), await listen(b)];
      const token = await signIn(urlA, 'copywriter');
      const up = await uploadFile(urlA, token, 'media', PNG);
      expect(up.status).toBe(200);
      const url = up.body.data.url as string;
      expect((await get(urlB + url)).bytes.equals(PNG)).toBe(true);
      const item = await fetch(`${urlB}/api/v2/media-library`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-token': token }, body: JSON.stringify({ type: 'photo', title: 'С узла A', storageFileName: up.body.data.storageFileName }) });
      expect(item.status).toBe(200);
      const id = (await item.json()).data.item._id;
      expect((await fetch(`${urlB}/api/v2/media-library/${id}`, { method: 'DELETE', headers: { 'x-api-token': token } })).status).toBe(200);
      expect([(await fetch(urlA + url)).status, (await fetch(urlB + url)).status]).toEqual([404, 404]);
    } finally {
      await a.close();
      await b.close();
      await dropSchema(POSTGRES!.databaseUrl!, schema);
    }
  });
});
