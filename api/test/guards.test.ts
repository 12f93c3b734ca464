import { BACKENDS, call, login, start, type Running } from './helpers';

const ALL = [
  'admin', 'manager', 'supervisor', 'supervisor.appointed', 'finance', 'copywriter',
  'agent', 'newagent', 'owner', 'subagent', 'broker',
] as const;
type Who = (typeof ALL)[number];

describe.each(BACKENDS)('guards and data ($name)', (backend) => {
  let r: Running;
  let url: string;
  const tokens = {} as Record<Who, string>;
  const get = (who: Who, path: string) => call(url, 'GET', path, { token: tokens[who] });
  const post = (who: Who, path: string, body: unknown) => call(url, 'POST', path, { token: tokens[who], body });

  beforeAll(async () => {
    r = await start(backend);
    url = r.url;
    for (const who of ALL) tokens[who] = await login(url, `${who}@oyster.test`);
  });
  afterAll(() => r.stop());

  const expect403 = async (who: Who, res: Promise<{ status: number; body: any }>) => {
    const { status, body } = await res;
    expect({ who, status, body }).toEqual({ who, status: 403, body: { message: 'Нет доступа к данному ресурсу' } });
  };

  test('statistics widget: managers only', async () => {
    const ok = await get('manager', '/api/v2/statistics/widget');
    expect(ok.status).toBe(200);
    expect(ok.body.statistics).toMatchObject({ date: expect.any(String), month: expect.any(String), previousMonth: expect.any(String) });
    expect(ok.body.statistics.statistics).toEqual(expect.arrayContaining([{ name: 'Запросов в работе', value: 3 }]));
    for (const who of ALL.filter((w) => w !== 'manager')) await expect403(who, get(who, '/api/v2/statistics/widget'));
  });

  test('payments info: not for copywriters or managers; real numbers in kopecks', async () => {
    await expect403('copywriter', get('copywriter', '/api/v2/get-info-payments/'));
    await expect403('manager', get('manager', '/api/v2/get-info-payments/'));
    const res = await get('agent', '/api/v2/get-info-payments/');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      currentProfit: 235450, countPayment: 3, countAwaitPayment: 1, openedBRCount: 2, countContinuePayment: 1, appRegistrations: 2,
    });
    // The owner sees their sub-agents too.
    const owner = await get('owner', '/api/v2/get-info-payments/');
    expect(owner.body.data).toMatchObject({ currentProfit: 1520000, countAwaitPayment: 1 });
    expect((await get('admin', '/api/v2/get-info-payments/')).status).toBe(200);
  });

  test('open chats count: not for copywriters', async () => {
    await expect403('copywriter', get('copywriter', '/api/v2/chats/opened-count'));
    expect((await get('agent', '/api/v2/chats/opened-count')).body).toEqual({ chatsOpenedCount: 3, agentChats: 1, clientChats: 2 });
    expect((await get('manager', '/api/v2/chats/opened-count')).body).toEqual({ chatsOpenedCount: 2, agentChats: 2, clientChats: 0 });
  });

  test('notifications count', async () => {
    expect((await get('agent', '/api/v2/notifications/count-not-read')).body).toEqual({ count: 3 });
    expect((await get('admin', '/api/v2/notifications/count-not-read')).body).toEqual({ count: 0 });
  });

  test('init-state shape', async () => {
    const res = await get('agent', '/api/v2/init-state');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.companies.length).toBeGreaterThanOrEqual(6);
    expect(d.companies[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), idUnicus: expect.any(String), shortName: expect.any(String) });
    expect(d.products.map((p: any) => p.id)).toEqual(
      ['eosago', 'ekasko', 'dsago', 'ipoteka', 'ifl', 'ifl_house', 'dms', 'lpu', 'critical', 'ns', 'nsg', 'isg', 'vzr', 'go_fl', 'other'],
    );
    expect(d.products[0]).toEqual({ id: 'eosago', name: 'eosago', visibleName: 'Е-ОСАГО', description: expect.any(String) });
    expect(d.networkList).toHaveLength(2);
    expect(d.mages).toEqual(expect.arrayContaining([{ _id: expect.any(String), fio: 'Кузнецова Ольга Сергеевна' }]));
    expect(d.curators).toEqual(expect.arrayContaining([
      { _id: expect.any(String), fio: 'Петров Сергей Николаевич', fullNameShort: 'Петров С. Н.', email: 'supervisor.appointed@oyster.test' },
    ]));
    expect((await call(url, 'GET', '/api/v2/init-state')).status).toBe(401);
  });

  test('dictionaries, with and without type', async () => {
    const full = await get('agent', '/api/v2/dictionary/origin/opf');
    expect(full.body.data).toEqual(expect.arrayContaining([{ optionId: 'SZ', optionName: 'Самозанятый' }]));
    expect((await get('agent', '/api/v2/dictionary/opf')).body).toEqual(full.body);
    expect((await get('agent', '/api/v2/dictionary/origin/agent-status')).body.data).toEqual([
      { optionId: '0', optionName: 'Активен' }, { optionId: '1', optionName: 'Заблокирован' },
    ]);
    expect((await get('agent', '/api/v2/dictionary/origin/nope')).status).toBe(404);
    const bad = await get('agent', '/api/v2/dictionary/origin/%D0%B0%20b');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/name/);
  });

  test('agent search: visibility per role, plain agent 403, empty query 400', async () => {
    await expect403('agent', get('agent', '/api/v2/agents/search?search=Иван'));
    await expect403('newagent', get('newagent', '/api/v2/agents/search?search=Иван'));
    await expect403('copywriter', get('copywriter', '/api/v2/agents/search?search=Иван'));
    const empty = await get('admin', '/api/v2/agents/search?search=');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/search/);
    const badId = await get('admin', '/api/v2/agents/search?agentId=xyz');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/agentId/);

    const found = await get('admin', `/api/v2/agents/search?search=${encodeURIComponent('Иванов')}`);
    expect(found.body).toEqual([{ _id: expect.any(String), fio: 'Иванов Иван Петрович', email: 'agent@oyster.test', isBlocked: false }]);
    const byId = await get('supervisor', `/api/v2/agents/search?agentId=${found.body[0]._id}`);
    expect(byId.body).toHaveLength(1);

    const appointed = await get('supervisor.appointed', '/api/v2/agents/search?search=oyster');
    expect(appointed.body.map((a: any) => a.email).sort()).toEqual(['agent1@oyster.test', 'agent6@oyster.test', 'agent@oyster.test']);
    const subs = await get('owner', '/api/v2/agents/search?search=oyster');
    expect(subs.body.map((a: any) => a.email).sort()).toEqual(['agent10@oyster.test', 'agent11@oyster.test', 'subagent@oyster.test']);
    const network = await get('broker', '/api/v2/agents/search?search=oyster');
    expect(network.body.map((a: any) => a.email).sort()).toEqual(['agent1@oyster.test', 'agent2@oyster.test', 'agent@oyster.test']);
    const onlySubs = await get('admin', '/api/v2/agents/search?search=oyster&subAgents=true');
    expect(onlySubs.body).toHaveLength(3);
  });

  test('agent list: filters, paging, visibility, validation', async () => {
    await expect403('agent', post('agent', '/api/v2/agents/', {}));
    const all = await post('admin', '/api/v2/agents/', { search: '', sortBy: 'createDate', sortType: 'desc', page: 1, pageSize: 5 });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(19);
    expect(all.body.data.agents).toHaveLength(5);
    expect(all.body.data.agents[0]).toEqual({ _id: expect.any(String), fio: expect.any(String), email: expect.any(String) });
    expect((await post('admin', '/api/v2/agents/', { status: 1 })).body.data.agents.map((a: any) => a.email)).toEqual(['agent12@oyster.test']);
    expect((await post('admin', '/api/v2/agents/', { opf: 'SZ' })).body.data.total).toBe(4);
    expect((await post('admin', '/api/v2/agents/', { byNetwork: true })).body.data.total).toBe(7);
    expect((await post('supervisor.appointed', '/api/v2/agents/', {})).body.data.total).toBe(3);
    const bad = await post('admin', '/api/v2/agents/', { sortType: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/sortType/);
    const badPage = await post('admin', '/api/v2/agents/', { page: 'abc' });
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toMatch(/page/);
  });

  test('PATCH users is admin only and validates', async () => {
    const target = (await get('admin', '/api/v2/agents/search?search=Иванов')).body[0]._id;
    for (const who of ALL.filter((w) => w !== 'admin')) {
      await expect403(who, call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens[who], body: { firstName: 'Пётр' } }));
    }
    const bad = await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { roles: ['wizard'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Неизвестная роль: wizard');
    const badFlag = await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { isBlocked: 'yes' } });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toMatch(/isBlocked/);
    expect((await call(url, 'PATCH', '/api/v2/users/123', { token: tokens.admin, body: { firstName: 'А' } })).status).toBe(400);
    expect((await call(url, 'PATCH', `/api/v2/users/${'0'.repeat(24)}`, { token: tokens.admin, body: { firstName: 'А' } })).status).toBe(404);
    // Nothing was written by the refused calls.
    expect((await get('agent', '/api/v2/auth/get-user')).body.user.firstName).toBe('Иван');
  });
});
