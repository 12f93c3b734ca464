import { responseEncoding } from '../../src/platform/compression';
import { BACKENDS, call, signIn, start, type Running } from '../support';

test('init-state picks brotli, else gzip, else none by Accept-Encoding, as @fastify/compress does (q=0 refuses, q orders)', () => {
  expect(responseEncoding('gzip, deflate, br')).toBe('br');
  expect(responseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
  expect(responseEncoding('*')).toBe('gzip');
  expect(responseEncoding('identity')).toBe('identity');
  expect(responseEncoding(undefined)).toBe('identity');
  expect(responseEncoding('br;q=0, gzip;q=0')).toBe('identity');
  expect(responseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
  expect(responseEncoding('x-gzip')).toBe('gzip');
});

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

  test('init-state comes as brotli, gzip or plain, the same answer once decoded', async () => {
    const token = await signIn(r.url, 'agent');
    const get = async (acceptEncoding: string) => {
      const res = await fetch(`${r.url}/api/v2/init-state`, { headers: { 'x-api-token': token, 'accept-encoding': acceptEncoding } });
      // Node's fetch decodes br/gzip itself; the header says what came over the wire.
      return { status: res.status, encoding: res.headers.get('content-encoding'), vary: res.headers.get('vary'), body: await res.json() };
    };
    const plain = await get('identity');
    expect(plain).toMatchObject({ status: 200, encoding: null });
    expect(plain.body.data.companies.length).toBeGreaterThanOrEqual(6);
    for (const accept of ['br, gzip', 'gzip']) {
      const res = await get(accept);
      expect({ status: res.status, encoding: res.encoding }).toEqual({ status: 200, encoding: accept === 'gzip' ? 'gzip' : 'br' });
      expect(res.vary ?? '').toMatch(/accept-encoding/i);
      expect(res.body).toEqual(plain.body);
    }
  });
});
