import { DEMO_ACCOUNT_KEYS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, call, expectForbidden, expectOnly, signInAll, start, type Running } from '../support';

/** Who may list agents (canListAgents) and what each sees; filters, paging and validation. */
const LISTERS: DemoAccountKey[] = ['admin', 'manager', 'supervisor', 'supervisorAppointed', 'finance', 'owner', 'broker'];

describe.each(BACKENDS)('agents ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  const get = (who: DemoAccountKey, path: string) => call(r.url, 'GET', path, { token: tokens[who] });
  const post = (who: DemoAccountKey, path: string, body: unknown) => call(r.url, 'POST', path, { token: tokens[who], body });

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
  });
  afterAll(() => r.stop());

  test('agent search: visibility per role, plain agent 403, empty query answers the first agents', async () => {
    await expectForbidden(['agent', 'newagent', 'copywriter'], (who) => get(who, '/api/v2/agents/search?search=Иван'));
    // The spec's own call sends the parameters empty (§7): the first visible agents, not a 400 (issue 27).
    const empty = await get('admin', '/api/v2/agents/search?search=');
    expect(empty.status).toBe(200);
    const badId = await get('admin', '/api/v2/agents/search?agentId=xyz');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/agentId/);

    const found = await get('admin', `/api/v2/agents/search?search=${encodeURIComponent('Иванов')}`);
    expect(found.body).toEqual([{ _id: expect.any(String), fio: 'Иванов Иван Петрович', email: 'agent@oyster.test', isBlocked: false }]);
    const byId = await get('supervisor', `/api/v2/agents/search?agentId=${found.body[0]._id}`);
    expect(byId.body).toHaveLength(1);

    const appointed = await get('supervisorAppointed', '/api/v2/agents/search?search=oyster');
    expect(appointed.body.map((a: any) => a.email).sort()).toEqual(['agent1@oyster.test', 'agent6@oyster.test', 'agent@oyster.test']);
    const subs = await get('owner', '/api/v2/agents/search?search=oyster');
    expect(subs.body.map((a: any) => a.email).sort()).toEqual(['agent10@oyster.test', 'agent11@oyster.test', 'subagent@oyster.test']);
    const network = await get('broker', '/api/v2/agents/search?search=oyster');
    expect(network.body.map((a: any) => a.email).sort()).toEqual(['agent1@oyster.test', 'agent2@oyster.test', 'agent@oyster.test']);
    const onlySubs = await get('admin', '/api/v2/agents/search?search=oyster&subAgents=true');
    expect(onlySubs.body).toHaveLength(3);
  });

  test('agent list: who may list, filters, paging, visibility, validation', async () => {
    await expectOnly(LISTERS, (who) => post(who, '/api/v2/agents/', {}));
    const all = await post('admin', '/api/v2/agents/', { search: '', sortBy: 'createDate', sortType: 'desc', page: 1, pageSize: 5 });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(19);
    expect(all.body.data.agents).toHaveLength(5);
    expect(all.body.data.agents[0]).toMatchObject({ _id: expect.any(String), fio: expect.any(String), email: expect.any(String) });
    expect((await post('admin', '/api/v2/agents/', { status: 1 })).body.data.agents.map((a: any) => a.email)).toEqual(['agent12@oyster.test']);
    expect((await post('admin', '/api/v2/agents/', { opf: 'SZ' })).body.data.total).toBe(4);
    expect((await post('admin', '/api/v2/agents/', { byNetwork: true })).body.data.total).toBe(7);
    expect((await post('supervisorAppointed', '/api/v2/agents/', {})).body.data.total).toBe(3);
    const bad = await post('admin', '/api/v2/agents/', { sortType: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/sortType/);
    const badPage = await post('admin', '/api/v2/agents/', { page: 'abc' });
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toMatch(/page/);
  });
});
