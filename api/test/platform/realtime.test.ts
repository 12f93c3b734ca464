import { randomBytes } from 'node:crypto';
import { createApp, type OysterApp } from '../../src/app';
import { BACKENDS, REDIS_URL, call, connectSocket, connected, dropSchema, listen, once, signIn, start, type Running } from '../support';

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

  (REDIS_URL ? test : test.skip)('two instances behind Redis: emit on A reaches a socket on B', async () => {
    // Instance B shares A's database (PGlite is in-process, so B gets A's handle) and Redis.
    const b: OysterApp = await createApp({
      db: r.oyster.db,
      redisUrl: REDIS_URL,
      seedDemo: true,
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
      r.oyster.realtime.emitToUser(me._id, 'notification-market', { options: { notification: { _id: 'n1', guid: 'g1' } } });
      expect(await got).toEqual({ options: { notification: { _id: 'n1', guid: 'g1' } } });

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
    const opts = { databaseUrl, databaseSchema: schema, redisUrl: REDIS_URL, seedDemo: true, staticRoot: '/nonexistent' };
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
      expect(users[0].n).toBe(26); // seeded once although both started together
    } finally {
      await Promise.all([a.close(), b.close()]);
      await dropSchema(databaseUrl, schema);
    }
  });
});
