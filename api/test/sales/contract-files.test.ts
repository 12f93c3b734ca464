import { ATTACH_LIMITS, CONTRACT_STATUS as S } from '@oyster/shared-kit/domain';
import { DEMO_EXTRA_FILE_TYPE, DEMO_FILE_TYPES } from '../../src/sales/seed';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, call, connectSocket, connected, FORBIDDEN, GIF, HTML, HTML_AS_PDF, JPEG, PDF, PNG, postForm, startSignedIn, type SignedInApp } from '../support';

/**
 * Files on a contract (§3, §7, §8): the insurer's file types, attach-files answering `error`/`message`,
 * the type told by the content, the size limit, the scope, download headers, removal, the live event.
 */
const WHO = ['agent', 'newagent', 'owner', 'admin', 'copywriter'] as const;
type Who = (typeof WHO)[number];

const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('sales: files on a contract ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  let companies: { _id: string; idUnicus: string; shortName: string }[];
  let calculation: Record<string, unknown>;

  const attach = (who: Who | null, contractId: string, files: { data: Buffer; name: string }[], fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)], { type: 'application/octet-stream' }), f.name);
    return postForm(r.url, who ? r.tokens[who] : undefined, `/api/v2/contracts/${contractId}/attach-files`, form);
  };
  const create = async (who: Who = 'agent') => {
    const res = await req(who, 'POST', '/api/v2/contracts', { calculation, companyId: companies.find((c) => c.idUnicus === 'vsk')!._id });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const typesOf = async (companyId: string) => (await req('agent', 'GET', `/api/v2/file-list-company/${companyId}`)).body.data.fileTypes as { _id: string; name: string }[];

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    companies = (await req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
    const s = (await call(r.url, 'POST', '/suggest/address', { token: r.tokens.agent, body: { query: 'москва тверская', count: 1 } })).body.suggestions[0];
    calculation = { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' }, owner: { address: { value: s.value, data: s.data } }, unrestricted: true, periodMonths: 12, startDate: plusDays(moscowToday(), 1) };
  });
  afterAll(() => r.stop());

  test('each insurer lists its file types sorted by name; one asks for photos too; an unknown insurer is a 404; the copywriter is refused', async () => {
    const lists = await Promise.all(companies.map((c) => typesOf(c._id)));
    const names = lists.map((l) => l.map((t) => t.name));
    for (const n of names) expect(n).toEqual([...n].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(names.filter((n) => n.includes(DEMO_EXTRA_FILE_TYPE))).toHaveLength(1);
    expect(names.every((n) => DEMO_FILE_TYPES.every((t) => n.includes(t)))).toBe(true);
    expect((await req('agent', 'GET', '/api/v2/file-list-company/0123456789abcdef01234567')).status).toBe(404);
    expect((await req('agent', 'GET', '/api/v2/file-list-company/abc')).body).toMatchObject({ error: true, field: 'companyId' });
    expect((await req('copywriter', 'GET', `/api/v2/file-list-company/${companies[0]._id}`)).body).toEqual(FORBIDDEN);
  });

  test('the agent attaches two scans with a type: «Файл успешно прикреплен к запросу», listed with who and when, downloadable with its name; pushed live', async () => {
    const c = await create();
    const [passport] = (await typesOf(c.companyId)).filter((t) => t.name === 'Паспорт собственника');
    const socket = connectSocket(r.url, r.tokens.agent);
    const events: string[] = [];
    socket.on('contract_files', (e: { contractId: string }) => events.push(e.contractId));
    await connected(socket);

    const res = await attach('agent', c.id, [{ data: PDF, name: 'паспорт стр 2-3.pdf' }, { data: JPEG, name: 'прописка.jpg' }], { typeId: passport._id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, message: 'Файл успешно прикреплен к запросу' });
    const files = (await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.files;
    expect(files).toEqual(res.body.data.files);
    expect(files.map((f: any) => [f.uploadFileName, f.extension, f.mime, f.size, f.typeName])).toEqual([
      ['паспорт стр 2-3.pdf', 'pdf', 'application/pdf', PDF.length, 'Паспорт собственника'],
      ['прописка.jpg', 'jpg', 'image/jpeg', JPEG.length, 'Паспорт собственника'],
    ]);
    expect(files[0]).toMatchObject({ typeId: passport._id, storageFileName: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/), user: { firstName: expect.any(String), secondName: expect.any(String) } });
    await new Promise((ok) => setTimeout(ok, 100));
    expect(events).toContain(c.id);
    socket.close();

    const got = await fetch(`${r.url}/api/v2/contracts/${c.id}/files/${files[0]._id}`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('паспорт стр 2-3.pdf')}`);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    // Staff see it too; an agent outside the scope gets a 404 for the file and for attaching.
    expect((await fetch(`${r.url}/api/v2/contracts/${c.id}/files/${files[0]._id}`, { headers: { 'x-api-token': r.tokens.admin } })).status).toBe(200);
    expect((await fetch(`${r.url}/api/v2/contracts/${c.id}/files/${files[0]._id}`, { headers: { 'x-api-token': r.tokens.newagent } })).status).toBe(404);
    expect((await attach('newagent', c.id, [{ data: PDF, name: 'a.pdf' }], { typeId: passport._id })).status).toBe(404);
    expect((await attach(null, c.id, [{ data: PDF, name: 'a.pdf' }], { typeId: passport._id })).status).toBe(401);
  });

  test('a bad file refuses the whole call with a Russian 400 (error flag and message) and nothing is attached', async () => {
    const c = await create();
    const [type] = await typesOf(c.companyId);
    const fail = async (files: { data: Buffer; name: string }[], fields: Record<string, string>, message: string, field = 'file') => {
      const res = await attach('agent', c.id, files, fields);
      expect(res).toMatchObject({ status: 400, body: { error: true, message, field } });
    };
    // The type is the content's: HTML or GIF named .pdf is refused, even beside a good file.
    await fail([{ data: PDF, name: 'ok.pdf' }, { data: HTML, name: 'скан.pdf' }], { typeId: type._id }, 'Файл «скан.pdf»: допустимы PDF, JPEG, PNG, WEBP');
    await fail([{ data: GIF, name: 'photo.png' }], { typeId: type._id }, 'Файл «photo.png»: допустимы PDF, JPEG, PNG, WEBP');
    const big = Buffer.alloc(ATTACH_LIMITS.maxFileBytes + 1);
    PNG.copy(big);
    await fail([{ data: big, name: 'большой.png' }], { typeId: type._id }, 'Файл «большой.png» больше 10 МБ');
    // Another insurer's type is not this contract's.
    const other = companies.find((co) => co._id !== c.companyId)!;
    const [foreign] = await typesOf(other._id);
    await fail([{ data: PDF, name: 'a.pdf' }], { typeId: foreign._id }, 'Поле «typeId»: у этого страховщика нет такого типа файла', 'typeId');
    const six = Array.from({ length: ATTACH_LIMITS.maxFiles + 1 }, (_, i) => ({ data: PDF, name: `${i}.pdf` }));
    await fail(six, { typeId: type._id }, 'Можно загрузить не более 5 файлов за раз');
    await fail([{ data: Buffer.alloc(0), name: 'пустой.pdf' }], { typeId: type._id }, 'Файл пуст');
    expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.files).toEqual([]);
    // Without a type (the spec's call sends only the files) the file is taken and listed «Без типа».
    expect((await attach('agent', c.id, [{ data: PDF, name: 'a.pdf' }], {})).status).toBe(200);
    const files = (await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.files;
    expect(files).toHaveLength(1);
    expect(JSON.stringify(files)).toContain('Без типа');
  });

  test('checked like every upload: an HTML page that starts like a PDF is not taken as invoice.html, a name with a path is refused (not cut down), an extension must say the content', async () => {
    const c = await create();
    const [type] = await typesOf(c.companyId);
    for (const [name, data, message] of [
      ['invoice.html', HTML_AS_PDF, 'Файл «invoice.html»: расширение не совпадает с содержимым файла'],
      ['../../скан.pdf', PDF, 'Файл «../../скан.pdf»: имя файла без пути к нему'],
      ['скан.pdf', PNG, 'Файл «скан.pdf»: расширение не совпадает с содержимым файла'],
    ] as const) {
      const res = await attach('agent', c.id, [{ data, name }], { typeId: type._id });
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 400, body: expect.objectContaining({ error: true, message, field: 'file' }) });
    }
    expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.files).toEqual([]);
  });

  test('removal: by who attached it or by staff, until the contract is paid; a cancelled contract takes no files', async () => {
    const c = await create();
    const [type] = await typesOf(c.companyId);
    const [mine] = (await attach('agent', c.id, [{ data: PNG, name: 'a.png' }], { typeId: type._id })).body.data.files;
    const [staffs] = (await attach('admin', c.id, [{ data: PNG, name: 'b.png' }], { typeId: type._id })).body.data.files.slice(1);
    expect(staffs.uploadFileName).toBe('b.png');
    expect(await req('agent', 'DELETE', `/api/v2/contracts/${c.id}/files/${staffs._id}`)).toMatchObject({ status: 403, body: { message: 'Удалить файл может тот, кто его прикрепил, или сотрудник брокера' } });
    expect((await req('agent', 'DELETE', `/api/v2/contracts/${c.id}/files/${mine._id}`)).body.data.files.map((f: any) => f.uploadFileName)).toEqual(['b.png']);
    expect((await req('agent', 'DELETE', `/api/v2/contracts/${c.id}/files/${mine._id}`)).status).toBe(404);

    await req('agent', 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.canceled });
    const closed = (await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data;
    expect(closed.canAttachFiles).toBe(false);
    expect(await attach('agent', c.id, [{ data: PDF, name: 'a.pdf' }], { typeId: type._id })).toMatchObject({ status: 409, body: { error: true, message: 'К договору в статусе «Отменён» файлы не прикрепляются' } });
    expect((await req('admin', 'DELETE', `/api/v2/contracts/${c.id}/files/${staffs._id}`)).status).toBe(409);
  });
});
