import { createHash } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_ACCOUNT_KEYS, DEMO_PASSWORD, ROLE_TEXTS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, FORBIDDEN, call, expectForbidden, signIn, signInAll, start, type Running } from '../support';

describe.each(BACKENDS)('users ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
  });
  afterAll(() => r.stop());

  test('PATCH users is admin only and validates', async () => {
    const url = r.url;
    const target = (await call(url, 'GET', '/api/v2/agents/search?search=Иванов', { token: tokens.admin })).body[0]._id;
    await expectForbidden(DEMO_ACCOUNT_KEYS.filter((w) => w !== 'admin'), (who) =>
      call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens[who], body: { firstName: 'Пётр' } }));
    const bad = await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { roles: ['wizard'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Неизвестная роль: wizard');
    const badFlag = await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { isBlocked: 'yes' } });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toMatch(/isBlocked/);
    expect((await call(url, 'PATCH', '/api/v2/users/123', { token: tokens.admin, body: { firstName: 'А' } })).status).toBe(400);
    expect((await call(url, 'PATCH', `/api/v2/users/${'0'.repeat(24)}`, { token: tokens.admin, body: { firstName: 'А' } })).status).toBe(404);
    // Nothing was written by the refused calls.
    expect((await call(url, 'GET', '/api/v2/auth/get-user', { token: tokens.agent })).body.user.firstName).toBe('Иван');
  });

  test('PATCH writes only what was sent; nothing to change is a 400; no blocking oneself', async () => {
    const url = r.url;
    const target = (await call(url, 'GET', '/api/v2/agents/search?search=Жукова', { token: tokens.admin })).body[0]._id;
    const res = await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { middleName: 'Ивановна', opf: 'SZ', unknown: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Вера', secondName: 'Жукова', middleName: 'Ивановна', billing: { opf: 'SZ' } });
    const none = await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: {} });
    expect(none).toMatchObject({ status: 400, body: { message: 'Нет полей для изменения', field: null } });
    const adminId = (await call(url, 'GET', '/api/v2/auth/get-user', { token: tokens.admin })).body.user._id;
    const self = await call(url, 'PATCH', `/api/v2/users/${adminId}`, { token: tokens.admin, body: { isBlocked: true } });
    expect(self).toMatchObject({ status: 400, body: { message: 'Нельзя заблокировать самого себя', field: 'isBlocked' } });
  });

  // Spec §6: assignable roles. Ids by email (agent1@… are the further agents of the seed, in its order).
  const idByEmail = async (email: string) => (await r.oyster.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
  const idByName = async (secondName: string) => (await r.oyster.db.query<{ id: string }>('SELECT id FROM users WHERE second_name = $1', [secondName]))[0].id;
  const rolesOf = async (id: string) => (await r.oyster.db.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [id]))[0].roles;
  const patch = (who: DemoAccountKey | string, id: string, body: unknown) =>
    call(r.url, 'PATCH', `/api/v2/users/${id}`, { token: tokens[who as DemoAccountKey] ?? who, body });
  /** Makes one session older than the 15 minutes a role change may go without the password. */
  const ageSession = (token: string) =>
    r.oyster.db.query(`UPDATE sessions SET created_at = now() - interval '20 minutes' WHERE token_hash = $1`, [createHash('sha256').update(token).digest('hex')]);

  test('roles: only the options of §6, one list, at most five, duplicates dropped; nothing stored on a refusal', async () => {
    const target = await idByName('Тарасов');
    const refused = async (roles: unknown, message: string | jest.AsymmetricMatcher) => {
      const res = await patch('admin', target, { roles });
      expect({ roles, status: res.status, message: res.body.message, field: res.body.field }).toEqual({ roles, status: 400, message, field: 'roles' });
    };
    await refused(['anonymous'], 'Поле «roles»: роль «Гость» нельзя назначить');
    await refused(['agent_new'], 'Поле «roles»: роль «Новый агент» нельзя назначить');
    await refused(Array(5000).fill('agent'), expect.stringMatching(/^Поле «roles»: не больше 5 /));
    await refused([], 'Поле «roles»: укажите хотя бы одну роль');
    await refused(['agent', 'admin'], 'Поле «roles»: роли агента и роли сотрудника нельзя совмещать');
    await refused(['wizard'], 'Неизвестная роль: wizard');
    expect(await rolesOf(target)).toEqual(['agent']);
    const ok = await patch('admin', target, { roles: ['agent', 'network_agent_owner', 'agent'] });
    expect(ok.status).toBe(200);
    expect(ok.body.user.roles).toEqual(['agent', 'network_agent_owner']);
    expect(await rolesOf(target)).toEqual(['agent', 'network_agent_owner']);
    expect((await patch('admin', target, { roles: ['agent'] })).status).toBe(200);
  });

  test('a broker network owner sets agent, network owner, sub-agent on their own network\'s agents, and nothing else', async () => {
    const north = await idByName('Лебедев'); // an agent of «Север», broker@'s network
    const volga = await idByName('Орлов'); // an agent of «Волга», owned by another agent
    const noNetwork = await idByName('Тарасов');
    const ok = await patch('broker', north, { roles: ['agent', 'sub_agent'] });
    expect(ok.status).toBe(200);
    expect(await rolesOf(north)).toEqual(['agent', 'sub_agent']);
    const no = async (id: string, body: unknown, expected: object) => {
      const res = await patch('broker', id, body);
      expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 403, res: expect.objectContaining(expected) });
    };
    await no(north, { roles: ['agent', 'network_brokers_owner'] }, { message: ROLE_TEXTS.brokersOwnerOnly, field: 'roles' });
    await no(north, { roles: ['admin'] }, { message: ROLE_TEXTS.brokersOwnerOnly, field: 'roles' });
    await no(volga, { roles: ['agent'] }, { message: ROLE_TEXTS.notInNetwork, field: 'roles' });
    await no(noNetwork, { roles: ['agent'] }, { message: ROLE_TEXTS.notInNetwork, field: 'roles' });
    await no(await idByEmail(DEMO_ACCOUNTS.broker.email), { roles: ['agent'] }, { message: ROLE_TEXTS.notOwnRoles, field: 'roles' });
    // Only roles: names, flags and blocking stay the administrators'.
    expect(await patch('broker', north, { firstName: 'Пётр' })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await patch('broker', north, { roles: ['agent'], isBlocked: true })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await rolesOf(north)).toEqual(['agent', 'sub_agent']);
    expect(await rolesOf(volga)).toEqual(['agent']);
    // Other agents (a network agent owner included) still may not.
    for (const who of ['owner', 'agent', 'manager', 'supervisor'] as const) {
      expect(await patch(who, north, { roles: ['agent'] })).toMatchObject({ status: 403, body: FORBIDDEN });
    }
    expect((await patch('admin', north, { roles: ['agent'] })).status).toBe(200);
  });

  test('a role change needs a session younger than 15 minutes or the password; other fields do not', async () => {
    const target = await idByName('Козлова');
    const admin = await signIn(r.url, 'admin');
    await ageSession(admin);
    const asked = await patch(admin, target, { roles: ['agent', 'sub_agent'] });
    expect(asked).toMatchObject({ status: 403, body: { message: ROLE_TEXTS.reauth, field: 'password' } });
    expect(asked.body.message).toMatch(/парол/);
    expect(await patch(admin, target, { roles: ['agent', 'sub_agent'], password: 'wrong-password' })).toMatchObject({ status: 403, body: { message: ROLE_TEXTS.wrongPassword, field: 'password' } });
    expect(await rolesOf(target)).toEqual(['agent']);
    // Sending the roles the user already has is no change; other fields need no confirmation.
    expect((await patch(admin, target, { roles: ['agent'], middleName: 'Юрьевна' })).status).toBe(200);
    const ok = await patch(admin, target, { roles: ['agent', 'sub_agent'], password: DEMO_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await rolesOf(target)).toEqual(['agent', 'sub_agent']);
    // A fresh sign-in needs no password.
    expect((await patch('admin', target, { roles: ['agent'] })).status).toBe(200);
  });

  test('nobody removes their own admin role as the last administrator', async () => {
    const adminId = await idByEmail(DEMO_ACCOUNTS.admin.email);
    const copywriterId = await idByEmail(DEMO_ACCOUNTS.copywriter.email);
    const last = await patch('admin', adminId, { roles: ['copywriter'] });
    expect(last).toMatchObject({ status: 403, body: { message: ROLE_TEXTS.lastAdmin, field: 'roles' } });
    expect(await rolesOf(adminId)).toEqual(['admin']);
    // With a second administrator it may go; the second one gives it back.
    expect((await patch('admin', copywriterId, { roles: ['admin', 'copywriter'] })).status).toBe(200);
    expect((await patch('admin', adminId, { roles: ['copywriter'] })).status).toBe(200);
    expect(await patch('copywriter', copywriterId, { roles: ['copywriter'] })).toMatchObject({ status: 403, body: { message: ROLE_TEXTS.lastAdmin } });
    expect((await patch('copywriter', adminId, { roles: ['admin'] })).status).toBe(200);
    expect((await patch('admin', copywriterId, { roles: ['copywriter'] })).status).toBe(200);
    expect(await rolesOf(adminId)).toEqual(['admin']);
    expect(await rolesOf(copywriterId)).toEqual(['copywriter']);
  });
});

