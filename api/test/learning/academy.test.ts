import { DEMO_ACCOUNTS } from '@oyster/shared-kit/domain';
import { BACKENDS, FORBIDDEN, call, startSignedIn, type SignedInApp } from '../support';

/** Academy: course lists per user type, a course with lessons and files, progress per user, editing rights. */
const WHO = ['admin', 'copywriter', 'agent', 'newagent', 'manager', 'supervisor'] as const;
type Who = (typeof WHO)[number];
const MISSING_ID = '0123456789abcdef01234567';

describe.each(BACKENDS)('learning: academy ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  const userList = (who: Who, body: unknown = {}) => req(who, 'POST', '/api/v2/academy/courses/get-list-user', body);
  const adminList = (who: Who, body: unknown = {}) => req(who, 'POST', '/api/v2/academy/courses/get-list-admin', body);
  let osago: any;

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO);
    osago = (await userList('agent')).body.data.courses.find((c: any) => c.title === 'Основы продаж ОСАГО');
  });
  afterAll(() => r.stop());

  test('user list: published courses with the caller’s own progress', async () => {
    const res = await userList('agent');
    expect(res.status).toBe(200);
    expect(res.body.data.courses.map((c: any) => [c.title, c.lessonsCount, c.progress])).toEqual([
      ['Основы продаж ОСАГО', 4, { completed: 2, total: 4 }],
      ['Ипотечное страхование для агентов', 3, { completed: 0, total: 3 }],
    ]);
    expect(res.body.data.courses[0]).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'published', coverImageUrl: '/media/courses/demo-course-osago.png',
      description: expect.stringContaining('начинающих агентов'),
    });
    expect((await userList('newagent')).body.data.courses[0].progress).toEqual({ completed: 0, total: 4 });
    expect((await call(r.url, 'POST', '/api/v2/academy/courses/get-list-user', { body: {} })).status).toBe(401);
  });

  test('admin list: staff (isPersonal) only, with drafts; agentId shows that agent’s progress', async () => {
    for (const who of ['agent', 'newagent'] as const) expect((await adminList(who)).body).toEqual(FORBIDDEN);
    const draft = await req('copywriter', 'POST', '/api/v2/academy/courses', { title: 'КАСКО: продвинутый курс', description: 'Скоро' });
    expect(draft.status).toBe(200);
    expect(draft.body.data.course).toMatchObject({ status: 'draft', lessonsCount: 0, lessons: [] });

    const staff = await adminList('manager');
    expect(staff.status).toBe(200);
    expect(staff.body.data.courses.map((c: any) => [c.title, c.status])).toEqual([
      ['Основы продаж ОСАГО', 'published'], ['Ипотечное страхование для агентов', 'published'], ['КАСКО: продвинутый курс', 'draft'],
    ]);
    expect(staff.body.data.courses[0].progress).toEqual({ completed: 0, total: 4 });
    // Drafts stay out of everyone else's list and pages.
    expect((await userList('agent')).body.data.courses).toHaveLength(2);
    expect((await req('agent', 'GET', `/api/v2/academy/courses/${draft.body.data.course._id}`)).body).toMatchObject({ error: true, errorMessage: 'Курс не найден' });
    expect((await req('copywriter', 'GET', `/api/v2/academy/courses/${draft.body.data.course._id}`)).status).toBe(200);

    const [{ id: agentId }] = await r.oyster.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_ACCOUNTS.agent.email]);
    const forAgent = await adminList('supervisor', { agentId });
    expect(forAgent.body.data.courses[0].progress).toEqual({ completed: 2, total: 4 });
    expect((await userList('newagent', { agentId })).body).toEqual(FORBIDDEN);
    expect((await adminList('admin', { agentId: MISSING_ID })).status).toBe(404);
    expect((await adminList('admin', { agentId: 'abc' })).body.message).toMatch(/agentId/);
    await req('copywriter', 'DELETE', `/api/v2/academy/courses/${draft.body.data.course._id}`);
  });

  test('a course: lessons in order with text, https video and PDFs served from /media/courses/', async () => {
    const res = await req('agent', 'GET', `/api/v2/academy/courses/${osago._id}`);
    expect(res.status).toBe(200);
    const { course } = res.body.data;
    expect(course).toMatchObject({ _id: osago._id, title: 'Основы продаж ОСАГО', lessonsCount: 4, progress: { completed: 2, total: 4 } });
    expect(course.lessons.map((l: any) => [l.position, l.completed])).toEqual([[1, true], [2, true], [3, false], [4, false]]);
    const lesson = course.lessons[0];
    expect(lesson).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: 'Продукт ОСАГО: что покрывает и из чего складывается цена',
      text: expect.stringContaining('<h2>Из чего складывается цена</h2>'),
      videoUrl: expect.stringMatching(/^https:\/\//),
      attachments: [{ name: 'Памятка: из чего складывается цена ОСАГО.pdf', url: '/media/courses/demo-osago-01-price.pdf', size: expect.any(Number) }],
    });
    const pdf = await fetch(r.url + lesson.attachments[0].url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(lesson.attachments[0].size);
    const cover = await fetch(r.url + course.coverImageUrl);
    expect(cover.headers.get('content-type')).toBe('image/png');

    expect((await req('agent', 'GET', `/api/v2/academy/courses/${MISSING_ID}`)).body).toEqual({
      error: true, errorMessage: 'Курс не найден', message: 'Курс не найден', data: null,
    });
    expect((await req('agent', 'GET', '/api/v2/academy/courses/nope')).status).toBe(400);
  });

  test('progress is saved per user', async () => {
    const lessons = (await req('newagent', 'GET', `/api/v2/academy/courses/${osago._id}`)).body.data.course.lessons;
    const mark = (who: Who, lessonId: string, completed: unknown) =>
      req(who, 'POST', `/api/v2/academy/courses/${osago._id}/lessons/${lessonId}/progress`, { completed });

    const done = await mark('newagent', lessons[2]._id, true);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ progress: { completed: 1, total: 4 }, lesson: { _id: lessons[2]._id, completed: true } });
    expect((await mark('newagent', lessons[2]._id, true)).body.data.progress).toEqual({ completed: 1, total: 4 });
    const again = (await req('newagent', 'GET', `/api/v2/academy/courses/${osago._id}`)).body.data.course;
    expect(again.lessons.map((l: any) => l.completed)).toEqual([false, false, true, false]);
    expect((await userList('newagent')).body.data.courses[0].progress).toEqual({ completed: 1, total: 4 });
    // Other users are not touched.
    expect((await userList('agent')).body.data.courses[0].progress).toEqual({ completed: 2, total: 4 });

    expect((await mark('agent', lessons[0]._id, false)).body.data.progress).toEqual({ completed: 1, total: 4 });
    expect((await mark('agent', lessons[0]._id, true)).body.data.progress).toEqual({ completed: 2, total: 4 });
    expect((await mark('newagent', lessons[2]._id, false)).body.data.progress).toEqual({ completed: 0, total: 4 });

    const bad = await mark('newagent', lessons[0]._id, 'да');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/«completed»/);
    expect((await req('newagent', 'POST', `/api/v2/academy/courses/${osago._id}/lessons/${lessons[0]._id}/progress`, {})).body.message).toBe('Поле «completed» обязательно');
    const other = (await userList('agent')).body.data.courses[1];
    const foreign = await req('agent', 'POST', `/api/v2/academy/courses/${other._id}/lessons/${lessons[0]._id}/progress`, { completed: true });
    expect(foreign.body).toMatchObject({ error: true, errorMessage: 'Урок не найден' });
    expect((await userList('newagent')).body.data.courses[0].progress).toEqual({ completed: 0, total: 4 });
  });

  test('editing courses and lessons: 403 for agent, manager, supervisor; the full cycle for copywriter and admin', async () => {
    const lessonId = (await req('agent', 'GET', `/api/v2/academy/courses/${osago._id}`)).body.data.course.lessons[0]._id;
    for (const who of ['agent', 'manager', 'supervisor'] as const) {
      const calls = [
        req(who, 'POST', '/api/v2/academy/courses', { title: 'Курс' }),
        req(who, 'PATCH', `/api/v2/academy/courses/${osago._id}`, { title: 'Взлом' }),
        req(who, 'POST', `/api/v2/academy/courses/${osago._id}/publish`),
        req(who, 'POST', `/api/v2/academy/courses/${osago._id}/unpublish`),
        req(who, 'DELETE', `/api/v2/academy/courses/${osago._id}`),
        req(who, 'POST', `/api/v2/academy/courses/${osago._id}/lessons`, { title: 'Урок' }),
        req(who, 'PATCH', `/api/v2/academy/lessons/${lessonId}`, { title: 'Взлом' }),
        req(who, 'DELETE', `/api/v2/academy/lessons/${lessonId}`),
      ];
      for (const res of await Promise.all(calls)) expect({ who, status: res.status, body: res.body }).toEqual({ who, status: 403, body: FORBIDDEN });
    }
    expect((await req('agent', 'GET', `/api/v2/academy/courses/${osago._id}`)).body.data.course).toMatchObject({ title: 'Основы продаж ОСАГО', lessonsCount: 4 });

    for (const who of ['copywriter', 'admin'] as const) {
      const created = await req(who, 'POST', '/api/v2/academy/courses', { title: `Курс ${who}`, description: 'Описание', coverImageUrl: '/media/courses/demo-course-osago.png' });
      expect(created.status).toBe(200);
      const id = created.body.data.course._id;
      const l1 = await req(who, 'POST', `/api/v2/academy/courses/${id}/lessons`, {
        title: 'Первый урок', text: '<p>Текст<script>alert(1)</script></p>', videoUrl: 'https://video.oyster.test/x',
        attachments: [{ name: 'Памятка.pdf', url: '/media/courses/demo-osago-01-price.pdf' }],
      });
      expect(l1.status).toBe(200);
      expect(l1.body.data.lesson).toMatchObject({ title: 'Первый урок', text: '<p>Текст</p>', position: 1, completed: false, attachments: [{ name: 'Памятка.pdf', size: expect.any(Number) }] });
      expect(l1.body.data.lesson.attachments[0].size).toBeGreaterThan(1000);
      const l2 = await req(who, 'POST', `/api/v2/academy/courses/${id}/lessons`, { title: 'Второй урок', position: 1 });
      expect(l2.body.data.lesson.position).toBe(1);
      const patched = await req(who, 'PATCH', `/api/v2/academy/lessons/${l2.body.data.lesson._id}`, { position: 2, videoUrl: null });
      expect(patched.body.data.lesson).toMatchObject({ position: 2, videoUrl: null });
      expect((await req(who, 'POST', `/api/v2/academy/courses/${id}/publish`)).body.data.course).toMatchObject({ status: 'published', lessonsCount: 2 });
      const seen = await req('agent', 'GET', `/api/v2/academy/courses/${id}`);
      expect(seen.body.data.course.lessons.map((l: any) => l.title)).toEqual(['Первый урок', 'Второй урок']);
      expect((await req(who, 'PATCH', `/api/v2/academy/courses/${id}`, { title: `Курс ${who} (обновлён)` })).body.data.course.title).toBe(`Курс ${who} (обновлён)`);
      expect((await req(who, 'POST', `/api/v2/academy/courses/${id}/unpublish`)).body.data.course.status).toBe('draft');
      expect((await req('agent', 'GET', `/api/v2/academy/courses/${id}`)).status).toBe(404);
      expect((await req(who, 'DELETE', `/api/v2/academy/lessons/${l1.body.data.lesson._id}`)).body).toEqual({ data: { deleted: true } });
      expect((await req(who, 'GET', `/api/v2/academy/courses/${id}`)).body.data.course.lessons.map((l: any) => [l.title, l.position])).toEqual([['Второй урок', 1]]);
      expect((await req(who, 'DELETE', `/api/v2/academy/courses/${id}`)).body).toEqual({ data: { deleted: true } });
      expect((await req(who, 'GET', `/api/v2/academy/courses/${id}`)).status).toBe(404);
      expect((await req(who, 'PATCH', `/api/v2/academy/lessons/${l2.body.data.lesson._id}`, { title: 'x' })).body.errorMessage).toBe('Урок не найден');
    }
    expect((await userList('agent')).body.data.courses).toHaveLength(2);
  });

  test('bad course and lesson input: 400 naming the field, nothing written', async () => {
    const count = async () => (await adminList('admin')).body.data.courses.length;
    const lessons = async () => (await req('admin', 'GET', `/api/v2/academy/courses/${osago._id}`)).body.data.course.lessons.length;
    const before = [await count(), await lessons()];
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/v2/academy/courses', {}, /^Поле «title» обязательно$/],
      ['POST', '/api/v2/academy/courses', { title: 'Курс', status: 'live' }, /«status»/],
      ['POST', '/api/v2/academy/courses', { title: 'Курс', coverImageUrl: 'ftp://x/y.png' }, /«coverImageUrl»/],
      ['POST', `/api/v2/academy/courses/${osago._id}/lessons`, { title: '' }, /«title»/],
      ['POST', `/api/v2/academy/courses/${osago._id}/lessons`, { title: 'Урок', videoUrl: 'http://video.example/x' }, /«videoUrl».*https/],
      ['POST', `/api/v2/academy/courses/${osago._id}/lessons`, { title: 'Урок', attachments: [{ name: 'x', url: 'https://evil.example/a.pdf' }] }, /«attachments\[0\]\.url»/],
      ['POST', `/api/v2/academy/courses/${osago._id}/lessons`, { title: 'Урок', attachments: [{ name: 'x', url: '/media/courses/missing.pdf' }] }, /«attachments\[0\]\.url».*не найден/],
      ['POST', `/api/v2/academy/courses/${MISSING_ID}/lessons`, { title: 'Урок' }, /Курс не найден/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await req('admin', method, path, body);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: path.includes(MISSING_ID) ? 404 : 400 });
      expect(res.body.message).toMatch(message);
    }
    expect([await count(), await lessons()]).toEqual(before);
  });
});
