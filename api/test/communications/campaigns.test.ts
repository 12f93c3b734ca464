import { DEMO_ACCOUNTS, type CampaignDetails, type CommunicationNotification, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { sendDue } from '../../src/communications/campaigns/store';
import { BACKENDS, connectSocket, connected, once, startSignedIn, type SignedInApp } from '../support';

/**
 * Popup campaigns (issue 13): staff write one for an audience and send it now or at a time; each
 * recipient's app gets it live or, when it was closed, from its pending list — once; the app logs the
 * show and the button pressed, and the campaign counts them. Only admins and copywriters manage them;
 * bad input is a 400 in Russian with nothing written; a scheduled one goes out once however many
 * schedulers run.
 */
const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Неделя КАСКО',
  text: '<p>Скидка <b>15 %</b> на КАСКО до пятницы</p><script>alert(1)</script>',
  actions: [
    { text: 'Подробнее', link: '/news' },
    { text: 'Оформить', link: 'https://oyster.example/kasko' },
  ],
  actionColor: 'green',
  darkBackground: true,
  sound: 'sound2',
  audience: { roles: [], networkIds: [], opf: [], agentEmails: [DEMO_ACCOUNTS.newagent.email] },
  sendAt: null,
  ...over,
});

describe.each(BACKENDS)('popup campaigns ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  const count = async (sql: string, params: unknown[] = []) => (await r.oyster.db.query<{ n: number }>(sql, params))[0].n;
  let newagentId: string;

  beforeAll(async () => {
    r = await startSignedIn(backend, ['copywriter', 'admin', 'manager', 'agent', 'newagent', 'finance'] as DemoAccountKey[]);
    newagentId = (await req('newagent', 'GET', '/api/v2/auth/get-user')).body.user._id;
  });
  afterAll(() => r.stop());

  test('a copywriter sends one to an agent: live popup, sanitised text, the show and the button logged and counted, nothing twice', async () => {
    const created = await req('copywriter', 'POST', '/api/v2/campaigns', draft());
    expect(created.status).toBe(200);
    const c = created.body.data as CampaignDetails;
    expect(c).toMatchObject({ status: 'draft', recipients: 0, title: 'Неделя КАСКО', sound: 'sound2', actionColor: 'green', darkBackground: true });
    expect(c.text).toContain('<b>15 %</b>');
    expect(c.text).not.toContain('script');

    const socket = connectSocket(r.url, r.tokens.newagent);
    try {
      await connected(socket);
      const arrived = once<{ options: { notification: CommunicationNotification } }>(socket, 'notification-market');
      const sent = await req('copywriter', 'POST', `/api/v2/campaigns/${c._id}/send`);
      expect(sent.body.data).toMatchObject({ status: 'sent', recipients: 1 });
      const popup = (await arrived).options.notification;
      expect(popup).toMatchObject({
        _id: c._id,
        message: { title: 'Неделя КАСКО', actionText: 'Подробнее', action: '/news', secondActionText: 'Оформить', secondAction: 'https://oyster.example/kasko', thirdActionText: null, actionColor: 'green', darkBackground: true, outputSound: true, sound: 'sound2' },
      });
      expect(popup.guid).toMatch(/^[0-9a-f]{24}$/);

      // Not shown yet: the app that was closed finds it among its pending ones.
      expect(((await req('newagent', 'GET', '/api/v2/communications/pending')).body.data as CommunicationNotification[]).map((n) => n.guid)).toEqual([popup.guid]);
      const log = (reaction: number, over: Record<string, unknown> = {}) =>
        req('newagent', 'POST', '/api/v2/set-logs/communication', { communicationId: c._id, guid: popup.guid, agentId: newagentId, reaction, ...over });
      expect((await log(4)).status).toBe(200); // shown
      expect((await req('newagent', 'GET', '/api/v2/communications/pending')).body.data).toEqual([]);
      expect((await log(2)).status).toBe(200); // «Оформить»
      expect((await log(4)).status).toBe(200); // a close after it does not undo the button

      const details = (await req('copywriter', 'GET', `/api/v2/campaigns/${c._id}`)).body.data as CampaignDetails;
      expect(details).toMatchObject({ shown: 1, reacted: 1, reactions: { 1: 0, 2: 1, 3: 0, closed: 0 } });
      const recipients = (await req('admin', 'GET', `/api/v2/campaigns/${c._id}/recipients`)).body.data;
      expect(recipients).toMatchObject({ total: 1, items: [{ userId: newagentId, email: DEMO_ACCOUNTS.newagent.email, reaction: 2 }] });
      expect(recipients.items[0].shownAt).toEqual(expect.any(String));
      expect(await count('SELECT count(*)::int AS n FROM communication_logs WHERE guid = $1', [popup.guid])).toBe(3);

      // Another's name in the log, or a delivery that is not mine: refused, nothing written.
      const notMe = await log(1, { agentId: '0'.repeat(24) });
      expect([notMe.status, notMe.body.message]).toEqual([400, 'Поле «agentId»: журнал пишется только за себя']);
      const notMine = await req('agent', 'POST', '/api/v2/set-logs/communication', { communicationId: c._id, guid: popup.guid, agentId: (await req('agent', 'GET', '/api/v2/auth/get-user')).body.user._id, reaction: 1 });
      expect([notMine.status, notMine.body.message]).toEqual([404, 'Эта рассылка вам не отправлялась']);
      expect(await count('SELECT count(*)::int AS n FROM communication_logs WHERE guid = $1', [popup.guid])).toBe(3);

      // Sent is final: not again, not changed, not deleted.
      for (const res of [await req('copywriter', 'POST', `/api/v2/campaigns/${c._id}/send`), await req('copywriter', 'PUT', `/api/v2/campaigns/${c._id}`, draft()), await req('copywriter', 'DELETE', `/api/v2/campaigns/${c._id}`)]) {
        expect([res.status, res.body.message]).toEqual([409, 'Отправленную рассылку изменить нельзя']);
      }
      expect(await count('SELECT count(*)::int AS n FROM campaign_deliveries WHERE campaign_id = $1', [c._id])).toBe(1);
    } finally {
      socket.close();
    }
  });

  test('the audience: filters by role, network and legal form (by default the agents, never the staff), or a list of agents; the count before sending', async () => {
    const countOf = async (audience: Record<string, unknown>) => (await req('admin', 'POST', '/api/v2/campaigns/audience', { audience: { roles: [], networkIds: [], opf: [], agentEmails: [], ...audience } })).body.data.count as number;
    expect(await countOf({})).toBe(await count('SELECT count(*)::int AS n FROM users WHERE NOT is_personal AND NOT is_blocked'));
    expect(await countOf({ opf: ['SZ'] })).toBe(await count(`SELECT count(*)::int AS n FROM users WHERE NOT is_personal AND NOT is_blocked AND opf = 'SZ'`));
    expect(await countOf({ roles: ['agent_manager'] })).toBe(await count(`SELECT count(*)::int AS n FROM users WHERE 'agent_manager' = ANY(roles) AND NOT is_blocked`));
    const [net] = await r.oyster.db.query<{ id: string }>('SELECT broker_network_id AS id FROM users WHERE email = $1', [DEMO_ACCOUNTS.agent.email]);
    expect(await countOf({ networkIds: [net.id] })).toBe(await count('SELECT count(*)::int AS n FROM users WHERE NOT is_personal AND NOT is_blocked AND broker_network_id = $1', [net.id]));
    expect(await countOf({ agentEmails: [DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.owner.email.toUpperCase()] })).toBe(2);
    const unknown = await req('admin', 'POST', '/api/v2/campaigns/audience', { audience: { roles: [], networkIds: [], opf: [], agentEmails: ['nobody@oyster.test'] } });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Поле «audience.agentEmails»: нет агентов с адресами nobody@oyster.test']);
  });

  test('only admins and copywriters manage campaigns; everyone signed in has their pending popups', async () => {
    for (const who of ['manager', 'agent', 'finance'] as const) {
      const res = await req(who, 'GET', '/api/v2/campaigns');
      expect([who, res.status]).toEqual([who, 403]);
      expect((await req(who, 'POST', '/api/v2/campaigns', draft())).status).toBe(403);
    }
    expect((await req('admin', 'GET', '/api/v2/campaigns')).status).toBe(200);
    expect((await req('manager', 'GET', '/api/v2/communications/pending')).status).toBe(200);
    expect((await req(null, 'GET', '/api/v2/communications/pending')).status).toBe(401);
  });

  test('bad input: a 400 in Russian naming the field, and nothing written', async () => {
    const before = await count('SELECT count(*)::int AS n FROM campaigns');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ' }, 'Поле «title» обязательно'],
      [{ actions: [1, 2, 3, 4].map((i) => ({ text: `Кнопка ${i}`, link: '/news' })) }, 'Поле «actions»: не больше 3 элементов'],
      [{ actions: [{ text: 'Жми', link: 'javascript:alert(1)' }] }, 'Поле «actions[].link»: путь в приложении (/…) или адрес http(s)://'],
      [{ sound: 'sound9' }, 'Поле «sound» должно быть одним из: sound1, sound2, sound3'],
      [{ imageUrl: 'https://evil.example/x.png' }, 'Поле «imageUrl»: картинка из медиатеки (/media/…)'],
      [{ imageUrl: '/media/news/../../etc/x.png' }, 'Поле «imageUrl»: картинка из медиатеки (/media/…)'],
      [{ imageUrl: '/media/news/x.svg' }, 'Поле «imageUrl»: картинка из медиатеки (/media/…)'],
      [{ imageUrl: '' }, 'Поле «imageUrl»: картинка из медиатеки (/media/…)'],
      [{ sendAt: '2020-01-01T10:00:00Z' }, 'Поле «sendAt»: время отправки уже прошло'],
      [{ audience: { roles: [], networkIds: [], opf: [], agentEmails: ['ghost@oyster.test'] } }, 'Поле «audience.agentEmails»: нет агентов с адресами ghost@oyster.test'],
      [{ audience: undefined }, 'Поле «audience» обязательно'],
    ];
    for (const [over, message] of cases) {
      const res = await req('copywriter', 'POST', '/api/v2/campaigns', draft(over));
      expect({ over, status: res.status, message: res.body.message }).toEqual({ over, status: 400, message });
    }
    expect(await count('SELECT count(*)::int AS n FROM campaigns')).toBe(before);
  });

  test('a picture of the media library is kept (trimmed)', async () => {
    const res = await req('copywriter', 'POST', '/api/v2/campaigns', draft({ imageUrl: ' /media/news/popup-1.jpeg ' }));
    expect([res.status, res.body.data.imageUrl]).toEqual([200, '/media/news/popup-1.jpeg']);
    expect((await req('copywriter', 'DELETE', `/api/v2/campaigns/${res.body.data._id}`)).status).toBe(200);
  });

  test('a scheduled campaign goes out once when due, however many schedulers run at once; a draft never', async () => {
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const scheduled = (await req('copywriter', 'POST', '/api/v2/campaigns', draft({ title: 'По расписанию', sendAt: at, audience: { roles: [], networkIds: [], opf: ['SZ', 'FL'], agentEmails: [] } }))).body.data as CampaignDetails;
    expect(scheduled).toMatchObject({ status: 'scheduled', sendAt: at });
    const kept = (await req('copywriter', 'POST', '/api/v2/campaigns', draft({ title: 'Черновик' }))).body.data as CampaignDetails;
    // Its time comes (moved in the database rather than waited for).
    await r.oyster.db.query(`UPDATE campaigns SET send_at = now() - interval '1 second' WHERE id = $1`, [scheduled._id]);
    const ctx = { db: r.oyster.db, rt: r.oyster.realtime };
    const sentBy = await Promise.all([sendDue(ctx), sendDue(ctx), sendDue(ctx)]);
    expect(sentBy.reduce((a, b) => a + b, 0)).toBe(1);
    const audience = await count(`SELECT count(*)::int AS n FROM users WHERE NOT is_personal AND NOT is_blocked AND opf IN ('SZ','FL')`);
    expect(await count('SELECT count(*)::int AS n FROM campaign_deliveries WHERE campaign_id = $1', [scheduled._id])).toBe(audience);
    expect((await req('copywriter', 'GET', `/api/v2/campaigns/${scheduled._id}`)).body.data).toMatchObject({ status: 'sent', recipients: audience });
    expect((await req('copywriter', 'GET', `/api/v2/campaigns/${kept._id}`)).body.data.status).toBe('draft');
    // A draft may be deleted.
    expect((await req('copywriter', 'DELETE', `/api/v2/campaigns/${kept._id}`)).status).toBe(200);
    expect((await req('copywriter', 'GET', `/api/v2/campaigns/${kept._id}`)).status).toBe(404);
  });
});
