import { AGENT_TEXTS, DEMO_ACCOUNT_KEYS, DEMO_PASSWORD, LOGIN_TEXTS, ROLE_TEXTS, USER_TEXTS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, FORBIDDEN, call, connectSocket, connected, expectOnly, login, once, signInAll, start, type Running } from '../support';

/**
 * Issue 26, agents and sub-agents: the list's keyset pages, an agent's card, what each account may do to
 * an agent (level, network, curator, block — the server refuses the rest), blocking ends sessions at
 * once, a network owner's sub-agents and invitations, one-time password links; bad input 400 in Russian
 * with nothing written; every change in the audit log.
 */
describe.each(BACKENDS)('agents and sub-agents ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  const as = (who: DemoAccountKey | string) => tokens[who as DemoAccountKey] ?? who;
  const get = (who: DemoAccountKey | string, path: string) => call(r.url, 'GET', path, { token: as(who) });
  const send = (who: DemoAccountKey | string, method: string, path: string, body?: unknown) => call(r.url, method, path, { token: as(who), body });
  const idOf = async (email: string) => (await r.oyster.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
  const audit = (objectId: string) => r.oyster.db.query<{ action: string; before: any; after: any }>('SELECT action, before, after FROM audit_log WHERE object_id = $1 ORDER BY at, id', [objectId]);

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
  });
  afterAll(() => r.stop());

  test('the list: newest first, «Показать ещё» by the keyset cursor to the end, filters kept; a bad cursor is a 400', async () => {
    const seen: string[] = [];
    let page = await send('admin', 'POST', '/api/v2/agents/', { pageSize: 7 });
    expect(page.body.data.total).toBe(19);
    expect(page.body.data.agents[0]).toEqual({
      _id: expect.any(String), fio: expect.any(String), email: expect.any(String), isBlocked: expect.any(Boolean),
      opf: expect.any(String), level: 1, network: null, createDate: expect.any(String),
    });
    for (;;) {
      seen.push(...page.body.data.agents.map((a: any) => a.createDate + a._id));
      if (!page.body.data.next) break;
      page = await send('admin', 'POST', '/api/v2/agents/', { pageSize: 7, after: page.body.data.next });
    }
    expect(seen).toHaveLength(19);
    expect([...seen].sort().reverse()).toEqual(seen);
    const north = await send('admin', 'POST', '/api/v2/agents/', { byNetwork: true, pageSize: 2 });
    const more = await send('admin', 'POST', '/api/v2/agents/', { byNetwork: true, pageSize: 2, after: north.body.data.next });
    expect(more.body.data.agents.every((a: any) => a.network?.name.startsWith('Брокерская сеть'))).toBe(true);
    const bad = await send('admin', 'POST', '/api/v2/agents/', { after: 'yesterday' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Поле «after» должно быть курсором из ответа (next)' } });
  });

  test('the card: who may open whose; an appointed-only supervisor only their appointed agents', async () => {
    const ivanov = await idOf('agent@oyster.test');
    const card = await get('admin', `/api/v2/agents/${ivanov}`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({
      fio: 'Иванов Иван Петрович', opf: 'FL', level: 1, network: { name: 'Брокерская сеть «Север»' },
      curators: [{ fio: 'Петров Сергей Николаевич' }], can: { block: true, changeLevel: true, moveNetwork: true, appointCurator: true },
    });
    expect(card.body.sessions.length).toBeGreaterThan(0);
    expect(card.body.contracts).toEqual({ total: expect.any(Number), paid: expect.any(Number), premium: expect.any(Number) });
    // Who may open Иванов's card: staff and his network's owner; the owner of other sub-agents finds no such agent; the rest 403.
    const expected: Partial<Record<DemoAccountKey, number>> = { admin: 200, manager: 200, supervisor: 200, supervisorAppointed: 200, finance: 200, broker: 200, owner: 404 };
    for (const who of DEMO_ACCOUNT_KEYS) {
      const res = await get(who, `/api/v2/agents/${ivanov}`);
      expect({ who, status: res.status }).toEqual({ who, status: expected[who] ?? 403 });
    }
    const zhukova = await idOf('agent14@oyster.test');
    expect((await get('supervisorAppointed', `/api/v2/agents/${zhukova}`)).status).toBe(404);
    expect((await get('owner', `/api/v2/agents/${await idOf('subagent@oyster.test')}`)).body).toMatchObject({ can: { block: true, changeLevel: false }, sessions: [] });
    expect((await get('admin', '/api/v2/agents/xyz')).status).toBe(400);
  });

  test('level, network, curator: administrators only; bad input 400 naming the field, nothing written; audited', async () => {
    const id = await idOf('agent13@oyster.test');
    for (const who of ['manager', 'supervisor', 'finance', 'broker', 'owner'] as const) {
      const visible = (await get(who, `/api/v2/agents/${id}`)).status === 200;
      const res = await send(who, 'PATCH', `/api/v2/agents/${id}`, { level: 2 });
      expect({ who, status: res.status }).toEqual({ who, status: visible ? 403 : 404 });
    }
    const badLevel = await send('admin', 'PATCH', `/api/v2/agents/${id}`, { level: 7 });
    expect(badLevel).toMatchObject({ status: 400, body: { message: 'Поле «level»: уровень 1 (агент), 2 (эксперт) или 3 (брокер)' } });
    const badNet = await send('admin', 'PATCH', `/api/v2/agents/${id}`, { networkId: '0123456789abcdef01234567', level: 3 });
    expect(badNet).toMatchObject({ status: 400, body: { message: AGENT_TEXTS.noSuchNetwork, field: 'networkId' } });
    expect((await get('admin', `/api/v2/agents/${id}`)).body.level).toBe(1);

    const { networks, curators } = (await get('admin', '/api/v2/agents/options')).body;
    const volga = networks.find((n: any) => n.name.includes('Волга'));
    const moved = await send('admin', 'PATCH', `/api/v2/agents/${id}`, { level: 3, networkId: volga._id });
    expect(moved.body).toMatchObject({ level: 3, network: { name: 'Брокерская сеть «Волга»' } });
    expect((await audit(id)).at(-1)).toMatchObject({ action: 'update', before: { level: 1, networkId: null }, after: { level: 3, networkId: volga._id } });

    const appointed = curators.find((c: any) => c.fio === 'Петров Сергей Николаевич');
    expect((await get('supervisorAppointed', `/api/v2/agents/${id}`)).status).toBe(404);
    expect((await send('supervisor', 'POST', `/api/v2/agents/${id}/curators`, { curatorId: appointed._id })).body).toEqual(FORBIDDEN);
    const notCurator = await send('admin', 'POST', `/api/v2/agents/${id}/curators`, { curatorId: await idOf('agent@oyster.test') });
    expect(notCurator).toMatchObject({ status: 400, body: { message: AGENT_TEXTS.noSuchCurator, field: 'curatorId' } });
    const socket = connectSocket(r.url, tokens.supervisorAppointed);
    await connected(socket);
    const told = once(socket, 'agent_changed');
    const withCurator = await send('admin', 'POST', `/api/v2/agents/${id}/curators`, { curatorId: appointed._id });
    expect(withCurator.body.curators).toEqual([{ _id: appointed._id, fio: 'Петров Сергей Николаевич' }]);
    expect(await told).toEqual({ agentId: id });
    socket.close();
    expect((await get('supervisorAppointed', `/api/v2/agents/${id}`)).status).toBe(200);
    expect((await send('supervisorAppointed', 'POST', '/api/v2/agents/', {})).body.data.total).toBe(4);
    await send('admin', 'DELETE', `/api/v2/agents/${id}/curators/${appointed._id}`);
    expect((await get('supervisorAppointed', `/api/v2/agents/${id}`)).status).toBe(404);
    expect((await audit(id)).map((a) => a.action).slice(-2)).toEqual(['create', 'delete']);
  });

  test('blocking ends the agent\'s sessions at once (401, socket logout); an owner blocks only their own sub-agents', async () => {
    const email = 'agent7@oyster.test';
    const id = await idOf(email);
    const token = await login(r.url, email);
    const socket = connectSocket(r.url, token);
    await connected(socket);
    const loggedOut = once(socket, 'logout');
    expect((await send('owner', 'PATCH', `/api/v2/agents/${id}`, { isBlocked: true })).status).toBe(404);
    const blocked = await send('admin', 'PATCH', `/api/v2/agents/${id}`, { isBlocked: true });
    expect(blocked.body).toMatchObject({ isBlocked: true });
    await loggedOut;
    socket.close();
    expect((await get(token, '/api/v2/auth/get-user')).status).toBe(401);
    expect((await call(r.url, 'POST', '/api/v2/auth/login/', { body: { email, password: DEMO_PASSWORD } })).body.message).toBe('Пользователь заблокирован');
    expect((await audit(id)).at(-1)).toMatchObject({ action: 'block', before: { isBlocked: false }, after: { isBlocked: true } });
    await send('admin', 'PATCH', `/api/v2/agents/${id}`, { isBlocked: false });
    expect((await audit(id)).at(-1)).toMatchObject({ action: 'unblock' });

    const sub = await idOf('agent10@oyster.test');
    expect((await send('owner', 'PATCH', `/api/v2/agents/${sub}`, { isBlocked: true })).body).toMatchObject({ isBlocked: true });
    expect((await send('owner', 'PATCH', `/api/v2/agents/${sub}`, { level: 2 })).status).toBe(403);
    expect((await send('owner', 'PATCH', `/api/v2/agents/${sub}`, { isBlocked: false })).body).toMatchObject({ isBlocked: false, level: 1 });
  });

  test('sub-agents: the owner\'s list with sales and override; invite with §6 roles; the link sets a password once', async () => {
    await expectOnly(['owner'], (who) => get(who, '/api/v2/sub-agents/'));
    const list = (await get('owner', '/api/v2/sub-agents/')).body.data;
    expect(list.subAgents.map((s: any) => s.email).sort()).toEqual(['agent10@oyster.test', 'agent11@oyster.test', 'subagent@oyster.test']);
    expect(list.totals.count).toBe(list.subAgents.reduce((n: number, s: any) => n + s.sales.count, 0));

    const users = async () => (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n;
    const before = await users();
    const invite = { secondName: 'Ястребова', firstName: 'Ольга', email: 'Olga.Y@oyster.test', phone: '8 900 123-45-67' };
    const refused = await send('owner', 'POST', '/api/v2/sub-agents/invite', { ...invite, roles: ['sub_agent', 'admin'] });
    expect(refused).toMatchObject({ status: 400, body: { message: ROLE_TEXTS.brokersOwnerOnly, field: 'roles' } });
    expect((await send('owner', 'POST', '/api/v2/sub-agents/invite', { ...invite, email: 'nope' })).body.message).toBe('Поле «email»: неправильный email');
    expect((await send('owner', 'POST', '/api/v2/sub-agents/invite', { ...invite, email: 'agent@oyster.test' })).body).toMatchObject({ message: AGENT_TEXTS.emailTaken, field: 'email' });
    // The phone: §5's one rule, as on the users' card (shared-kit userPhone) — a first digit 1 is not a Russian mobile or city code.
    expect((await send('owner', 'POST', '/api/v2/sub-agents/invite', { ...invite, phone: '+71234567890' })).body).toMatchObject({ message: USER_TEXTS.phoneInvalid, field: 'phone' });
    expect((await send('agent', 'POST', '/api/v2/sub-agents/invite', invite)).body).toEqual(FORBIDDEN);
    expect(await users()).toBe(before);

    const made = await send('owner', 'POST', '/api/v2/sub-agents/invite', invite);
    expect(made.status).toBe(200);
    expect(made.body.link).toMatch(/^\/app\/password\/[0-9a-f]{64}$/);
    const token = made.body.link.split('/').pop();
    const [row] = await r.oyster.db.query<any>('SELECT roles, is_sub_agent, parent_agent_id, phone, email FROM users WHERE id = $1', [made.body._id]);
    expect(row).toMatchObject({ roles: ['agent', 'sub_agent'], is_sub_agent: true, parent_agent_id: await idOf('owner@oyster.test'), phone: '+7 (900) 123-45-67', email: 'olga.y@oyster.test' });
    expect((await audit(made.body._id)).map((a) => a.action)).toEqual(['invite']);
    expect((await get('owner', '/api/v2/sub-agents/')).body.data.subAgents[0]).toMatchObject({ fio: 'Ястребова Ольга', email: 'olga.y@oyster.test' });

    // The public page reads the link; a short password is refused; the password is set once.
    expect((await call(r.url, 'GET', `/api/v2/auth/password-link/${token}`)).body).toEqual({ fio: 'Ястребова Ольга', email: 'olga.y@oyster.test', purpose: 'invite' });
    const short = await call(r.url, 'POST', `/api/v2/auth/password-link/${token}`, { body: { password: '1234567' } });
    expect(short).toMatchObject({ status: 400, body: { message: LOGIN_TEXTS.passwordTooShort } });
    // The password set signs the holder in as the login does: the httpOnly cookie, the user and the token.
    const set = await call(r.url, 'POST', `/api/v2/auth/password-link/${token}`, { body: { password: 'новый-пароль-1' } });
    expect(set.body).toMatchObject({ result: true, email: 'olga.y@oyster.test', user: { fio: 'Ястребова Ольга', isSubAgent: true }, token: expect.any(String) });
    expect(set.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(set.headers.get('set-cookie')).toContain(set.body.token);
    expect((await get(set.body.token, '/api/v2/auth/get-user')).body.user).toMatchObject({ email: 'olga.y@oyster.test' });
    expect((await call(r.url, 'GET', '/api/v2/auth/get-user', { cookie: `${set.headers.get('set-cookie')!.split(';')[0]}` })).body.user).toMatchObject({ email: 'olga.y@oyster.test' });
    expect(await call(r.url, 'POST', `/api/v2/auth/password-link/${token}`, { body: { password: 'другой-пароль' } })).toMatchObject({ status: 404, body: { message: AGENT_TEXTS.linkGone } });
    expect((await call(r.url, 'GET', `/api/v2/auth/password-link/${token}`)).status).toBe(404);
    const subToken = await login(r.url, 'olga.y@oyster.test', 'новый-пароль-1');
    expect((await get(subToken, '/api/v2/auth/get-user')).body.user).toMatchObject({ fio: 'Ястребова Ольга', isSubAgent: true });
    expect((await call(r.url, 'GET', `/api/v2/auth/password-link/${'f'.repeat(64)}`)).body.message).toBe(AGENT_TEXTS.linkGone);
    expect((await call(r.url, 'GET', '/api/v2/auth/password-link/xyz')).status).toBe(400);
  });

  test('reset links: administrators only; a new link invalidates the older; an expired link is gone', async () => {
    const id = await idOf('agent9@oyster.test');
    await expectOnly(['admin'], (who) => send(who, 'POST', `/api/v2/users/${id}/password-link`));
    const first = (await send('admin', 'POST', `/api/v2/users/${id}/password-link`)).body.link.split('/').pop();
    const second = (await send('admin', 'POST', `/api/v2/users/${id}/password-link`)).body.link.split('/').pop();
    expect((await call(r.url, 'GET', `/api/v2/auth/password-link/${first}`)).status).toBe(404);
    expect((await call(r.url, 'GET', `/api/v2/auth/password-link/${second}`)).body).toMatchObject({ purpose: 'reset' });
    expect((await audit(id)).filter((a) => a.action === 'reset_password')).toHaveLength(3);
    await r.oyster.db.query(`UPDATE password_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
    expect((await call(r.url, 'POST', `/api/v2/auth/password-link/${second}`, { body: { password: '12345678' } })).status).toBe(404);
    expect((await send('admin', 'POST', `/api/v2/users/${'0'.repeat(24)}/password-link`)).status).toBe(404);
  });
});
