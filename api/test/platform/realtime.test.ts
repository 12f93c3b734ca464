import { randomBytes } from 'node:crypto';
import { io as ioClient } from 'socket.io-client';
import { createApp, type OysterApp } from '../../src/app';
import { SOCKET_LIMITS, adapterSubscriber, rememberBounded, tokenBucket } from '../../src/platform/realtime';
import { BACKENDS, REDIS_URL, call, connectSocket, connected, dropSchema, listen, once, signIn, start, type Running } from '../support';

describe('socket limits (no server)', () => {
  test('token bucket: a burst, then the rate', () => {
    let now = 0;
    const b = tokenBucket(20, 40, () => now);
    const burst = Array.from({ length: 50 }, () => b.take()).filter(Boolean).length;
    expect(burst).toBe(40);
    now += 1000; // a second later: 20 more
    expect(Array.from({ length: 50 }, () => b.take()).filter(Boolean).length).toBe(20);
    now += 60_000; // never more than the burst saved up
    expect(Array.from({ length: 100 }, () => b.take()).filter(Boolean).length).toBe(40);
  });

  test('the last-route map keeps the newest entries up to its bound', () => {
    const m = new Map<string, number>();
    for (let i = 0; i < 1000; i++) rememberBounded(m, `s${i % 300}`, i, 100);
    // The 100 newest writes were i = 900…999, to s0…s99.
    expect([...m.entries()]).toEqual(Array.from({ length: 100 }, (_, k) => [`s${k}`, 900 + k]));
  });

  test('the limits are the documented ones', () => {
    expect(SOCKET_LIMITS).toMatchObject({ eventsPerSecond: 20, burst: 40, maxDropsPerWindow: 100, dropWindowMs: 10_000, sessionRecheckMs: 5_000, maxLastRoutes: 10_000 });
  });
});

describe('the Redis adapter’s subscriber (no server)', () => {
  /** A node-redis double: what was subscribed with which listener, and whether it is ready. */
  function fakeSub() {
    const patterns = new Map<string, (m: string, c: string) => unknown>();
    const sub = {
      isReady: true,
      pSubscribe: async (p: string, l: (m: string, c: string) => unknown) => void patterns.set(p, l),
      pUnsubscribe: async (p: string, l: (m: string, c: string) => unknown) => void (patterns.get(p) === l && patterns.delete(p)),
      subscribe: async () => undefined,
      unsubscribe: async () => undefined,
      on: () => sub,
      off: () => sub,
    };
    return { sub, patterns };
  }

  test('another node’s broadcast reaches the sockets only while the client is ready: held back while it subscribes again after Redis came back', async () => {
    const { sub, patterns } = fakeSub();
    const client = adapterSubscriber(sub as never);
    const got: string[] = [];
    const listener = (m: string | Buffer) => void got.push(String(m));
    await client.pSubscribe('socket.io#/#*', listener, true);
    patterns.get('socket.io#/#*')!('before', 'socket.io#/#');
    sub.isReady = false; // Redis went away; node-redis is subscribing again and has not said 'ready'
    patterns.get('socket.io#/#*')!('queued on another node while Redis was away', 'socket.io#/#');
    sub.isReady = true;
    patterns.get('socket.io#/#*')!('after', 'socket.io#/#');
    expect(got).toEqual(['before', 'after']);
    // Unsubscribing with the adapter's own listener finds the gated one.
    await client.pUnsubscribe('socket.io#/#*', listener, true);
    expect(patterns.size).toBe(0);
  });
});

describe.each(BACKENDS)('realtime ($name)', (backend) => {
  let r: Running;
  let url: string;
  const sockets: ReturnType<typeof connectSocket>[] = [];
  const socket = (token?: string) => {
    const s = connectSocket(url, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    r = await start(backend);
    url = r.url;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await r.stop();
  });

  const idOf = async (adminToken: string, search: string) =>
    (await call(url, 'GET', `/api/v2/agents/search?search=${encodeURIComponent(search)}`, { token: adminToken })).body[0]._id as string;

  test('socket without a valid token is refused', async () => {
    await expect(connected(socket())).rejects.toThrow('Вы не авторизованы');
    await expect(connected(socket('ab'.repeat(32)))).rejects.toThrow('Вы не авторизованы');
  });

  test('admin PATCH delivers session_update with the new user', async () => {
    const admin = await signIn(url, 'admin');
    const agentToken = await signIn(url, 'agent');
    const s = socket(agentToken);
    await connected(s);
    s.emit('route', { path: '/app/contracts', href: 'http://x/app/contracts' });
    const id = await idOf(admin, 'Иванов');
    const update = once(s, 'session_update');
    const res = await call(url, 'PATCH', `/api/v2/users/${id}`, { token: admin, body: { middleName: 'Павлович', canChatWithClients: true } });
    expect(res.status).toBe(200);
    const user = await update;
    expect(user).toMatchObject({ _id: id, middleName: 'Павлович', fullNameShort: 'Иванов И. П.', fio: 'Иванов Иван Павлович', canChatWithClients: true });
    // The same data is what get-user answers now.
    expect((await call(url, 'GET', '/api/v2/auth/get-user', { token: agentToken })).body.user).toEqual(user);
    expect([...r.oyster.realtime.lastRoutes.values()].some((v) => v.path === '/app/contracts')).toBe(true);
  });

  test('blocking a user ends their sessions at once: 401 and socket logout', async () => {
    const admin = await signIn(url, 'admin');
    const token = await signIn(url, 'subagent');
    const s = socket(token);
    await connected(s);
    const id = await idOf(admin, 'Морозова');
    const loggedOut = once(s, 'logout');
    const disconnected = once(s, 'disconnect');
    expect((await call(url, 'PATCH', `/api/v2/users/${id}`, { token: admin, body: { isBlocked: true } })).body.isBlocked).toBe(true);
    expect(await loggedOut).toEqual({ message: 'Вы не авторизованы' });
    await disconnected;
    expect((await call(url, 'GET', '/api/v2/auth/get-user', { token })).status).toBe(401);
    // Unblocking does not bring old sessions back; a new login does work.
    await call(url, 'PATCH', `/api/v2/users/${id}`, { token: admin, body: { isBlocked: false } });
    expect((await call(url, 'GET', '/api/v2/auth/get-user', { token })).status).toBe(401);
    await signIn(url, 'subagent');
  });

  test('HTTP logout sends logout to that session socket only', async () => {
    const t1 = await signIn(url, 'broker');
    const t2 = await signIn(url, 'broker');
    const s1 = socket(t1);
    const s2 = socket(t2);
    await Promise.all([connected(s1), connected(s2)]);
    let s2Logout = false;
    s2.on('logout', () => (s2Logout = true));
    const got = once(s1, 'logout');
    await call(url, 'POST', '/api/v2/auth/logout', { token: t1 });
    await got;
    await new Promise((res) => setTimeout(res, 300));
    expect(s2Logout).toBe(false);
    expect(s2.connected).toBe(true);
  });

  test('the handshake checks Origin: ours and none (not a browser) are let in, another site is refused without credentials', async () => {
    const token = await signIn(url, 'agent');
    const handshake = (origin?: string) =>
      fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { ...(origin ? { origin } : {}), 'x-api-token': token } });
    const evil = await handshake('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await handshake('null')).status).toBe(403);
    const mine = await handshake(url); // the shell connects same-origin
    expect(mine.status).toBe(200);
    expect(mine.headers.get('access-control-allow-origin')).toBe(url);
    expect((await handshake()).status).toBe(200);
    // The same over a websocket with the session cookie, as a page of another site would try it.
    const foreign = ioClient(url, {
      path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true,
      extraHeaders: { origin: 'https://evil.example', cookie: `x-api-token=${token}` },
    });
    await expect(connected(foreign)).rejects.toThrow();
    foreign.close();
    const own = ioClient(url, {
      path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true,
      extraHeaders: { origin: url, cookie: `x-api-token=${token}` },
    });
    await connected(own);
    own.close();
  });

  const routesLike = (prefix: string) => [...r.oyster.realtime.lastRoutes.values()].filter((v) => v.path.startsWith(prefix));
  const until = async (ok: () => boolean, ms = 3000) => {
    for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await new Promise((res) => setTimeout(res, 20));
    return ok();
  };

  test('3,000 route events from one socket: no query per event, the excess dropped, the socket let go; other users unaffected', async () => {
    const flooder = await signIn(url, 'newagent');
    const other = await signIn(url, 'owner');
    const s = socket(flooder);
    await connected(s);
    const db = r.oyster.db;
    const query = db.query;
    let queries = 0;
    db.query = ((...args: Parameters<typeof query>) => {
      queries += 1;
      return query.apply(db, args);
    }) as typeof query;
    let reason: string;
    try {
      const gone = once<string>(s, 'disconnect');
      for (let i = 0; i < 3000; i++) s.emit('route', { path: `/app/flood/${i}`, href: `http://x/app/flood/${i}` });
      reason = await gone;
    } finally {
      db.query = query;
    }
    expect(reason).toBe('io server disconnect');
    // The handshake read the session; the events within SOCKET_LIMITS.sessionRecheckMs read nothing.
    expect(queries).toBeLessThanOrEqual(2);
    // The session's route went with its last socket.
    expect(routesLike('/app/flood/')).toEqual([]);
    expect(r.oyster.realtime.lastRoutes.size).toBeLessThanOrEqual(SOCKET_LIMITS.maxLastRoutes);

    // Another user: HTTP answers and their socket's routes are kept.
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(url, 'GET', '/api/v2/auth/get-user', { token: other })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const s2 = socket(other);
    await connected(s2);
    // A quick burst within the limit is all taken, and only the last route is kept.
    for (let i = 0; i < 30; i++) s2.emit('route', { path: `/app/step/${i}`, href: `http://x/app/step/${i}` });
    expect(await until(() => routesLike('/app/step/').some((v) => v.path === '/app/step/29'))).toBe(true);
    expect(routesLike('/app/step/')).toHaveLength(1);
    expect(s2.connected).toBe(true);
    // The flooder may come back (the limit is per socket, not a ban).
    const again = socket(flooder);
    await connected(again);
    again.close();
    s2.close();
    expect(await until(() => routesLike('/app/step/').length === 0)).toBe(true);
  });

  test('a session that ran out is noticed on the next event after the re-check interval', async () => {
    const token = await signIn(url, 'supervisor');
    const s = socket(token);
    await connected(s);
    s.emit('route', { path: '/app/finance', href: 'http://x/app/finance' });
    expect(await until(() => routesLike('/app/finance').length === 1)).toBe(true);
    await r.oyster.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE expires_at > now() AND user_id = (SELECT id FROM users WHERE email = 'supervisor@oyster.test')`);
    // Pretend the interval has passed for this instance's sockets.
    for (const local of r.oyster.io.of('/').sockets.values()) local.data.checkedAt = 0;
    const out = once(s, 'logout');
    s.emit('route', { path: '/app/finance/2', href: 'http://x/app/finance/2' });
    expect(await out).toEqual({ message: 'Вы не авторизованы' });
  });

  (REDIS_URL ? test : test.skip)('two instances behind Redis: emit on A reaches a socket on B', async () => {
    // Instance B shares A's database (PGlite is in-process, so B gets A's handle) and Redis.
    const b: OysterApp = await createApp({
      db: r.oyster.db,
      redisUrl: REDIS_URL,
      redisNamespace: r.redisNamespace,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
    });
    try {
      const urlB = await listen(b);
      const token = await signIn(urlB, 'owner');
      const s = connectSocket(urlB, token);
      sockets.push(s);
      await connected(s);
      const me = (await call(url, 'GET', '/api/v2/auth/get-user', { token })).body.user; // session valid on A too
      const got = once(s, 'notification-market');
      const popup = { _id: 'n1', guid: 'g1', message: { title: 'Акция', text: '<p>Текст</p>' } };
      r.oyster.realtime.emitToUser(me._id, 'notification-market', { options: { notification: popup } });
      expect(await got).toEqual({ options: { notification: popup } });

      // And a PATCH handled by A updates the socket on B.
      const admin = await signIn(url, 'admin');
      const upd = once(s, 'session_update');
      await call(url, 'PATCH', `/api/v2/users/${me._id}`, { token: admin, body: { canAnalyticsView: true } });
      expect((await upd).canAnalyticsView).toBe(true);
    } finally {
      await b.close();
    }
  });
});

// Separate instances with their own PostgreSQL connections (the production shape) when both exist.
(process.env.DATABASE_URL && REDIS_URL ? describe : describe.skip)('two api processes on one PostgreSQL + Redis', () => {
  test('event emitted on A reaches B', async () => {
    const databaseUrl = process.env.DATABASE_URL!;
    const schema = `test_multi_${randomBytes(4).toString('hex')}`;
    const opts = { databaseUrl, databaseSchema: schema, redisUrl: REDIS_URL, seedDemo: true, demoMode: true, staticRoot: '/nonexistent' };
    const [a, b] = await Promise.all([createApp(opts), createApp(opts)]);
    try {
      const [urlA, urlB] = await Promise.all([listen(a), listen(b)]);
      const token = await signIn(urlA, 'agent');
      const s = connectSocket(urlB, token);
      await connected(s);
      const me = (await call(urlB, 'GET', '/api/v2/auth/get-user', { token })).body.user;
      const got = once(s, 'chats');
      a.realtime.emitToUser(me._id, 'chats', { action: 'update_chats_counts_opened', result: { chatsOpenedCount: 3, clientChats: 2, agentChats: 1 } });
      expect(await got).toEqual({ action: 'update_chats_counts_opened', result: { chatsOpenedCount: 3, clientChats: 2, agentChats: 1 } });
      // Logout through A ends the socket held by B.
      const out = once(s, 'logout');
      await call(urlA, 'POST', '/api/v2/auth/logout', { token });
      await out;
      s.close();
      const users = await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(users[0].n).toBe(27); // the demo people (finance2@ among them), seeded once although both started together
    } finally {
      await Promise.all([a.close(), b.close()]);
      await dropSchema(databaseUrl, schema);
    }
  });
});
