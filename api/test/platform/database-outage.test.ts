// @zone-independent: the database going away. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { ERROR_TEXTS } from '@oyster/shared-kit/domain';
import { isDatabaseUnavailable } from '../../src/platform/db';
import { dropTestData, start, type Running } from '../support/servers';
import { signIn, call } from '../support/http';
import { cuttableProxy, type CuttableProxy } from '../support/proxy';

describe('the database away for a moment (issue 27)', () => {
  test('errors that mean «cannot reach the database» are told from query errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    // A wrong query, a constraint, a plain bug: not «unavailable» (they stay a 400/409/500).
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  const databaseUrl = process.env.DATABASE_URL;
  const onPostgres = databaseUrl ? describe : describe.skip;
  onPostgres('PostgreSQL cut off and back (through a proxy the test cuts)', () => {
    let proxy: CuttableProxy;
    let running: Running;
    let token: string;
    beforeAll(async () => {
      const real = new URL(databaseUrl!);
      proxy = await cuttableProxy({ host: real.hostname, port: Number(real.port || 5432) });
      const viaProxy = new URL(databaseUrl!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      // Its schema or database is dropped through the real server afterwards (the proxy may be cut by then).
      running = await start({ databaseUrl: viaProxy.toString() }, { sessionCacheMs: 0 });
      token = await signIn(running.url, 'agent');
    });
    afterAll(async () => {
      await proxy.restore().catch(() => undefined);
      await running.oyster.close();
      await dropTestData(databaseUrl!, running);
      await proxy.close();
    });

    test('a call while the database is away is a 503 in Russian with Retry-After, soon; after it the api answers again by itself', async () => {
      expect((await call(running.url, 'GET', '/api/v2/notifications/count-not-read', { token })).status).toBe(200);
      await proxy.cut();
      const began = Date.now();
      const during = await call(running.url, 'GET', '/api/v2/notifications/count-not-read', { token });
      const tookMs = Date.now() - began;
      expect(during.status).toBe(503);
      expect(during.body.message).toBe(ERROR_TEXTS.unavailable);
      expect(during.body.message).toBe('Сервис временно недоступен. Повторите попытку через минуту');
      expect(during.headers.get('retry-after')).toBe('10');
      // Well inside the client's 30 s timeout: a refused connection fails at once, a silent one after 5 s.
      expect(tookMs).toBeLessThan(10_000);
      // The process is still up (an idle connection's error did not end it) and answers what needs no database.
      expect((await call(running.url, 'GET', '/healthz')).status).toBe(200);
      await proxy.restore();
      const after = await call(running.url, 'GET', '/api/v2/notifications/count-not-read', { token });
      expect(after.status).toBe(200);
    });

    test('a write while the database is away is a 503 too, and the same write succeeds once it is back', async () => {
      await proxy.cut();
      const during = await call(running.url, 'POST', '/api/v2/notifications/read-all', { token, body: {} });
      expect(during.status).toBe(503);
      expect(during.body.message).toBe('Сервис временно недоступен. Повторите попытку через минуту');
      await proxy.restore();
      const again = await call(running.url, 'POST', '/api/v2/notifications/read-all', { token, body: {} });
      expect(again.status).toBe(200);
    });
  });
});
