import { CONTRACT_STATUS as S, DEMO_ACCOUNT_KEYS, DEMO_USERS, access, mortgageSchedule, rateMortgageContract, type MortgageCalculateRequest } from '@oyster/shared-kit/domain';
import { DEMO_MORTGAGE_AGENT_RATE_BP } from '../../src/finance/seed';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, call, expectOnly, signInAll, startSignedIn, type SignedInApp } from '../support';
import { plusDays, postCallback, untilContract } from '../support/contracts';

/**
 * Mortgage (ipoteka) on the rails (issue 25): the offers of every demo insurer with a mortgage tariff (its own
 * rating of each policy year, research §5), the refusals with reasons; a contract of four policy years paid
 * yearly — four instalments, each the rating of its year (title only in years 1–3), summing to the premium,
 * the first due today and the next on each anniversary; details → «Отправить страховщику» → the first
 * instalment paid through the signed callback → released with the policy PDF; bad input a 400 in Russian
 * naming the field with nothing written; who may quote; another agent's contract not found.
 */
const rub = (r: number) => r * 100;
const today = moscowToday();
const start = plusDays(today, 10);
const calc = (over: Partial<MortgageCalculateRequest> = {}): MortgageCalculateRequest => ({
  bank: 'sber',
  balance: rub(3_000_000),
  property: 'flat',
  life: true,
  borrowers: [
    { birthDate: '1991-03-01', sex: 'male', share: 60 },
    { birthDate: '1993-08-15', sex: 'female', share: 40 },
  ],
  title: true,
  startDate: start,
  years: 4,
  ...over,
});
const DETAILS = {
  insurant: { lastName: 'Смирнов', firstName: 'Пётр', middleName: 'Ильич', birthDate: '1991-03-01', passport: { series: '4510', number: '123456', issuedAt: '2011-04-01', issuer: 'ОВД Тверской' } },
  contacts: { phone: '+7 (916) 123-45-67', email: 'petr@example.ru' },
  coBorrowers: [{ lastName: 'Смирнова', firstName: 'Анна' }],
  property: { address: 'г Москва, ул Тверская, д 1, кв 10', cadastralNumber: '77:01:0001001:1234' },
  loan: { number: 'ИК-2026/145', date: today },
};
/** Anniversaries of the start: the first day of policy year k (0-based). */
const anniversary = (k: number) => `${Number(start.slice(0, 4)) + k}${start.slice(4)}`;

describe.each(BACKENDS)('mortgage (ipoteka) on the rails ($name)', (backend) => {
  let r: SignedInApp<'agent' | 'subagent' | 'newagent' | 'admin'>;
  let companies: { _id: string; idUnicus: string }[];
  const idOf = (code: string) => companies.find((c) => c.idUnicus === code)!._id;
  const codeOf = (id: string) => companies.find((c) => c._id === id)!.idUnicus;
  const count = async (table: string) => (await r.oyster.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const until = (id: string, ok: (c: any) => boolean) => untilContract((p) => r.req('agent', 'GET', p), id, ok);

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'subagent', 'newagent', 'admin'] as const, { demoInsurerDelayMs: 0 });
    companies = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
  });
  afterAll(() => r.stop());

  test('the product’s routes are registered (the role matrix and the fuzzer read them from the OpenAPI document)', () => {
    const routes = r.oyster.operations.filter((o) => o.url.startsWith('/api/v2/products/ipoteka/')).map((o) => [`${o.method} ${o.url}`, o.access]);
    expect(routes).toEqual([
      ['POST /api/v2/products/ipoteka/quote', 'canSeeNewPolicy'],
      ['POST /api/v2/products/ipoteka/contracts', 'canSeeNewPolicy'],
      ['PATCH /api/v2/products/ipoteka/contracts/:contractId/details', 'canSeeContracts'],
    ]);
  });

  test('quote: an offer of each insurer with a mortgage tariff (cheapest first, its factors, yearly amounts, «Ваше КВ»); the others refuse with the reason', async () => {
    const res = await r.req('agent', 'POST', '/api/v2/products/ipoteka/quote', calc());
    expect(res.status).toBe(200);
    const { offers, refusals } = res.body.data;
    expect(offers.map((o: any) => codeOf(o.companyId))).toEqual(['alfa', 'ingos', 'sogaz']);
    // ingos, a year of 1–3: SI 3 300 000 × (flat 0,1 % + 60 % × 0,3 % + 40 % × 0,3 % × 0,6 + title 0,2 %) = 3 300 + 5 940 + 2 376 + 6 600 = 18 216 ₽;
    // year 4 without the title: 11 616 ₽. The premium is the four years' sum.
    const ingos = offers[1];
    expect(ingos.instalments).toEqual([18_216, 18_216, 18_216, 11_616].map(rub));
    expect(ingos.premium).toBe(rub(66_264));
    expect(ingos.factors.map((f: any) => [f.label, f.text])).toEqual([
      ['Страховая сумма', '× 1,10'],
      ['Имущество (залог)', '0,10\u00a0%'],
      ['Жизнь заёмщика 1', '0,30\u00a0%'],
      ['Жизнь заёмщика 2', '0,30\u00a0%'],
      ['Заёмщик 2: женщина', '× 0,60'],
      ['Титул', '0,20\u00a0%'],
    ]);
    expect(ingos.notes).toContain('Титул не страхуется: 4-й год, титул — только первые 3 года');
    expect(ingos.agentCommission).toMatchObject({ percent: DEMO_MORTGAGE_AGENT_RATE_BP / 100 });
    for (const o of offers) {
      const own = rateMortgageContract(calc(), codeOf(o.companyId));
      expect(o).toMatchObject({ premium: (own as any).premium, instalments: (own as any).instalments, currency: 'RUB' });
    }
    expect(refusals.map((x: any) => [codeOf(x.companyId), x.reason]).sort()).toEqual([
      ['reso', 'У страховщика нет тарифа по этому продукту'],
      ['vsk', 'У страховщика нет тарифа по этому продукту'],
    ]);
    // A bank the insurer is not accredited with: its refusal, with the bank named.
    const gpb = (await r.req('agent', 'POST', '/api/v2/products/ipoteka/quote', calc({ bank: 'gazprombank' }))).body.data;
    expect(gpb.refusals.find((x: any) => x.companyId === idOf('alfa')).reason).toBe('Страховщик не аккредитован в банке «Газпромбанк»');
    // A borrower who turns 61 in the 3rd year: every insurer refuses, naming the year.
    const older = (await r.req('agent', 'POST', '/api/v2/products/ipoteka/quote', calc({ borrowers: [{ birthDate: plusDays(start, -(59 * 365 + 300)), sex: 'male', share: 100 }] }))).body.data;
    expect(older.offers).toEqual([]);
    expect(older.refusals.filter((x: any) => ['alfa', 'ingos', 'sogaz'].includes(codeOf(x.companyId))).map((x: any) => x.reason)).toEqual(
      Array(3).fill(expect.stringMatching(/^\d-й год страхования \(с \d{2}\.\d{2}\.\d{4}\): Заёмщик 1: страхование жизни старше 60 лет — по запросу к страховщику$/)),
    );
    // A sub-agent sees no commission.
    const sub = await r.req('subagent', 'POST', '/api/v2/products/ipoteka/quote', calc());
    expect(sub.status).toBe(200);
    expect(sub.body.data.offers.every((o: any) => o.agentCommission === undefined && o.commissionPercent === undefined)).toBe(true);
  });

  test('who may quote: whoever may start a new policy (§6 canSeeNewPolicy); no session is 401', async () => {
    const allowed = DEMO_ACCOUNT_KEYS.filter((k) => access(DEMO_USERS[k]).canSeeNewPolicy);
    const tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    await expectOnly(allowed, (key) => call(r.url, 'POST', '/api/v2/products/ipoteka/quote', { token: tokens[key], body: calc({ years: 1 }) }));
    expect((await call(r.url, 'POST', '/api/v2/products/ipoteka/quote', { body: calc() })).status).toBe(401);
  });

  test('a bad calculation or detail is a 400 in Russian naming the field, and nothing is written', async () => {
    const before = [await count('contracts'), await count('contract_status_history'), await count('contract_instalments')];
    const shares = await r.req('agent', 'POST', '/api/v2/products/ipoteka/quote', calc({ borrowers: [{ birthDate: '1991-03-01', sex: 'male', share: 60 }, { birthDate: '1993-08-15', sex: 'female', share: 30 }] }));
    expect(shares).toMatchObject({ status: 400, body: { field: 'borrowers', message: 'Поле «borrowers»: доли заёмщиков в сумме должны составлять 100 % (сейчас 90 %)' } });
    const years = await r.req('agent', 'POST', '/api/v2/products/ipoteka/quote', calc({ years: 6 }));
    expect(years).toMatchObject({ status: 400, body: { field: 'years', message: 'Поле «years»: срок страхования — от 1 до 5 лет' } });
    const bank = await r.req('agent', 'POST', '/api/v2/products/ipoteka/contracts', { calculation: calc({ bank: 'x' }), companyId: idOf('ingos') });
    expect(bank.status).toBe(400);
    expect(bank.body.message).toMatch(/^Поле «(calculation\.)?bank» должно быть одним из: sber, vtb/);
    const renins = await r.req('agent', 'POST', '/api/v2/products/ipoteka/contracts', { calculation: calc(), companyId: idOf('renins') });
    expect(renins).toMatchObject({ status: 400, body: { message: 'Поле «companyId»: такого страховщика нет' } });
    const refused = await r.req('agent', 'POST', '/api/v2/products/ipoteka/contracts', { calculation: calc(), companyId: idOf('reso') });
    expect(refused).toMatchObject({ status: 409, body: { message: 'РЕСО-Гарантия отказал: У страховщика нет тарифа по этому продукту' } });
    expect([await count('contracts'), await count('contract_status_history'), await count('contract_instalments')]).toEqual(before);

    const c = (await r.req('agent', 'POST', '/api/v2/products/ipoteka/contracts', { calculation: calc(), companyId: idOf('alfa') })).body.data;
    const cadastral = await r.req('agent', 'PATCH', `/api/v2/products/ipoteka/contracts/${c.id}/details`, { details: { property: { cadastralNumber: '12345' } } });
    expect(cadastral).toMatchObject({ status: 400, body: { field: 'details.property.cadastralNumber', message: 'Поле «details.property.cadastralNumber»: кадастровый номер вида 77:01:0001001:1234' } });
    const passport = await r.req('agent', 'PATCH', `/api/v2/products/ipoteka/contracts/${c.id}/details`, { details: { insurant: { passport: { number: '12' } } } });
    expect(passport).toMatchObject({ status: 400, body: { field: 'details.insurant.passport.number', message: 'Поле «details.insurant.passport.number»: 6 цифр' } });
    expect((await r.oyster.db.query<{ details: unknown }>('SELECT details FROM contracts WHERE id = $1', [c.id]))[0].details).toEqual({});
    const early = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    expect(early).toMatchObject({ status: 400, body: { field: 'details.insurant.lastName', message: 'Страхователь: фамилия' } });
  });

  test('four policy years: four yearly instalments summing to the premium → details → send → the first paid through the signed callback → released with its PDF; another agent gets 404', async () => {
    const created = await r.req('agent', 'POST', '/api/v2/products/ipoteka/contracts', { calculation: calc(), companyId: idOf('ingos') });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ product: 'ipoteka', status: S.calculated, premium: rub(66_264), currency: 'RUB', startDate: start, endDate: plusDays(anniversary(4), -1) });

    // Another agent: not found, nothing changed.
    expect((await r.req('newagent', 'GET', `/api/v2/contracts/${id}`)).status).toBe(404);
    expect((await r.req('newagent', 'PATCH', `/api/v2/products/ipoteka/contracts/${id}/details`, { details: DETAILS })).status).toBe(404);
    expect((await r.req('newagent', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(404);

    // Saved as the agent goes; what is missing is named until all is there.
    expect((await r.req('agent', 'PATCH', `/api/v2/products/ipoteka/contracts/${id}/details`, { details: { insurant: DETAILS.insurant, contacts: DETAILS.contacts } })).status).toBe(200);
    expect(await r.req('agent', 'POST', `/api/v2/contracts/${id}/send`)).toMatchObject({ status: 400, body: { field: 'details.coBorrowers[0].lastName', message: 'Заёмщик 2 (дата рождения 15.08.1993): фамилия' } });
    const saved = await r.req('agent', 'PATCH', `/api/v2/products/ipoteka/contracts/${id}/details`, { details: { coBorrowers: DETAILS.coBorrowers, property: DETAILS.property, loan: DETAILS.loan } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.clientName).toBe('Смирнов Пётр Ильич');
    expect(saved.body.data.details.contacts.phone).toBe('+79161234567');
    // The insurant, typed once: a client record of the agent (passport, phone) whose card lists the contract.
    const [{ client_id: clientId }] = await r.oyster.db.query<{ client_id: string | null }>('SELECT client_id FROM contracts WHERE id = $1', [id]);
    const card = (await r.req('agent', 'GET', `/api/v2/clients/${clientId}`)).body.data;
    expect(card.client).toMatchObject({ name: 'Смирнов Пётр Ильич', phone: '+7 (916) 123-45-67', passport: { series: '4510', number: '123456' } });
    expect(card.contracts.map((x: { id: string }) => x.id)).toContain(id);
    expect(saved.body.data.summary.map((b: any) => b.title)).toEqual(['Кредит', 'Заёмщики', 'Страхователь и кредитный договор', 'Премия']);
    const blocks = Object.fromEntries(saved.body.data.summary.map((b: any) => [b.title, Object.fromEntries(b.rows.map((x: any) => [x.label, x.value]))]));
    expect(blocks['Кредит']['Срок страхования']).toBe(`с ${start.split('-').reverse().join('.')} по ${plusDays(anniversary(4), -1).split('-').reverse().join('.')} (1–4-й годы, взнос ежегодно)`);
    expect(blocks['Страхователь и кредитный договор']['Кредитный договор']).toBe(`№ ИК-2026/145 от ${today.split('-').reverse().join('.')}`);

    expect((await r.req('agent', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(200);
    const waiting = await until(id, (c) => c.status === S.waitingPayment);
    // One instalment per policy year: the first due today, the next on each anniversary; they sum to the premium.
    expect(waiting.instalments.map((i: any) => [i.number, i.of, i.amount, i.dueDate, i.state, !!i.paymentUrl])).toEqual([
      [1, 4, rub(18_216), today, 'waiting', true],
      [2, 4, rub(18_216), anniversary(1), 'scheduled', false],
      [3, 4, rub(18_216), anniversary(2), 'scheduled', false],
      [4, 4, rub(11_616), anniversary(3), 'scheduled', false],
    ]);
    expect(waiting.instalments.reduce((s: number, i: any) => s + i.amount, 0)).toBe(waiting.premium);
    expect(mortgageSchedule([18_216, 18_216, 18_216, 11_616].map(rub), calc(), today).map((x) => x.dueDate)).toEqual(waiting.instalments.map((i: any) => i.dueDate));
    const page = await (await fetch(waiting.paymentUrl)).text();
    expect(page).toContain('<h1>Взнос 1 из 4 (1-й год страхования): оплата полиса Ипотека</h1>');

    const paid = await postCallback(r.url, 'ingos', { paymentId: `ipoteka-${id}`, paymentToken: waiting.paymentUrl.split('/pay/')[1], amount: rub(18_216), paidAt: new Date().toISOString() });
    expect(paid).toMatchObject({ status: 200, body: { result: 'applied' } });
    const released = await until(id, (c) => c.status === S.released && c.documents.includes('policy'));
    // The later years wait with their own links (the rails make them at release), each payable until its due date's grace.
    const after = await until(id, (c) => c.instalments.every((i: any) => i.number === 1 || i.paymentUrl));
    expect(after.instalments.map((i: any) => [i.state, i.amount])).toEqual([['paid', rub(18_216)], ['waiting', rub(18_216)], ['waiting', rub(18_216)], ['waiting', rub(11_616)]]);
    // Each year's link says the policy year it pays for.
    const second = await (await fetch(after.instalments[1].paymentUrl)).text();
    expect(second).toContain('<h1>Взнос 2 из 4 (2-й год страхования): оплата полиса Ипотека</h1>');
    const ledger = await r.oyster.db.query<{ event_key: string; base_kopecks: string }>(`SELECT event_key, base_kopecks::text AS base_kopecks FROM commission_ledger WHERE contract_id = $1 ORDER BY id`, [id]);
    expect(ledger.map((l) => [l.event_key, Number(l.base_kopecks)])).toEqual([['instalment:1', rub(18_216)]]);
    const pdf = await fetch(`${r.url}/api/v2/contracts/${id}/documents/policy`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(pdf.headers.get('content-disposition') ?? '')).toContain(`Полис ипотечного страхования ${released.policyNumber}.pdf`);
    expect((await r.req('newagent', 'GET', `/api/v2/contracts/${id}/documents/policy`)).status).toBe(404);
    // In Полисы, found by the client's name.
    const list = (await r.req('agent', 'GET', `/api/v2/contracts?search=${encodeURIComponent('Смирнов Пётр')}`)).body.data;
    expect(list.items.map((x: any) => x.id)).toContain(id);
  });
});
