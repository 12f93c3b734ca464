import { CONTRACT_STATUS as S } from '@oyster/shared-kit/domain';
import { moscowToday } from '../../src/sales/osago';
import { remindRenewals } from '../../src/sales/renewals/reminders';
import { listRenewals } from '../../src/sales/renewals/store';
import { BACKENDS, connectSocket, connected, startSignedIn, type SignedInApp } from '../support';
import { contractsDriver, plusDays, postCallback } from '../support/contracts';

/**
 * Renewals (issue 25): the worklist's buckets by Moscow days, the scope, «Пересчитать»'s data and the
 * link of a new contract to the policy it renews, «продлён у нас» set by the payment, the agent's marks and
 * their undo, the renewal rate, and the reminders — once per policy × threshold.
 */
const WHO = ['agent', 'owner', 'subagent', 'admin', 'copywriter', 'supervisorAppointed'] as const;
type Who = (typeof WHO)[number];

describe.each(BACKENDS)('sales: renewals ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  let d: Awaited<ReturnType<typeof contractsDriver<Who>>>;
  const ids: Partial<Record<Who, string>> = {};
  let serial = 0;
  const today = moscowToday();

  /** A policy of `who` in force (or ended) whose last day is `days` from today (Moscow). */
  const policy = async (who: Who, days: number, status: number = days < 0 ? S.ended : S.inAction) => {
    const c = await d.create(who);
    const number = `ХХХ${String(9_000_000_000 + serial++).padStart(10, '0')}`;
    await r.oyster.db.query('UPDATE contracts SET status = $2, end_date = $3, start_date = $4, policy_number = $5, client_name = $6, plate = $7 WHERE id = $1', [
      c.id,
      status,
      plusDays(today, days),
      plusDays(today, days - 364),
      number,
      'Смирнова Анна Петровна',
      'А123ВС777',
    ]);
    return c.id as string;
  };
  const list = async (who: Who, query = '') => {
    const res = await req(who, 'GET', `/api/v2/renewals?limit=100${query}`);
    expect(res.status).toBe(200);
    return res.body.data.items as { contractId: string; daysLeft: number; bucket: string; outcome: { kind: string; canUndo: boolean; comment: string | null } | null; quotePath: string | null; agent: { id: string } }[];
  };
  const idsOf = async (who: Who, query = '') => (await list(who, query)).map((i) => i.contractId);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    d = await contractsDriver(r.url, r.tokens);
    for (const w of WHO) ids[w] = (await req(w, 'GET', '/api/v2/auth/get-user')).body.user._id;
  });
  afterAll(() => r.stop());

  test('the demo gives agent@ policies in force ending in the next 45 days', async () => {
    const items = await list('agent');
    expect(items.filter((i) => i.daysLeft > 0 && i.daysLeft <= 45).length).toBeGreaterThanOrEqual(4);
  });

  test('buckets at their boundaries, by Moscow days: 45/31 → «45», 30/8 → «30», 7/0 → «7», −1/−30 → overdue; 46 and −31 are not listed', async () => {
    const at: Record<number, string> = {};
    for (const days of [46, 45, 31, 30, 8, 7, 0, -1, -30, -31]) at[days] = await policy('agent', days);
    const expected: Record<string, number[]> = { '45': [45, 31], '30': [30, 8], '7': [7, 0], overdue: [-1, -30] };
    for (const [bucket, days] of Object.entries(expected)) {
      const items = await list('agent', `&bucket=${bucket}`);
      const listed = items.map((i) => i.contractId);
      for (const x of days) expect(listed).toContain(at[x]);
      for (const x of [46, -31, ...Object.values(expected).flat().filter((y) => !days.includes(y))]) expect(listed).not.toContain(at[x]);
      for (const i of items) expect(i.bucket).toBe(bucket);
    }
    const all = await list('agent');
    expect(all.find((i) => i.contractId === at[0])).toMatchObject({ daysLeft: 0, bucket: '7', quotePath: `/new-eosago?renew=${at[0]}` });
    expect(all.map((i) => i.contractId)).not.toContain(at[46]);
    // Soonest end first (overdue on top), by (end date, id).
    const days = all.map((i) => i.daysLeft);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    // 21:30 UTC on 1 March is 00:30 on 2 March in Moscow: the day the buckets count from is Moscow's.
    const moscow = moscowToday(new Date('2026-03-01T21:30:00Z'));
    expect(moscow).toBe('2026-03-02');
    await r.oyster.db.query('UPDATE contracts SET end_date = $2 WHERE id = $1', [at[46], '2026-04-16']);
    const agentUser = { user: { _id: ids.agent!, roles: ['agent'] } } as never;
    const page = await listRenewals(r.oyster.db, agentUser, { bucket: '45', limit: 100 }, moscow);
    expect(page.items.find((i) => i.contractId === at[46])).toMatchObject({ daysLeft: 45, bucket: '45' });
  });

  test('keyset pages follow each other without gaps or repeats', async () => {
    const all = await idsOf('agent');
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res: { body: { data: { items: { contractId: string }[]; next: string | null } } } = await req('agent', 'GET', `/api/v2/renewals?limit=3${after ? `&after=${after}` : ''}`);
      seen.push(...res.body.data.items.map((i) => i.contractId));
      after = res.body.data.next;
    } while (after);
    expect(seen).toEqual(all);
  });

  test('scope: an agent sees only theirs, a network owner their sub-agent’s, staff everyone’s (filter by agent); another’s policy is not found; a copywriter has no access', async () => {
    const mine = await policy('agent', 20);
    const subs = await policy('subagent', 21);
    expect(await idsOf('agent')).toContain(mine);
    expect(await idsOf('agent')).not.toContain(subs);
    expect(await idsOf('owner')).toContain(subs);
    expect(await idsOf('owner')).not.toContain(mine);
    expect(await idsOf('admin')).toEqual(expect.arrayContaining([mine, subs]));
    const filtered = await list('admin', `&agent=${ids.subagent}`);
    expect(filtered.map((i) => i.contractId)).toContain(subs);
    expect(filtered.every((i) => i.agent.id === ids.subagent)).toBe(true);
    // «Пересчитать» is for one's own policies: staff see the row without it.
    expect((await list('admin')).find((i) => i.contractId === mine)?.quotePath).toBeNull();
    expect((await req('agent', 'POST', `/api/v2/renewals/${subs}/outcome`, { outcome: 'lost' })).status).toBe(404);
    expect((await req('agent', 'GET', `/api/v2/renewals/${subs}/quote`)).status).toBe(404);
    expect((await req('copywriter', 'GET', '/api/v2/renewals')).status).toBe(403);
    expect((await req('supervisorAppointed', 'GET', '/api/v2/renewals')).status).toBe(200);
  });

  test('«Пересчитать» reads the old calculation starting the day after its end; the contract made from it renews it; paid, the old one is «Продлён у нас» and counts in the rate', async () => {
    const old = await policy('agent', 20);
    const quote = (await req('agent', 'GET', `/api/v2/renewals/${old}/quote`)).body.data;
    expect(quote).toMatchObject({ contractId: old, product: 'eosago', startDate: plusDays(today, 21), calculation: { startDate: plusDays(today, 21), vehicle: { powerHp: 150 } } });
    const c = await d.create('agent', 'vsk', quote.calculation);
    // The contract made with renewsContractId remembers it.
    const res = await req('agent', 'POST', '/api/v2/contracts', { calculation: quote.calculation, companyId: d.company('vsk'), renewsContractId: old });
    expect(res.status).toBe(200);
    const [{ renews }] = await r.oyster.db.query<{ renews: string }>('SELECT renews_contract_id AS renews FROM contracts WHERE id = $1', [res.body.data.id]);
    expect(renews).toBe(old);
    expect((await r.oyster.db.query('SELECT renews_contract_id FROM contracts WHERE id = $1', [c.id]))[0]).toEqual({ renews_contract_id: null });
    // Driven to payment and paid: the trigger marks the old policy.
    await req('agent', 'PATCH', `/api/v2/contracts/${res.body.data.id}/details`, { details: (await import('../support/contracts')).COMPLETE_DETAILS });
    await req('agent', 'POST', `/api/v2/contracts/${res.body.data.id}/send`);
    const waiting = await d.until('agent', res.body.data.id, S.waitingPayment);
    const paid = await postCallback(r.url, 'vsk', d.payment({ token: waiting.paymentUrl.split('/pay/')[1], premium: waiting.premium }, `renew-${old}`));
    expect(paid.status).toBe(200);
    const row = (await list('agent')).find((i) => i.contractId === old)!;
    expect(row.outcome).toMatchObject({ kind: 'renewed_here', canUndo: false });
    expect((await req('agent', 'DELETE', `/api/v2/renewals/${old}/outcome`)).body.message).toBe('Продление у нас не отменяется: новый договор оплачен');
    expect((await req('agent', 'POST', `/api/v2/renewals/${old}/outcome`, { outcome: 'lost' })).status).toBe(409);
    // Once it has ended, it counts: renewed here ÷ ended.
    await r.oyster.db.query('UPDATE contracts SET end_date = $2, status = 700 WHERE id = $1', [old, plusDays(today, -2)]);
    const stats = (await req('agent', 'GET', '/api/v2/renewals/stats?period=30')).body.data;
    expect(stats.total.renewedHere).toBeGreaterThanOrEqual(1);
    expect(stats.total.ended).toBeGreaterThanOrEqual(stats.total.renewedHere + stats.total.lost + stats.total.renewedElsewhere);
    expect(stats.agents.map((a: { agent: { id: string } }) => a.agent.id)).toEqual([ids.agent]);
  });

  test('a policy entered by hand: «Пересчитать» opens its kind’s calculator filled from the entry — the client record picked, or the name typed, the car; the contract made from it renews it, and paid, the manual one is «Продлён у нас»', async () => {
    const made = await req('agent', 'POST', '/api/v2/clients', { kind: 'person', lastName: 'Ручнова', firstName: 'Ольга', middleName: 'Петровна', birthDate: '1985-02-03', phone: '+7 (900) 777-11-22', email: 'olga@example.ru', passport: { series: '4512', number: '654321', issuedAt: '2010-03-04', issuer: 'ОВД Арбат' } });
    expect(made.status).toBe(200);
    const clientId = made.body.data.client.id as string;
    const manual = async (kind: string, insurant: Record<string, unknown>) => {
      const id = `${'e'.repeat(18)}${String(100_000 + serial++).slice(-6)}`;
      const details = { policy: { series: 'ХХХ', number: `M${serial}`, issueDate: plusDays(today, -345), startDate: plusDays(today, -344), endDate: plusDays(today, 20), premium: 1_234_500, paymentWay: 'insurer', paidAt: plusDays(today, -345) }, insurant, object: { plate: 'М321КА77', vin: 'XW8ZZZ61ZEG012345', make: 'Skoda', model: 'Octavia' } };
      await r.oyster.db.query(
        `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, calculation, details, policy_number, premium, start_date, end_date, client_name, plate)
         VALUES ($1, $2, $2, 'manual', $3, $4, $5, $6, $7, 1234500, $8, $9, $10, 'М321КА77')`,
        [id, ids.agent, S.inAction, d.company('vsk'), JSON.stringify({ kind }), JSON.stringify(details), `ХХХ M${serial}`, plusDays(today, -344), plusDays(today, 20), insurant.name],
      );
      return id;
    };
    const picked = await manual('eosago', { clientId, name: 'Ручнова Ольга Петровна', birthDate: '1985-02-03', phone: '+7 (900) 777-11-22' });
    expect((await list('agent')).find((i) => i.contractId === picked)?.quotePath).toBe(`/new-eosago?renew=${picked}`);
    const quote = (await req('agent', 'GET', `/api/v2/renewals/${picked}/quote`)).body.data;
    expect(quote).toEqual({
      contractId: picked,
      product: 'eosago',
      fromManual: true,
      policyNumber: expect.stringMatching(/^ХХХ M/),
      companyName: expect.any(String),
      endDate: plusDays(today, 20),
      startDate: plusDays(today, 21),
      calculation: { startDate: plusDays(today, 21) },
      details: {
        owner: { lastName: 'Ручнова', firstName: 'Ольга', middleName: 'Петровна', birthDate: '1985-02-03', passport: { series: '4512', number: '654321', issuedAt: '2010-03-04', issuer: 'ОВД Арбат' } },
        insurantIsOwner: true,
        contacts: { phone: '+7 (900) 777-11-22', email: 'olga@example.ru' },
        vehicle: { make: 'Skoda', model: 'Octavia', plate: 'М321КА77', vin: 'XW8ZZZ61ZEG012345' },
      },
    });
    // Typed, not picked: the name split; KASKO's calculation has the car.
    const typed = await manual('ekasko', { clientId: null, name: 'Печатный Иван Иванович', birthDate: '1970-01-02', phone: '+7 (900) 000-00-01' });
    const kasko = (await req('agent', 'GET', `/api/v2/renewals/${typed}/quote`)).body.data;
    expect(kasko).toMatchObject({ product: 'ekasko', fromManual: true, calculation: { startDate: plusDays(today, 21), vehicle: { make: 'Skoda', model: 'Octavia', plate: 'М321КА77' } }, details: { insurant: { lastName: 'Печатный', firstName: 'Иван', middleName: 'Иванович', birthDate: '1970-01-02' }, contacts: { phone: '+7 (900) 000-00-01' } } });

    // An e-OSAGO contract renews the manual e-OSAGO policy (its kind); paid, the manual one is «Продлён у нас».
    expect((await req('agent', 'POST', '/api/v2/contracts', { calculation: { ...d.calculation, startDate: quote.startDate }, companyId: d.company('vsk'), renewsContractId: typed })).body).toMatchObject({ field: 'renewsContractId' });
    const res = await req('agent', 'POST', '/api/v2/contracts', { calculation: { ...d.calculation, startDate: quote.startDate }, companyId: d.company('vsk'), renewsContractId: picked });
    expect(res.status).toBe(200);
    await req('agent', 'PATCH', `/api/v2/contracts/${res.body.data.id}/details`, { details: (await import('../support/contracts')).COMPLETE_DETAILS });
    await req('agent', 'POST', `/api/v2/contracts/${res.body.data.id}/send`);
    const waiting = await d.until('agent', res.body.data.id, S.waitingPayment);
    expect((await postCallback(r.url, 'vsk', d.payment({ token: waiting.paymentUrl.split('/pay/')[1], premium: waiting.premium }, `renew-${picked}`))).status).toBe(200);
    expect((await list('agent')).find((i) => i.contractId === picked)?.outcome).toMatchObject({ kind: 'renewed_here', renewedBy: { id: res.body.data.id } });
  });

  test('renewsContractId is checked: another agent’s policy, or one not in force, is a 400 naming the field and nothing is written', async () => {
    const subs = await policy('subagent', 20);
    const draft = (await d.create('agent')).id;
    const [{ n: before }] = await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contracts');
    for (const renewsContractId of [subs, draft, 'f'.repeat(24)]) {
      const res = await req('agent', 'POST', '/api/v2/contracts', { calculation: d.calculation, companyId: d.company('vsk'), renewsContractId });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Поле «renewsContractId»/);
    }
    const [{ n: after }] = await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contracts');
    expect(after).toBe(before);
  });

  test('the agent marks lost or renewed elsewhere with a comment, takes it back within 24 hours, not later and not another’s mark', async () => {
    const id = await policy('subagent', 10);
    const marked = await req('subagent', 'POST', `/api/v2/renewals/${id}/outcome`, { outcome: 'renewed_elsewhere', comment: 'Ушёл в Ингосстрах' });
    expect(marked.status).toBe(200);
    expect(marked.body.data.outcome).toMatchObject({ kind: 'renewed_elsewhere', title: 'Продлён в другом месте', comment: 'Ушёл в Ингосстрах', canUndo: true });
    expect(await idsOf('subagent', '&outcome=renewed_elsewhere')).toContain(id);
    expect(await idsOf('subagent', '&outcome=none')).not.toContain(id);
    // The network owner sees it, cannot take back the sub-agent's mark.
    expect((await req('owner', 'DELETE', `/api/v2/renewals/${id}/outcome`)).body.message).toBe('Отменить можно только свою отметку');
    const undone = await req('subagent', 'DELETE', `/api/v2/renewals/${id}/outcome`);
    expect(undone.status).toBe(200);
    expect(undone.body.data.outcome).toBeNull();
    await req('subagent', 'POST', `/api/v2/renewals/${id}/outcome`, { outcome: 'lost' });
    await r.oyster.db.query(`UPDATE renewal_outcomes SET marked_at = now() - interval '25 hours' WHERE contract_id = $1`, [id]);
    const late = await req('subagent', 'DELETE', `/api/v2/renewals/${id}/outcome`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Отметку можно отменить в течение 24 часов');
    // An overdue policy with an outcome leaves the default worklist; without one it stays.
    await r.oyster.db.query('UPDATE contracts SET end_date = $2, status = 700 WHERE id = $1', [id, plusDays(today, -3)]);
    expect(await idsOf('subagent')).not.toContain(id);
    expect(await idsOf('subagent', '&outcome=lost')).toContain(id);
  });

  test('a mark reaches, live, whoever sees that agent’s worklist: the network owner and the admin hear the policy’s status; another agent does not', async () => {
    const id = await policy('subagent', 12);
    const sockets = (['owner', 'admin', 'agent'] as const).map((w) => connectSocket(r.url, r.tokens[w]));
    try {
      await Promise.all(sockets.map(connected));
      // Other tests' contracts move in the background: wait for this policy's event.
      const heard = (s: (typeof sockets)[number]) => new Promise<string>((done) => s.on('contract_status', (e: { contractId: string }) => void (e.contractId === id && done(e.contractId))));
      const [owner, admin] = sockets.map(heard);
      let agentHeard = false;
      sockets[2].on('contract_status', (e: { contractId: string }) => void (e.contractId === id && (agentHeard = true)));
      expect((await req('subagent', 'POST', `/api/v2/renewals/${id}/outcome`, { outcome: 'lost' })).status).toBe(200);
      expect(await owner).toBe(id);
      expect(await admin).toBe(id);
      await new Promise((done) => setTimeout(done, 300));
      expect(agentHeard).toBe(false);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  test('bad input is a 400 in Russian naming the field, and nothing is written', async () => {
    const id = await policy('agent', 12);
    const cases: [string, string, unknown, RegExp][] = [
      ['GET', '/api/v2/renewals?bucket=60', undefined, /^Поле «bucket» должно быть одним из: 45, 30, 7, overdue/],
      ['GET', '/api/v2/renewals?outcome=maybe', undefined, /^Поле «outcome»/],
      ['GET', '/api/v2/renewals?after=xyz', undefined, /^Поле «after»: неверный курсор страницы/],
      ['GET', '/api/v2/renewals?agent=123', undefined, /^Поле «agent»/],
      ['GET', '/api/v2/renewals/stats?period=7', undefined, /^Поле «period»/],
      ['POST', `/api/v2/renewals/${id}/outcome`, { outcome: 'renewed_here' }, /^Поле «outcome» должно быть одним из: lost, renewed_elsewhere/],
      ['POST', `/api/v2/renewals/${id}/outcome`, {}, /^Поле «outcome» обязательно/],
      ['POST', `/api/v2/renewals/${id}/outcome`, { outcome: 'lost', comment: 'я'.repeat(501) }, /^Поле «comment»: .*500/],
      ['POST', '/api/v2/renewals/nope/outcome', { outcome: 'lost' }, /^Поле «contractId»/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await req('agent', method, path, body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.message).toMatch(message);
    }
    expect(await r.oyster.db.query('SELECT 1 FROM renewal_outcomes WHERE contract_id = $1', [id])).toEqual([]);
    // A policy not in force cannot be marked.
    const draft = (await d.create('agent')).id;
    expect((await req('agent', 'POST', `/api/v2/renewals/${draft}/outcome`, { outcome: 'lost' })).status).toBe(409);
  });

  test('reminders: one notification per policy × threshold, even when two runs race; a policy first seen at 20 days gets the 30 days’ one; with a link to the worklist', async () => {
    await r.oyster.db.query('DELETE FROM renewal_reminders');
    const ctx = { db: r.oyster.db, rt: r.oyster.realtime, unread: r.oyster.unread };
    const forty = await policy('agent', 45);
    const twenty = await policy('agent', 20);
    const marked = await policy('agent', 25);
    await req('agent', 'POST', `/api/v2/renewals/${marked}/outcome`, { outcome: 'lost' });
    const [a, b] = await Promise.all([remindRenewals(ctx), remindRenewals(ctx)]);
    expect(a + b).toBeGreaterThan(0);
    expect(await remindRenewals(ctx)).toBe(0);
    const rows = await r.oyster.db.query<{ contract_id: string; threshold: number }>('SELECT contract_id, threshold FROM renewal_reminders WHERE contract_id = ANY($1::text[]) ORDER BY threshold', [[forty, twenty, marked]]);
    expect(rows).toEqual([{ contract_id: twenty, threshold: 30 }, { contract_id: forty, threshold: 45 }]);
    const mine = (await req('agent', 'GET', '/api/v2/notifications?limit=100')).body.data.items as { title: string; action: string; body: string }[];
    const numberOf = async (id: string) => (await r.oyster.db.query<{ n: string }>('SELECT policy_number AS n FROM contracts WHERE id = $1', [id]))[0].n;
    const about = async (id: string) => {
      const n = await numberOf(id);
      return mine.filter((x) => x.title.endsWith(n));
    };
    expect(await about(forty)).toEqual([expect.objectContaining({ title: `Через 45 дней заканчивается полис Е-ОСАГО ${await numberOf(forty)}` })]);
    expect(await about(twenty)).toHaveLength(1);
    expect((await about(twenty))[0]).toMatchObject({ title: `Через 20 дней заканчивается полис Е-ОСАГО ${await numberOf(twenty)}`, action: '/contracts/renewals?bucket=30' });
    expect((await about(twenty))[0].body).toContain('Смирнова Анна Петровна');
    expect(await about(marked)).toHaveLength(0);
    // A day later the 45-day policy has 44 days left: nothing new until it crosses 30.
    const thresholds = async () => (await r.oyster.db.query<{ threshold: number }>('SELECT threshold FROM renewal_reminders WHERE contract_id = $1 ORDER BY threshold', [forty])).map((x) => x.threshold);
    await remindRenewals(ctx, plusDays(today, 1));
    expect(await thresholds()).toEqual([45]);
    await remindRenewals(ctx, plusDays(today, 15));
    expect(await thresholds()).toEqual([30, 45]);
  });
});
