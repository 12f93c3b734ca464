// @zone-independent: what the request log keeps. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { Writable } from 'node:stream';
import { logLevelFrom, redactUrl } from '../../src/platform/logging';
import { call, start, type Running } from '../support';

/** The request log keeps no token, cookie, password or personal data (platform/logging.ts). */
describe('request log (pglite)', () => {
  let r: Running;
  let lines: string[];
  beforeAll(async () => {
    lines = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    r = await start({}, { redisUrl: undefined, logStream });
  });
  afterAll(() => r.stop());

  test('tokens, cookies, passwords and typed-in personal data never reach the log', async () => {
    const login = await call(r.url, 'POST', '/api/v2/auth/login/', { body: { email: 'agent@oyster.test', password: 'Oyster2026!', rememberMe: false } });
    const token = login.body.token as string;
    await call(r.url, 'GET', `/api/v2/auth/get-user?token=${token}`);
    await call(r.url, 'GET', '/api/v2/auth/get-user', { cookie: `x-api-token=${token}` });
    await call(r.url, 'GET', '/api/v2/agents/search?search=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2&subAgents=true', { token });
    await fetch(`${r.url}/api/v2/auth/sign-in-by-token?token=${token}&to=/app/`, { redirect: 'manual' });
    await fetch(`${r.url}/app/sing-in/${token}`, { redirect: 'manual', headers: { authorization: `Bearer ${token}` } });
    // The same landing spelled with escapes (the shell's router reads it as the landing): hidden too.
    await fetch(`${r.url}/app/s%69ng-in/${token}`, { redirect: 'manual' });
    await fetch(`${r.url}/app%2Fsing%2Din%2F${token}`, { redirect: 'manual' });
    const log = lines.join('');
    expect(log).toContain('"msg":"request"');
    expect(log).toContain('/api/v2/auth/get-user?token=[hidden]');
    expect(log).toContain('/app/sing-in/[hidden]');
    for (const secret of [token, 'Oyster2026!', 'agent@oyster.test', '%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2', 'Иванов']) {
      expect({ secret, logged: log.includes(secret) }).toEqual({ secret, logged: false });
    }
  });

  test('one line per request, with its status; fastify’s own two request lines are off', async () => {
    lines.length = 0;
    await call(r.url, 'GET', '/api/v2/config');
    await new Promise((ok) => setTimeout(ok, 50));
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; url?: string; status?: number });
    expect(entries.filter((e) => e.url === '/api/v2/config')).toEqual([expect.objectContaining({ msg: 'request', status: 200 })]);
    expect(entries.filter((e) => e.msg === 'incoming request' || e.msg === 'request completed')).toEqual([]);
  });

  test('redactUrl keeps paging and sorting, hides every other value', () => {
    expect(redactUrl('/api/v2/x?page=2&pageSize=10&search=Петров&email=a%40b.c&token=abc')).toBe('/api/v2/x?page=2&pageSize=10&search=[hidden]&email=[hidden]&token=[hidden]');
    expect(redactUrl('/app/sing-in/abc?x-api-token=def')).toBe('/app/sing-in/[hidden]?x-api-token=[hidden]');
    expect(redactUrl('/api/v2/config')).toBe('/api/v2/config');
    // One-time password links: the page's and the api's token segments.
    expect(redactUrl(`/app/password/${'a'.repeat(64)}`)).toBe('/app/password/[hidden]');
    expect(redactUrl(`/api/v2/auth/password-link/${'a'.repeat(64)}`)).toBe('/api/v2/auth/password-link/[hidden]');
    expect(redactUrl('/api/v2/users/0123456789abcdef01234567/password-link')).toBe('/api/v2/users/0123456789abcdef01234567/password-link');
    // The landing is told by the path as a router reads it, not by the URL's spelling.
    expect(redactUrl('/app/s%69ng-in/abc?page=1')).toBe('/app/sing-in/[hidden]?page=1');
    expect(redactUrl('/app/%2573ing-in/abc')).toBe('/app/sing-in/[hidden]');
    expect(redactUrl('/api/v2/%61gents')).toBe('/api/v2/%61gents');
  });
});

describe('LOG_LEVEL=warn (pglite)', () => {
  test('no request lines at all', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const r = await start({}, { redisUrl: undefined, logStream, logLevel: logLevelFrom('warn') });
    try {
      await call(r.url, 'GET', '/api/v2/config');
      await call(r.url, 'GET', '/api/v2/nowhere');
      expect(lines.filter((l) => l.includes('/api/v2/'))).toEqual([]);
    } finally {
      await r.stop();
    }
  });
});
