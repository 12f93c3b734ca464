import { type DemoAccountKey, type NotificationItem } from '@oyster/shared-kit/domain';
import { notify } from '../../src/communications/notifications';
import { BACKENDS, connectSocket, connected, once, startSignedIn, type SignedInApp } from '../support';

/**
 * Notifications (issue 13): the page lists the user's own, unread first and newest first, page by page;
 * one or all are marked read; the bell's number follows on every tab; another's notification is a 404;
 * a link leads only inside the app; the roles without the section are refused by the server.
 */
describe.each(BACKENDS)('notifications ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  const ctx = () => ({ db: r.oyster.db, rt: r.oyster.realtime, unread: r.oyster.unread });
  const userId = async (email: string) => (await r.oyster.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
  const all = async (who: DemoAccountKey, limit = 100) => {
    const items: NotificationItem[] = [];
    let after: string | null = null;
    do {
      const res = await req(who, 'GET', `/api/v2/notifications?limit=${limit}${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      items.push(...res.body.data.items);
      after = res.body.data.next;
    } while (after);
    return items;
  };

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'newagent', 'manager', 'copywriter', 'admin', 'finance', 'subagent', 'owner'] as DemoAccountKey[]);
  });
  afterAll(() => r.stop());

  test('the page shows only one’s own notifications, unread first and newest first, and pages through them without losing or repeating one', async () => {
    const agent = await userId('agent@oyster.test');
    for (let i = 1; i <= 7; i++) await notify(ctx(), [agent], { title: `Тестовое ${i}`, body: `Текст ${i}` });
    await notify(ctx(), [await userId('newagent@oyster.test')], { title: 'Чужое' });

    const own = await r.oyster.db.query<{ id: string }>('SELECT id FROM notifications WHERE user_id = $1', [agent]);
    const paged = await all('agent', 3);
    expect(paged.map((n) => n._id).sort()).toEqual(own.map((x) => x.id).sort());
    expect(new Set(paged.map((n) => n._id)).size).toBe(paged.length);
    expect(paged.some((n) => n.title === 'Чужое')).toBe(false);
    // Unread first; within each, newest first.
    const firstRead = paged.findIndex((n) => n.isRead);
    if (firstRead >= 0) expect(paged.slice(firstRead).every((n) => n.isRead)).toBe(true);
    const unread = paged.filter((n) => !n.isRead).map((n) => n.createdAt);
    expect([...unread].sort().reverse()).toEqual(unread);
    expect(paged[0].title).toBe('Тестовое 7');

    const first = await req('agent', 'GET', '/api/v2/notifications?limit=2');
    const count = await req('agent', 'GET', '/api/v2/notifications/count-not-read');
    expect(first.body.data.unread).toBe(count.body.count);
  });

  test('marking one read answers the new unread number and tells the user’s other tabs; marking it again changes nothing', async () => {
    const agent = await userId('agent@oyster.test');
    await notify(ctx(), [agent], { title: 'Прочитать меня' });
    const before = (await req('agent', 'GET', '/api/v2/notifications?limit=1')).body.data;
    expect(before.items[0]).toMatchObject({ title: 'Прочитать меня', isRead: false });

    const socket = connectSocket(r.url, r.tokens.agent);
    try {
      await connected(socket);
      const pushed = once<{ count: number }>(socket, 'notifications_count');
      const res = await req('agent', 'POST', `/api/v2/notifications/${before.items[0]._id}/read`);
      expect(res.status).toBe(200);
      expect(res.body.data.unread).toBe(before.unread - 1);
      expect((await pushed).count).toBe(before.unread - 1);
    } finally {
      socket.close();
    }
    const again = await req('agent', 'POST', `/api/v2/notifications/${before.items[0]._id}/read`);
    expect(again.body.data.unread).toBe(before.unread - 1);
    const listed = (await all('agent')).find((n) => n._id === before.items[0]._id)!;
    expect(listed.isRead).toBe(true);
  });

  test('another user’s notification cannot be read by id: 404 «Уведомление не найдено», and it stays unread', async () => {
    const theirs = (await req('newagent', 'GET', '/api/v2/notifications?limit=1')).body.data.items[0] as NotificationItem;
    expect(theirs.isRead).toBe(false);
    const res = await req('agent', 'POST', `/api/v2/notifications/${theirs._id}/read`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Уведомление не найдено');
    expect((await all('newagent')).find((n) => n._id === theirs._id)!.isRead).toBe(false);
  });

  test('«Прочитать все» leaves nothing unread, the bell shows 0 on the other tabs, and the count says 0', async () => {
    const agent = await userId('agent@oyster.test');
    await notify(ctx(), [agent], { title: 'Ещё одно' });
    const socket = connectSocket(r.url, r.tokens.agent);
    try {
      await connected(socket);
      const pushed = once<{ count: number }>(socket, 'notifications_count');
      const res = await req('agent', 'POST', '/api/v2/notifications/read-all');
      expect(res.body.data.unread).toBe(0);
      expect((await pushed).count).toBe(0);
    } finally {
      socket.close();
    }
    expect((await all('agent')).every((n) => n.isRead)).toBe(true);
    const count = await req('agent', 'GET', '/api/v2/notifications/count-not-read');
    expect(count.body.count).toBe(0);
    // Another user's are untouched.
    expect((await all('newagent')).some((n) => !n.isRead)).toBe(true);
  });

  test('a new notification reaches the user live: the notification itself and the bell’s new number', async () => {
    const socket = connectSocket(r.url, r.tokens.agent);
    try {
      await connected(socket);
      const shown = once<{ title: string; action?: string; actionText?: string }>(socket, 'notification');
      const count = once<{ count: number }>(socket, 'notifications_count');
      await notify(ctx(), [await userId('agent@oyster.test')], { title: 'Пришло предложение', body: 'Запрос № 5', action: '/request-broker/abc', actionText: 'К запросу' });
      expect(await shown).toMatchObject({ title: 'Пришло предложение', action: '/request-broker/abc', actionText: 'К запросу' });
      expect((await count).count).toBeGreaterThanOrEqual(1);
    } finally {
      socket.close();
    }
    const [item] = (await req('agent', 'GET', '/api/v2/notifications?limit=1')).body.data.items;
    expect(item).toMatchObject({ title: 'Пришло предложение', body: 'Запрос № 5', action: '/request-broker/abc', actionText: 'К запросу', isRead: false });
  });

  test('a link that leads out of the app is dropped, the notification itself kept', async () => {
    const agent = await userId('agent@oyster.test');
    for (const action of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/request-broker/../../etc']) {
      await notify(ctx(), [agent], { title: `Ссылка ${action}`, action });
      const [item] = (await req('agent', 'GET', '/api/v2/notifications?limit=1')).body.data.items;
      expect(item).toMatchObject({ title: `Ссылка ${action}`, action: null });
    }
  });

  test('bad input is a 400 in Russian naming the field; a bad id is a 400, not a 500', async () => {
    const limit = await req('agent', 'GET', '/api/v2/notifications?limit=0');
    expect(limit.status).toBe(400);
    expect(limit.body.message).toContain('limit');
    const after = await req('agent', 'GET', '/api/v2/notifications?after=garbage');
    expect(after.status).toBe(400);
    expect(after.body.message).toBe('Поле «after»: неверный курсор страницы');
    const id = await req('agent', 'POST', '/api/v2/notifications/not-an-id/read');
    expect(id.status).toBe(400);
    expect(id.body.message).toContain('notificationId');
  });

  test('who may: agents, sub-agents, network owners, newcomers, managers and copywriters; the admin and the finance controller are refused (403), the anonymous 401', async () => {
    for (const who of ['agent', 'subagent', 'owner', 'newagent', 'manager', 'copywriter'] as DemoAccountKey[]) {
      expect([who, (await req(who, 'GET', '/api/v2/notifications')).status]).toEqual([who, 200]);
    }
    for (const who of ['admin', 'finance'] as DemoAccountKey[]) {
      expect([who, (await req(who, 'GET', '/api/v2/notifications')).status]).toEqual([who, 403]);
      expect([who, (await req(who, 'POST', '/api/v2/notifications/read-all')).status]).toEqual([who, 403]);
    }
    expect((await req(null, 'GET', '/api/v2/notifications')).status).toBe(401);
  });
});
