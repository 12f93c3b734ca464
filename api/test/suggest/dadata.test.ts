/**
 * The suggestion gateway with DADATA_API_KEY set: it proxies to DaData (here a fake DaData on a local
 * port, DADATA_URL), and any failure — error status, bad JSON, no answer within 3 s — is an empty
 * list, never a hang or a 500.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { BACKENDS, call, signIn, start, type Running } from '../support';

interface Seen {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: any;
}

/** A fake DaData: the query decides how it answers. */
function fakeDadata(seen: Seen[]) {
  return createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw || '{}');
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
    const reply = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    };
    switch (body.query) {
      case 'молчание':
        return; // never answers
      case 'ошибка':
        return reply(500, '{"message":"internal"}');
      case 'лимит':
        return reply(403, '{"message":"Daily limit exceeded"}');
      case 'мусор':
        return reply(200, '<html>not json</html>');
      case 'пусто':
        return reply(200, '{"foo":1}');
      default: {
        const n = Math.min(body.count ?? 10, 25);
        const suggestions = Array.from({ length: n + 5 }, (_, i) => ({
          value: `${body.query} ${i + 1}`,
          unrestricted_value: `полный ${body.query} ${i + 1}`,
          data: { echo: req.url, i },
        }));
        return reply(200, JSON.stringify({ suggestions: [...suggestions, { junk: true }] }));
      }
    }
  });
}

/** Listens on the first free port of 8500–8599. */
async function listenInRange(server: Server): Promise<number> {
  for (let port = 8500 + Math.floor(Math.random() * 50); port < 8600; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) return port;
  }
  throw new Error('no free port in 8500–8599');
}

describe('suggestion gateway, DaData proxy (§7)', () => {
  let r: Running;
  let url: string;
  let token: string;
  let fake: Server;
  const seen: Seen[] = [];
  const post = (path: string, body: unknown) => call(url, 'POST', path, { token, body });

  beforeAll(async () => {
    fake = fakeDadata(seen);
    const port = await listenInRange(fake);
    const saved = { key: process.env.DADATA_API_KEY, url: process.env.DADATA_URL };
    process.env.DADATA_API_KEY = 'test-key';
    process.env.DADATA_URL = `http://127.0.0.1:${port}/suggestions/api/4_1/rs`;
    try {
      r = await start(BACKENDS[0]); // the gateway reads its settings when the routes are registered
    } finally {
      if (saved.key === undefined) delete process.env.DADATA_API_KEY;
      else process.env.DADATA_API_KEY = saved.key;
      if (saved.url === undefined) delete process.env.DADATA_URL;
      else process.env.DADATA_URL = saved.url;
    }
    url = r.url;
    token = await signIn(url, 'agent');
  });
  afterAll(async () => {
    await r.stop();
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });

  test('forwards the validated request with the token header, answers DaData suggestions (at most count)', async () => {
    seen.length = 0;
    const body = { query: 'москва', count: 3, locations: [{ region: 'Москва' }], from_bound: { value: 'street' }, to_bound: { value: 'house' }, extra: 'dropped' };
    const res = await post('/suggest/address', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      suggestions: [1, 2, 3].map((i) => ({ value: `москва ${i}`, unrestricted_value: `полный москва ${i}`, data: { echo: '/suggestions/api/4_1/rs/suggest/address', i: i - 1 } })),
    });
    expect(seen).toEqual([
      {
        path: '/suggestions/api/4_1/rs/suggest/address',
        authorization: 'Token test-key',
        contentType: 'application/json',
        body: { query: 'москва', count: 3, locations: [{ region: 'Москва' }], from_bound: { value: 'street' }, to_bound: { value: 'house' } },
      },
    ]);
  });

  test('each kind goes to its DaData path; the generic call defaults to fio', async () => {
    seen.length = 0;
    for (const [path, body] of [
      ['/suggest/fio', { query: 'иван', parts: ['NAME'], gender: 'MALE' }],
      ['/suggest/bank', { query: 'сбер' }],
      ['/suggest/fms_unit', { query: '770-001' }],
      ['/suggest/email', { query: 'ivan' }],
      ['/suggest', { query: 'петр' }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status).toBe(200);
      expect(res.body.suggestions).toHaveLength(10);
    }
    expect(seen.map((s) => [s.path, s.body])).toEqual([
      ['/suggestions/api/4_1/rs/suggest/fio', { query: 'иван', count: 10, parts: ['NAME'], gender: 'MALE' }],
      ['/suggestions/api/4_1/rs/suggest/bank', { query: 'сбер', count: 10 }],
      ['/suggestions/api/4_1/rs/suggest/fms_unit', { query: '770-001', count: 10 }],
      ['/suggestions/api/4_1/rs/suggest/email', { query: 'ivan', count: 10 }],
      ['/suggestions/api/4_1/rs/suggest/fio', { query: 'петр', count: 10 }],
    ]);
  });

  test('bad input is refused before DaData is called', async () => {
    seen.length = 0;
    const res = await post('/suggest/address', { query: 'москва', count: 21 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Поле «count» должно быть не больше 20');
    expect(seen).toEqual([]);
  });

  test.each(['ошибка', 'лимит', 'мусор', 'пусто'])('DaData answers badly (%s) → empty list', async (query) => {
    const res = await post('/suggest/address', { query });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { suggestions: [] } });
  });

  test('DaData does not answer → empty list after the 3 s timeout, not a hang', async () => {
    const t0 = Date.now();
    const res = await post('/suggest/fio', { query: 'молчание' });
    const ms = Date.now() - t0;
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { suggestions: [] } });
    expect(ms).toBeGreaterThanOrEqual(2900);
    expect(ms).toBeLessThan(6000);
  });
});
