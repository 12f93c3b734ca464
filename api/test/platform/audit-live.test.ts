import type { Socket } from 'socket.io-client';
import { withAccountKey, withInnControl } from '@oyster/shared-kit/domain';
import { auditedTx, recordAudit } from '../../src/platform/audit';
import { BACKENDS, call, connectSocket, connected, signInAll, start, type Running } from '../support';

const BIK = '044525225';

/**
 * `audit_added` comes from platform/audit.ts, after the writer's transaction commits: every writer of the
 * log (users, agents, partners, tariffs, password links) goes through auditedTx, so an administrator's
 * open viewer hears a partner's change and an agent's block as it hears a user's — and nothing of a change
 * rolled back.
 */
describe.each(BACKENDS)('audit_added from every writer of the audit log ($name)', (backend) => {
  let r: Running;
  let tokens: Record<'admin' | 'finance', string>;
  let admin: Socket;
  const heard: string[] = [];

  beforeAll(async () => {
    r = await start(backend, { demoInsurerDelayMs: 0 });
    tokens = await signInAll(r.url, ['admin', 'finance']);
    admin = connectSocket(r.url, tokens.admin);
    await connected(admin);
    admin.on('audit_added', (e: { objectType: string }) => heard.push(e.objectType));
  });
  afterAll(async () => {
    admin.close();
    await r.stop();
  });

  const hears = async (objectType: string) => {
    const deadline = Date.now() + 5_000;
    while (!heard.includes(objectType) && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 20));
    expect(heard).toContain(objectType);
  };

  test('a partner added by a finance controller reaches the administrator as audit_added', async () => {
    heard.length = 0;
    const res = await call(r.url, 'POST', '/api/v2/partners', {
      token: tokens.finance,
      body: {
        code: 'livebank', kind: 'bank', shortName: 'Лайв Банк', legalName: 'АО «Лайв Банк»', inn: withInnControl('770900124'), kpp: '770901001',
        ogrn: '1027700123457', address: 'г. Москва, ул. Живая, д. 1',
        bank: { bik: BIK, name: 'ПАО Сбербанк', account: withAccountKey('40702810038000000078', BIK), correspondentAccount: '30101810400000000225' },
        products: ['ipoteka'], contacts: [], fileTypes: [],
      },
    });
    expect(res.status).toBe(200);
    await hears('partner');
  });

  test('an agent blocked by an administrator reaches the administrator as audit_added', async () => {
    heard.length = 0;
    const [{ id }] = await r.oyster.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', ['agent8@oyster.test']);
    const res = await call(r.url, 'PATCH', `/api/v2/agents/${id}`, { token: tokens.admin, body: { isBlocked: true } });
    expect(res.body).toMatchObject({ isBlocked: true });
    await hears('user');
    await call(r.url, 'PATCH', `/api/v2/agents/${id}`, { token: tokens.admin, body: { isBlocked: false } });
  });

  test('a rolled-back change says nothing; a handle that is not auditedTx\'s is refused', async () => {
    heard.length = 0;
    const rt = { emitToUser: jest.fn() };
    await expect(
      auditedTx(r.oyster.db, rt, async (q) => {
        await recordAudit(q, { actorId: null, action: 'create', objectType: 'partner', objectId: 'f'.repeat(24), before: null, after: { shortName: 'Откат' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(rt.emitToUser).not.toHaveBeenCalled();
    expect((await r.oyster.db.query(`SELECT 1 FROM audit_log WHERE object_id = $1`, ['f'.repeat(24)])).length).toBe(0);
    await expect(recordAudit(r.oyster.db, { actorId: null, action: 'create', objectType: 'partner', objectId: 'e'.repeat(24), after: {} })).rejects.toThrow(/auditedTx/);

    await auditedTx(r.oyster.db, rt, (q) => recordAudit(q, { actorId: null, action: 'create', objectType: 'tariff_mapping', objectId: 'd'.repeat(24), before: null, after: { code: 'X' } }));
    await new Promise((ok) => setTimeout(ok, 200));
    expect(rt.emitToUser).toHaveBeenCalledWith(expect.stringMatching(/^[0-9a-f]{24}$/), 'audit_added', { objectType: 'tariff_mapping' });
  });
});
