import { createApp, type OysterApp } from '../../src/app';
import { newId, type Db } from '../../src/platform/db';
import { BACKENDS, REDIS_URL, call, listen, observedDb, openSeededDb, signIn } from '../support';

/**
 * The unread-notifications count (dashboard/unread-cache.ts): kept per user while fresh (counted, not
 * assumed), and a change seen at once — on this instance through the write watcher, on another one
 * through `forget(userId)` over Redis.
 */

const COUNT_READ = /FROM notifications WHERE user_id/;

describe.each(BACKENDS)('unread-notifications count ($name)', (backend) => {
  let oyster: OysterApp;
  let url: string;
  let made: Awaited<ReturnType<typeof openSeededDb>>;
  let raw: Db;
  const counter = { reads: 0 };

  beforeAll(async () => {
    made = await openSeededDb(backend);
    raw = made.db;
    oyster = await createApp({
      db: observedDb(raw, (sql) => void (COUNT_READ.test(sql) && counter.reads++)),
      redisUrl: REDIS_URL,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
      loginRateLimit: { max: 1000, windowMs: 60_000 },
      loginAddressRateLimit: { max: 1000, windowMs: 60_000 },
      rateLimitNamespace: `unread-${Date.now()}`,
      // Long enough that what a test sees at once it sees through invalidation, not expiry.
      unreadCacheMs: 60_000,
    });
    url = await listen(oyster);
    // The renewal reminders' first run writes notifications; counts are read after it.
    await oyster.settled();
  });
  afterAll(async () => {
    await oyster.close();
    await made.drop();
  });

  const count = (base: string, token: string) => call(base, 'GET', '/api/v2/notifications/count-not-read', { token });
  const userIdOf = async (token: string) => (await call(url, 'GET', '/api/v2/auth/get-user', { token })).body.user._id as string;
  const addNotification = (db: Db, userId: string) =>
    db.query('INSERT INTO notifications (id, user_id, title, is_read) VALUES ($1,$2,$3,false)', [newId(), userId, 'Новый вебинар']);

  test('twenty badge requests read the count once', async () => {
    const token = await signIn(url, 'agent');
    const first = await count(url, token);
    expect(first.status).toBe(200);
    const before = counter.reads;
    for (let i = 0; i < 20; i++) expect((await count(url, token)).body).toEqual(first.body);
    expect(counter.reads - before).toBe(0);
  });

  test('a notification written through the app is counted at once', async () => {
    const token = await signIn(url, 'agent');
    const { count: was } = (await count(url, token)).body as { count: number };
    await addNotification(oyster.db, await userIdOf(token));
    expect((await count(url, token)).body).toEqual({ count: was + 1 });
  });

  (REDIS_URL ? test : test.skip)('two instances on one Redis: forget(userId) on A is seen on B at once', async () => {
    const b = await createApp({
      ...(backend.databaseUrl ? { databaseUrl: made.databaseUrl, databaseSchema: made.schema } : { db: oyster.db }),
      redisUrl: REDIS_URL,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
      unreadCacheMs: 60_000,
    });
    try {
      const urlB = await listen(b);
      const token = await signIn(url, 'manager');
      const userId = await userIdOf(token);
      const { count: was } = (await count(urlB, token)).body as { count: number }; // kept on B
      await addNotification(raw, userId); // B's watcher does not see this write
      await oyster.unread.forget(userId);
      expect((await count(urlB, token)).body).toEqual({ count: was + 1 });
    } finally {
      await b.close();
    }
  });
});
