import { DEMO_ACCOUNT_KEYS } from '@oyster/shared-kit/domain';
import { auditDiff } from '../../src/platform/audit';
import { BACKENDS, call, signInAll, start, type Running } from '../support';

describe('auditDiff', () => {
  test('keeps only the changed fields, and never a secret', () => {
    expect(auditDiff({ a: 1, b: 'x', password: 'old' }, { a: 1, b: 'y', password: 'new' })).toEqual({
      before: { b: 'x', password: 'изменён' },
      after: { b: 'y', password: 'изменён' },
    });
    expect(auditDiff(null, { name: 'Новый', tokenHash: 'abc' })).toEqual({ before: null, after: { name: 'Новый', tokenHash: 'изменён' } });
  });
});

describe.each(BACKENDS)('audit log of user changes ($name)', (backend) => {
  let r: Running;
  let tokens: Awaited<ReturnType<typeof signInAll>>;

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
  });
  afterAll(() => r.stop());

  const rowsFor = (id: string) =>
    r.oyster.db.query<{ actor_id: string; action: string; object_type: string; before: unknown; after: unknown }>(
      'SELECT actor_id, action, object_type, before, after FROM audit_log WHERE object_id = $1 ORDER BY at, id',
      [id],
    );

  test('an administrator’s PATCH is recorded with who and the changed fields; blocking as «block»; a refused PATCH writes nothing', async () => {
    const url = r.url;
    const admin = (await call(url, 'GET', '/api/v2/auth/get-user', { token: tokens.admin })).body.user._id;
    const target = (await call(url, 'GET', '/api/v2/agents/search?search=Жукова', { token: tokens.admin })).body[0]._id;
    expect((await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { isBlocked: 'yes' } })).status).toBe(400);
    expect(await rowsFor(target)).toEqual([]);

    expect((await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { middleName: 'Ивановна', canAnalyticsView: false } })).status).toBe(200);
    expect((await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { isBlocked: true } })).status).toBe(200);
    expect((await call(url, 'PATCH', `/api/v2/users/${target}`, { token: tokens.admin, body: { isBlocked: false } })).status).toBe(200);
    const rows = await rowsFor(target);
    expect(rows.map((x) => x.action)).toEqual(['update', 'block', 'unblock']);
    expect(rows[0]).toMatchObject({ actor_id: admin, object_type: 'user', after: { middleName: 'Ивановна' } });
    // canAnalyticsView was already false: only what changed is kept.
    expect(Object.keys(rows[0].after as object)).toEqual(['middleName']);
    expect(rows[1]).toMatchObject({ before: { isBlocked: false }, after: { isBlocked: true } });
  });

  test('the log is append-only', async () => {
    await expect(r.oyster.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
