import { DEMO_ACCOUNT_KEYS, DEMO_USERS, access, rateOsago, type OsagoRatingInput } from '@oyster/shared-kit/domain';
import { DEMO_FAULT_TEXTS, DEMO_INSURERS, demoAdapter, parseDemoInsurerFaults } from '../../src/sales/insurers/demo';
import { QUOTE_FAILURE_REASON, QUOTE_TIMEOUT_REASON, moscowToday, quoteAll } from '../../src/sales/osago';
import { BACKENDS, call, connectSocket, connected, expectOnly, signInAll, startSignedIn, type SignedInApp } from '../support';

/**
 * The quick e-OSAGO pre-calculation, POST /api/v2/osago/calculate (issue 11): every insurer at once,
 * offers with every coefficient, refusals with reasons, КБМ from the registry, КТ from an address
 * suggestion; bad input is a 400 in Russian naming the field; the role rule is the server's.
 */
const WHO = ['agent', 'subagent', 'copywriter'] as const;
type Who = (typeof WHO)[number];

const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const START = plusDays(moscowToday(), 1);

describe.each(BACKENDS)('sales: e-OSAGO quick calculation ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  /** The first address suggestion for `query`, as the calculator's address field hands it on. */
  const address = async (query: string) => {
    const s = (await call(r.url, 'POST', '/suggest/address', { token: r.tokens.agent, body: { query, count: 1 } })).body.suggestions[0];
    expect(s).toBeDefined();
    return { value: s.value, data: s.data };
  };
  const body = async (over: Record<string, unknown> = {}, where = 'москва тверская') => ({
    vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' },
    owner: { address: await address(where) },
    unrestricted: true,
    periodMonths: 12,
    startDate: START,
    ...over,
  });

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
  });
  afterAll(() => r.stop());

  test('Moscow, 150 hp, unrestricted: an offer from every insurer, cheapest first, each with every coefficient and the premium the rating gives', async () => {
    const res = await req('agent', 'POST', '/api/v2/osago/calculate', await body());
    expect(res.status).toBe(200);
    const { offers, refusals, drivers } = res.body.data;
    const rates = new Map(
      (await r.oyster.db.query<{ company_id: string; rate_bp: number }>(
        `SELECT DISTINCT ON (cr.company_id) cr.company_id, cr.rate_bp FROM commission_rates cr JOIN users u ON u.email = 'agent@oyster.test' AND cr.level = u.rating_level
          WHERE cr.product = 'eosago' AND cr.valid_from <= $1::date ORDER BY cr.company_id, cr.valid_from DESC`,
        [START],
      )).map((x) => [x.company_id, x.rate_bp]),
    );
    expect(rates.size).toBe(offers.length);
    expect(refusals).toEqual([]);
    expect(drivers).toEqual([]);
    expect(offers.map((o: any) => o.companyName).sort()).toEqual(['ВСК', 'Ингосстрах', 'Ренессанс Страхование', 'РЕСО-Гарантия', 'СОГАЗ', 'АльфаСтрахование'].sort());
    const premiums = offers.map((o: any) => o.premium);
    expect(premiums).toEqual([...premiums].sort((a, b) => a - b));
    for (const o of offers) {
      expect(Object.keys(o.coefficients).sort()).toEqual(['kbm', 'kn', 'ko', 'kpr', 'ks', 'kt', 'kvs', 'km', 'tb'].sort());
      expect(o.coefficients).toMatchObject({ kt: 1.8, kbm: 1.17, kvs: 1, ko: 2.32, km: 1.4, ks: 1, kn: 1, kpr: 1 });
      const input: OsagoRatingInput = { category: 'B', ownerType: 'FL', powerHp: 150, territory: { region: '77', city: 'Москва' }, drivers: 'unrestricted', ownerKbmClass: '3', periodMonths: 12, startDate: START };
      expect(o.premium).toBe(rateOsago(input, o.coefficients.tb).premium);
      expect(Number.isInteger(o.premium)).toBe(true);
      expect(o.commissionPercent).toEqual(expect.any(Number));
      // What agent@ earns on it: their level's rate for this insurer in force on the start date, in kopecks.
      expect(o.agentCommission).toEqual({ percent: rates.get(o.companyId)! / 100, amount: Math.floor((o.premium * rates.get(o.companyId)! + 5_000) / 10_000) });
      expect(o.explain.kbm).toContain('класс 3 собственника');
      expect(o.warnings).toEqual([expect.stringContaining('7204-У')]);
    }
    // The insurer at the corridor's top is research note case T1: 59 271.10 capped at 46 791.00.
    const top = offers.find((o: any) => o.coefficients.tb === 8665);
    expect({ premium: top.premium, capped: top.capped }).toEqual({ premium: 4_679_100, capped: true });
  });

  test('a sub-agent gets the same offers without the commission (§6)', async () => {
    const offers = (await req('subagent', 'POST', '/api/v2/osago/calculate', await body())).body.data.offers;
    expect(offers).toHaveLength(DEMO_INSURERS.length);
    for (const o of offers) {
      expect(o).not.toHaveProperty('commissionPercent');
      expect(o).not.toHaveProperty('agentCommission');
    }
  });

  test('named drivers: КБМ from the registry by licence (Latin look-alikes and spaces accepted), class 3 when not found; the highest КБМ and КВС; a young driver is refused by one insurer', async () => {
    const drivers = [
      { birthDate: '1985-09-30', experienceSince: '2005-05-01', licence: '77 ab 123456' }, // registry: class 10 (0.63)
      { birthDate: plusDays(START, -(365 * 21 + 5)), experienceSince: plusDays(START, -400), licence: '99ХХ000001' }, // unknown: class 3; 21 years old
    ];
    const res = await req('agent', 'POST', '/api/v2/osago/calculate', await body({ unrestricted: false, drivers }));
    expect(res.status).toBe(200);
    const { offers, refusals, drivers: kbm } = res.body.data;
    expect(kbm).toEqual([
      { licence: '77АВ123456', kbmClass: '10', found: true },
      { licence: '99ХХ000001', kbmClass: '3', found: false },
    ]);
    expect(refusals).toEqual([{ companyId: expect.any(String), companyName: 'Ренессанс Страхование', reason: 'Не страхуем водителей моложе 22 лет' }]);
    expect(offers).toHaveLength(DEMO_INSURERS.length - 1);
    // 21 years old, 1 year of experience: КВС 1.92; the worse class 3: КБМ 1.17; named drivers: КО 1.
    for (const o of offers) expect(o.coefficients).toMatchObject({ kbm: 1.17, kvs: 1.92, ko: 1 });
  });

  test('an insurer’s own acceptance rule: Krasnodar region is refused with its reason, the others quote', async () => {
    const { offers, refusals } = (await req('agent', 'POST', '/api/v2/osago/calculate', await body({}, 'краснодар'))).body.data;
    expect(refusals.map((x: any) => [x.companyName, x.reason])).toEqual([['Ингосстрах', 'Лимит договоров по Краснодарскому краю на этот месяц исчерпан']]);
    expect(offers[0].coefficients.kt).toBe(1.64);
  });

  test('bad input is a 400 in Russian naming the field, before any insurer is asked', async () => {
    const bad = async (over: Record<string, unknown>, field: RegExp, where?: string) => {
      const res = await req('agent', 'POST', '/api/v2/osago/calculate', await body(over, where));
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: expect.stringMatching(field) });
    };
    await bad({ vehicle: { category: 'B', ownerType: 'FL' } }, /«vehicle\.powerHp» обязательно/);
    await bad({ vehicle: { category: 'C', powerHp: 300, ownerType: 'FL' } }, /«vehicle\.category».*Категория C: расчёт недоступен — для категории C известен только максимум/);
    await bad({ vehicle: { category: 'B', powerHp: 150, ownerType: 'ИП' } }, /«vehicle\.ownerType» должно быть одним из: FL, YL/);
    await bad({ startDate: plusDays(moscowToday(), -1) }, /«startDate»: дата начала не может быть раньше сегодняшней/);
    await bad({ startDate: '2026-02-30' }, /«startDate»: дата в формате ГГГГ-ММ-ДД/);
    await bad({ periodMonths: 2 }, /«periodMonths» должно быть не меньше 3/);
    await bad({ unrestricted: false }, /Укажите водителей \(drivers\) или «без ограничений»/);
    await bad({ unrestricted: false, drivers: [{ birthDate: '1990-01-01', experienceSince: '2010-01-01', licence: '12345' }] }, /«drivers\[\]\.licence»: Серия и номер ВУ в формате 99АА 999999/);
    await bad({}, /«owner\.address»: Для адреса «.*Тула.*» в тарифах продукта нет коэффициента КТ/, 'тула');
    await bad({ owner: { address: { value: 'где-то', data: {} } } }, /«owner\.address»: выберите адрес из подсказок/);
  });

  test('a streamed quote: the id at once, then each insurer’s answer over the socket as it comes, pending counting down; the same answers for GET by its author only', async () => {
    const socket = connectSocket(r.url, r.tokens.agent);
    try {
      await connected(socket);
      const events: any[] = [];
      socket.on('osago_quote', (e) => events.push(e));
      const res = await req('agent', 'POST', '/api/v2/osago/quotes', await body({}, 'краснодар'));
      expect(res.status).toBe(200);
      const { quoteId, insurers, drivers } = res.body.data;
      expect(quoteId).toMatch(/^[0-9a-f]{24}$/);
      expect(insurers).toHaveLength(DEMO_INSURERS.length);
      expect(drivers).toEqual([]);
      const deadline = Date.now() + 5000;
      while (events.filter((e) => e.quoteId === quoteId).length < insurers.length && Date.now() < deadline) await new Promise((w) => setTimeout(w, 20));
      const mine = events.filter((e) => e.quoteId === quoteId);
      expect(mine).toHaveLength(insurers.length);
      expect(mine.map((e) => e.pending).sort((a, b) => b - a)).toEqual([5, 4, 3, 2, 1, 0]);
      expect(mine.filter((e) => e.refusal).map((e) => e.refusal.reason)).toEqual(['Лимит договоров по Краснодарскому краю на этот месяц исчерпан']);
      const state = (await req('agent', 'GET', `/api/v2/osago/quotes/${quoteId}`)).body.data;
      expect(state.pending).toEqual([]);
      expect(state.offers.map((o: any) => o.companyId).sort()).toEqual(mine.filter((e) => e.offer).map((e) => e.offer.companyId).sort());
      expect(state.offers.map((o: any) => o.premium)).toEqual(state.offers.map((o: any) => o.premium).sort((a: number, b: number) => a - b));
      expect(state.refusals).toHaveLength(1);
      // Another user (with the same right) does not see it; a bad id is a 400.
      expect((await req('subagent', 'GET', `/api/v2/osago/quotes/${quoteId}`)).status).toBe(404);
      expect((await req('agent', 'GET', '/api/v2/osago/quotes/nope')).status).toBe(400);
      // Bad input is refused before anything is stored or asked.
      const bad = await req('agent', 'POST', '/api/v2/osago/quotes', await body({ periodMonths: 13 }));
      expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: expect.stringMatching(/«periodMonths» должно быть не больше 12/) });
    } finally {
      socket.close();
    }
  });

  test('who may calculate: whoever may start a new policy (§6 canSeeNewPolicy); no session is 401', async () => {
    const allowed = DEMO_ACCOUNT_KEYS.filter((k) => access(DEMO_USERS[k]).canSeeNewPolicy);
    expect(allowed).toEqual(expect.arrayContaining(['agent', 'subagent', 'owner']));
    expect(allowed).not.toContain('copywriter');
    const b = await body();
    const tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    await expectOnly(allowed, (key) => call(r.url, 'POST', '/api/v2/osago/calculate', { token: tokens[key], body: b }));
    expect((await call(r.url, 'POST', '/api/v2/osago/calculate', { body: b })).status).toBe(401);
  });
});

describe('quoteAll: an insurer that fails or does not answer becomes a refusal; the others are not held up', () => {
  test('failure and timeout', async () => {
    const input: OsagoRatingInput = { category: 'B', ownerType: 'FL', powerHp: 100, territory: { region: '77', city: null }, drivers: 'unrestricted', periodMonths: 12, startDate: '2026-12-01' };
    const insurers = [
      { id: 'a'.repeat(24), code: 'ok', name: 'Надёжная' },
      { id: 'b'.repeat(24), code: 'down', name: 'Упавшая' },
      { id: 'c'.repeat(24), code: 'slow', name: 'Медленная' },
    ];
    const adapters = [
      { code: 'ok', quote: async () => ({ kind: 'offer' as const, premium: rateOsago(input, 5000).premium, currency: 'RUB' as const, detail: { baseRate: 5000, rated: rateOsago(input, 5000) } }) },
      { code: 'down', quote: async () => Promise.reject(new Error('ECONNREFUSED')) },
      { code: 'slow', quote: () => new Promise<never>(() => undefined) },
    ];
    const out = await quoteAll(adapters, insurers, { rating: input, group: 'B_FL', vehicleYear: null }, { showCommission: true, timeoutMs: 50 });
    expect(out.offers.map((o) => o.companyName)).toEqual(['Надёжная']);
    expect(out.refusals.map((x) => [x.companyName, x.reason])).toEqual([
      ['Упавшая', QUOTE_FAILURE_REASON],
      ['Медленная', QUOTE_TIMEOUT_REASON],
    ]);
  });

  test('every demo insurer’s base rate is inside the corridor in force from 09.12.2025', () => {
    const input: OsagoRatingInput = { category: 'B', ownerType: 'FL', powerHp: 100, territory: { region: '77', city: null }, drivers: 'unrestricted', periodMonths: 12, startDate: '2025-12-09' };
    for (const i of DEMO_INSURERS) {
      expect(() => rateOsago(input, i.baseRates.B_FL)).not.toThrow();
      expect(() => rateOsago({ ...input, ownerType: 'YL' }, i.baseRates.B_YL)).not.toThrow();
      expect(() => rateOsago({ ...input, taxi: true }, i.baseRates.B_TAXI)).not.toThrow();
    }
  });
});

describe('demo insurers told to misbehave (DEMO_INSURER_FAULTS): the product copes with each', () => {
  const input: OsagoRatingInput = { category: 'B', ownerType: 'FL', powerHp: 100, territory: { region: '77', city: null }, drivers: 'unrestricted', periodMonths: 12, startDate: START };
  const byCode = (code: string) => DEMO_INSURERS.find((i) => i.code === code)!;

  test('over HTTP: a failing service and a refusing insurer become refusals with their reasons, the others offer', async () => {
    const r = await startSignedIn(BACKENDS[0], ['agent'] as const, { demoInsurerDelayMs: 0, demoInsurerFaults: { reso: 'error', vsk: 'refusal' } });
    try {
      const s = (await call(r.url, 'POST', '/suggest/address', { token: r.tokens.agent, body: { query: 'москва тверская', count: 1 } })).body.suggestions[0];
      const res = await r.req('agent', 'POST', '/api/v2/osago/calculate', { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' }, owner: { address: { value: s.value, data: s.data } }, unrestricted: true, periodMonths: 12, startDate: START });
      expect(res.status).toBe(200);
      expect(res.body.data.offers).toHaveLength(DEMO_INSURERS.length - 2);
      expect(res.body.data.refusals.map((x: { companyName: string; reason: string }) => [x.companyName, x.reason]).sort()).toEqual(
        [
          ['РЕСО-Гарантия', QUOTE_FAILURE_REASON],
          ['ВСК', DEMO_FAULT_TEXTS.refusal],
        ].sort(),
      );
    } finally {
      await r.stop();
    }
  });

  test('a quote that never comes is «Страховщик не ответил вовремя»; a check told to ask for a fix asks it of a contract that is otherwise fine', async () => {
    const silent = demoAdapter(byCode('ingos'), 0, 'timeout');
    const out = await quoteAll([silent], [{ id: 'a'.repeat(24), code: 'ingos', name: 'Ингосстрах' }], { rating: input, group: 'B_FL', vehicleYear: null }, { showCommission: true, timeoutMs: 50 });
    expect(out.refusals.map((x) => x.reason)).toEqual([QUOTE_TIMEOUT_REASON]);
    const fine = { contractId: 'c'.repeat(24), product: 'eosago' as const, premium: 1_000_000, startDate: START, vehicle: { vin: 'XTA21140064123456', bodyNumber: null, plate: 'А123ВС777', year: 2019, documentIssuedAt: '2019-05-20' }, owner: { birthDate: '1985-09-30', passportIssuedAt: '2005-10-12' } };
    expect(await demoAdapter(byCode('alfa'), 0, 'fix').check('ref', 'eosago', fine)).toEqual({ kind: 'fix', message: DEMO_FAULT_TEXTS.fix });
    expect(await demoAdapter(byCode('alfa'), 0, null).check('ref', 'eosago', fine)).toEqual({ kind: 'ok' });
    await expect(demoAdapter(byCode('alfa'), 0, 'error').prepare('eosago', fine)).rejects.toThrow(DEMO_FAULT_TEXTS.error);
  });

  test('the setting is read strictly: an unknown insurer or fault stops the start instead of doing nothing', () => {
    expect(parseDemoInsurerFaults('ingos:timeout, reso:refusal')).toEqual({ ingos: 'timeout', reso: 'refusal' });
    expect(parseDemoInsurerFaults(undefined)).toEqual({});
    expect(() => parseDemoInsurerFaults('acme:timeout')).toThrow(/unknown insurer «acme»/);
    expect(() => parseDemoInsurerFaults('ingos:slow')).toThrow(/unknown fault «slow»/);
  });
});
