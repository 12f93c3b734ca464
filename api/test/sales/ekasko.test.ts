import { CONTRACT_STATUS as S, KASKO_PHOTO_TYPES, rateKasko, splitSchedule, type KaskoCalculateRequest } from '@oyster/shared-kit/domain';
import { commissionOf } from '../../src/finance/ledger';
import { DEMO_KASKO_AGENT_RATE_BP } from '../../src/finance/seed';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, JPEG, postForm, startSignedIn, type SignedInApp } from '../support';
import { COMPLETE_DETAILS, plusDays, postCallback } from '../support/contracts';

/**
 * e-KASKO on the rails (issue 25): every demo insurer's own offer (cheapest first, its factors, «Ваше КВ»),
 * refusals with reasons; a contract paid in two instalments — the details, the inspection photos that
 * «Отправить страховщику» needs, the first instalment through the signed callback → released with its
 * policy PDF, the second paid later with its own ledger line; the insurant and the car written to the agent's records; 400s naming the field with nothing written;
 * another agent's contract is a 404.
 */
const WHO = ['agent', 'newagent', 'subagent'] as const;
type Who = (typeof WHO)[number];
const start = plusDays(moscowToday(), 1);
const year = Number(start.slice(0, 4));

const CALC: KaskoCalculateRequest = {
  vehicle: { make: 'Kia', model: 'Rio', year: year - 2, plate: 'А123ВС777', highTheft: false },
  sumInsured: 1_800_000_00,
  drivers: [{ birthDate: '1985-09-30', experienceSince: '2005-01-01' }],
  deductible: 'rub30000',
  antiTheft: 'standard',
  instalments: 2,
  region: 'capitals',
  startDate: start,
};
const DETAILS = {
  insurant: COMPLETE_DETAILS.owner,
  vehicle: { vin: 'Z94CB41AAGR323020' },
  driverNames: ['Смирнова Анна Петровна'],
  contacts: COMPLETE_DETAILS.contacts,
};

describe.each(BACKENDS)('e-KASKO ($name)', (backend) => {
  let r: SignedInApp<Who>;
  let companies: { _id: string; idUnicus: string; shortName: string }[];
  const idOf = (code: string) => companies.find((c) => c.idUnicus === code)!._id;
  const count = async (sql: string) => (await r.oyster.db.query<{ n: number }>(sql))[0].n;
  const until = async (id: string, ok: (c: any) => boolean) => {
    for (let i = 0; i < 300; i++) {
      const c = (await r.req('agent', 'GET', `/api/v2/contracts/${id}`)).body.data;
      if (ok(c)) return c;
      await new Promise((res) => setTimeout(res, 30));
    }
    throw new Error(`contract ${id}: condition not reached`);
  };
  const attach = (contractId: string, typeId: string) => {
    const form = new FormData();
    form.append('typeId', typeId);
    form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'photo.jpg');
    return postForm(r.url, r.tokens.agent, `/api/v2/contracts/${contractId}/attach-files`, form);
  };
  const tokenOf = (url: string) => url.split('/pay/')[1];

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    companies = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
  });
  afterAll(() => r.stop());

  test('quote: each insurer with a KASKO tariff offers its own premium (cheapest first, with its factors and «Ваше КВ»); the others refuse with the reason', async () => {
    const res = await r.req('agent', 'POST', '/api/v2/products/ekasko/quote', CALC);
    expect(res.status).toBe(200);
    const { offers, refusals } = res.body.data;
    expect(offers.map((o: any) => o.companyId).sort()).toEqual(['ingos', 'reso', 'alfa', 'sogaz'].map(idOf).sort());
    const premiums = offers.map((o: any) => o.premium);
    expect(premiums).toEqual([...premiums].sort((a, b) => a - b));
    for (const o of offers) {
      const code = companies.find((c) => c._id === o.companyId)!.idUnicus;
      const own = rateKasko(CALC, code);
      expect(own.kind).toBe('offer');
      expect(o).toMatchObject({ premium: (own as any).premium, currency: 'RUB', instalments: (own as any).instalments, agentCommission: { percent: DEMO_KASKO_AGENT_RATE_BP / 100, amount: commissionOf(o.premium, DEMO_KASKO_AGENT_RATE_BP) } });
      expect(o.factors.map((f: any) => f.label)).toEqual(['Базовый тариф', 'Водители', 'Франшиза', 'Противоугонная система', 'Оплата', 'Регион использования']);
      expect(o.notes[0]).toContain('демонстрационному тарифу страховщика');
    }
    expect(refusals.map((x: any) => [x.companyId, x.reason])).toEqual(
      expect.arrayContaining([[idOf('vsk'), expect.stringMatching(/^Нет тарифа страховщика/)], [idOf('renins'), expect.stringMatching(/^Нет тарифа страховщика/)]]),
    );
    // An old car: ingos declines cars over 10 years, with the reason.
    const old = await r.req('agent', 'POST', '/api/v2/products/ekasko/quote', { ...CALC, vehicle: { ...CALC.vehicle, year: year - 12 } });
    expect(old.body.data.refusals.find((x: any) => x.companyId === idOf('ingos')).reason).toBe('Не страхуем автомобили старше 10 лет (этому 12)');
    // A sub-agent sees no commission.
    const sub = await r.req('subagent', 'POST', '/api/v2/products/ekasko/quote', CALC);
    expect(sub.status).toBe(200);
    expect(sub.body.data.offers.every((o: any) => o.agentCommission === undefined)).toBe(true);
  });

  test('a bad calculation or details is a 400 in Russian naming the field, and nothing is written', async () => {
    const before = await count('SELECT count(*)::int AS n FROM contracts');
    const noPlate = await r.req('agent', 'POST', '/api/v2/products/ekasko/quote', { ...CALC, vehicle: { ...CALC.vehicle, plate: undefined } });
    expect(noPlate).toMatchObject({ status: 400, body: { message: expect.stringContaining('vehicle.plate') } });
    const sum = await r.req('agent', 'POST', '/api/v2/products/ekasko/contracts', { calculation: { ...CALC, sumInsured: 5 }, companyId: idOf('ingos') });
    expect(sum.status).toBe(400);
    expect(sum.body.message).toMatch(/^Поле «(calculation\.)?sumInsured»/);
    const instalments = await r.req('agent', 'POST', '/api/v2/products/ekasko/contracts', { calculation: { ...CALC, instalments: 3 }, companyId: idOf('ingos') });
    expect(instalments.status).toBe(400);
    expect(instalments.body.message).toContain('instalments');
    expect(await count('SELECT count(*)::int AS n FROM contracts')).toBe(before);

    const c = (await r.req('agent', 'POST', '/api/v2/products/ekasko/contracts', { calculation: CALC, companyId: idOf('alfa') })).body.data;
    const badVin = await r.req('agent', 'PATCH', `/api/v2/products/ekasko/contracts/${c.id}/details`, { details: { vehicle: { vin: 'X'.repeat(30) } } });
    expect(badVin).toMatchObject({ status: 400, body: { message: expect.stringContaining('details.vehicle.vin') } });
    const after = (await r.req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data;
    expect(after.details).toEqual({});
  });

  test('two instalments: details → photos → «Отправить страховщику» → the first paid → released with the policy PDF; the second paid later, its own ledger line; another agent gets 404', async () => {
    const created = await r.req('agent', 'POST', '/api/v2/products/ekasko/contracts', { calculation: CALC, companyId: idOf('ingos') });
    expect(created.status).toBe(200);
    const c = created.body.data;
    const own = rateKasko(CALC, 'ingos');
    expect(c).toMatchObject({ status: S.calculated, product: 'ekasko', productName: 'Е-КАСКО', premium: (own as any).premium });

    // Another agent sees nothing of it.
    expect((await r.req('newagent', 'GET', `/api/v2/contracts/${c.id}`)).status).toBe(404);
    expect((await r.req('newagent', 'PATCH', `/api/v2/products/ekasko/contracts/${c.id}/details`, { details: DETAILS })).status).toBe(404);

    // Nothing filled: the first missing field, named.
    const empty = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    expect(empty).toMatchObject({ status: 400, body: { field: 'details.vehicle.vin' } });
    expect((await r.req('agent', 'PATCH', `/api/v2/products/ekasko/contracts/${c.id}/details`, { details: DETAILS })).status).toBe(200);
    // The insurant and the car are the agent's client and vehicle records now, the contract linked to them.
    const [link] = await r.oyster.db.query<{ last_name: string; phone: string; make: string; plate: string; vin: string; owner: string; client_id: string }>(
      `SELECT cl.last_name, cl.phone, v.make, v.plate, v.vin, v.client_id AS owner, c.client_id FROM contracts c JOIN clients cl ON cl.id = c.client_id JOIN vehicles v ON v.id = c.vehicle_id WHERE c.id = $1`,
      [c.id],
    );
    expect(link).toMatchObject({ last_name: DETAILS.insurant.lastName, phone: DETAILS.contacts.phone, make: 'Kia', plate: 'А123ВС777', vin: 'Z94CB41AAGR323020', owner: link.client_id });
    // The photos are still missing.
    const noPhotos = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    expect(noPhotos).toMatchObject({ status: 400, body: { field: 'files', message: `Прикрепите фото осмотра: «${KASKO_PHOTO_TYPES[0]}»` } });
    const types = (await r.req('agent', 'GET', `/api/v2/file-list-company/${idOf('ingos')}`)).body.data.fileTypes as { _id: string; name: string }[];
    for (const name of KASKO_PHOTO_TYPES) expect((await attach(c.id, types.find((t) => t.name === name)!._id)).status).toBe(200);

    const sent = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    expect(sent.status).toBe(200);
    const waiting = await until(c.id, (x) => x.status === S.waitingPayment);
    const schedule = splitSchedule(c.premium, 2, start, moscowToday());
    expect(waiting.instalments.map((i: any) => [i.number, i.of, i.amount, i.dueDate, i.state, !!i.paymentUrl])).toEqual([
      [1, 2, schedule[0].amount, schedule[0].dueDate, 'waiting', true],
      [2, 2, schedule[1].amount, schedule[1].dueDate, 'scheduled', false],
    ]);
    expect(waiting.summary.map((b: any) => b.title)).toEqual(['Страхователь', 'Транспортное средство', 'Водители', 'Условия страхования', 'Премия']);
    expect(waiting.summary[1].rows).toContainEqual({ label: 'VIN', value: 'Z94CB41AAGR323020' });
    const page = await (await fetch(waiting.paymentUrl)).text();
    expect(page).toContain('Взнос 1 из 2');

    const first = await postCallback(r.url, 'ingos', { paymentId: `k1-${c.id}`, paymentToken: tokenOf(waiting.paymentUrl), amount: schedule[0].amount, paidAt: new Date().toISOString() });
    expect(first.body.result).toBe('applied');
    const released = await until(c.id, (x) => x.status === S.released && x.instalments[1].paymentUrl);
    expect(released.policyNumber).toBeTruthy();
    const pdf = await fetch(`${r.url}/api/v2/contracts/${c.id}/documents/policy`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const ledger = async () => (await r.oyster.db.query<{ event_key: string; base_kopecks: string }>(`SELECT event_key, base_kopecks::text AS base_kopecks FROM commission_ledger WHERE contract_id = $1 ORDER BY id`, [c.id])).map((l) => [l.event_key, Number(l.base_kopecks)]);
    expect(await ledger()).toEqual([['instalment:1', schedule[0].amount]]);

    const second = await postCallback(r.url, 'ingos', { paymentId: `k2-${c.id}`, paymentToken: tokenOf(released.instalments[1].paymentUrl), amount: schedule[1].amount, paidAt: new Date().toISOString() });
    expect(second.body.result).toBe('applied');
    expect(await ledger()).toEqual([['instalment:1', schedule[0].amount], ['instalment:2', schedule[1].amount]]);
    const after = (await r.req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data;
    expect(after.instalments.map((i: any) => i.state)).toEqual(['paid', 'paid']);
    // The list finds it by the client's name and the VIN.
    const list = await r.req('agent', 'GET', `/api/v2/contracts?search=${encodeURIComponent('Z94CB41AAGR323020')}`);
    expect(list.body.data.items.map((x: any) => x.id)).toContain(c.id);
  });
});
