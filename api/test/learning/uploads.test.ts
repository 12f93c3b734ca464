import { BACKENDS, FORBIDDEN, GIF, HTML, JPEG, PDF, PNG, WEBP, mediaFiles, startSignedIn, type SignedInApp } from '../support';

/** POST /api/v2/uploads: editors only, type by the first bytes, size limits, files under the media folder. */
const WHO = ['admin', 'copywriter', 'agent', 'manager', 'supervisor'] as const;
type Who = (typeof WHO)[number];

describe.each(BACKENDS)('learning: uploads ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  const upload: SignedInApp<Who>['upload'] = (...a) => r.upload(...a);
  const files = (kind: string) => mediaFiles(r.oyster.files, kind);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO);
  });
  afterAll(() => r.stop());

  test('uploads: editors only; type by the first bytes; size limits; stored under the media folder', async () => {
    const before = (await files('news'));
    expect((await upload(null, 'news', PNG)).status).toBe(401);
    for (const who of ['agent', 'manager', 'supervisor'] as const) expect((await upload(who, 'news', PNG)).body).toEqual(FORBIDDEN);

    const ok = await upload('copywriter', 'news', PNG, { filename: 'обложка.png', type: 'image/png' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ storageFileName: expect.stringMatching(/^[0-9a-f]{32}\.png$/), url: expect.stringMatching(/^\/media\/news\/[0-9a-f]{32}\.png$/), size: PNG.length, mime: 'image/png' });
    const served = await fetch(r.url + ok.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await upload('admin', 'banners', JPEG)).body.data).toMatchObject({ storageFileName: expect.stringMatching(/\.jpg$/), mime: 'image/jpeg' });
    expect((await upload('admin', 'media', WEBP)).body.data).toMatchObject({ storageFileName: expect.stringMatching(/\.webp$/), mime: 'image/webp' });
    expect((await upload('admin', 'courses', PDF)).body.data).toMatchObject({ url: expect.stringMatching(/^\/media\/courses\/[0-9a-f]{32}\.pdf$/), mime: 'application/pdf' });
    const newsFiles = (await files('news'));
    expect(newsFiles.length).toBe(before.length + 1);

    const fail = async (who: Who, kind: string, data: Buffer, message: string | RegExp, opts = {}) => {
      const res = await upload(who, kind, data, opts);
      expect({ kind, status: res.status }).toEqual({ kind, status: 400 });
      expect(res.body.message).toMatch(message);
    };
    // The name and the browser's content type do not matter: a GIF or HTML called .png is refused
    // (platform checkUpload, in the words of every upload: the file named, the kind's types listed).
    await fail('copywriter', 'news', GIF, 'Файл «a.png»: допустимы PNG, JPEG, WEBP', { filename: 'a.png', type: 'image/png' });
    await fail('copywriter', 'banners', HTML, 'Файл «a.png»: допустимы PNG, JPEG, WEBP', { filename: 'a.png', type: 'image/png' });
    await fail('copywriter', 'news', PDF, 'Файл «file.pdf»: допустимы PNG, JPEG, WEBP');
    await fail('copywriter', 'courses', GIF, 'Файл «a.gif»: допустимы PNG, JPEG, WEBP, PDF', { filename: 'a.gif' });
    // The name must say what the content is, and carry no path.
    await fail('copywriter', 'news', PNG, 'Файл «a.jpg»: расширение не совпадает с содержимым файла', { filename: 'a.jpg' });
    await fail('copywriter', 'news', PNG, 'Файл «../a.png»: имя файла без пути к нему', { filename: '../a.png' });
    // 5 MB + 1 byte of a PNG is too much; exactly 5 MB is fine. A PDF may be larger.
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    await fail('copywriter', 'news', big, 'Файл «file.png» больше 5 МБ');
    expect((await upload('copywriter', 'news', big.subarray(0, 5 * 1024 * 1024))).status).toBe(200);
    const bigPdf = Buffer.alloc(5 * 1024 * 1024 + 1);
    PDF.copy(bigPdf);
    expect((await upload('copywriter', 'courses', bigPdf)).status).toBe(200);
    await fail('copywriter', 'news', Buffer.alloc(0), 'Файл пуст');
    await fail('copywriter', 'news', PNG, 'Файл не передан (поле «file»)', { field: 'image' });
    await fail('copywriter', 'photos', PNG, /«kind»/);
    const json = await req('copywriter', 'POST', '/api/v2/uploads?kind=news', { file: 'iVBORw0KGgo=' });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/multipart\/form-data/);
    // Refused files leave nothing behind.
    expect((await files('news')).length).toBe(newsFiles.length + 1);
  }, 60_000);

  test('one file per request: a second file (in «file» or another field) is a 400, nothing is stored', async () => {
    const before = (await files('news'));
    const send = async (parts: [string, Buffer | string][]) => {
      const form = new FormData();
      for (const [field, data] of parts) {
        if (typeof data === 'string') form.append(field, data);
        else form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), `${field}.png`);
      }
      const res = await fetch(`${r.url}/api/v2/uploads?kind=news`, { method: 'POST', body: form, headers: { 'x-api-token': r.tokens.copywriter } });
      return { status: res.status, body: (await res.json()) as { message: string; field?: string } };
    };
    const refused = { status: 400, body: expect.objectContaining({ message: 'Можно загрузить только один файл за раз', field: 'file' }) };
    expect(await send([['file', PNG], ['file', JPEG]])).toEqual(refused);
    expect(await send([['file', PNG], ['other', PNG]])).toEqual(refused);
    expect(await send([['other', PNG], ['file', PNG]])).toEqual(refused);
    expect((await files('news'))).toEqual(before);
    // A text field beside the one file is read past.
    const ok = await send([['title', 'обложка'], ['file', PNG]]);
    expect(ok.status).toBe(200);
    expect((await files('news')).length).toBe(before.length + 1);
  });
});

