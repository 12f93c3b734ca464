import { DEMO_ACCOUNT_KEYS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { executorStatistics, paymentsInfo } from '../../src/dashboard/counters';
import { loadUser, toSessionUser } from '../../src/platform/auth/users';
import { newId } from '../../src/platform/db';
import { BACKENDS, call, expectOnly, signInAll, start, type Running } from '../support';

/** 30 November 22:30 UTC: already 1 December 01:30 in Moscow. */
const MOSCOW_DECEMBER_FIRST = '2026-11-30T22:30:00Z';
const IN_NOVEMBER = new Date('2026-11-30T20:30:00Z'); // 23:30 on 30 November in Moscow
const IN_DECEMBER = new Date('2026-12-15T09:00:00Z');
const IN_JANUARY = new Date('2027-01-10T09:00:00Z');

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

  test('payments info: not for copywriters or managers; read from the ledger, the contracts and the payouts', async () => {
    const allowed = DEMO_ACCOUNT_KEYS.filter((k) => k !== 'copywriter' && k !== 'manager');
    await expectOnly(allowed, (who) => get(who, '/api/v2/get-info-payments/'));
    const res = await get('agent', '/api/v2/get-info-payments/');
    expect(res.body.data).toEqual({
      currentProfit: expect.any(Number), countPayment: expect.any(Number), countAwaitPayment: expect.any(Number),
      openedBRCount: 2, countContinuePayment: expect.any(Number), appRegistrations: 2,
    });
  });

  test('each figure follows what it reads: a line this month, a paid sale, a contract waiting for payment, a payout not yet paid; the owner counts the sub-agent’s', async () => {
    const db = r.oyster.db;
    const [agent, sub, owner] = await Promise.all(['agent@oyster.test', 'subagent@oyster.test', 'owner@oyster.test'].map(me));
    const [admin] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@oyster.test'`);
    const at = new Date('2031-03-10T09:00:00Z');
    const figures = async (who: typeof agent) => {
      const p = await paymentsInfo(db, who, at);
      return [p.currentProfit, p.countPayment, p.countAwaitPayment, p.countContinuePayment];
    };
    const [agentBefore, ownerBefore] = [await figures(agent), await figures(owner)];
    await db.query(`INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key, at) VALUES ($1, 'adjustment', 0, 5000, 'премия за март', $2, 'adjustment', $3)`, [agent.user._id, admin.id, at.toISOString()]);
    const [draft] = await db.query<{ id: string }>(`SELECT id FROM contracts WHERE agent_id = $1 AND status <> 250 ORDER BY status LIMIT 1`, [agent.user._id]);
    expect(draft).toBeDefined();
    await db.query(`INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks, event_key, at) VALUES ($1, $2, 'commission', 1000, 100000, 10000, 'counters-test', $3)`, [draft.id, agent.user._id, at.toISOString()]);
    await db.query(`UPDATE contracts SET status = 250 WHERE id = $1`, [draft.id]);
    await db.query(`INSERT INTO payouts (agent_id, period, opf, tax_year, gross_kopecks, status, act_number) VALUES ($1, '2031-02', 'FL', 2031, 100000, 'ready', 'А-counters-test')`, [agent.user._id]);
    await db.query(`INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key, at) VALUES ($1, 'adjustment', 0, 700, 'премия субагенту', $2, 'adjustment', $3)`, [sub.user._id, admin.id, at.toISOString()]);
    const [agentAfter, ownerAfter] = [await figures(agent), await figures(owner)];
    expect(agentAfter.map((v, i) => v - agentBefore[i])).toEqual([15000, 1, 1, 1]);
    expect(ownerAfter[0] - ownerBefore[0]).toBe(700);
  });

  const me = async (email: string) => {
    const [{ id }] = await r.oyster.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return { user: toSessionUser((await loadUser(r.oyster.db, id))!) };
  };

  test('«Доход за текущий месяц» is the Moscow month’s: a ledger line at 22:30 UTC on 30 November (1 December in Moscow) is December’s, not November’s', async () => {
    const agent = await me('agent@oyster.test');
    const profit = async () =>
      Promise.all([IN_NOVEMBER, IN_DECEMBER, IN_JANUARY].map(async (now) => (await paymentsInfo(r.oyster.db, agent, now)).currentProfit));
    const before = await profit();
    const [admin] = await r.oyster.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@oyster.test'`);
    await r.oyster.db.query(`INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key, at) VALUES ($1, 'adjustment', 0, 12345, 'граница месяца', $2, 'adjustment', $3)`, [agent.user._id, admin.id, MOSCOW_DECEMBER_FIRST]);
    const after = await profit();
    expect(after.map((v, i) => v - before[i])).toEqual([0, 12345, 0]);
  });

  test('the statistics widget counts and names Moscow months: a request made at 22:30 UTC on 30 November is new in «декабрь», and «ноябрь» is the month before', async () => {
    const manager = await me('manager@oyster.test');
    const counts = async () =>
      Promise.all(
        [IN_NOVEMBER, IN_DECEMBER, IN_JANUARY].map(async (now) => {
          const s = await executorStatistics(r.oyster.db, manager, now);
          const value = (name: string) => s.statistics.find((x) => x.name === name)!.value;
          return { month: s.month, previousMonth: s.previousMonth, thisMonth: value('Новых запросов в этом месяце'), lastMonth: value('Новых запросов в прошлом месяце') };
        }),
      );
    const before = await counts();
    expect(before.map((c) => [c.month, c.previousMonth])).toEqual([['ноябрь', 'октябрь'], ['декабрь', 'ноябрь'], ['январь', 'декабрь']]);
    // At 21:30 UTC on 30 November it is already December in Moscow.
    expect((await executorStatistics(r.oyster.db, manager, new Date('2026-11-30T21:30:00Z'))).month).toBe('декабрь');
    // A closed one (Отказ), so the open counts of the other tests stay.
    await r.oyster.db.query(`INSERT INTO broker_requests (id, agent_id, executor_id, product_id, status, created_at) VALUES ($1, $2, $3, 'eosago', 11000, $4)`, [
      newId(),
      (await me('agent@oyster.test')).user._id,
      manager.user._id,
      MOSCOW_DECEMBER_FIRST,
    ]);
    const after = await counts();
    expect(after.map((c, i) => [c.thisMonth - before[i].thisMonth, c.lastMonth - before[i].lastMonth])).toEqual([[0, 0], [1, 0], [0, 1]]);
  });

  test('open chats count: not for copywriters', async () => {
    await expectOnly(DEMO_ACCOUNT_KEYS.filter((k) => k !== 'copywriter'), (who) => get(who, '/api/v2/chats/opened-count'));
    // The demo chats (communications/seed.ts): agent@ has one support answer unread; manager@ has two
    // open ones waiting — agent@'s follow-up (theirs) and agent1@'s question (nobody's).
    expect((await get('agent', '/api/v2/chats/opened-count')).body).toEqual({ chatsOpenedCount: 1, agentChats: 0, clientChats: 0 });
    expect((await get('manager', '/api/v2/chats/opened-count')).body).toEqual({ chatsOpenedCount: 2, agentChats: 2, clientChats: 0 });
  });

  test('notifications count', async () => {
    // The demo's 3 unread plus one reminder per renewal threshold the job has sent for agent@'s ending policies.
    const [reminders] = await r.oyster.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM renewal_reminders rr JOIN contracts c ON c.id = rr.contract_id JOIN users u ON u.id = c.agent_id WHERE u.email = 'agent@oyster.test'`,
    );
    expect((await get('agent', '/api/v2/notifications/count-not-read')).body).toEqual({ count: 3 + reminders.n });
    expect((await get('admin', '/api/v2/notifications/count-not-read')).body).toEqual({ count: 0 });
  });
});
