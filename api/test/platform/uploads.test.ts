// @zone-independent: the upload checks. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { CONTRACT_STATUS, FINAL_BROKER_REQUEST_STATUSES } from '@oyster/shared-kit/domain';
import { BACKENDS, GIF, HTML, HTML_AS_PDF, PNG, mediaFiles, startSignedIn, type SignedInApp } from '../support';

/**
 * One check for every upload in the product (platform/uploads.ts checkUpload): files on a contract, on
 * a broker request, in a chat, from an Oyster.app client, and learning's pictures and course files. Each
 * route is sent the same bad files and refuses each the same way — a 400 naming `file` in the same
 * words, only its types and its size limit its own — and keeps nothing of them.
 */
const APP_TOKEN = 'test-oyster-app-token-uploads-0123';
type Who = 'agent' | 'copywriter';

interface UploadRoute {
  name: string;
  /** Its types as a refusal lists them. */
  types: string;
  /** Whether a PDF is among them. */
  takesPdf: boolean;
  /** The largest PNG it takes, in MB. */
  pngMb: number;
  send(fileName: string, data: Buffer): Promise<{ status: number; body: { message?: string; field?: string } }>;
  /** How many files it keeps (rows or stored files). */
  kept(): Promise<number>;
}

/** The bad files: each is a PNG but for its one fault (so it would pass anywhere pictures are taken). */
function badFiles(route: UploadRoute): { what: string; name: string; data: Buffer; message: string }[] {
  const big = Buffer.alloc(route.pngMb * 1024 * 1024 + 1);
  PNG.copy(big);
  return [
    { what: 'a path in the name', name: '../../etc/скан.png', data: PNG, message: 'Файл «../../etc/скан.png»: имя файла без пути к нему' },
    { what: 'a Windows path in the name', name: 'C:\\fakepath\\скан.png', data: PNG, message: 'Файл «C:\\fakepath\\скан.png»: имя файла без пути к нему' },
    { what: 'the extension of another content', name: 'скан.pdf', data: PNG, message: 'Файл «скан.pdf»: расширение не совпадает с содержимым файла' },
    { what: 'no extension', name: 'скан', data: PNG, message: 'Файл «скан»: расширение не совпадает с содержимым файла' },
    { what: 'a GIF called .png', name: 'скан.png', data: GIF, message: `Файл «скан.png»: допустимы ${route.types}` },
    { what: 'an HTML page called .png', name: 'скан.png', data: HTML, message: `Файл «скан.png»: допустимы ${route.types}` },
    {
      what: 'an HTML page that starts like a PDF, called invoice.html',
      name: 'invoice.html',
      data: HTML_AS_PDF,
      message: route.takesPdf ? 'Файл «invoice.html»: расширение не совпадает с содержимым файла' : `Файл «invoice.html»: допустимы ${route.types}`,
    },
    { what: 'one byte over the limit', name: 'скан.png', data: big, message: `Файл «скан.png» больше ${route.pngMb} МБ` },
  ];
}

let seq = 0;
const clientKey = () => `u${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}`;

describe.each(BACKENDS)('the one upload check ($name)', (backend) => {
  let r: SignedInApp<Who>;
  let routes: UploadRoute[];
  const count = async (sql: string, id: string) => (await r.oyster.db.query<{ n: number }>(sql, [id]))[0].n;
  const post = async (path: string, headers: Record<string, string>, fields: Record<string, string>, fileName: string, data: Buffer) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), fileName);
    const res = await fetch(`${r.url}${path}`, { method: 'POST', headers, body: form });
    return { status: res.status, body: (await res.json()) as { message?: string; field?: string } };
  };

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'copywriter'] as const, { oysterAppToken: APP_TOKEN });
    const db = r.oyster.db;
    const agent = { 'x-api-token': r.tokens.agent };
    const [contract] = await db.query<{ id: string; type_id: string }>(
      `SELECT c.id, t.id AS type_id FROM contracts c JOIN users u ON u.id = c.agent_id JOIN company_file_types t ON t.company_id = c.company_id
        WHERE u.email = 'agent@oyster.test' AND c.status NOT IN ($1, $2) ORDER BY c.id, t.id LIMIT 1`,
      [CONTRACT_STATUS.canceled, CONTRACT_STATUS.notReleased],
    );
    const [request] = await db.query<{ id: string }>(
      `SELECT br.id FROM broker_requests br JOIN users u ON u.id = br.agent_id WHERE u.email = 'agent@oyster.test' AND NOT (br.status = ANY($1::int[])) ORDER BY br.id LIMIT 1`,
      [FINAL_BROKER_REQUEST_STATUSES],
    );
    const support = (await r.req('agent', 'GET', '/api/v2/chats/support')).body.data._id as string;
    const [client] = await db.query<{ id: string }>(`SELECT c.id FROM chats c JOIN app_registrations a ON a.id = c.client_id WHERE a.app_client_id = 'demo-sidorov'`);
    expect({ contract: !!contract, request: !!request, support: !!support, client: !!client }).toEqual({ contract: true, request: true, support: true, client: true });
    const documents = { types: 'PDF, JPEG, PNG, WEBP', takesPdf: true, pngMb: 10 };
    const learning = (kind: 'news' | 'courses', types: string, takesPdf: boolean): UploadRoute => ({
      name: `learning ${kind}`,
      types,
      takesPdf,
      pngMb: 5,
      send: (name, data) => post(`/api/v2/uploads?kind=${kind}`, { 'x-api-token': r.tokens.copywriter }, {}, name, data),
      kept: async () => (await mediaFiles(r.oyster.files, kind)).length,
    });
    routes = [
      {
        name: 'contract files',
        ...documents,
        send: (name, data) => post(`/api/v2/contracts/${contract.id}/attach-files`, agent, { typeId: contract.type_id }, name, data),
        kept: () => count('SELECT count(*)::int AS n FROM contract_files WHERE contract_id = $1', contract.id),
      },
      {
        name: 'broker request files',
        ...documents,
        send: (name, data) => post(`/api/v2/broker-requests/${request.id}/attach-files`, agent, { typeName: 'Документы на имущество' }, name, data),
        kept: () => count('SELECT count(*)::int AS n FROM broker_request_files WHERE request_id = $1', request.id),
      },
      {
        name: 'chat files',
        ...documents,
        send: (name, data) => post(`/api/v2/chats/${support}/files`, agent, { clientKey: clientKey() }, name, data),
        kept: () => count('SELECT count(*)::int AS n FROM chat_files WHERE chat_id = $1', support),
      },
      {
        name: 'Oyster.app client files',
        ...documents,
        send: (name, data) => post('/api/v2/oyster-app/clients/demo-sidorov/files', { authorization: `Bearer ${APP_TOKEN}` }, { clientKey: clientKey() }, name, data),
        kept: () => count('SELECT count(*)::int AS n FROM chat_files WHERE chat_id = $1', client.id),
      },
      learning('news', 'PNG, JPEG, WEBP', false),
      learning('courses', 'PNG, JPEG, WEBP, PDF', true),
    ];
  });
  afterAll(() => r.stop());

  test('every upload takes a good file (the routes of the table below are reached)', async () => {
    for (const route of routes) {
      const before = await route.kept();
      const res = await route.send('Скан паспорта.PNG', PNG);
      expect({ route: route.name, status: res.status, message: res.body.message }).toEqual({ route: route.name, status: 200, message: res.body.message });
      expect({ route: route.name, kept: await route.kept() }).toEqual({ route: route.name, kept: before + 1 });
    }
  });

  test('every upload refuses the same bad files — a path in the name, another extension, another content, too big — with the same 400 naming «file», and keeps nothing', async () => {
    for (const route of routes) {
      const before = await route.kept();
      for (const bad of badFiles(route)) {
        const res = await route.send(bad.name, bad.data);
        const seen = { route: route.name, file: bad.what, status: res.status, message: res.body.message, field: res.body.field };
        expect(seen).toEqual({ ...seen, status: 400, message: bad.message, field: 'file' });
      }
      expect({ route: route.name, kept: await route.kept() }).toEqual({ route: route.name, kept: before });
    }
  }, 120_000);
});
