import { PassThrough } from 'node:stream';
import { ERROR_TEXTS } from '@oyster/shared-kit/domain';
import type { Domain } from '../../src/platform/context';
import { DOMAINS } from '../../src/domains';
import { BACKENDS, DEMO_PASSWORD, call, startSignedIn, type SignedInApp } from '../support';

/**
 * Issue 9, findings 1 and 8: malformed input is a 400 with a Russian message naming the field, never
 * a 500; text fields take only strings, without control characters; an unexpected error is a logged
 * 500 with a request id and no stack. Each case below answered 500 (or a silent cast) before.
 */
const probe: Domain = {
  name: 'probe',
  register(app) {
    app.get('/api/v2/probe/boom', async () => {
      throw new Error('secret internals at /work/main/api/src/x.ts:1');
    });
  },
};

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe.each(BACKENDS)('request validation ($name)', (backend) => {
  let r: SignedInApp<'admin' | 'owner'>;
  const log: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => log.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    r = await startSignedIn(backend, ['admin', 'owner'], { domains: [...DOMAINS, probe], logStream });
  });
  afterAll(() => r.stop());
  const raw = (who: 'admin' | null, method: string, path: string, rawBody: string) =>
    call(r.url, method, path, { token: who ? r.tokens[who] : undefined, rawBody });
  const count = async (table: string) => (await r.oyster.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  test('login with a prototype key (toString: 1) signs in as usual, a non-string email is a 400 naming it', async () => {
    const ok = await call(r.url, 'POST', '/api/v2/auth/login/', { body: { email: 'admin@oyster.test', password: DEMO_PASSWORD, toString: 1 } });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toMatch(/^[0-9a-f]{64}$/);
    const unknown = await call(r.url, 'POST', '/api/v2/auth/login/', { body: { email: 'a@b.cd', password: 'xxxxxxxxx', toString: 1, valueOf: 2, hasOwnProperty: 3 } });
    expect(unknown).toMatchObject({ status: 200, body: { error: true, type: 'credentials' } });
    const bad = await call(r.url, 'POST', '/api/v2/auth/login/', { body: { email: {}, password: 'xxxxxxxxx' } });
    expect(bad).toMatchObject({ status: 400, body: { field: 'email', message: expect.stringContaining('«email»') } });
  });

  test('a query key given twice is a 400 naming it', async () => {
    const res = await r.req('owner', 'GET', '/api/v2/agents/search?search=a&search=b');
    expect(res).toMatchObject({ status: 400, body: { field: 'search', message: expect.stringContaining('«search»') } });
  });

  test('a NUL or another control character in text is a 400 naming the field, and nothing is written', async () => {
    const list = await r.req('admin', 'POST', '/api/v2/posts/news/list', { label: 'a\u0000' });
    expect(list).toMatchObject({ status: 400, body: { field: 'label', message: expect.stringContaining('«label»') } });
    const search = await r.req('admin', 'POST', '/api/v2/agents/', { search: 'x\u0007y' });
    expect(search).toMatchObject({ status: 400, body: { field: 'search' } });
    const before = await count('posts');
    const created = await r.req('admin', 'POST', '/api/v2/posts/news', { title: 'Заголовок\u0000', status: 'draft' });
    expect(created).toMatchObject({ status: 400, body: { field: 'title' } });
    // Line breaks and tabs stay allowed where text has lines.
    const body = await r.req('admin', 'POST', '/api/v2/posts/news', { title: 'Строки', status: 'draft', body: '<p>a</p>\n\t<p>b</p>\r\n' });
    expect(body.status).toBe(200);
    expect(await count('posts')).toBe(before + 1);
  });

  test('paging is bounded: page 1e18 is a 400 naming page, the last allowed page is an empty 200', async () => {
    const huge = await r.req('owner', 'POST', '/api/v2/agents/', { page: 1e18 });
    expect(huge).toMatchObject({ status: 400, body: { field: 'page', message: expect.stringContaining('«page»') } });
    for (const page of [0, -1, 1.5, '2']) {
      expect({ page, status: (await r.req('owner', 'POST', '/api/v2/agents/', { page })).status }).toEqual({ page, status: 400 });
    }
    const last = await r.req('owner', 'POST', '/api/v2/agents/', { page: 10_000, pageSize: 100 });
    expect(last).toMatchObject({ status: 200, body: { data: { agents: [] } } });
  });

  test('deeply nested bodies are a 400 (64 levels) or a 400/413 (a megabyte of brackets), never a crash', async () => {
    const deep = await raw('admin', 'POST', '/api/v2/posts/news', `{"title":"x","status":"draft","tags":${nested(64)}}`);
    expect(deep).toMatchObject({ status: 400, body: { message: expect.stringMatching(/вложенност/) } });
    const deeper = await raw('admin', 'POST', '/api/v2/posts/news/list', `{"label":${nested(100_000)}}`);
    expect(deeper.status).toBe(400);
    const huge = await raw('admin', 'POST', '/api/v2/posts/news/list', `{"label":${nested(600_000)}}`);
    expect([400, 413]).toContain(huge.status);
    expect(typeof huge.body.message).toBe('string');
  });

  test('non-string values in string fields are a 400 naming the field (no TypeError, no casting)', async () => {
    for (const search of [{}, [], 5, true]) {
      const res = await r.req('owner', 'POST', '/api/v2/agents/', { search });
      expect({ search, status: res.status, field: res.body.field }).toEqual({ search, status: 400, field: 'search' });
    }
    const fio = await r.req('admin', 'POST', '/suggest/fio', { query: { a: 1 } });
    expect(fio).toMatchObject({ status: 400, body: { field: 'query' } });
  });

  test('finding 8: a number or a boolean is not a title (nothing is created)', async () => {
    const before = await count('posts');
    for (const title of [true, 123, ['a']]) {
      const res = await r.req('admin', 'POST', '/api/v2/posts/news', { title, status: 'draft' });
      expect({ title, status: res.status, field: res.body.field, message: res.body.message }).toEqual({
        title, status: 400, field: 'title', message: 'Поле «title» должно быть строкой',
      });
    }
    const course = await r.req('admin', 'POST', '/api/v2/academy/courses', { title: false });
    expect(course).toMatchObject({ status: 400, body: { field: 'title' } });
    expect(await count('posts')).toBe(before);
  });

  test('a body that is not a JSON object is a 400 in Russian', async () => {
    for (const body of ['[]', '"text"', '5', '{"a":']) {
      const res = await raw('admin', 'POST', '/api/v2/posts/news/list', body);
      expect({ body, status: res.status, russian: /[а-я]/i.test(res.body.message) }).toEqual({ body, status: 400, russian: true });
    }
    const plain = await fetch(`${r.url}/api/v2/posts/news/list`, { method: 'POST', headers: { 'x-api-token': r.tokens.admin, 'content-type': 'text/plain' }, body: 'hello' });
    expect(plain.status).toBe(400);
    const form = await fetch(`${r.url}/api/v2/posts/news/list`, { method: 'POST', headers: { 'x-api-token': r.tokens.admin, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
  });

  test('a URL the router cannot read is a 400 (or 414 for an overlong parameter) in Russian', async () => {
    for (const path of ['/api/v2/posts/news/%ZZ', '/api/v2/dictionary/%E0%A4%A']) {
      expect(await r.req('admin', 'GET', path)).toMatchObject({ status: 400, body: { message: 'Некорректный адрес запроса' } });
    }
    expect(await r.req('admin', 'GET', `/api/v2/posts/news/${'x'.repeat(150)}`)).toMatchObject({ status: 414, body: { message: 'Слишком длинный адрес запроса' } });
  });

  test('an unexpected error is a 500 with the request id and the Russian text, never a stack', async () => {
    const res = await r.req('admin', 'GET', '/api/v2/probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: ERROR_TEXTS.server, requestId: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|\.ts/);
    // The log has the error, with the same request id.
    await new Promise((done) => setTimeout(done, 50));
    const entry = log.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(entry).toMatchObject({ level: 50, reqId: res.body.requestId, requestId: res.body.requestId, err: { message: expect.stringContaining('secret internals') } });
  });
});
