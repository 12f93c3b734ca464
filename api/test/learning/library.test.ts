import { BACKENDS, FORBIDDEN, JPEG, PDF, PNG, call, startSignedIn, type SignedInApp } from '../support';
import { seedDemo } from '../../src/seed';

/** Banners and the media library (their files go through /api/v2/uploads, tested in uploads.test.ts). */
const WHO = ['admin', 'copywriter', 'agent', 'manager', 'supervisor'] as const;
type Who = (typeof WHO)[number];

describe.each(BACKENDS)('learning: banners and media library ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  const upload: SignedInApp<Who>['upload'] = (...a) => r.upload(...a);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO);
  });
  afterAll(() => r.stop());

  test('banners: active ones for everybody, all of them for editors only; images served', async () => {
    const active = await req('agent', 'POST', '/api/v2/banners/list', { allBanners: false });
    expect(active.status).toBe(200);
    const banners = active.body.data.banners;
    expect(banners.map((b: any) => [b.title, b.active, b.position])).toEqual([
      ['Е-ОСАГО за 10 минут: сравните цены всех страховщиков', true, 1],
      ['+5% к вознаграждению за ипотечное страхование до конца месяца', true, 2],
      ['Академия агента: пройдите курс «Основы продаж ОСАГО»', true, 3],
    ]);
    expect(banners[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/), title: banners[0].title, link: '/app/new-eosago',
      storageFileName: 'demo-eosago.png', imageUrl: '/media/banners/demo-eosago.png', active: true, position: 1,
    });
    expect(banners[1].link).toMatch(/^\/app\/news\/[0-9a-f]{24}$/);
    expect((await req('agent', 'GET', `/api/v2/posts/news/${banners[1].link.split('/').pop()}`)).body.data.news.label).toBe('Акции');
    for (const b of banners) {
      const img = await fetch(r.url + b.imageUrl);
      expect({ url: b.imageUrl, status: img.status, type: img.headers.get('content-type') }).toEqual({ url: b.imageUrl, status: 200, type: 'image/png' });
      expect(Buffer.from(await img.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect((await req('agent', 'POST', '/api/v2/banners/list', {})).body.data.banners).toHaveLength(3);
    for (const who of ['agent', 'manager', 'supervisor'] as const) {
      expect((await req(who, 'POST', '/api/v2/banners/list', { allBanners: true })).body).toEqual(FORBIDDEN);
    }
    const all = await req('copywriter', 'POST', '/api/v2/banners/list', { allBanners: true });
    expect(all.body.data.banners.map((b: any) => b.active)).toEqual([true, true, true, false]);
    expect((await req('agent', 'POST', '/api/v2/banners/list', { allBanners: 'нет' })).body.message).toMatch(/«allBanners»/);
    expect((await call(r.url, 'POST', '/api/v2/banners/list', { body: { allBanners: false } })).status).toBe(401);
  });

  test('banners: editors create, reorder, hide and delete; others get 403; bad input is a 400', async () => {
    const image = (await upload('copywriter', 'banners', PNG)).body.data.storageFileName;
    const target = (await req('copywriter', 'POST', '/api/v2/banners/list', { allBanners: true })).body.data.banners[0];
    for (const who of ['agent', 'manager', 'supervisor'] as const) {
      const calls = [
        req(who, 'POST', '/api/v2/banners', { title: 'Баннер', storageFileName: image }),
        req(who, 'PATCH', `/api/v2/banners/${target._id}`, { active: false }),
        req(who, 'DELETE', `/api/v2/banners/${target._id}`),
      ];
      for (const res of await Promise.all(calls)) expect({ who, status: res.status }).toEqual({ who, status: 403 });
    }
    const count = async () => (await req('admin', 'POST', '/api/v2/banners/list', { allBanners: true })).body.data.banners.length;
    expect(await count()).toBe(4);

    const bad: [unknown, RegExp][] = [
      [{ storageFileName: image }, /^Поле «title» обязательно$/],
      [{ title: 'Баннер' }, /«storageFileName» обязательно/],
      [{ title: 'Баннер', storageFileName: '../../etc/passwd' }, /«storageFileName»/],
      [{ title: 'Баннер', storageFileName: 'no-such-file.png' }, /не найден/],
      [{ title: 'Баннер', storageFileName: image, link: 'javascript:alert(1)' }, /«link»/],
      [{ title: 'Баннер', storageFileName: image, active: 'да' }, /«active»/],
    ];
    for (const [body, message] of bad) {
      const res = await req('copywriter', 'POST', '/api/v2/banners', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    expect(await count()).toBe(4);

    for (const who of ['copywriter', 'admin'] as const) {
      // Each banner its own picture: a deleted banner takes its file along.
      const image = (await upload(who, 'banners', PNG)).body.data.storageFileName;
      const created = await req(who, 'POST', '/api/v2/banners', { title: `Баннер ${who}`, storageFileName: image, link: 'https://oyster.test/promo', position: 1 });
      expect(created.status).toBe(200);
      const b = created.body.data.banner;
      expect(b).toMatchObject({ title: `Баннер ${who}`, active: true, position: 1, imageUrl: `/media/banners/${image}` });
      const shown = (await req('agent', 'POST', '/api/v2/banners/list', { allBanners: false })).body.data.banners;
      expect(shown.map((x: any) => x._id)[0]).toBe(b._id);
      expect(shown.map((x: any) => x.position)).toEqual([1, 2, 3, 4]);
      expect((await req(who, 'PATCH', `/api/v2/banners/${b._id}`, { active: false })).body.data.banner.active).toBe(false);
      expect((await req('agent', 'POST', '/api/v2/banners/list', { allBanners: false })).body.data.banners.map((x: any) => x._id)).not.toContain(b._id);
      expect((await req(who, 'DELETE', `/api/v2/banners/${b._id}`)).body).toEqual({ data: { deleted: true } });
      expect((await req(who, 'PATCH', `/api/v2/banners/${b._id}`, { active: true })).body).toMatchObject({ error: true, errorMessage: 'Баннер не найден' });
    }
    expect(await count()).toBe(4);
  });

  test('media library: photos, videos and documents for readers; editors add and remove', async () => {
    const all = await req('agent', 'GET', '/api/v2/media-library');
    expect(all.status).toBe(200);
    expect(all.body.data.items).toHaveLength(7);
    const videos = (await req('agent', 'GET', '/api/v2/media-library?type=video')).body.data.items;
    expect(videos.map((v: any) => v.title)).toEqual(['Запись вебинара «КАСКО без возражений»', 'Ипотечное страхование: разбор кейсов агентов']);
    expect(videos[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/), type: 'video', title: videos[0].title, url: expect.stringMatching(/^https:\/\//),
      thumbnailUrl: '/media/media/demo-video-kasko.png', size: 0, mime: 'text/html', createdAt: expect.any(String),
    });
    const docs = (await req('agent', 'GET', '/api/v2/media-library?type=document')).body.data.items;
    expect(docs.map((d: any) => [d.mime, d.url])).toEqual([
      ['application/pdf', '/media/media/demo-doc-broker-requests.pdf'], ['application/pdf', '/media/media/demo-doc-commission.pdf'],
    ]);
    const pdf = await fetch(r.url + docs[0].url);
    expect(Buffer.from(await pdf.arrayBuffer()).length).toBe(docs[0].size);
    const photos = (await req('agent', 'GET', '/api/v2/media-library?type=photo')).body.data.items;
    expect(photos).toHaveLength(3);
    expect(photos.every((p: any) => p.thumbnailUrl === p.url && p.mime === 'image/png' && p.size > 0)).toBe(true);
    expect((await req('agent', 'GET', '/api/v2/media-library?type=audio')).body.message).toMatch(/«type».*photo, video, document/);

    const pdfName = (await upload('copywriter', 'media', PDF)).body.data.storageFileName;
    const pngName = (await upload('copywriter', 'media', PNG)).body.data.storageFileName;
    for (const who of ['agent', 'manager', 'supervisor'] as const) {
      expect((await req(who, 'POST', '/api/v2/media-library', { type: 'document', title: 'Док', storageFileName: pdfName })).body).toEqual(FORBIDDEN);
      expect((await req(who, 'DELETE', `/api/v2/media-library/${videos[0]._id}`)).body).toEqual(FORBIDDEN);
    }
    const badCases: [unknown, RegExp][] = [
      [{ type: 'video', title: 'Видео', url: 'http://video.example/1' }, /«url».*https/],
      [{ type: 'video', title: 'Видео' }, /«url»/],
      [{ type: 'document', title: 'Док', storageFileName: pngName }, /только PDF/],
      [{ type: 'photo', title: 'Фото', storageFileName: pdfName }, /PNG, JPEG, WEBP/],
      [{ type: 'photo', title: 'Фото' }, /«storageFileName»/],
      [{ type: 'gif', title: 'Фото', storageFileName: pngName }, /«type»/],
    ];
    for (const [body, message] of badCases) {
      const res = await req('admin', 'POST', '/api/v2/media-library', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    expect((await req('agent', 'GET', '/api/v2/media-library')).body.data.items).toHaveLength(7);

    for (const who of ['copywriter', 'admin'] as const) {
      // Each document its own file: a deleted item takes its file along.
      const pdfName = (await upload(who, 'media', PDF)).body.data.storageFileName;
      const doc = await req(who, 'POST', '/api/v2/media-library', { type: 'document', title: `Регламент ${who}`, storageFileName: pdfName });
      expect(doc.body.data.item).toMatchObject({ type: 'document', url: `/media/media/${pdfName}`, size: PDF.length, mime: 'application/pdf', thumbnailUrl: null });
      const video = await req(who, 'POST', '/api/v2/media-library', { type: 'video', title: `Вебинар ${who}`, url: 'https://video.oyster.test/w/1.mp4' });
      expect(video.body.data.item).toMatchObject({ type: 'video', mime: 'video/mp4', size: 0 });
      expect((await req('agent', 'GET', '/api/v2/media-library')).body.data.items[0]._id).toBe(video.body.data.item._id);
      for (const id of [doc.body.data.item._id, video.body.data.item._id]) {
        expect((await req(who, 'DELETE', `/api/v2/media-library/${id}`)).body).toEqual({ data: { deleted: true } });
      }
      expect((await req(who, 'DELETE', `/api/v2/media-library/${doc.body.data.item._id}`)).body.errorMessage).toBe('Материал не найден');
    }
    expect((await req('agent', 'GET', '/api/v2/media-library')).body.data.items).toHaveLength(7);
  });

  test('a deleted media item or banner takes its file along (its URL answers 404); a replaced banner picture goes too', async () => {
    const served = async (url: string) => (await fetch(r.url + url)).status;
    const stored = (kind: string, name: string) => r.oyster.files.exists(`media/${kind}/${name}`);

    const photo = (await upload('copywriter', 'media', PNG)).body.data.storageFileName;
    const item = (await req('copywriter', 'POST', '/api/v2/media-library', { type: 'photo', title: 'Фото на удаление', storageFileName: photo })).body.data.item;
    expect(await served(item.url)).toBe(200);
    expect((await req('copywriter', 'DELETE', `/api/v2/media-library/${item._id}`)).body).toEqual({ data: { deleted: true } });
    expect(await stored('media', photo)).toBe(false);
    expect(await served(item.url)).toBe(404);

    // A file two items share stays until the last of them goes.
    const shared = (await upload('copywriter', 'media', PDF)).body.data.storageFileName;
    const one = (await req('copywriter', 'POST', '/api/v2/media-library', { type: 'document', title: 'Один', storageFileName: shared })).body.data.item;
    const two = (await req('copywriter', 'POST', '/api/v2/media-library', { type: 'document', title: 'Два', storageFileName: shared })).body.data.item;
    await req('copywriter', 'DELETE', `/api/v2/media-library/${one._id}`);
    expect(await served(two.url)).toBe(200);
    await req('copywriter', 'DELETE', `/api/v2/media-library/${two._id}`);
    expect(await served(two.url)).toBe(404);

    const first = (await upload('admin', 'banners', PNG)).body.data.storageFileName;
    const second = (await upload('admin', 'banners', JPEG)).body.data.storageFileName;
    const banner = (await req('admin', 'POST', '/api/v2/banners', { title: 'Баннер на замену', storageFileName: first, active: false })).body.data.banner;
    expect((await req('admin', 'PATCH', `/api/v2/banners/${banner._id}`, { storageFileName: second })).body.data.banner.imageUrl).toBe(`/media/banners/${second}`);
    expect(await stored('banners', first)).toBe(false);
    expect(await served(`/media/banners/${first}`)).toBe(404);
    expect((await req('admin', 'DELETE', `/api/v2/banners/${banner._id}`)).body).toEqual({ data: { deleted: true } });
    expect(await stored('banners', second)).toBe(false);
    expect(await served(`/media/banners/${second}`)).toBe(404);
    // The demo banners' pictures are untouched.
    expect(await served('/media/banners/demo-eosago.png')).toBe(200);
  });

  test('the demo seed runs once per database and puts back missing files', async () => {
    const banner = 'media/banners/demo-eosago.png';
    await r.oyster.files.delete(banner);
    expect(await r.oyster.files.exists(banner)).toBe(false);
    expect((await fetch(`${r.url}/media/banners/demo-eosago.png`)).status).toBe(404);
    expect(await seedDemo(r.oyster.db, { media: r.oyster.media })).toBe(false);
    expect(await r.oyster.files.exists(banner)).toBe(true);
    expect((await fetch(`${r.url}/media/banners/demo-eosago.png`)).status).toBe(200);
    expect((await req('agent', 'POST', '/api/v2/posts/news/list', {})).body.data.total).toBe(12);
    expect((await req('agent', 'POST', '/api/v2/banners/list', { allBanners: false })).body.data.banners).toHaveLength(3);
    expect((await req('agent', 'POST', '/api/v2/academy/courses/get-list-user', {})).body.data.courses).toHaveLength(2);
  });
});
