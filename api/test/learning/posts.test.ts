import { BACKENDS, FORBIDDEN, call, startSignedIn, type SignedInApp } from '../support';

/** News and the knowledge base: lists, filters, search, by id, drafts, editing rights, validation, sanitizing. */
const WHO = ['admin', 'copywriter', 'agent', 'manager', 'supervisor', 'newagent'] as const;
type Who = (typeof WHO)[number];
const READERS_ONLY: Who[] = ['agent', 'manager', 'supervisor'];
const EDITORS: Who[] = ['copywriter', 'admin'];
const MISSING_ID = '0123456789abcdef01234567';

describe.each(BACKENDS)('learning: news and knowledge ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  const newsList = (who: Who, body: unknown = {}) => req(who, 'POST', '/api/v2/posts/news/list', body);
  const knowledgeList = (who: Who, body: unknown = {}) => req(who, 'POST', '/api/v2/posts/knowledge/list', body);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO);
  });
  afterAll(() => r.stop());

  test('news list: newest published first, pages, total, labels; the home widget asks for 3', async () => {
    const first = await newsList('agent');
    expect(first.status).toBe(200);
    const d = first.body.data;
    expect({ total: d.total, page: d.page, pageSize: d.pageSize, n: d.news.length }).toEqual({ total: 12, page: 1, pageSize: 10, n: 10 });
    expect(d.labels).toEqual(['Акции', 'Новости компании', 'Продукты']);
    expect(Object.keys(d.news[0]).sort()).toEqual(
      ['_id', 'coverImageUrl', 'createdAt', 'label', 'publishedAt', 'status', 'summary', 'title', 'updatedAt'].sort(),
    );
    expect(d.news[0]).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: 'Главная страница Oyster стала удобнее: новые виджеты и быстрый расчёт',
      label: 'Новости компании',
      status: 'published',
      coverImageUrl: '/media/news/demo-platform.png',
    });
    const dates = d.news.map((n: any) => Date.parse(n.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const second = await newsList('agent', { page: 2 });
    expect(second.body.data.news).toHaveLength(2);
    expect(second.body.data.total).toBe(12);
    const ids = new Set([...d.news, ...second.body.data.news].map((n: any) => n._id));
    expect(ids.size).toBe(12);
    expect((await newsList('agent', { page: 3 })).body.data).toMatchObject({ news: [], total: 12, page: 3 });

    const widget = await newsList('agent', { page: 1, pageSize: 3 });
    expect(widget.body.data.news.map((n: any) => n._id)).toEqual(d.news.slice(0, 3).map((n: any) => n._id));
  });

  test('news by label; knowledge by tag, each item with its tags, all tags sorted', async () => {
    const promo = await newsList('agent', { label: 'Акции' });
    expect(promo.body.data.total).toBe(3);
    expect(promo.body.data.news.map((n: any) => n.label)).toEqual(['Акции', 'Акции', 'Акции']);

    const all = await knowledgeList('agent', { page: 1, pageSize: 3 });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 10, page: 1, pageSize: 3 });
    expect(all.body.data.knowledge).toHaveLength(3);
    expect(all.body.data.knowledge[0]).toMatchObject({ title: 'Как оформить Е-ОСАГО в Oyster: пошаговая инструкция', tags: ['ОСАГО', 'Платформа'] });
    expect(all.body.data.knowledge[0]).not.toHaveProperty('label');
    expect(all.body.data.tags).toEqual(['ВЗР', 'Выплаты', 'Имущество', 'Ипотека', 'КАСКО', 'Клиенты', 'ОСАГО', 'Платформа']);

    const byTag = await knowledgeList('agent', { tag: 'Ипотека' });
    expect(byTag.body.data.knowledge.map((k: any) => k.title)).toEqual([
      'Ипотечное страхование: какие риски требует банк',
      'Как сэкономить клиенту при продлении ипотечного полиса',
    ]);
    expect(byTag.body.data.total).toBe(2);
    expect((await knowledgeList('agent', { tag: 'Нет такого тега' })).body.data).toMatchObject({ knowledge: [], total: 0 });
  });

  test('search: word forms, word beginnings, text of the body', async () => {
    const titles = async (list: typeof newsList, search: string, key = 'news') =>
      (await list('agent', { search, pageSize: 50 })).body.data[key].map((n: any) => n.title);
    // "ипотечному" (another form) and "ипотечн" (a beginning) both find the bonus news.
    expect(await titles(newsList, 'ипотечному')).toContain('Повышенное вознаграждение за ипотечное страхование до конца месяца');
    expect(await titles(newsList, 'ипотечн')).toContain('Повышенное вознаграждение за ипотечное страхование до конца месяца');
    // Only in the body: "Казань" and "трёхдневную".
    expect(await titles(newsList, 'казани трёхдн')).toEqual(['Конкурс агентов квартала: поездка в Казань для десяти лучших']);
    expect(await titles(newsList, 'кенгуру')).toEqual([]);
    // Drafts are never found by readers.
    expect(await titles(newsList, 'итоги квартала')).toEqual([]);
    expect(await titles(knowledgeList, 'европрот', 'knowledge')).toEqual(['Что делать клиенту при ДТП: европротокол и обращение к страховщику']);
    const kbm = await knowledgeList('agent', { search: 'КБМ', tag: 'ОСАГО' });
    expect(kbm.body.data.knowledge.map((k: any) => k.title)).toContain('КБМ: как он считается и как проверить скидку клиента');
    expect(kbm.body.data.total).toBe(kbm.body.data.knowledge.length);
  });

  test('by id: the news with its body; missing → 404 with errorMessage; bad id → 400', async () => {
    const [first] = (await newsList('agent', { pageSize: 1 })).body.data.news;
    const one = await req('agent', 'GET', `/api/v2/posts/news/${first._id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ error: false, errorMessage: null, data: { news: { ...first, body: expect.stringContaining('<h2>Что нового</h2>') } } });

    const missing = await req('agent', 'GET', `/api/v2/posts/news/${MISSING_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: true, errorMessage: 'Новость не найдена', message: 'Новость не найдена', data: null });
    const bad = await req('agent', 'GET', '/api/v2/posts/news/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/newsId/);

    const k = (await knowledgeList('agent', { pageSize: 1 })).body.data.knowledge[0];
    const article = await req('agent', 'GET', `/api/v2/posts/knowledge/${k._id}`);
    expect(article.body.data.knowledge).toMatchObject({ _id: k._id, tags: k.tags, body: expect.stringContaining('<ol>') });
    expect((await req('agent', 'GET', `/api/v2/posts/knowledge/${MISSING_ID}`)).body).toMatchObject({ error: true, errorMessage: 'Статья не найдена' });
    // A news id is not a knowledge id.
    expect((await req('agent', 'GET', `/api/v2/posts/knowledge/${first._id}`)).status).toBe(404);
    expect((await call(r.url, 'GET', `/api/v2/posts/news/${first._id}`)).status).toBe(401);
  });

  test('drafts: hidden from readers, shown to editors', async () => {
    const editors = await newsList('copywriter', { includeDrafts: true, pageSize: 50 });
    expect(editors.body.data.total).toBe(14);
    const drafts = editors.body.data.news.filter((n: any) => n.status === 'draft');
    expect(drafts.map((n: any) => n.title).sort()).toEqual(['Итоги квартала: продажи сети выросли на 18%', 'Новый страховщик-партнёр в калькуляторе Е-ОСАГО']);
    expect(drafts.every((n: any) => n.publishedAt === null)).toBe(true);
    // Drafts come first in the editors' list.
    expect(editors.body.data.news.slice(0, 2).every((n: any) => n.status === 'draft')).toBe(true);

    for (const who of ['agent', 'manager', 'newagent'] as const) {
      expect((await newsList(who, { includeDrafts: true })).body).toEqual(FORBIDDEN);
      const res = await req(who, 'GET', `/api/v2/posts/news/${drafts[0]._id}`);
      expect({ who, status: res.status, msg: res.body.errorMessage }).toEqual({ who, status: 404, msg: 'Новость не найдена' });
    }
    expect((await req('copywriter', 'GET', `/api/v2/posts/news/${drafts[0]._id}`)).body.data.news.status).toBe('draft');
    expect((await knowledgeList('admin', { includeDrafts: true })).body.data.total).toBe(11);
    expect((await knowledgeList('agent', { includeDrafts: true })).status).toBe(403);
  });

  test('editing news: 403 for agent, manager, supervisor; the full cycle for copywriter and admin', async () => {
    const target = (await newsList('agent', { pageSize: 1 })).body.data.news[0];
    const draft = { title: 'Проверка прав', summary: 'Кратко', body: '<p>Текст</p>', label: 'Продукты', status: 'draft' };
    for (const who of READERS_ONLY) {
      const calls = [
        req(who, 'POST', '/api/v2/posts/news', draft),
        req(who, 'PATCH', `/api/v2/posts/news/${target._id}`, { title: 'Взлом' }),
        req(who, 'POST', `/api/v2/posts/news/${target._id}/publish`),
        req(who, 'POST', `/api/v2/posts/news/${target._id}/unpublish`),
        req(who, 'DELETE', `/api/v2/posts/news/${target._id}`),
      ];
      for (const res of await Promise.all(calls)) expect({ who, status: res.status, body: res.body }).toEqual({ who, status: 403, body: FORBIDDEN });
    }
    expect((await req(null, 'POST', '/api/v2/posts/news', draft)).status).toBe(401);
    expect((await req('agent', 'GET', `/api/v2/posts/news/${target._id}`)).body.data.news.title).toBe(target.title);
    expect((await newsList('copywriter', { includeDrafts: true })).body.data.total).toBe(14);

    for (const who of EDITORS) {
      const created = await req(who, 'POST', '/api/v2/posts/news', { ...draft, title: `Черновик ${who}` });
      expect(created.status).toBe(200);
      const news = created.body.data.news;
      expect(news).toMatchObject({ title: `Черновик ${who}`, label: 'Продукты', status: 'draft', publishedAt: null, body: '<p>Текст</p>' });
      expect((await req('agent', 'GET', `/api/v2/posts/news/${news._id}`)).status).toBe(404);

      const patched = await req(who, 'PATCH', `/api/v2/posts/news/${news._id}`, { title: `Новость ${who}`, label: null });
      expect(patched.body.data.news).toMatchObject({ title: `Новость ${who}`, label: null, summary: 'Кратко' });

      const published = await req(who, 'POST', `/api/v2/posts/news/${news._id}/publish`);
      expect(published.body.data.news).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
      // The agent now sees it first.
      expect((await newsList('agent', { pageSize: 1 })).body.data.news[0]).toMatchObject({ _id: news._id, title: `Новость ${who}` });

      const unpublished = await req(who, 'POST', `/api/v2/posts/news/${news._id}/unpublish`);
      expect(unpublished.body.data.news).toMatchObject({ status: 'draft', publishedAt: null });
      expect((await req('agent', 'GET', `/api/v2/posts/news/${news._id}`)).status).toBe(404);

      expect((await req(who, 'DELETE', `/api/v2/posts/news/${news._id}`)).body).toEqual({ data: { deleted: true } });
      expect((await req(who, 'GET', `/api/v2/posts/news/${news._id}`)).status).toBe(404);
      expect((await req(who, 'DELETE', `/api/v2/posts/news/${news._id}`)).body.errorMessage).toBe('Новость не найдена');
    }
    expect((await newsList('agent')).body.data.total).toBe(12);
  });

  test('editing knowledge: 403 for agent, manager, supervisor; copywriter and admin create published articles with tags', async () => {
    const target = (await knowledgeList('agent', { pageSize: 1 })).body.data.knowledge[0];
    const article = { title: 'Новая статья', summary: '', body: '<p>Текст</p>', tags: ['КАСКО', ' Новое '], status: 'published' };
    for (const who of READERS_ONLY) {
      const calls = [
        req(who, 'POST', '/api/v2/posts/knowledge', article),
        req(who, 'PATCH', `/api/v2/posts/knowledge/${target._id}`, { tags: [] }),
        req(who, 'POST', `/api/v2/posts/knowledge/${target._id}/publish`),
        req(who, 'POST', `/api/v2/posts/knowledge/${target._id}/unpublish`),
        req(who, 'DELETE', `/api/v2/posts/knowledge/${target._id}`),
      ];
      for (const res of await Promise.all(calls)) expect({ who, status: res.status }).toEqual({ who, status: 403 });
    }
    expect((await knowledgeList('agent')).body.data.total).toBe(10);

    for (const who of EDITORS) {
      const created = await req(who, 'POST', '/api/v2/posts/knowledge', { ...article, title: `Статья ${who}` });
      expect(created.status).toBe(200);
      const k = created.body.data.knowledge;
      expect(k).toMatchObject({ status: 'published', tags: ['КАСКО', 'Новое'], publishedAt: expect.any(String) });
      const list = await knowledgeList('agent', { tag: 'Новое' });
      expect(list.body.data.knowledge.map((x: any) => x.title)).toEqual([`Статья ${who}`]);
      expect(list.body.data.tags).toContain('Новое');
      expect((await req(who, 'PATCH', `/api/v2/posts/knowledge/${k._id}`, { tags: ['ОСАГО'] })).body.data.knowledge.tags).toEqual(['ОСАГО']);
      expect((await req(who, 'POST', `/api/v2/posts/knowledge/${k._id}/unpublish`)).body.data.knowledge.status).toBe('draft');
      expect((await req(who, 'POST', `/api/v2/posts/knowledge/${k._id}/publish`)).body.data.knowledge.status).toBe('published');
      expect((await req(who, 'DELETE', `/api/v2/posts/knowledge/${k._id}`)).status).toBe(200);
    }
    expect((await knowledgeList('agent')).body.data.tags).not.toContain('Новое');
  });

  test('bad input: 400 with a Russian message naming the field, and nothing is written', async () => {
    const countNews = async () => (await newsList('admin', { includeDrafts: true })).body.data.total;
    const countKnowledge = async () => (await knowledgeList('admin', { includeDrafts: true })).body.data.total;
    const before = [await countNews(), await countKnowledge()];
    const ok = { title: 'Заголовок', summary: '', body: '<p>x</p>', status: 'draft' };
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/v2/posts/news', { ...ok, title: '' }, /^Поле «title» обязательно$/],
      ['POST', '/api/v2/posts/news', { ...ok, title: 'я'.repeat(201) }, /«title».*200/],
      ['POST', '/api/v2/posts/news', { ...ok, summary: 'я'.repeat(501) }, /«summary».*500/],
      ['POST', '/api/v2/posts/news', { ...ok, status: 'archived' }, /«status».*published, draft/],
      ['POST', '/api/v2/posts/news', { title: 'Без статуса' }, /«status» обязательно/],
      ['POST', '/api/v2/posts/news', { ...ok, coverImageUrl: 'javascript:alert(1)' }, /«coverImageUrl»/],
      ['POST', '/api/v2/posts/news', { ...ok, coverImageUrl: 'http://example.com/a.png' }, /«coverImageUrl»/],
      ['POST', '/api/v2/posts/knowledge', { ...ok, tags: Array.from({ length: 11 }, (_, i) => `тег${i}`) }, /«tags».*10/],
      ['POST', '/api/v2/posts/knowledge', { ...ok, tags: ['я'.repeat(41)] }, /«tags\[0\]».*40/],
      ['POST', '/api/v2/posts/knowledge', { ...ok, tags: [''] }, /«tags\[0\]»/],
      ['POST', '/api/v2/posts/news/list', { pageSize: 51 }, /«pageSize».*50/],
      ['POST', '/api/v2/posts/news/list', { page: 0 }, /«page».*1/],
      ['POST', '/api/v2/posts/news/list', { page: 'первая' }, /«page»/],
      ['POST', '/api/v2/posts/knowledge/list', { includeDrafts: 'yes' }, /«includeDrafts»/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await req('admin', method, path, body);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    const [existing] = (await newsList('admin', { pageSize: 1 })).body.data.news;
    const patchCases: [unknown, RegExp][] = [
      [{}, /Нет полей для изменения/],
      [{ title: '' }, /«title»/],
      [{ status: 'hidden' }, /«status»/],
    ];
    for (const [body, message] of patchCases) {
      const res = await req('admin', 'PATCH', `/api/v2/posts/news/${existing._id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await req('admin', 'PATCH', '/api/v2/posts/news/123', { title: 'x' })).body.message).toMatch(/«id»/);
    expect([await countNews(), await countKnowledge()]).toEqual(before);
    expect((await req('admin', 'GET', `/api/v2/posts/news/${existing._id}`)).body.data.news.title).toBe(existing.title);
  });

  test('sanitizing: scripts, event handlers and javascript: links never reach the page', async () => {
    const body = [
      '<p onclick="steal()">Полис <b>ОСАГО</b><script>alert("xss")</script></p>',
      '<img src="x" onerror="alert(1)"><img src="/media/news/demo-platform.png" onerror="alert(2)" alt="Обложка">',
      '<a href="javascript:alert(1)">плохая ссылка</a> <a href="JaVaScRiPt&colon;alert(1)">ещё одна</a>',
      '<a href="https://www.cbr.ru/" onmouseover="x()">ЦБ</a> <a href="mailto:help@oyster.test">почта</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><div style="color:red">текст</div>',
    ].join('');
    const created = await req('copywriter', 'POST', '/api/v2/posts/news', { title: 'Санитайзер', summary: '', body, status: 'published' });
    expect(created.status).toBe(200);
    const stored = (await req('agent', 'GET', `/api/v2/posts/news/${created.body.data.news._id}`)).body.data.news.body as string;
    for (const evil of ['<script', 'alert', 'onerror', 'onclick', 'onmouseover', 'javascript', 'iframe', '<style', 'style=', 'src="x"']) {
      expect({ evil, found: stored.toLowerCase().includes(evil.toLowerCase()) }).toEqual({ evil, found: false });
    }
    expect(stored).toContain('<p>Полис <b>ОСАГО</b></p>');
    expect(stored).toContain('<img src="/media/news/demo-platform.png" alt="Обложка" />');
    expect(stored).toContain('<a href="https://www.cbr.ru/" target="_blank" rel="noopener">ЦБ</a>');
    expect(stored).toContain('<a href="mailto:help@oyster.test" target="_blank" rel="noopener">почта</a>');
    expect(stored).toContain('плохая ссылка');
    expect(stored).toContain('текст');
    // Knowledge bodies go through the same filter on PATCH.
    const k = (await knowledgeList('agent', { pageSize: 1 })).body.data.knowledge[0];
    const patched = await req('admin', 'PATCH', `/api/v2/posts/knowledge/${k._id}`, { body: '<h1>Заголовок</h1><svg onload="x()"><script>1</script></svg><p>Ок</p>' });
    expect(patched.body.data.knowledge.body).toBe('<h2>Заголовок</h2><p>Ок</p>');
    await req('copywriter', 'DELETE', `/api/v2/posts/news/${created.body.data.news._id}`);
  });
});
