import { DEMO_ACCOUNTS, WEBINAR_TEXTS, type DemoAccountKey, type Webinar } from '@oyster/shared-kit/domain';
import { createApp } from '../../src/app';
import { sendDueReminders } from '../../src/communications/webinars/store';
import { BACKENDS, REDIS_URL, connectSocket, connected, expectOnly, once, startSignedIn, type SignedInApp } from '../support';

/**
 * Webinars (issue 13): staff plan one and invite the agents (each gets the toast in their own mode and a
 * line on the bell); agents sign up and join (§7 webinars/registration); postponing tells the registered
 * and drops the reminder; the reminder 10 minutes before the start reaches each registered agent exactly
 * once, whatever the number of api instances, and one due while no api ran goes at the next start.
 */
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const input = (over: Record<string, unknown> = {}) => ({
  title: 'Продажи КАСКО в кредит',
  description: 'Разбор требований банков',
  startsAt: inHours(48),
  duration: 60,
  platform: 'Контур.Толк',
  conferenceLink: 'https://webinar.oyster.test/room/kasko-credit',
  ...over,
});

describe.each(BACKENDS)('webinars ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  const count = async (sql: string, params: unknown[] = []) => (await r.oyster.db.query<{ n: number }>(sql, params))[0].n;
  const ctx = () => ({ db: r.oyster.db, rt: r.oyster.realtime, unread: r.oyster.unread });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await req('copywriter', 'POST', '/api/v2/webinars', input(over));
    expect(res.status).toBe(200);
    return res.body.data as Webinar;
  };

  beforeAll(async () => {
    r = await startSignedIn(backend, ['copywriter', 'admin', 'manager', 'agent', 'newagent', 'finance', 'supervisor'] as DemoAccountKey[]);
  });
  afterAll(() => r.stop());

  test('the demo list: upcoming nearest first (postponed last), past latest first; agent@ sees their own sign-ups', async () => {
    const upcoming = (await req('agent', 'GET', '/api/v2/webinars')).body.data as Webinar[];
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(upcoming[upcoming.length - 1]).toMatchObject({ removeWebinar: true, registration: true });
    const dated = upcoming.filter((w) => !w.removeWebinar);
    expect(dated.map((w) => w.startsAt)).toEqual([...dated.map((w) => w.startsAt)].sort());
    expect(dated[0]).toMatchObject({ status: 'planned', isSendAnnouncement: false, registration: true, conferenceLink: expect.stringMatching(/^https:\/\//) });
    expect(dated[0].date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(dated[0].time).toBe('11:00');
    expect(dated[0]).not.toHaveProperty('registrations');
    const past = (await req('agent', 'GET', '/api/v2/webinars?period=past')).body.data as Webinar[];
    expect(past[0]).toMatchObject({ status: 'end', registration: true });
    // Staff see the counts.
    const staffView = (await req('copywriter', 'GET', `/api/v2/webinars/${dated[0]._id}`)).body.data as Webinar;
    expect(staffView.registrations).toBeGreaterThanOrEqual(1);
  });

  test('only admins and copywriters plan, postpone, invite and see the registrations; only agents sign up', async () => {
    const w = await create();
    const everyone: DemoAccountKey[] = ['copywriter', 'admin', 'manager', 'agent', 'newagent', 'finance', 'supervisor'];
    await expectOnly(['admin', 'copywriter'], (k) => req(k, 'PUT', `/api/v2/webinars/${w._id}`, input({ title: 'Переименован' })), everyone);
    await expectOnly(['admin', 'copywriter'], (k) => req(k, 'GET', `/api/v2/webinars/${w._id}/registrations`), everyone);
    await expectOnly(['agent', 'newagent'], (k) => req(k, 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' }), everyone);
    expect((await req('agent', 'POST', '/api/v2/webinars', input())).status).toBe(403);
  });

  test('an invitation: each agent’s toast in their mode and a line on the bell; sign-up turns it into the registered version; joining marks watch', async () => {
    const w = await create({ title: 'Приглашение', description: 'Требования банков.\nРасчёт премии по остатку долга.' });
    expect(w.description).toBe('Требования банков.\nРасчёт премии по остатку долга.');
    expect((await req('agent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' })).body.data).toMatchObject({ registration: true, isSendAnnouncement: false });
    const agentSocket = connectSocket(r.url, r.tokens.agent);
    const newSocket = connectSocket(r.url, r.tokens.newagent);
    try {
      await Promise.all([connected(agentSocket), connected(newSocket)]);
      const forAgent = once<Webinar>(agentSocket, 'webinar-notification');
      const forNew = once<Webinar>(newSocket, 'webinar-notification');
      // One toast each (the invitation goes as two broadcasts, signed up or not: bench/drill-sockets.mjs).
      const agentToasts: Webinar[] = [];
      const newToasts: Webinar[] = [];
      agentSocket.on('webinar-notification', (t: Webinar) => agentToasts.push(t));
      newSocket.on('webinar-notification', (t: Webinar) => newToasts.push(t));
      const bell = once<{ count: number }>(newSocket, 'notifications_count');
      const toasts: unknown[] = [];
      newSocket.on('notification', (n: unknown) => toasts.push(n));
      const announced = await req('copywriter', 'POST', `/api/v2/webinars/${w._id}/announce`);
      expect(announced.status).toBe(200);
      expect(announced.body.data.invited).toBe(await count('SELECT count(*)::int AS n FROM users WHERE NOT is_personal AND NOT is_blocked'));
      expect(announced.body.data.announcedAt).toEqual(expect.any(String));
      expect(await forAgent).toMatchObject({ _id: w._id, registration: true, removeWebinar: false, isSendAnnouncement: false });
      expect(await forNew).toMatchObject({ _id: w._id, registration: false });
      // A line on the bell (its count pushed), but no second toast beside the webinar's own.
      expect((await bell).count).toBeGreaterThanOrEqual(1);
      const newagentId = (await req('newagent', 'GET', '/api/v2/auth/get-user')).body.user._id;
      const [line] = await r.oyster.db.query<{ action: string }>('SELECT action FROM notifications WHERE user_id = $1 AND title = $2', [newagentId, WEBINAR_TEXTS.inviteTitle('Приглашение')]);
      expect(line.action).toBe(`/webinar/${w._id}`);
      expect(toasts).toEqual([]);
      expect(agentToasts.map((t) => [t._id, t.registration])).toEqual([[w._id, true]]);
      expect(newToasts.map((t) => [t._id, t.registration])).toEqual([[w._id, false]]);
    } finally {
      agentSocket.close();
      newSocket.close();
    }
    const signed = await req('newagent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' });
    expect(signed.body.data).toMatchObject({ registration: true });
    expect((await req('newagent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' })).status).toBe(200); // again: still one
    expect((await req('newagent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'watch' })).status).toBe(200);
    const list = (await req('admin', 'GET', `/api/v2/webinars/${w._id}/registrations`)).body.data as { email: string; watchedAt: string | null }[];
    expect(list.map((x) => x.email).sort()).toEqual([DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.newagent.email].sort());
    expect(list.find((x) => x.email === DEMO_ACCOUNTS.newagent.email)!.watchedAt).toEqual(expect.any(String));
    expect((await req('copywriter', 'GET', `/api/v2/webinars/${w._id}`)).body.data).toMatchObject({ registrations: 2, watched: 1 });
  });

  test('postponing: the registered get the postponed toast, the reminder is dropped, no sign-up; a new date brings it back', async () => {
    const w = await create({ title: 'Отложим' });
    await req('agent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' });
    const socket = connectSocket(r.url, r.tokens.agent);
    try {
      await connected(socket);
      const toast = once<Webinar>(socket, 'webinar-notification');
      const res = await req('admin', 'POST', `/api/v2/webinars/${w._id}/postpone`);
      expect(res.body.data).toMatchObject({ removeWebinar: true });
      expect(await toast).toMatchObject({ _id: w._id, removeWebinar: true, registration: true });
    } finally {
      socket.close();
    }
    expect(await count('SELECT count(*)::int AS n FROM webinar_jobs WHERE webinar_id = $1', [w._id])).toBe(0);
    const again = await req('admin', 'POST', `/api/v2/webinars/${w._id}/postpone`);
    expect([again.status, again.body.message]).toEqual([409, 'Вебинар уже отложен']);
    const signUp = await req('newagent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' });
    expect([signUp.status, signUp.body.message]).toEqual([409, WEBINAR_TEXTS.postponedNoSignUp]);
    const invite = await req('copywriter', 'POST', `/api/v2/webinars/${w._id}/announce`);
    expect(invite.status).toBe(409);
    const back = await req('copywriter', 'PUT', `/api/v2/webinars/${w._id}`, input({ title: 'Отложим', startsAt: inHours(72) }));
    expect(back.body.data).toMatchObject({ removeWebinar: false });
    expect(await count(`SELECT count(*)::int AS n FROM webinar_jobs WHERE webinar_id = $1 AND done_at IS NULL`, [w._id])).toBe(1);
  });

  test('the reminder reaches each registered agent exactly once, however many instances run it at once; the toast then counts down to the start', async () => {
    const w = await create({ title: 'Скоро начало', startsAt: inHours(1) });
    await req('agent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' });
    await req('newagent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'singUp' });
    // A second instance on the same database (and the same Redis, when there is one) runs its step at
    // the same time as this one's.
    const second = await createApp({
      ...(backend.databaseUrl ? { databaseUrl: r.databaseUrl, databaseSchema: r.schema } : { db: r.oyster.db }),
      redisUrl: REDIS_URL,
      redisNamespace: r.redisNamespace,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
    });
    await second.app.ready();
    const title = WEBINAR_TEXTS.reminderTitle('Скоро начало');
    const socket = connectSocket(r.url, r.tokens.agent);
    try {
      await connected(socket);
      const toast = once<Webinar>(socket, 'webinar-notification');
      // Its start comes near (moved in the database rather than waited for): 9 minutes to go.
      await r.oyster.db.query(`UPDATE webinars SET starts_at = now() + interval '9 minutes' WHERE id = $1`, [w._id]);
      await r.oyster.db.query(`UPDATE webinar_jobs SET run_at = now() - interval '1 minute' WHERE webinar_id = $1`, [w._id]);
      const otherCtx = { db: second.db, rt: second.realtime, unread: second.unread };
      const sent = await Promise.all([sendDueReminders(ctx()), sendDueReminders(otherCtx), sendDueReminders(ctx()), sendDueReminders(otherCtx)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      // The toast reaches the agent's socket here when this instance sent it, or through Redis.
      if (REDIS_URL || sent[0] + sent[2] === 1) {
        const t = await toast;
        expect(t).toMatchObject({ _id: w._id, isSendAnnouncement: true, registration: true, status: 'planned' });
        expect(t.untilTime.minutes).toBeGreaterThanOrEqual(8);
        expect(t.untilTime.minutes).toBeLessThanOrEqual(9);
      } else toast.catch(() => undefined);
    } finally {
      socket.close();
      await second.close();
    }
    for (const key of ['agent', 'newagent'] as const) {
      const id = (await req(key, 'GET', '/api/v2/auth/get-user')).body.user._id;
      expect(await count('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND title = $2', [id, title])).toBe(1);
    }
    // Nothing more to send: the job is done.
    expect(await sendDueReminders(ctx())).toBe(0);
    // At start the registered agent's app finds the announcement toast; a staff member's none.
    expect(((await req('agent', 'GET', '/api/v2/webinars/toasts')).body.data as Webinar[]).map((x) => x._id)).toContain(w._id);
    expect((await req('copywriter', 'GET', '/api/v2/webinars/toasts')).body.data).toEqual([]);
  });

  test('a reminder due while no api ran goes at the next start; one for an ended webinar never', async () => {
    const soon = await create({ title: 'Пропущенное напоминание', startsAt: inHours(2) });
    const gone = await create({ title: 'Уже прошёл', startsAt: inHours(2) });
    await req('agent', 'POST', `/api/v2/webinars/registration/${soon._id}`, { status: 'singUp' });
    await req('agent', 'POST', `/api/v2/webinars/registration/${gone._id}`, { status: 'singUp' });
    await r.oyster.db.query(`UPDATE webinars SET starts_at = now() + interval '5 minutes' WHERE id = $1`, [soon._id]);
    await r.oyster.db.query(`UPDATE webinars SET starts_at = now() - interval '3 hours' WHERE id = $1`, [gone._id]);
    await r.oyster.db.query(`UPDATE webinar_jobs SET run_at = now() - interval '5 minutes' WHERE webinar_id = ANY($1::text[])`, [[soon._id, gone._id]]);
    // A new instance starts: its first step runs when it is ready.
    const next = await createApp({
      ...(backend.databaseUrl ? { databaseUrl: r.databaseUrl, databaseSchema: r.schema } : { db: r.oyster.db }),
      redisUrl: REDIS_URL,
      redisNamespace: r.redisNamespace,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
    });
    try {
      await next.app.ready();
      const agentId = (await req('agent', 'GET', '/api/v2/auth/get-user')).body.user._id;
      const reminded = async (title: string) => count('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND title = $2', [agentId, WEBINAR_TEXTS.reminderTitle(title)]);
      const pending = () => count('SELECT count(*)::int AS n FROM webinar_jobs WHERE webinar_id = ANY($1::text[]) AND done_at IS NULL', [[soon._id, gone._id]]);
      for (let i = 0; i < 50 && (await pending()) > 0; i++) await new Promise((res) => setTimeout(res, 100));
      expect(await reminded('Пропущенное напоминание')).toBe(1);
      expect(await reminded('Уже прошёл')).toBe(0);
      expect(await pending()).toBe(0);
    } finally {
      await next.close();
    }
    const ended = await req('agent', 'POST', `/api/v2/webinars/registration/${gone._id}`, { status: 'watch' });
    expect([ended.status, ended.body.message]).toEqual([409, WEBINAR_TEXTS.ended]);
  });

  test('bad input: a 400 in Russian naming the field, nothing written', async () => {
    const before = await count('SELECT count(*)::int AS n FROM webinars');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Поле «title» обязательно'],
      [{ startsAt: '2026-13-01' }, 'Поле «startsAt»: дата и время ISO 8601 с часовым поясом'],
      [{ startsAt: '2020-01-01T10:00:00Z' }, WEBINAR_TEXTS.pastStart],
      [{ duration: 5 }, 'Поле «duration»: от 10 до 480 минут'],
      [{ duration: 45.5 }, 'Поле «duration»: целое число минут'],
      [{ platform: '  ' }, 'Поле «platform» обязательно'],
      [{ conferenceLink: 'javascript:alert(1)' }, 'Поле «conferenceLink»: адрес https://'],
      [{ conferenceLink: 'http://insecure.example/room' }, 'Поле «conferenceLink»: адрес https://'],
    ];
    for (const [over, message] of cases) {
      const res = await req('copywriter', 'POST', '/api/v2/webinars', input(over));
      expect({ over, status: res.status, message: res.body.message }).toEqual({ over, status: 400, message });
    }
    expect(await count('SELECT count(*)::int AS n FROM webinars')).toBe(before);
    const w = (await req('agent', 'GET', '/api/v2/webinars')).body.data[0] as Webinar;
    const badStatus = await req('agent', 'POST', `/api/v2/webinars/registration/${w._id}`, { status: 'signUp' });
    expect([badStatus.status, badStatus.body.message]).toEqual([400, 'Поле «status» должно быть одним из: singUp, watch']);
    const badPeriod = await req('agent', 'GET', '/api/v2/webinars?period=future');
    expect([badPeriod.status, badPeriod.body.message]).toEqual([400, 'Поле «period» должно быть одним из: upcoming, past']);
    const missing = await req('agent', 'GET', `/api/v2/webinars/${'0'.repeat(24)}`);
    expect([missing.status, missing.body.message]).toEqual([404, WEBINAR_TEXTS.notFound]);
  });
});
