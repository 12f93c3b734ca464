// @zone-independent: moving files into the file store. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moveFilesToStore } from '../../src/migrations/0036_file_storage';
import { newId } from '../../src/platform/db';
import type { FileStore } from '../../src/platform/storage';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, call, PDF, JPEG, postForm, startSignedIn, type SignedInApp } from '../support';

/**
 * Migration 36: files written before it sit in bytea columns. They are read from there until moved;
 * moveFilesToStore (run at start) writes each to the store, checks it reads back the same (size and
 * sha256), and only then sets storage_key and nulls the bytea. PGlite with the folder store, PostgreSQL
 * with its stored_files table (the store a server database takes without S3).
 */
const WHO = ['agent', 'admin'] as const;
type Who = (typeof WHO)[number];
const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('files: the store and migration 36 ($name)', (backend) => {
  let r: SignedInApp<Who>;
  let contractId: string;
  let fileId: string;

  const download = async (id = fileId) => {
    const res = await fetch(`${r.url}/api/v2/contracts/${contractId}/files/${id}`, { headers: { 'x-api-token': r.tokens.agent } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const row = async (table: string, id: string) =>
    (await r.oyster.db.query<{ storage_key: string | null; has_bytes: boolean }>(`SELECT storage_key, data IS NOT NULL AS has_bytes FROM ${table} WHERE id = $1`, [id]))[0];
  /** Turns a row back into one written before migration 36: its bytes in the row, none in the store. */
  const asBeforeMigration = async (table: string, id: string, bytes: Buffer) => {
    const { storage_key } = await row(table, id);
    await r.oyster.db.query(`UPDATE ${table} SET data = $2, storage_key = NULL WHERE id = $1`, [id, bytes]);
    if (storage_key) await r.oyster.files.delete(storage_key);
  };

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0, ...(backend.databaseUrl ? {} : { filesDir: mkdtempSync(join(tmpdir(), 'oyster-files-')) }) });
    const companies = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies as { _id: string; idUnicus: string }[];
    const s = (await call(r.url, 'POST', '/suggest/address', { token: r.tokens.agent, body: { query: 'москва тверская', count: 1 } })).body.suggestions[0];
    const calculation = { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' }, owner: { address: { value: s.value, data: s.data } }, unrestricted: true, periodMonths: 12, startDate: plusDays(moscowToday(), 1) };
    const c = await r.req('agent', 'POST', '/api/v2/contracts', { calculation, companyId: companies.find((x) => x.idUnicus === 'vsk')!._id });
    contractId = c.body.data.id;
    const types = (await r.req('agent', 'GET', `/api/v2/file-list-company/${c.body.data.companyId}`)).body.data.fileTypes as { _id: string }[];
    const form = new FormData();
    form.append('typeId', types[0]._id);
    form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/octet-stream' }), 'скан.pdf');
    const res = await postForm(r.url, r.tokens.agent, `/api/v2/contracts/${contractId}/attach-files`, form);
    expect(res.status).toBe(200);
    fileId = res.body.data.files[0]._id;
  });
  afterAll(() => r.stop());

  test(`a new file goes to the store (${backend.databaseUrl ? 'stored_files' : 'the folder'}), its row keeps only the key; the download is the same bytes`, async () => {
    expect(r.oyster.files.kind).toBe(backend.databaseUrl ? 'database' : 'local');
    expect(await row('contract_files', fileId)).toEqual({ storage_key: `contract-files/${fileId}`, has_bytes: false });
    expect((await r.oyster.files.get(`contract-files/${fileId}`))!.equals(PDF)).toBe(true);
    const got = await download();
    expect(got.status).toBe(200);
    expect(got.bytes.equals(PDF)).toBe(true);
  });

  test('a row from before the migration is read from its bytea; the move puts it in the store, nulls the bytea, and the download is still the same bytes', async () => {
    await asBeforeMigration('contract_files', fileId, PDF);
    expect(await row('contract_files', fileId)).toEqual({ storage_key: null, has_bytes: true });
    expect((await download()).bytes.equals(PDF)).toBe(true);

    // One old row in each table the migration knows (the demo's chats and broker requests hold them).
    const [chat] = await r.oyster.db.query<{ id: string }>('SELECT id FROM chats LIMIT 1');
    const [request] = await r.oyster.db.query<{ id: string }>('SELECT id FROM broker_requests LIMIT 1');
    const [user] = await r.oyster.db.query<{ id: string }>('SELECT id FROM users LIMIT 1');
    const chatFile = newId();
    const requestFile = newId();
    await r.oyster.db.query(`INSERT INTO chat_files (id, chat_id, user_id, upload_file_name, extension, mime, size, data) VALUES ($1, $2, $3, 'фото.jpg', 'jpg', 'image/jpeg', $4, $5)`, [chatFile, chat.id, user.id, JPEG.length, JPEG]);
    await r.oyster.db.query(
      `INSERT INTO broker_request_files (id, request_id, type_name, upload_file_name, storage_file_name, size, extension, mime, data) VALUES ($1, $2, 'Прочее', 'a.pdf', $3, $4, 'pdf', 'application/pdf', $5)`,
      [requestFile, request.id, `${requestFile}.pdf`, PDF.length, PDF],
    );
    await r.oyster.db.query(`INSERT INTO contract_documents (contract_id, kind, pdf) VALUES ($1, 'draft', $2)`, [contractId, PDF]);

    const moved = await moveFilesToStore(r.oyster.db, r.oyster.files, { batch: 2 });
    expect(moved).toEqual({ moved: 4, bytes: 3 * PDF.length + JPEG.length, failed: 0 });
    expect(await row('contract_files', fileId)).toEqual({ storage_key: `contract-files/${fileId}`, has_bytes: false });
    expect(await row('chat_files', chatFile)).toEqual({ storage_key: `chat-files/${chatFile}`, has_bytes: false });
    expect(await row('broker_request_files', requestFile)).toEqual({ storage_key: `broker-request-files/${requestFile}`, has_bytes: false });
    const [doc] = await r.oyster.db.query<{ storage_key: string; pdf: unknown }>(`SELECT storage_key, pdf FROM contract_documents WHERE contract_id = $1 AND kind = 'draft'`, [contractId]);
    expect(doc).toEqual({ storage_key: `contract-documents/${contractId}/draft.pdf`, pdf: null });
    expect((await r.oyster.files.get(`chat-files/${chatFile}`))!.equals(JPEG)).toBe(true);
    expect((await r.oyster.files.get(doc.storage_key))!.equals(PDF)).toBe(true);
    expect((await download()).bytes.equals(PDF)).toBe(true);
    // Nothing left: a second start moves nothing.
    expect(await moveFilesToStore(r.oyster.db, r.oyster.files)).toEqual({ moved: 0, bytes: 0, failed: 0 });
  });

  test('a file that does not read back the same from the store stays in its row (nothing lost), counted and tried again later', async () => {
    await asBeforeMigration('contract_files', fileId, PDF);
    const lying: FileStore = { ...r.oyster.files, get: async () => Buffer.from('something else') };
    const logs: string[] = [];
    expect(await moveFilesToStore(r.oyster.db, lying, { log: (m) => logs.push(m) })).toEqual({ moved: 0, bytes: 0, failed: 1 });
    expect(logs.join('\n')).toMatch(/kept in the database/);
    expect(await row('contract_files', fileId)).toEqual({ storage_key: null, has_bytes: true });
    expect((await download()).bytes.equals(PDF)).toBe(true);
    expect((await moveFilesToStore(r.oyster.db, r.oyster.files)).moved).toBe(1);
    expect((await download()).bytes.equals(PDF)).toBe(true);
  });

  test('removing a file removes it from the store too', async () => {
    const res = await r.req('agent', 'DELETE', `/api/v2/contracts/${contractId}/files/${fileId}`);
    expect(res.status).toBe(200);
    expect(await r.oyster.files.exists(`contract-files/${fileId}`)).toBe(false);
    expect((await download()).status).toBe(404);
  });
});
