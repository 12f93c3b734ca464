import { CONTRACT_STATUS as S, MANUAL_SCAN_FILE_TYPE, MANUAL_TEXTS } from '@oyster/shared-kit/domain';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, PDF, postForm, startSignedIn, type SignedInApp } from '../support';
import { plusDays } from '../support/contracts';

/**
 * A policy issued elsewhere, entered by hand (issue 25, product `manual`): the agent's draft, its steps, «Отправить на
 * проверку» only with the scan, staff's «Подтвердить» (a policy in force with its ledger accrual, in the agent's Полисы)
 * and «Вернуть агенту» with the reason; bad inputs are a 400 naming the field with nothing written; an agent cannot
 * confirm; another agent does not see it.
 */
const WHO = ['agent', 'newagent', 'manager'] as const;
type Who = (typeof WHO)[number];
const today = moscowToday();

describe.each(BACKENDS)('manual policies ($name)', (backend) => {
  let r: SignedInApp<Who>;
  let vsk: string;
  let ingos: string;
  const base = '/api/v2/products/manual/contracts';
  const policy = (number: string, over: Record<string, unknown> = {}) => ({
    series: 'ААА',
    number,
    issueDate: plusDays(today, -2),
    startDate: plusDays(today, -1),
    endDate: plusDays(today, 363),
    premium: 4_567_890,
    paymentWay: 'insurer',
    paidAt: plusDays(today, -2),
    ...over,
  });
  const draft = async (kind = 'ekasko', companyId = vsk) => {
    const res = await r.req('agent', 'POST', base, { calculation: { kind }, companyId });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const fill = async (id: string, number: string) => {
    for (const details of [{ policy: policy(number) }, { insurant: { clientId: null, name: 'Петров Пётр Петрович', birthDate: '1980-05-01', phone: '+7 900 000-00-00' } }, { object: { plate: 'А123ВС77', vin: null, make: 'Kia', model: 'Rio' } }]) {
      const res = await r.req('agent', 'PATCH', `${base}/${id}/details`, { details });
      expect(res.status).toBe(200);
    }
  };
  const attachScan = async (id: string) => {
    const types = (await r.req('agent', 'GET', `/api/v2/file-list-company/${vsk}`)).body.data.fileTypes as { _id: string; name: string }[];
    const scan = types.find((t) => t.name === MANUAL_SCAN_FILE_TYPE)!;
    const form = new FormData();
    form.append('typeId', scan._id);
    form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'polis.pdf');
    const res = await postForm(r.url, r.tokens.agent, `/api/v2/contracts/${id}/attach-files`, form);
    expect(res.status).toBe(200);
  };
  const ledger = (id: string) => r.oyster.db.query<{ agent_id: string; kind: string; base_kopecks: string; rate_bp: number | null }>('SELECT agent_id, kind, base_kopecks::text AS base_kopecks, rate_bp FROM commission_ledger WHERE contract_id = $1', [id]);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    const companies = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies as { _id: string; idUnicus: string }[];
    vsk = companies.find((c) => c.idUnicus === 'vsk')!._id;
    ingos = companies.find((c) => c.idUnicus === 'ingos')!._id;
    for (const level of [0, 1, 2, 3]) {
      await r.oyster.db.query(`INSERT INTO commission_rates (company_id, product, level, rate_bp, valid_from) VALUES ($1, 'ekasko', $2, $3, '2020-01-01') ON CONFLICT DO NOTHING`, [vsk, level, level === 0 ? 2000 : 1000]);
    }
  });
  afterAll(() => r.stop());

  test('draft → steps → send refused without the scan → sent with it → staff confirm: in force, accrued at the KASKO rate on the typed premium, in the agent’s Полисы, the agent notified', async () => {
    const c = await draft();
    expect(c).toMatchObject({ product: 'manual', kind: 'ekasko', status: S.draft, productName: 'Е-КАСКО (вручную)', documents: [], canReview: false });
    await fill(c.id, '0001-MAN');

    const early = await r.req('agent', 'POST', `${base}/${c.id}/send`);
    expect(early).toMatchObject({ status: 400, body: { message: MANUAL_TEXTS.scanMissing, field: 'scan' } });
    await attachScan(c.id);
    const sent = await r.req('agent', 'POST', `${base}/${c.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: S.review, statusTitle: 'Проверка', policyNumber: 'ААА 0001-MAN', premium: 4_567_890, clientName: 'Петров Пётр Петрович', plate: 'А123ВС77' });

    expect((await r.req('manager', 'GET', `/api/v2/contracts/${c.id}`)).body.data.canReview).toBe(true);
    const refused = await r.req('agent', 'POST', `${base}/${c.id}/confirm`);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Нет доступа к данному ресурсу' } });
    expect(await ledger(c.id)).toEqual([]);

    const confirmed = await r.req('manager', 'POST', `${base}/${c.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: S.inAction, statusTitle: 'Действует', reportStatus: 'in_action', canReview: false });
    expect(confirmed.body.data.history.map((h: any) => h.to)).toEqual([S.draft, S.review, S.paid, S.released, S.inAction]);
    const lines = await ledger(c.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ agent_id: c.agent.id, kind: 'commission', base_kopecks: '4567890' });
    // Rated as KASKO (contracts.kind): there is no rate of «manual» at all.
    expect(lines[0].rate_bp).not.toBeNull();
    expect(await r.oyster.db.query(`SELECT 1 FROM commission_rates WHERE product = 'manual'`)).toEqual([]);

    const list = (await r.req('agent', 'GET', '/api/v2/contracts?limit=100')).body.data.items as any[];
    expect(list.find((x) => x.id === c.id)).toMatchObject({ status: S.inAction, productName: 'Е-КАСКО (вручную)', kind: 'ekasko', policyNumber: 'ААА 0001-MAN' });
    const byKind = (await r.req('agent', 'GET', '/api/v2/contracts?product=ekasko&limit=100')).body.data.items as any[];
    expect(byKind.some((x) => x.id === c.id)).toBe(true);
    const bell = (await r.req('agent', 'GET', '/api/v2/notifications?limit=100')).body.data.items as { title: string; action: string }[];
    expect(bell).toContainEqual(expect.objectContaining({ title: 'Полис Е-КАСКО (вручную) № ААА 0001-MAN подтверждён', action: `/contracts/${c.id}` }));

    // The same number at the same insurer is taken; at another insurer it is not.
    const again = await draft();
    const dup = await r.req('agent', 'PATCH', `${base}/${again.id}/details`, { details: { policy: policy('0001-man') } });
    expect(dup).toMatchObject({ status: 400, body: { message: MANUAL_TEXTS.numberTaken, field: 'details.policy.number' } });
    const other = await draft('ekasko', ingos);
    expect((await r.req('agent', 'PATCH', `${base}/${other.id}/details`, { details: { policy: policy('0001-MAN') } })).status).toBe(200);
  });

  test('return with the reason: back to the agent’s draft, the reason shown and told; a reason is required', async () => {
    const c = await draft('eosago');
    await fill(c.id, '0002-MAN');
    await attachScan(c.id);
    expect((await r.req('agent', 'POST', `${base}/${c.id}/send`)).status).toBe(200);
    expect(await r.req('manager', 'POST', `${base}/${c.id}/return`, { reason: '' })).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect((await r.req('agent', 'POST', `${base}/${c.id}/return`, { reason: 'Скан нечитаемый' })).status).toBe(403);
    const back = await r.req('manager', 'POST', `${base}/${c.id}/return`, { reason: 'Скан нечитаемый, приложите другой' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ status: S.draft, insurerMessage: 'Скан нечитаемый, приложите другой' });
    const bell = (await r.req('agent', 'GET', '/api/v2/notifications?limit=100')).body.data.items as { title: string; body: string }[];
    expect(bell).toContainEqual(expect.objectContaining({ title: 'Полис Е-ОСАГО (вручную) № ААА 0002-MAN вернули на доработку', body: 'Скан нечитаемый, приложите другой' }));
    // The agent edits and sends again.
    expect((await r.req('agent', 'PATCH', `${base}/${c.id}/details`, { details: { object: { plate: 'В456ОР99' } } })).status).toBe(200);
    const resent = await r.req('agent', 'POST', `${base}/${c.id}/send`);
    expect(resent.body.data).toMatchObject({ status: S.review, insurerMessage: null });
  });

  test('bad inputs: a 400 naming the field, nothing written', async () => {
    const c = await draft('ifl');
    const bad: [Record<string, unknown>, string][] = [
      [{ policy: policy('0003-MAN', { endDate: plusDays(today, -1) }) }, 'details.policy.endDate'],
      [{ policy: policy('0003-MAN', { issueDate: plusDays(today, 1) }) }, 'details.policy.issueDate'],
      [{ policy: policy('0003-MAN', { premium: 0 }) }, 'details.policy.premium'],
      [{ policy: policy('0003-MAN', { premium: 12.5 }) }, 'details.policy.premium'],
      [{ policy: policy('', {}) }, 'details.policy.number'],
      [{ policy: policy('0003-MAN', { startDate: '2026-02-30' }) }, 'details.policy.startDate'],
    ];
    for (const [details, field] of bad) {
      const res = await r.req('agent', 'PATCH', `${base}/${c.id}/details`, { details });
      expect({ field, status: res.status, message: String(res.body.message) }).toEqual({ field, status: 400, message: expect.stringContaining(`«${field}»`) });
    }
    expect((await r.req('agent', 'POST', base, { calculation: { kind: 'manual' }, companyId: vsk })).body).toMatchObject({ field: 'calculation.kind' });
    expect((await r.req('agent', 'POST', base, { calculation: { kind: 'ekasko' }, companyId: 'f'.repeat(24) })).body).toMatchObject({ field: 'companyId' });
    const [row] = await r.oyster.db.query<{ details: unknown; policy_number: string | null; premium: string | null }>('SELECT details, policy_number, premium FROM contracts WHERE id = $1', [c.id]);
    expect(row).toEqual({ details: {}, policy_number: null, premium: null });
    // The property's address is what is missing once the policy and the insurant are there.
    await r.req('agent', 'PATCH', `${base}/${c.id}/details`, { details: { policy: policy('0003-MAN'), insurant: { clientId: null, name: 'Сидорова Анна', birthDate: null, phone: null } } });
    expect(await r.req('agent', 'POST', `${base}/${c.id}/send`)).toMatchObject({ status: 400, body: { field: 'details.object.address' } });
  });

  test('the insurant picked from the client records: the contract is on the client’s card (and the car among their vehicles); a name typed instead takes it off; another agent’s client is a 400 naming the field', async () => {
    const made = await r.req('agent', 'POST', '/api/v2/clients', { kind: 'person', lastName: 'Ручной', firstName: 'Клиент', middleName: 'Карточкин', birthDate: '1979-04-03', phone: '+7 (900) 555-11-22' });
    expect(made.status).toBe(200);
    const clientId = made.body.data.client.id as string;
    const c = await draft();
    const picked = { clientId, name: 'Ручной Клиент Карточкин', birthDate: '1979-04-03', phone: '+7 (900) 555-11-22' };
    expect((await r.req('agent', 'PATCH', `${base}/${c.id}/details`, { details: { insurant: picked, object: { plate: 'М321КА77', vin: null, make: 'Skoda', model: 'Octavia' } } })).status).toBe(200);
    const card = (await r.req('agent', 'GET', `/api/v2/clients/${clientId}`)).body.data;
    expect(card.contracts.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(card.vehicles.map((v: { make: string; plate: string }) => [v.make, v.plate])).toEqual([['Skoda', 'М321КА77']]);

    expect((await r.req('agent', 'PATCH', `${base}/${c.id}/details`, { details: { insurant: { ...picked, clientId: null, name: 'Ручной Клиент' } } })).status).toBe(200);
    expect((await r.req('agent', 'GET', `/api/v2/clients/${clientId}`)).body.data.contracts).toEqual([]);

    const others = await r.req('newagent', 'POST', '/api/v2/clients', { kind: 'person', lastName: 'Чужой', firstName: 'Клиент', phone: '+7 (900) 555-33-44' });
    const refused = await r.req('agent', 'PATCH', `${base}/${c.id}/details`, { details: { insurant: { ...picked, clientId: others.body.data.client.id } } });
    expect(refused).toMatchObject({ status: 400, body: { field: 'details.insurant.clientId' } });
    expect((await r.req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.clientName).toBe('Ручной Клиент');
  });

  test('scope: another agent does not see it nor can act on it', async () => {
    const c = await draft();
    expect((await r.req('newagent', 'GET', `/api/v2/contracts/${c.id}`)).status).toBe(404);
    expect((await r.req('newagent', 'PATCH', `${base}/${c.id}/details`, { details: { insurant: { clientId: null, name: 'Чужой', birthDate: null, phone: null } } })).status).toBe(404);
    expect((await r.req('newagent', 'POST', `${base}/${c.id}/send`)).status).toBe(404);
    const theirs = (await r.req('newagent', 'GET', '/api/v2/contracts?limit=100')).body.data.items as any[];
    expect(theirs.some((x) => x.id === c.id)).toBe(false);
  });
});
