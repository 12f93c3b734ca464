import { BACKENDS, call, signIn, start, type Running } from '../support';

describe.each(BACKENDS)('dictionaries ($name)', (backend) => {
  let r: Running;
  let token: string;
  const get = (path: string) => call(r.url, 'GET', path, { token });
  beforeAll(async () => {
    r = await start(backend);
    token = await signIn(r.url, 'agent');
  });
  afterAll(() => r.stop());

  test('dictionaries, with and without type', async () => {
    const full = await get('/api/v2/dictionary/origin/opf');
    expect(full.body.data).toEqual(expect.arrayContaining([{ optionId: 'SZ', optionName: 'Самозанятый' }]));
    expect((await get('/api/v2/dictionary/opf')).body).toEqual(full.body);
    expect((await get('/api/v2/dictionary/origin/agent-status')).body.data).toEqual([
      { optionId: '0', optionName: 'Активен' }, { optionId: '1', optionName: 'Заблокирован' },
    ]);
    expect((await get('/api/v2/dictionary/origin/nope')).status).toBe(404);
    const bad = await get('/api/v2/dictionary/origin/%D0%B0%20b');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/name/);
  });
});
