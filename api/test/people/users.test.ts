import { DEMO_ACCOUNT_KEYS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, call, expectForbidden, signInAll, start, type Running } from '../support';

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
});
