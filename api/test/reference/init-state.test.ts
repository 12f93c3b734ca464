import { BACKENDS, call, signIn, start, type Running } from '../support';

describe.each(BACKENDS)('init-state ($name)', (backend) => {
  let r: Running;
  beforeAll(async () => {
    r = await start(backend);
  });
  afterAll(() => r.stop());

  test('init-state shape', async () => {
    const res = await call(r.url, 'GET', '/api/v2/init-state', { token: await signIn(r.url, 'agent') });
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
    expect((await call(r.url, 'GET', '/api/v2/init-state')).status).toBe(401);
  });
});
