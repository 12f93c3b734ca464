import { DEMO_ACCOUNT_KEYS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, call, expectOnly, signInAll, start, type Running } from '../support';

/** The home counters: statistics widget, payments info, open chats, unread notifications. */
describe.each(BACKENDS)('dashboard counters ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  const get = (who: DemoAccountKey, path: string) => call(r.url, 'GET', path, { token: tokens[who] });

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
  });
  afterAll(() => r.stop());

  test('statistics widget: managers only', async () => {
    const { manager: ok } = await expectOnly(['manager'], (who) => get(who, '/api/v2/statistics/widget'));
    expect(ok.body.statistics).toMatchObject({ date: expect.any(String), month: expect.any(String), previousMonth: expect.any(String) });
    expect(ok.body.statistics.statistics).toEqual(expect.arrayContaining([
      { name: 'Запросов в работе', value: 3 },
      // Open requests by status, named by shared-kit's broker request statuses.
      { name: 'Расчёт', value: 1 }, { name: 'Ожидает согласия клиента', value: 1 }, { name: 'Запрос отправлен', value: 1 },
    ]));
  });

  test('payments info: not for copywriters or managers; real numbers in kopecks', async () => {
    const allowed = DEMO_ACCOUNT_KEYS.filter((k) => k !== 'copywriter' && k !== 'manager');
    await expectOnly(allowed, (who) => get(who, '/api/v2/get-info-payments/'));
    const res = await get('agent', '/api/v2/get-info-payments/');
    expect(res.body.data).toEqual({
      currentProfit: 235450, countPayment: 3, countAwaitPayment: 1, openedBRCount: 2, countContinuePayment: 1, appRegistrations: 2,
    });
    // The owner sees their sub-agents too.
    const owner = await get('owner', '/api/v2/get-info-payments/');
    expect(owner.body.data).toMatchObject({ currentProfit: 1520000, countAwaitPayment: 1 });
  });

  test('open chats count: not for copywriters', async () => {
    await expectOnly(DEMO_ACCOUNT_KEYS.filter((k) => k !== 'copywriter'), (who) => get(who, '/api/v2/chats/opened-count'));
    // The demo chats (communications/seed.ts): agent@ has one support answer unread; manager@ has two
    // open ones waiting — agent@'s follow-up (theirs) and agent1@'s question (nobody's).
    expect((await get('agent', '/api/v2/chats/opened-count')).body).toEqual({ chatsOpenedCount: 1, agentChats: 0, clientChats: 0 });
    expect((await get('manager', '/api/v2/chats/opened-count')).body).toEqual({ chatsOpenedCount: 2, agentChats: 2, clientChats: 0 });
  });

  test('notifications count', async () => {
    expect((await get('agent', '/api/v2/notifications/count-not-read')).body).toEqual({ count: 3 });
    expect((await get('admin', '/api/v2/notifications/count-not-read')).body).toEqual({ count: 0 });
  });
});
