// @zone-independent: /health, /ready and /metrics. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { Writable } from 'node:stream';
import { DEMO_ACCOUNTS } from '@oyster/shared-kit/domain';
import { runChecks, type ReadinessCheck } from '../../src/platform/health';
import { METRIC_NAMES } from '../../src/platform/metrics';
import { BACKENDS, call, REDIS_URL, startSignedIn, type SignedInApp } from '../support';

/** /health, /ready (platform/health.ts), /metrics (platform/metrics.ts) and the request log's ids. */
describe.each(BACKENDS)('health, readiness, metrics ($name)', (backend) => {
  let r: SignedInApp<'admin' | 'agent'>;
  let lines: string[];
  beforeAll(async () => {
    lines = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    r = await startSignedIn(backend, ['admin', 'agent'], { logStream, processMetrics: true });
  }, 300_000);
  afterAll(() => r?.stop(), 120_000);

  test('/health and its old name /healthz: public, no I/O', async () => {
    for (const path of ['/health', '/healthz']) {
      const res = await call(r.url, 'GET', path);
      expect([path, res.status, res.body]).toEqual([path, 200, { ok: true }]);
    }
  });

  test('/ready: public; database, Redis when configured, storage — each named', async () => {
    const res = await call(r.url, 'GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(Object.keys(res.body.checks).sort()).toEqual(REDIS_URL ? ['database', 'redis', 'stopping', 'storage'] : ['database', 'stopping', 'storage']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('/ready is 503 naming the failing check; a hung check fails at its timeout', async () => {
    // A check another part adds (say, an object store) that cannot reach its server.
    r.oyster.readiness.add({ name: 'objects', run: () => Promise.reject(new Error('connect ECONNREFUSED http://key:secret@minio:9000')) });
    const res = await call(r.url, 'GET', '/ready');
    expect([res.status, res.body.ok, res.body.failed, res.body.message]).toEqual([503, false, ['objects'], 'Сервис не готов: objects']);
    expect(res.body.checks.database.ok).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('secret');

    const t0 = Date.now();
    const results = await runChecks(
      [
        { name: 'ok', run: async () => 1 },
        { name: 'hangs', run: () => new Promise(() => undefined) },
      ] satisfies ReadinessCheck[],
      200,
    );
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(results.map((x) => [x.name, x.ok, x.error])).toEqual([['ok', true, undefined], ['hangs', false, 'no answer in 200 ms']]);
  });

  test('/metrics: an administrator gets the text format with the named series; an agent 403; anonymous 401', async () => {
    // A failed sign-in and a request to a route with an id, to see both in the text.
    await call(r.url, 'POST', '/api/v2/auth/login/', { body: { email: DEMO_ACCOUNTS.agent.email, password: 'wrong-password-1', rememberMe: false } });
    await r.req('agent', 'GET', '/api/v2/posts/news/0123456789abcdef01234567');

    const anonymous = await call(r.url, 'GET', '/metrics');
    expect([anonymous.status, anonymous.body.message]).toEqual([401, 'Вы не авторизованы']);
    expect((await r.req('agent', 'GET', '/metrics')).status).toBe(403);

    const res = await r.req('admin', 'GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body as string;
    for (const name of [...Object.values(METRIC_NAMES), 'process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes']) {
      expect({ name, found: text.includes(`# TYPE ${name} `) }).toEqual({ name, found: true });
    }
    expect(text).toMatch(/oyster_login_failures_total\{reason="credentials"\} [1-9]/);
    expect(text).toMatch(/oyster_queue_depth\{queue="broker_request_escalations"\} \d+/);
    expect(text).toMatch(/oyster_queue_depth\{queue="release_retries"\} \d+/);
    expect(text).toMatch(/oyster_socket_connections \d+/);
    // By route pattern, never the URL with its id.
    expect(text).toContain('route="/api/v2/posts/news/:newsId"');
    expect(text).not.toContain('0123456789abcdef01234567');
  });

  test('each request line carries its request id, and the user id when signed in — never a token', async () => {
    lines.length = 0;
    await r.req('agent', 'GET', '/api/v2/notifications/count-not-read');
    await call(r.url, 'GET', '/api/v2/config');
    await new Promise((ok) => setTimeout(ok, 50));
    const agentId = (await r.req('agent', 'GET', '/api/v2/auth/get-user')).body.user._id;
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; url?: string; reqId?: string; userId?: string });
    expect(entries.find((e) => e.url === '/api/v2/notifications/count-not-read')).toEqual(expect.objectContaining({ msg: 'request', reqId: expect.any(String), userId: agentId }));
    const anon = entries.find((e) => e.url === '/api/v2/config');
    expect(anon).toEqual(expect.objectContaining({ reqId: expect.any(String) }));
    expect(anon?.userId).toBeUndefined();
    expect(lines.join('')).not.toContain(r.tokens.agent);
  });
});
