// @zone-independent: the session cache and its invalidation. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import { createApp, type OysterApp } from '../../src/app';
import type { Db } from '../../src/platform/db';
import { createClient, type RedisClientType } from 'redis';
import { ACK_WAIT_MS, INVALIDATION_CHANNEL, createInvalidationBus, writtenTable } from '../../src/platform/invalidation';
import { createSessionCache } from '../../src/platform/auth/session-cache';
import { hashToken } from '../../src/platform/auth/sessions';
import { BACKENDS, REDIS_URL, call, listen, login, observedDb, openSeededDb, signIn } from '../support';

/**
 * The session cache (platform/auth/session-cache.ts): sessions resolved without a database read while
 * fresh, and every change the api makes — logout, blocking, a role or flag change — seen at once, on
 * this instance and (with Redis) on another one. Each app here runs on a database handle that counts
 * the session reads, so "a hit does not query the database" is counted, not assumed.
 */

const UNAUTHORIZED = { message: 'Вы не авторизованы' };
const SESSION_READ = /FROM sessions s JOIN users u/;

/** A database handle that counts the session reads made through it (the cache reads through it). */
function counting(db: Db) {
  const counter = { sessionReads: 0, lastSeenWrites: 0, referenceReads: 0 };
  const wrapped = observedDb(db, (sql) => {
    if (SESSION_READ.test(sql)) counter.sessionReads++;
    if (/FROM companies/.test(sql)) counter.referenceReads++;
    if (/^UPDATE sessions SET last_seen_at/.test(sql)) counter.lastSeenWrites++;
  });
  return { db: wrapped, counter };
}

describe('writtenTable (the watcher reads the statement start only)', () => {
  test('writes name their table; reads and CTEs do not', () => {
    expect(writtenTable('UPDATE users SET roles = $2 WHERE id = $1')).toEqual({ verb: 'update', table: 'users' });
    expect(writtenTable('  delete from "sessions" where id = $1')).toEqual({ verb: 'delete', table: 'sessions' });
    expect(writtenTable('INSERT INTO companies (id) VALUES ($1)')).toEqual({ verb: 'insert', table: 'companies' });
    expect(writtenTable('TRUNCATE TABLE products')).toEqual({ verb: 'truncate', table: 'products' });
    expect(writtenTable('SELECT * FROM users')).toBeNull();
    expect(writtenTable('WITH x AS (SELECT 1) SELECT * FROM x')).toBeNull();
  });
});

(REDIS_URL ? describe : describe.skip)('invalidation bus across instances (Redis)', () => {
  const clients: RedisClientType[] = [];
  const client = async () => {
    const c = createClient({ url: REDIS_URL }) as RedisClientType;
    await c.connect();
    clients.push(c);
    return c;
  };
  afterAll(() => Promise.all(clients.map((c) => c.quit().catch(() => undefined))));

  test('publish resolves only after the other instance dropped its entry, even when that instance is slow to read', async () => {
    const a = createInvalidationBus({ pub: await client(), sub: await client() });
    // B reads its messages 100 ms late, as a busy instance would: A's answer must still wait for it.
    const realSub = await client();
    const slowSub = {
      subscribe: (ch: string, l: (m: string) => void) => realSub.subscribe(ch, (m: string) => void setTimeout(() => l(m), 100)),
      unsubscribe: (ch: string, l: (m: string) => void) => realSub.unsubscribe(ch, l),
      on: () => undefined,
      off: () => undefined,
    } as unknown as RedisClientType;
    const b = createInvalidationBus({ pub: await client(), sub: slowSub });
    await Promise.all([a.ready, b.ready]);
    const seenOnB: (string | null)[] = [];
    b.on('user', (id) => seenOnB.push(id));
    await a.publish('user', 'u-1');
    expect(seenOnB).toEqual(['u-1']);
    await Promise.all([a.close(), b.close()]);
  });

  test('an instance that never acknowledges does not hold the answer up for more than a moment', async () => {
    const a = createInvalidationBus({ pub: await client(), sub: await client() });
    await a.ready;
    const silent = await client();
    await silent.subscribe(INVALIDATION_CHANNEL, () => undefined); // receives, never acknowledges
    const started = Date.now();
    await a.publish('session', 's-1');
    // Resolves (does not hang): the wait is bounded by ACK_WAIT_MS, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(ACK_WAIT_MS + 5_000);
    await a.close();
  });
});

describe.each(BACKENDS)('session cache ($name)', (backend) => {
  let oyster: OysterApp;
  let url: string;
  let made: Awaited<ReturnType<typeof openSeededDb>>;
  let raw: Db;
  let counter: ReturnType<typeof counting>['counter'];

  beforeAll(async () => {
    made = await openSeededDb(backend);
    raw = made.db;
    const c = counting(raw);
    counter = c.counter;
    oyster = await createApp({
      db: c.db,
      redisUrl: REDIS_URL,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
      loginRateLimit: { max: 1000, windowMs: 60_000 },
      loginAddressRateLimit: { max: 1000, windowMs: 60_000 },
      rateLimitNamespace: `cache-${Date.now()}`,
      // Long enough that nothing in a test outlives it by accident: what is seen at once is seen by invalidation.
      sessionCacheMs: 60_000,
    });
    url = await listen(oyster);
  });
  afterAll(async () => {
    await oyster.close();
    await made.drop();
  });

  const getUser = (token: string) => call(url, 'GET', '/api/v2/auth/get-user', { token });
  const idOf = async (token: string) => (await getUser(token)).body.user._id as string;

  test('a cached session answers without a database read', async () => {
    const token = await signIn(url, 'finance');
    expect((await getUser(token)).status).toBe(200);
    const before = counter.sessionReads;
    for (let i = 0; i < 20; i++) {
      const res = await call(url, 'GET', '/api/v2/notifications/count-not-read', { token });
      expect(res.status).toBe(200);
    }
    expect((await getUser(token)).body.user.email).toBe('finance@oyster.test');
    expect(counter.sessionReads - before).toBe(0);
  });

  test('init-state is kept too: the same payload, no query per request', async () => {
    const token = await signIn(url, 'agent');
    const first = await call(url, 'GET', '/api/v2/init-state', { token });
    expect(first.status).toBe(200);
    expect(first.body.data.companies.length).toBeGreaterThan(0);
    const reads = counter.referenceReads;
    const again = await call(url, 'GET', '/api/v2/init-state', { token });
    expect(again.body).toEqual(first.body);
    expect(counter.referenceReads).toBe(reads);
  });

  test('logout: the same token is 401 «Вы не авторизованы» at once', async () => {
    const token = await signIn(url, 'copywriter');
    expect((await getUser(token)).status).toBe(200); // cached now
    const out = await call(url, 'POST', '/api/v2/auth/logout', { token });
    expect(out.body).toEqual({ result: true });
    const res = await getUser(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  test('blocking a user through the admin route: their next request is 401 at once', async () => {
    const admin = await signIn(url, 'admin');
    const token = await signIn(url, 'subagent');
    const id = await idOf(token); // cached now
    expect((await call(url, 'GET', '/api/v2/notifications/count-not-read', { token })).status).toBe(200);
    const res = await call(url, 'PATCH', `/api/v2/users/${id}`, { token: admin, body: { isBlocked: true } });
    expect(res.status).toBe(200);
    const after = await call(url, 'GET', '/api/v2/notifications/count-not-read', { token });
    expect({ status: after.status, body: after.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    await call(url, 'PATCH', `/api/v2/users/${id}`, { token: admin, body: { isBlocked: false } });
  });

  test('a role change and a flag change are seen at once, access included', async () => {
    const admin = await signIn(url, 'admin');
    const token = await signIn(url, 'agent');
    const id = await idOf(token);
    // A plain agent may not list agents (cached with that answer).
    expect((await call(url, 'GET', '/api/v2/agents/search?search=%D0%98', { token })).status).toBe(403);
    const res = await call(url, 'PATCH', `/api/v2/users/${id}`, { token: admin, body: { roles: ['agent', 'network_agent_owner'], canAnalyticsView: true } });
    expect(res.status).toBe(200);
    const me = (await getUser(token)).body.user;
    expect(me.roles).toEqual(['agent', 'network_agent_owner']);
    expect(me.canAnalyticsView).toBe(true);
    expect((await call(url, 'GET', '/api/v2/agents/search?search=%D0%98', { token })).status).toBe(200);
    // And back.
    expect((await call(url, 'PATCH', `/api/v2/users/${id}`, { token: admin, body: { roles: ['agent'], canAnalyticsView: false } })).status).toBe(200);
    expect((await getUser(token)).body.user.roles).toEqual(['agent']);
    expect((await call(url, 'GET', '/api/v2/agents/search?search=%D0%98', { token })).status).toBe(403);
  });

  test('a staff change reaches init-state at once', async () => {
    const admin = await signIn(url, 'admin');
    const token = await signIn(url, 'agent');
    const managerId = await idOf(await signIn(url, 'manager'));
    const mages = async () => (await call(url, 'GET', '/api/v2/init-state', { token })).body.data.mages as { _id: string; fio: string }[];
    expect((await mages()).some((m) => m._id === managerId)).toBe(true);
    await call(url, 'PATCH', `/api/v2/users/${managerId}`, { token: admin, body: { middleName: 'Кэшевич' } });
    expect((await mages()).find((m) => m._id === managerId)?.fio).toMatch(/Кэшевич$/);
  });

  test('idle limit and absolute end are worked out on a hit; a hit keeps last_seen_at moving', async () => {
    // A cache of its own on the same database, with a clock the test moves and a lifetime longer than
    // any step, so every answer below comes from its in-process checks.
    let clock = Date.now();
    const c = counting(raw);
    const cache = createSessionCache(c.db, createInvalidationBus(null), { ttlMs: 24 * 3600_000, now: () => clock });
    const token = await login(url, 'owner@oyster.test'); // no rememberMe: a 30-minute idle limit
    expect(await cache.resolve(token)).not.toBeNull();
    expect(c.counter.sessionReads).toBe(1);

    clock += 29 * 60_000;
    expect(await cache.resolve(token)).not.toBeNull(); // a hit: a use, written in the background
    expect(c.counter.sessionReads).toBe(1);
    expect(c.counter.lastSeenWrites).toBe(1);
    clock += 29 * 60_000;
    expect(await cache.resolve(token)).not.toBeNull(); // 58 minutes after sign-in, 29 after the last use
    expect(c.counter.sessionReads).toBe(1);

    // 31 minutes without use: the hit is refused in-process, and the database (told the same) agrees.
    await new Promise((r) => setTimeout(r, 200)); // the background last_seen_at writes have landed
    await raw.query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [hashToken(token)]);
    clock += 31 * 60_000;
    expect(await cache.resolve(token)).toBeNull();
    expect(c.counter.sessionReads).toBe(2);

    // The absolute end: a rememberMe session (no idle limit) ends 30 days after sign-in even when cached.
    const long = await login(url, 'supervisor@oyster.test', undefined, true);
    clock = Date.now();
    expect(await cache.resolve(long)).not.toBeNull();
    await raw.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(long)]);
    clock += 30 * 24 * 3600_000 + 1000;
    expect(await cache.resolve(long)).toBeNull();
  });

  test('a read that started before an invalidation does not keep what it read', async () => {
    const token = await signIn(url, 'broker');
    const bus = createInvalidationBus(null);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: Db = { ...raw, query: async (sql, params) => { const rows = await raw.query(sql, params); if (SESSION_READ.test(sql)) await gate; return rows as never; } };
    const c = counting(slow);
    const cache = createSessionCache(c.db, bus, { ttlMs: 60_000 });
    const pending = cache.resolve(token);
    await new Promise((r) => setTimeout(r, 50));
    await cache.forgetUser('anyone'); // a change lands while the read is on its way
    release();
    expect(await pending).not.toBeNull();
    expect(cache.size).toBe(0);
    await cache.resolve(token);
    expect(cache.size).toBe(1);
    expect(c.counter.sessionReads).toBe(2);
  });

  (REDIS_URL ? test : test.skip)('two instances on one Redis: logout, blocking and a role change on A are refused/seen on B at once', async () => {
    // B has its own cache (and on PostgreSQL its own connections) and learns of A's changes only through Redis.
    const b = await createApp({
      ...(backend.databaseUrl ? { databaseUrl: made.databaseUrl, databaseSchema: made.schema } : { db: oyster.db }),
      redisUrl: REDIS_URL,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
      sessionCacheMs: 60_000,
    });
    try {
      const urlB = await listen(b);
      const onB = (token: string, path = '/api/v2/auth/get-user') => call(urlB, 'GET', path, { token });
      const admin = await signIn(url, 'admin');

      // Logout on A.
      const t1 = await signIn(url, 'manager');
      expect((await onB(t1)).status).toBe(200); // cached on B
      await call(url, 'POST', '/api/v2/auth/logout', { token: t1 });
      expect(await onB(t1).then((r) => ({ status: r.status, body: r.body }))).toEqual({ status: 401, body: UNAUTHORIZED });

      // A role change on A.
      const t2 = await signIn(url, 'agent');
      const id2 = (await onB(t2)).body.user._id as string; // cached on B
      expect((await onB(t2, '/api/v2/agents/search?search=%D0%98')).status).toBe(403);
      expect((await call(url, 'PATCH', `/api/v2/users/${id2}`, { token: admin, body: { roles: ['agent', 'network_agent_owner'] } })).status).toBe(200);
      expect((await onB(t2)).body.user.roles).toEqual(['agent', 'network_agent_owner']);
      expect((await onB(t2, '/api/v2/agents/search?search=%D0%98')).status).toBe(200);
      await call(url, 'PATCH', `/api/v2/users/${id2}`, { token: admin, body: { roles: ['agent'] } });

      // Blocking on A.
      const t3 = await signIn(url, 'subagent');
      const id3 = (await onB(t3)).body.user._id as string;
      expect((await onB(t3, '/api/v2/notifications/count-not-read')).status).toBe(200);
      expect((await call(url, 'PATCH', `/api/v2/users/${id3}`, { token: admin, body: { isBlocked: true } })).status).toBe(200);
      expect((await onB(t3, '/api/v2/notifications/count-not-read')).status).toBe(401);
      await call(url, 'PATCH', `/api/v2/users/${id3}`, { token: admin, body: { isBlocked: false } });
    } finally {
      await b.close();
    }
  });
});
