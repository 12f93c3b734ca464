// @zone-independent: the file store interface. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError } from '../../src/platform/config';
import { chooseStore, localStore, memoryStore, s3SettingsFrom, s3Store, sha256, type FileStore } from '../../src/platform/storage';
import type { Db } from '../../src/platform/db';
import { fakeS3 } from '../support/fake-s3';

const BYTES = Buffer.from('%PDF-1.7\nфайл договора\n%%EOF\n');
const BIG = Buffer.alloc(3 * 1024 * 1024 + 17, 7);

let s3: Awaited<ReturnType<typeof fakeS3>>;
let filesDir: string;
beforeAll(async () => {
  s3 = await fakeS3('oyster-files', 'test-key');
  filesDir = mkdtempSync(join(tmpdir(), 'oyster-files-'));
});
afterAll(() => s3.app.close());

const STORES: [string, () => FileStore][] = [
  ['local folder', () => localStore(filesDir)],
  ['S3 (in-process fake)', () => s3Store({ bucket: 'oyster-files', endpoint: s3.url, region: 'ru-central1', accessKeyId: 'test-key', secretAccessKey: 'test-secret', forcePathStyle: true })],
  ['memory', () => memoryStore()],
];

describe.each(STORES)('file store: %s', (_name, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close?.());

  test('put a buffer, then get, head, exists and a stream give the same bytes', async () => {
    const put = await store.put('chat-files/0123456789abcdef01234567', BYTES, { contentType: 'application/pdf' });
    expect(put).toEqual({ key: 'chat-files/0123456789abcdef01234567', size: BYTES.length, sha256: sha256(BYTES) });
    expect((await store.get('chat-files/0123456789abcdef01234567'))!.equals(BYTES)).toBe(true);
    const head = await store.head('chat-files/0123456789abcdef01234567');
    expect(head?.size).toBe(BYTES.length);
    expect(Math.abs(head!.modifiedAt!.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(await store.exists('chat-files/0123456789abcdef01234567')).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of (await store.getStream('chat-files/0123456789abcdef01234567'))!) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).equals(BYTES)).toBe(true);
    await store.check();
  });

  test('put a stream of several MB; the same key written again holds the new bytes', async () => {
    const put = await store.put('contract-documents/0123456789abcdef01234567/policy.pdf', Readable.from([BIG.subarray(0, 1000), BIG.subarray(1000)]));
    expect(put.size).toBe(BIG.length);
    expect(sha256((await store.get('contract-documents/0123456789abcdef01234567/policy.pdf'))!)).toBe(sha256(BIG));
    await store.put('contract-documents/0123456789abcdef01234567/policy.pdf', BYTES);
    expect((await store.get('contract-documents/0123456789abcdef01234567/policy.pdf'))!.equals(BYTES)).toBe(true);
  });

  test('a missing file is null (get, stream, head), false (exists); delete removes, twice is no error', async () => {
    expect(await store.get('chat-files/nothing-here')).toBeNull();
    expect(await store.getStream('chat-files/nothing-here')).toBeNull();
    expect(await store.head('chat-files/nothing-here')).toBeNull();
    expect(await store.exists('chat-files/nothing-here')).toBe(false);
    await store.put('broker-request-files/x1', BYTES);
    await store.delete('broker-request-files/x1');
    await store.delete('broker-request-files/x1');
    expect(await store.exists('broker-request-files/x1')).toBe(false);
  });

  test('list: the files under a prefix with their size and when they were written; nothing else', async () => {
    const t0 = Date.now() - 60_000;
    await store.put('media/news/l1.png', BYTES);
    await store.put('media/news/deep/l2.pdf', BIG.subarray(0, 10));
    await store.put('media-other/x', BYTES);
    const listed: { key: string; size: number; modifiedAt: Date }[] = [];
    for await (const f of store.list('media/news/')) listed.push(f);
    expect(listed.map((f) => [f.key, f.size]).sort()).toEqual([['media/news/deep/l2.pdf', 10], ['media/news/l1.png', BYTES.length]]);
    for (const f of listed) expect(f.modifiedAt.getTime()).toBeGreaterThan(t0);
  });

  test('a key is a relative path of ours: «..», absolute paths and empty segments are refused', async () => {
    for (const bad of ['../etc/passwd', '/etc/passwd', 'a//b', 'a/../../b', '', 'a/./b']) await expect(store.put(bad, BYTES)).rejects.toThrow(/bad key/);
  });
});

test('the local folder keeps a key as the path below it (what `aws s3 sync` copies to a bucket as is)', async () => {
  const store = localStore(filesDir);
  await store.put('chat-files/abc', BYTES);
  expect(readFileSync(join(filesDir, 'chat-files', 'abc')).equals(BYTES)).toBe(true);
});

test('S3: the fake saw the objects under the bucket, signed; wrong credentials are an error, not a missing file', async () => {
  expect([...s3.objects.keys()]).toContain('chat-files/0123456789abcdef01234567');
  const wrong = s3Store({ bucket: 'oyster-files', endpoint: s3.url, region: 'ru-central1', accessKeyId: 'other', secretAccessKey: 'x', forcePathStyle: true });
  await expect(wrong.get('chat-files/0123456789abcdef01234567')).rejects.toThrow();
  await expect(wrong.check()).rejects.toThrow();
  await wrong.close?.();
});

describe('which store the api takes', () => {
  const fakeDb = (kind: 'pg' | 'pglite') => ({ kind }) as unknown as Db;
  test('S3_BUCKET → S3; FILES_DIR → that folder; a server PostgreSQL → its database; PGlite → the folder beside it; memory → memory', () => {
    const s3s = s3SettingsFrom({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: '1' })!;
    expect(s3s).toMatchObject({ bucket: 'b', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true });
    expect(chooseStore({ db: fakeDb('pg'), s3: s3s }).store.kind).toBe('s3');
    const shared = chooseStore({ db: fakeDb('pg'), s3: null, filesDir: '/srv/files' });
    expect(shared.store.kind).toBe('local');
    expect(shared.note).toMatch(/every api node must mount the same folder/);
    expect(chooseStore({ db: fakeDb('pg'), s3: null })).toMatchObject({ store: { kind: 'database' }, note: expect.stringMatching(/shared by every api node/) });
    expect(chooseStore({ db: fakeDb('pglite'), s3: null, dataDir: '/data/pglite' }).store.where).toBe('folder /data/pglite-files');
    const db = fakeDb('pglite');
    expect(chooseStore({ db, s3: null, dataDir: 'memory://' }).store).toBe(chooseStore({ db, s3: null }).store);
  });
  test('half an S3 configuration stops the start, naming the variables', () => {
    expect(s3SettingsFrom({})).toBeNull();
    expect(() => s3SettingsFrom({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(ConfigError);
    expect(() => s3SettingsFrom({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => s3SettingsFrom({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
