import { CONTRACT_STATUS as S, foreignToKopecks, rateTravel, type TravelCalculateRequest } from '@oyster/shared-kit/domain';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, startSignedIn, type SignedInApp } from '../support';
import { plusDays, postCallback, untilContract } from '../support/contracts';

/**
 * Travel (ВЗР, product vzr) on the rails: the offers of every demo insurer that sells it (its own tariff,
 * in euros with the rouble amount at the stored rate of the day), the refusals with reasons, a contract
 * from the chosen offer → details → send → check → payment link → paid through the signed callback →
 * released with its policy PDF; a bad input is a 400 in Russian naming the field with nothing written;
 * another agent's contract is not found.
 */
const today = moscowToday();
const start = plusDays(today, 10);
const calc = (over: Partial<TravelCalculateRequest> = {}): TravelCalculateRequest => ({
  countries: ['IT', 'FR'],
  tripType: 'single',
  startDate: start,
  endDate: plusDays(start, 13),
  travellers: [{ birthDate: '1990-05-20' }, { birthDate: '1959-03-01' }],
  sumInsured: 'eur30000',
  sport: 'none',
  ...over,
});
const DETAILS = {
  travellers: [
    { lastName: 'Smirnova', firstName: 'Anna', passport: '75 1234567' },
    { lastName: 'Smirnov', firstName: 'Petr-Ivan', passport: '751234568' },
  ],
  insurant: { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1990-05-20', phone: '+7 (916) 123-45-67', email: 'anna@example.ru' },
};
const EUR_RATE = 984_512;

describe.each(BACKENDS)('travel (vzr) on the rails ($name)', (backend) => {
  let r: SignedInApp<'agent' | 'subagent' | 'newagent' | 'admin'>;
  let companies: { _id: string; idUnicus: string; shortName?: string }[];
  const idOf = (code: string) => companies.find((c) => c.idUnicus === code)!._id;
  const count = async (table: string) => (await r.oyster.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const until = (id: string, ok: (c: any) => boolean) => untilContract((p) => r.req('agent', 'GET', p), id, ok);

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'subagent', 'newagent', 'admin'] as const, { demoInsurerDelayMs: 0 });
    companies = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
    await r.oyster.db.query(`INSERT INTO currency_rates (currency, on_date, rate, source) VALUES ('EUR', $1, $2, 'demo') ON CONFLICT (currency, on_date) DO UPDATE SET rate = $2`, [today, EUR_RATE]);
  });
  afterAll(() => r.stop());

  test('the product’s routes are registered (so the role matrix and the fuzzer, read from the OpenAPI document, cover them)', () => {
    const routes = r.oyster.operations.map((o) => `${o.method} ${o.url}`);
    expect(routes).toEqual(expect.arrayContaining(['POST /api/v2/products/vzr/quote', 'POST /api/v2/products/vzr/contracts', 'PATCH /api/v2/products/vzr/contracts/:contractId/details']));
    expect(r.oyster.operations.filter((o) => o.url.startsWith('/api/v2/products/vzr/')).map((o) => o.access)).toEqual(['canSeeNewPolicy', 'canSeeNewPolicy', 'canSeeContracts']);
  });

  test('quote: each demo insurer that sells travel offers its own premium in euros, fixed in roubles at the day’s rate, cheapest first, with its factors and «Ваше КВ»; refusals with reasons', async () => {
    const res = await r.req('agent', 'POST', '/api/v2/products/vzr/quote', calc());
    expect(res.status).toBe(200);
    const { offers, refusals } = res.body.data;
    // ingos, reso, alfa, renins and vsk sell travel (demo.ts); sogaz does not and is not asked.
    expect(offers.map((o: any) => companies.find((c) => c._id === o.companyId)!.idUnicus).sort()).toEqual(['alfa', 'ingos', 'renins', 'reso', 'vsk']);
    expect(refusals).toEqual([]);
    const premiums = offers.map((o: any) => o.premium);
    expect(premiums).toEqual([...premiums].sort((a: number, b: number) => a - b));
    const ingos = offers.find((o: any) => o.companyId === idOf('ingos'));
    // 14 days × 1,00 € × (1 + 2 for the traveller of 67) = 42,00 € at 98,4512 ₽.
    const rated = rateTravel(calc(), 'ingos');
    expect(rated).toMatchObject({ kind: 'offer', premium: 4_200, currency: 'EUR' });
    expect(ingos).toMatchObject({ currency: 'EUR', premiumForeign: 4_200, premium: foreignToKopecks(4_200, EUR_RATE), rate: EUR_RATE, rateDate: today, rateSource: 'demo' });
    expect(ingos.factors.map((f: any) => f.label)).toEqual(['Тариф в день', 'Возраст путешественника 1', 'Возраст путешественника 2', 'Спорт']);
    expect(ingos.notes).toContain('Премия в евро; в рублях — по курсу на день оформления');
    expect(ingos.agentCommission).toMatchObject({ percent: 10 });
    // A sub-agent does not see «Ваше КВ».
    const sub = await r.req('subagent', 'POST', '/api/v2/products/vzr/quote', calc());
    expect(sub.status).toBe(200);
    expect(sub.body.data.offers.every((o: any) => o.agentCommission === undefined && o.commissionPercent === undefined)).toBe(true);
  });

  test('refusals with the insurer’s reason: no USA at Ренессанс, no extreme sports at Альфа; a traveller of 85 — on request everywhere', async () => {
    await r.oyster.db.query(`INSERT INTO currency_rates (currency, on_date, rate, source) VALUES ('USD', $1, 902500, 'demo') ON CONFLICT (currency, on_date) DO UPDATE SET rate = 902500`, [today]);
    const usa = (await r.req('agent', 'POST', '/api/v2/products/vzr/quote', calc({ countries: ['US'], sumInsured: 'usd100000', sport: 'extreme' }))).body.data;
    expect(usa.refusals.map((x: any) => [companies.find((c) => c._id === x.companyId)!.idUnicus, x.reason]).sort()).toEqual([
      ['alfa', 'Экстремальный спорт не страхуем'],
      ['renins', 'Не страхуем поездки в США и Канаду'],
    ]);
    expect(usa.offers.every((o: any) => o.currency === 'USD' && o.rate === 902_500)).toBe(true);
    const old = (await r.req('agent', 'POST', '/api/v2/products/vzr/quote', calc({ travellers: [{ birthDate: '1930-01-01' }] }))).body.data;
    expect(old.offers).toEqual([]);
    expect(new Set(old.refusals.map((x: any) => x.reason))).toEqual(new Set(['Путешественник 1: с 85 лет — по запросу к страховщику']));
  });

  test('a bad calculation or detail is a 400 in Russian naming the field, and nothing is written', async () => {
    const before = await count('contracts');
    const history = await count('contract_status_history');
    const wrongSum = await r.req('agent', 'POST', '/api/v2/products/vzr/quote', calc({ countries: ['US'] }));
    expect(wrongSum).toMatchObject({ status: 400, body: { message: 'Поле «sumInsured»: для территории «Весь мир, включая США и Канаду» — 100 000 $' } });
    const noEnd = await r.req('agent', 'POST', '/api/v2/products/vzr/contracts', { calculation: calc({ endDate: undefined }), companyId: idOf('ingos') });
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.message).toMatch(/endDate/);
    expect(noEnd.body.message).toMatch(/^Поле «/);
    const sogaz = await r.req('agent', 'POST', '/api/v2/products/vzr/contracts', { calculation: calc(), companyId: idOf('sogaz') });
    expect(sogaz).toMatchObject({ status: 400, body: { message: 'Поле «companyId»: такого страховщика нет' } });
    expect(await count('contracts')).toBe(before);
    expect(await count('contract_status_history')).toBe(history);

    const c = (await r.req('agent', 'POST', '/api/v2/products/vzr/contracts', { calculation: calc(), companyId: idOf('alfa') })).body.data;
    const cyrillic = await r.req('agent', 'PATCH', `/api/v2/products/vzr/contracts/${c.id}/details`, { details: { travellers: [{ lastName: 'Смирнова' }] } });
    expect(cyrillic).toMatchObject({ status: 400, body: { message: 'Поле «details.travellers[].lastName»: латинскими буквами, как в загранпаспорте' } });
    const long = await r.req('agent', 'PATCH', `/api/v2/products/vzr/contracts/${c.id}/details`, { details: { travellers: [{ firstName: 'A'.repeat(46) }] } });
    expect(long).toMatchObject({ status: 400, body: { message: 'Поле «details.travellers[].firstName»: максимальная длина 45' } });
    const phone = await r.req('agent', 'PATCH', `/api/v2/products/vzr/contracts/${c.id}/details`, { details: { insurant: { phone: '123' } } });
    expect(phone).toMatchObject({ status: 400, body: { message: 'Поле «details.insurant.phone»: номер в формате +7 999 999-99-99' } });
    const row = (await r.oyster.db.query<{ details: unknown }>('SELECT details FROM contracts WHERE id = $1', [c.id]))[0];
    expect(row.details).toEqual({});
    // Not all the insurer needs: «Отправить страховщику» says what is missing.
    const early = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('Путешественник 1');
  });

  test('contract → details → send → check → payment link → paid through the signed callback → released with its policy PDF; another agent gets 404', async () => {
    const created = await r.req('agent', 'POST', '/api/v2/products/vzr/contracts', { calculation: calc(), companyId: idOf('ingos') });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const kopecks = foreignToKopecks(4_200, EUR_RATE);
    expect(created.body.data).toMatchObject({ product: 'vzr', currency: 'EUR', premium: kopecks, foreign: { premium: 4_200, rate: EUR_RATE, rateDate: today }, startDate: start, endDate: plusDays(start, 13) });

    // Another agent's contract is not found (read, details, send).
    expect((await r.req('newagent', 'GET', `/api/v2/contracts/${id}`)).status).toBe(404);
    expect((await r.req('newagent', 'PATCH', `/api/v2/products/vzr/contracts/${id}/details`, { details: DETAILS })).status).toBe(404);
    expect((await r.req('newagent', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(404);

    // Saved as the agent goes: the travellers first, the insurant later.
    expect((await r.req('agent', 'PATCH', `/api/v2/products/vzr/contracts/${id}/details`, { details: { travellers: DETAILS.travellers } })).status).toBe(200);
    const saved = await r.req('agent', 'PATCH', `/api/v2/products/vzr/contracts/${id}/details`, { details: { insurant: DETAILS.insurant } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.details.travellers[0]).toEqual({ lastName: 'SMIRNOVA', firstName: 'ANNA', passport: '751234567' });
    expect(saved.body.data.details.insurant.phone).toBe('+79161234567');
    expect(saved.body.data.clientName).toBe('Смирнова Анна Петровна');
    const blocks = Object.fromEntries(saved.body.data.summary.map((b: any) => [b.title, Object.fromEntries(b.rows.map((x: any) => [x.label, x.value]))]));
    expect(blocks['Путешественники']['Путешественник 2']).toBe('SMIRNOV PETR-IVAN, дата рождения 01.03.1959, загранпаспорт 751234568');
    expect(blocks['Премия']['Страховая премия']).toBe('42,00\u00a0€');
    expect(blocks['Премия']['Премия в рублях']).toBe(`42,00\u00a0€ ≈ ${(await import('@oyster/shared-kit/domain')).formatForeign(kopecks, 'RUB')} по курсу 98,4512 ₽ за 1 € на ${today.split('-').reverse().join('.')}`);

    expect((await r.req('agent', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(200);
    const waiting = await until(id, (c) => c.status === S.waitingPayment);
    expect(waiting.instalments).toHaveLength(1);
    expect(waiting.instalments[0]).toMatchObject({ amount: kopecks, state: 'waiting' });
    const page = await (await fetch(waiting.paymentUrl)).text();
    expect(page).toContain('Оплата полиса ВЗР');
    const token = waiting.paymentUrl.split('/pay/')[1];
    const paid = await postCallback(r.url, 'ingos', { paymentId: `vzr-${id}`, paymentToken: token, amount: kopecks, paidAt: new Date().toISOString() });
    expect(paid.body.result).toBe('applied');
    const released = await until(id, (c) => c.status === S.released && c.documents.includes('policy'));
    expect(released.policyNumber).toBeTruthy();
    const pdf = await fetch(`${r.url}/api/v2/contracts/${id}/documents/policy`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(pdf.status).toBe(200);
    expect(decodeURIComponent(pdf.headers.get('content-disposition') ?? '')).toContain(`Полис ВЗР ${released.policyNumber}.pdf`);
    if (process.env.VZR_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.VZR_PDF_OUT, Buffer.from(await pdf.arrayBuffer()));
    const methods = (await r.oyster.db.query<{ method: string }>('SELECT method FROM insurer_calls WHERE contract_id = $1 ORDER BY id', [id])).map((x) => x.method);
    expect(methods).toEqual(expect.arrayContaining(['prepare', 'check', 'paymentLink', 'issue']));
    // In Полисы, found by the client's name.
    const list = (await r.req('agent', 'GET', `/api/v2/contracts?search=${encodeURIComponent('Смирнова')}&product=vzr`)).body.data;
    expect(list.items.map((x: any) => x.id)).toContain(id);
  });
});
