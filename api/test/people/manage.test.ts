import { DEMO_ACCOUNT_KEYS, LOGIN_TEXTS, ROLE_TEXTS, USER_TEXTS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, DEMO_PASSWORD, call, connectSocket, connected, expectOnly, login, once, signInAll, start, type Running } from '../support';

/** Управление (issue 26): the users list, a user's card, a new user, the audit log — administrators only. */
describe.each(BACKENDS)('Управление: users and the audit log ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
  });
  afterAll(() => r.stop());

  const post = (body: unknown, who: DemoAccountKey = 'admin') => call(r.url, 'POST', '/api/v2/users', { token: tokens[who], body });
  const get = (path: string, who: DemoAccountKey = 'admin') => call(r.url, 'GET', path, { token: tokens[who] });
  const userCount = async () => (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n;
  const auditCount = async () => (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n;
  const staff = { email: 'Kassir.Novaya@oyster.test', firstName: 'Нина', secondName: 'Кассирова', middleName: 'Петровна', phone: '+7 (916) 123-45-67', roles: ['finance_controller'], canAnalyticsView: true, password: 'Pa55word!' };

  test('only administrators list, open and create users, and read the audit log', async () => {
    const adminId = (await get('/api/v2/auth/get-user')).body.user._id;
    await expectOnly(['admin'], (who) => get('/api/v2/users', who));
    await expectOnly(['admin'], (who) => get(`/api/v2/users/${adminId}`, who));
    await expectOnly(['admin'], (who) => get('/api/v2/audit', who));
    const before = await userCount();
    for (const who of DEMO_ACCOUNT_KEYS.filter((k) => k !== 'admin')) {
      expect((await post({ ...staff, email: `x-${who.toLowerCase()}@oyster.test` }, who)).status).toBe(403);
    }
    expect(await userCount()).toBe(before);
  });

  test('an administrator creates a member of staff who signs in; the creation is in the audit log, without the password', async () => {
    const adminId = (await get('/api/v2/auth/get-user')).body.user._id;
    const admin = connectSocket(r.url, tokens.admin);
    await connected(admin);
    const live = once(admin, 'audit_added');
    const res = await post(staff);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: 'kassir.novaya@oyster.test', fio: 'Кассирова Нина Петровна', roles: ['finance_controller'], role: 'finance_controller', kind: 'staff',
      phone: '+7 (916) 123-45-67', isPersonal: true, canAnalyticsView: true, canChatWithAgents: false, isBlocked: false, opf: null, network: null,
    });
    expect(await live).toEqual({ objectType: 'user' });
    admin.close();
    const id = res.body.data._id;
    const token = await login(r.url, 'kassir.novaya@oyster.test', 'Pa55word!');
    const me = (await call(r.url, 'GET', '/api/v2/auth/get-user', { token })).body.user;
    expect(me).toMatchObject({ _id: id, roles: ['finance_controller'], isPersonal: true, canAnalyticsView: true });

    const card = await get(`/api/v2/users/${id}`);
    expect(card.body.data).toMatchObject({ _id: id, firstName: 'Нина', secondName: 'Кассирова', middleName: 'Петровна' });
    const log = (await get(`/api/v2/audit?objectType=user&objectId=${id}`)).body.data;
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ action: 'create', objectType: 'user', objectId: id, objectTitle: 'Кассирова Нина Петровна', actor: { _id: adminId, fio: 'Смирнов Алексей Викторович' }, before: null });
    expect(log.items[0].after).toMatchObject({ email: 'kassir.novaya@oyster.test', roles: ['finance_controller'], canAnalyticsView: true });
    expect(JSON.stringify(log.items[0])).not.toMatch(/Pa55word/);
    expect(log.items[0].after).not.toHaveProperty('password');

    // The same email again (in any case) is a 400 naming it.
    expect(await post({ ...staff, email: 'KASSIR.novaya@oyster.test' })).toMatchObject({ status: 400, body: { message: USER_TEXTS.emailTaken, field: 'email' } });
  });

  test('an agent: legal form and network; no password — nobody can sign in until the link', async () => {
    const networkId = (await r.oyster.db.query<{ id: string }>(`SELECT id FROM broker_networks WHERE name LIKE '%Север%'`))[0].id;
    const res = await post({ email: 'new.agent@oyster.test', firstName: 'Глеб', secondName: 'Агентов', roles: ['agent', 'sub_agent'], opf: 'SZ', networkId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'agent', role: 'sub_agent', opf: 'SZ', network: { _id: networkId, name: 'Брокерская сеть «Север»' }, isPersonal: false, phone: null });
    // A random password nobody knows (the demo one does not open it either).
    const tried = await call(r.url, 'POST', '/api/v2/auth/login/', { body: { email: 'new.agent@oyster.test', password: DEMO_PASSWORD, rememberMe: false } });
    expect(tried.body.token ?? null).toBeNull();
    expect((await r.oyster.db.query<{ h: string }>(`SELECT password_hash AS h FROM users WHERE email = 'new.agent@oyster.test'`))[0].h).toMatch(/^\$2[aby]\$/);
  });

  test('only the role options of §6, the sign-in password rules, a real network: 400 in Russian naming the field, nothing written', async () => {
    const users = await userCount();
    const audit = await auditCount();
    const refused = async (body: object, field: string, message: string | RegExp) => {
      const res = await post({ ...staff, email: 'refused@oyster.test', ...body });
      expect({ body, status: res.status, field: res.body.field }).toEqual({ body, status: 400, field });
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    };
    await refused({ roles: ['agent_new'] }, 'roles', ROLE_TEXTS.notAssignable('agent_new'));
    await refused({ roles: ['anonymous'] }, 'roles', 'Поле «roles»: роль «Гость» нельзя назначить');
    await refused({ roles: ['agent', 'admin'] }, 'roles', ROLE_TEXTS.mixed);
    await refused({ roles: [] }, 'roles', ROLE_TEXTS.empty);
    await refused({ roles: ['wizard'] }, 'roles', 'Неизвестная роль: wizard');
    await refused({ roles: undefined }, 'roles', /roles/);
    await refused({ email: 'not-an-email' }, 'email', /email/);
    await refused({ firstName: '' }, 'firstName', /firstName/);
    await refused({ password: 'short' }, 'password', `Поле «password»: ${LOGIN_TEXTS.passwordTooShort.toLowerCase()}`);
    await refused({ phone: '12345' }, 'phone', USER_TEXTS.phoneInvalid);
    await refused({ phone: '+7 (123) 456-78-90' }, 'phone', USER_TEXTS.phoneInvalid);
    await refused({ opf: 'FL' }, 'opf', USER_TEXTS.opfStaff);
    await refused({ roles: ['agent'], opf: null }, 'opf', USER_TEXTS.opfRequired);
    await refused({ networkId: '0123456789abcdef01234567' }, 'networkId', USER_TEXTS.networkStaff);
    await refused({ roles: ['agent'], opf: 'FL', networkId: '0123456789abcdef01234567' }, 'networkId', USER_TEXTS.networkUnknown);
    await refused({ canAnalyticsView: 'yes' }, 'canAnalyticsView', /canAnalyticsView/);
    expect(await userCount()).toBe(users);
    expect(await auditCount()).toBe(audit);
  });

  test('the list: staff and agents newest first, filters by search, role, blocked (0/1), kind; keyset pages without repeats', async () => {
    const all: any[] = [];
    let after: string | null = null;
    do {
      const res: any = await get(`/api/v2/users?limit=7${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      all.push(...res.body.data.items);
      after = res.body.data.next;
    } while (after);
    expect(all.length).toBe(await userCount());
    expect(new Set(all.map((u) => u._id)).size).toBe(all.length);
    const times = all.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const blocked = (await get('/api/v2/users?blocked=1')).body.data.items;
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((u: any) => u.isBlocked)).toBe(true);
    expect((await get('/api/v2/users?blocked=0&limit=100')).body.data.items.every((u: any) => !u.isBlocked)).toBe(true);
    const supervisors = (await get('/api/v2/users?role=agent_supervisor')).body.data.items;
    expect(supervisors.map((u: any) => u.fio).sort()).toEqual(['Васильева Анна Игоревна', 'Петров Сергей Николаевич']);
    expect((await get('/api/v2/users?search=иванов')).body.data.items.map((u: any) => u.email)).toContain('agent@oyster.test');
    const staffOnly = (await get('/api/v2/users?kind=staff&limit=100')).body.data.items;
    expect(staffOnly.length).toBeGreaterThan(0);
    expect(staffOnly.every((u: any) => u.kind === 'staff')).toBe(true);
    // Bad filters: 400 naming the field.
    expect(await get('/api/v2/users?blocked=2')).toMatchObject({ status: 400, body: { field: 'blocked' } });
    expect(await get('/api/v2/users?role=wizard')).toMatchObject({ status: 400, body: { field: 'role' } });
    expect(await get('/api/v2/users?after=garbage')).toMatchObject({ status: 400, body: { field: 'after' } });
    expect((await get(`/api/v2/users/${'0'.repeat(24)}`)).status).toBe(404);
  });

  test('the audit log: a PATCH is there with before → after; filters by kind, actor, days; keyset pages', async () => {
    const adminId = (await get('/api/v2/auth/get-user')).body.user._id;
    const target = (await get('/api/v2/users?search=Жукова')).body.data.items[0]._id;
    expect((await call(r.url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { phone: '8 999 111-22-33', isBlocked: true } })).status).toBe(200);
    const [row] = (await get(`/api/v2/audit?objectId=${target}`)).body.data.items;
    expect(row).toMatchObject({ action: 'update', actor: { _id: adminId }, objectTitle: 'Жукова Вера Константиновна', before: { phone: null, isBlocked: false }, after: { phone: '+7 (999) 111-22-33', isBlocked: true } });
    expect((await get(`/api/v2/audit?actorId=${adminId}&limit=100`)).body.data.items.every((x: any) => x.actor._id === adminId)).toBe(true);
    expect((await get('/api/v2/audit?objectType=partner')).body.data.items).toEqual([]);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect((await get(`/api/v2/audit?from=${today}&to=${today}`)).body.data.items.length).toBeGreaterThan(1);
    expect((await get('/api/v2/audit?to=2000-01-01')).body.data.items).toEqual([]);
    const first = (await get('/api/v2/audit?limit=1')).body.data;
    const second = (await get(`/api/v2/audit?limit=1&after=${first.next}`)).body.data;
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(Date.parse(second.items[0].at)).toBeLessThanOrEqual(Date.parse(first.items[0].at));
    expect(await get('/api/v2/audit?from=2026-02-30')).toMatchObject({ status: 400, body: { field: 'from' } });
    expect(await get('/api/v2/audit?objectType=planet')).toMatchObject({ status: 400, body: { field: 'objectType' } });
  });
});
