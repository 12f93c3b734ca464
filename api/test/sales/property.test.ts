import DEMO from '@oyster/shared-kit/testing/demo-calculations.json';
import { CONTRACT_STATUS as S } from '@oyster/shared-kit/domain';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, startSignedIn, type SignedInApp } from '../support';
import { plusDays, postCallback } from '../support/contracts';

/**
 * Property (issue 25): the apartment (ifl) and the house (ifl_house) on the product rails — the demo
 * insurers' offers and refusals, a contract from an offer through «Отправить страховщику», the payment
 * through the signed callback, the policy PDF; bad input a 400 in Russian naming the field, nothing
 * written; another agent's contract not found.
 */
const start = plusDays(moscowToday(), 1);
const rub = (r: number) => r * 100;
const flat = (over: Record<string, unknown> = {}) => ({ ...DEMO.flat, startDate: start, ...over });
const house = (over: Record<string, unknown> = {}) => ({ ...DEMO.house, startDate: start, ...over });
const INSURANT = {
  insurant: { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1985-04-12', passport: { series: '4510', number: '123456', issuedAt: '2010-05-20', issuer: 'ОВД Тверской' } },
  contacts: { phone: '+7 900 123-45-67', email: 'anna@example.ru' },
  insurantIsOwner: true,
};

describe.each(BACKENDS)('property ($name)', (backend) => {
  let r: SignedInApp<'agent' | 'owner' | 'admin'>;
  let company: (code: string) => string;
  const until = async (id: string, ok: (c: any) => boolean) => {
    for (let i = 0; i < 300; i++) {
      const c = (await r.req('agent', 'GET', `/api/v2/contracts/${id}`)).body.data;
      if (ok(c)) return c;
      await new Promise((res) => setTimeout(res, 30));
    }
    throw new Error(`contract ${id}: condition not reached`);
  };
  const count = async () => Number((await r.oyster.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM contracts WHERE product IN ('ifl', 'ifl_house')`))[0].n);

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'owner', 'admin'] as const, { demoInsurerDelayMs: 0 });
    const companies = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
    company = (code) => companies.find((c: any) => c.idUnicus === code)._id;
  });
  afterAll(() => r.stop());

  test('apartment: an offer of every insurer with a property tariff, cheapest first, each with its factors; a refusal with its reason', async () => {
    const q = await r.req('agent', 'POST', '/api/v2/products/ifl/quote', flat());
    expect(q.status).toBe(200);
    const { offers, refusals } = q.body.data;
    // Each insurer's own rates (shared-kit property/tariffs.ts, research §3) on 1 m / 500 000 / 300 000 ₽ and a 500 000 ₽ liability:
    // reso 1 000 + 1 500 + 1 200 + 1 000 = 4 700 ₽; ingos 1 200 + 2 000 + 1 500 + 1 500 = 6 200 ₽; vsk 1 500 + 2 500 + 2 100 + 2 500 = 8 600 ₽
    expect(offers.map((o: any) => [o.companyName, o.premium])).toEqual([
      ['РЕСО-Гарантия', rub(4_700)],
      ['Ингосстрах', rub(6_200)],
      ['ВСК', rub(8_600)],
    ]);
    expect(offers[1].factors.map((f: any) => [f.label, f.text])).toEqual([
      ['Конструктив', '0,12\u00a0%'],
      ['Отделка и инженерное оборудование', '0,40\u00a0%'],
      ['Движимое имущество', '0,50\u00a0%'],
      ['Гражданская ответственность перед соседями', '0,30\u00a0%'],
    ]);
    expect(offers[1].notes).toEqual(['Расчёт по демонстрационному тарифу страховщика; окончательную премию назначает страховщик']);
    expect(refusals).toEqual([]);
    const wooden = (await r.req('agent', 'POST', '/api/v2/products/ifl/quote', flat({ construction: 'wooden' }))).body.data;
    expect(wooden.refusals).toEqual([{ companyId: company('reso'), companyName: 'РЕСО-Гарантия', reason: 'Не страхуем квартиры в деревянных домах' }]);
  });

  test('house: a wooden house with a stove — ingos refuses, the others quote with the stove loading', async () => {
    const { offers, refusals } = (await r.req('agent', 'POST', '/api/v2/products/ifl_house/quote', house())).body.data;
    expect(refusals.map((x: any) => [x.companyName, x.reason])).toEqual([['Ингосстрах', 'Не страхуем деревянные и каркасные дома с печным отоплением или камином']]);
    expect(offers.map((o: any) => o.companyName)).toEqual(['ВСК', 'РЕСО-Гарантия']);
    expect(offers[1].premium).toBe(rub(49_800)); // research §3: 33 200 × 1,5 (reso's stove loading)
    expect(offers[1].factors.find((f: any) => f.key === 'stoveHeating')).toMatchObject({ label: 'Отопление', text: '× 1,50' });
  });

  test('bad input: a 400 in Russian naming the field, nothing written', async () => {
    const before = await count();
    const bad = async (url: string, body: unknown, field: string, message: string | RegExp) => {
      const res = await r.req('agent', 'POST', url, body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    };
    await bad('/api/v2/products/ifl/quote', flat({ floor: 10 }), 'floor', 'Поле «floor»: этаж больше этажности дома (floors)');
    await bad('/api/v2/products/ifl/quote', flat({ cover: {} }), 'cover', 'Укажите хотя бы одну сумму страхования (cover)');
    await bad('/api/v2/products/ifl/quote', house(), 'kind', 'Поле «kind»: этот расчёт — страхование квартиры (apartment)');
    await bad('/api/v2/products/ifl_house/quote', house({ walls: 'straw' }), 'walls', 'Поле «walls» должно быть одним из: brick_stone, wooden_frame');
    await bad('/api/v2/products/ifl/contracts', { calculation: flat({ area: 0 }), companyId: company('vsk') }, 'calculation.area', /«area»/);
    await bad('/api/v2/products/ifl/contracts', { calculation: flat(), companyId: company('alfa') }, 'companyId', 'Поле «companyId»: такого страховщика нет');
    expect(await count()).toBe(before);
  });

  test('apartment: contract → details saved → send → payment link → paid through the signed callback → released with its policy PDF; another agent: 404', async () => {
    const created = await r.req('agent', 'POST', '/api/v2/products/ifl/contracts', { calculation: flat(), companyId: company('ingos') });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ product: 'ifl', premium: rub(6_200), currency: 'RUB' });

    // Not everything the insurer needs yet: «Отправить страховщику» names what is missing.
    const early = await r.req('agent', 'POST', `/api/v2/contracts/${id}/send`);
    expect(early).toMatchObject({ status: 400, body: { field: 'details.insurant.lastName', message: 'Укажите фамилию страхователя' } });
    const badDetails = await r.req('agent', 'PATCH', `/api/v2/products/ifl/contracts/${id}/details`, { details: { cadastralNumber: '12345' } });
    expect(badDetails).toMatchObject({ status: 400, body: { field: 'details.cadastralNumber', message: 'Поле «details.cadastralNumber»: кадастровый номер вида 77:01:0001001:1234' } });

    // Saved as the agent goes: a reload resumes.
    expect((await r.req('agent', 'PATCH', `/api/v2/products/ifl/contracts/${id}/details`, { details: { insurant: INSURANT.insurant } })).status).toBe(200);
    expect((await r.req('agent', 'PATCH', `/api/v2/products/ifl/contracts/${id}/details`, { details: { contacts: INSURANT.contacts, insurantIsOwner: true } })).status).toBe(200);
    const saved = (await r.req('agent', 'GET', `/api/v2/contracts/${id}`)).body.data;
    expect(saved).toMatchObject({ clientName: 'Смирнова Анна Петровна', details: { insurant: { passport: { number: '123456' } }, insurantIsOwner: true } });
    expect(saved.summary.map((b: any) => b.title)).toEqual(['Квартира', 'Страховые суммы', 'Страхователь', 'Премия']);
    expect(saved.summary[0].rows).toContainEqual({ label: 'Этаж', value: '5 из 9' });

    // Another agent: not found, nothing changed.
    expect((await r.req('owner', 'GET', `/api/v2/contracts/${id}`)).status).toBe(404);
    expect((await r.req('owner', 'PATCH', `/api/v2/products/ifl/contracts/${id}/details`, { details: { insurantIsOwner: false } })).status).toBe(404);
    expect((await r.req('owner', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(404);

    expect((await r.req('agent', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(200);
    const waiting = await until(id, (c) => c.status === S.waitingPayment);
    expect(waiting.paymentUrl).toMatch(/\/pay\/[A-Za-z0-9_-]{16,}$/);
    const page = await (await fetch(waiting.paymentUrl)).text();
    expect(page).toContain('Оплата полиса: страхование квартиры');
    const token = waiting.paymentUrl.split('/pay/')[1];
    const paid = await postCallback(r.url, 'ingos', { paymentId: `ifl-${id}`, paymentToken: token, amount: rub(6_200), paidAt: new Date().toISOString() });
    expect(paid).toMatchObject({ status: 200, body: { result: 'applied' } });
    const released = await until(id, (c) => c.status === S.released);
    expect(released.documents).toEqual(['policy']);
    const pdf = await fetch(`${r.url}/api/v2/contracts/${id}/documents/policy`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(pdf.headers.get('content-disposition') ?? '')).toContain(`Полис: страхование квартиры ${released.policyNumber}.pdf`);
    expect((await r.req('owner', 'GET', `/api/v2/contracts/${id}/documents/policy`)).status).toBe(404);
  });
});
