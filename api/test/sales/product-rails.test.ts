import { CONTRACT_STATUS as S, foreignToKopecks, splitSchedule } from '@oyster/shared-kit/domain';
import { commissionOf } from '../../src/finance/ledger';
import { moscowToday } from '../../src/sales/osago';
import { demoRefund } from '../../src/sales/insurers/demo';
import { registerProductModule, type ProductModule } from '../../src/sales/products';
import { policyTerm } from '@oyster/shared-kit/domain';
import { yup } from '../../src/platform/validation';
import { BACKENDS, startSignedIn, type SignedInApp } from '../support';
import { plusDays, postCallback, untilContract } from '../support/contracts';

/**
 * The product rails (issue 25) proven with two products of the test's own (the real KASKO and travel
 * modules come later): a KASKO-like product paid in 2 instalments and changed by endorsements, a
 * travel-like one priced in euros. Each module is what a new product supplies (products/types.ts); the
 * rails — contract, instalments, callback, ledger, cancellation, endorsement — are the api's own.
 */
const today = moscowToday();
const start = plusDays(today, 1);
/** The test's demo rating: a premium the calculation states (kopecks, or euro cents). */
const calculationSchema = yup.object({
  startDate: yup.string().matches(/^\d{4}-\d{2}-\d{2}$/, 'Поле «startDate»: дата в формате ГГГГ-ММ-ДД').required('Поле «startDate» обязательно').label('startDate'),
  premium: yup.number().integer('Поле «premium»: целое число').min(100, 'Поле «premium»: не меньше 100').required('Поле «premium» обязательно').label('premium'),
  instalments: yup.number().oneOf([1, 2, 4], 'Поле «instalments»: 1, 2 или 4 взноса').label('instalments'),
});
const detailsSchema = yup.object({ details: yup.object({ holder: yup.string().max(200).label('details.holder') }).required().label('details') });

function testModule(code: 'ekasko' | 'vzr', currency: 'RUB' | 'EUR'): ProductModule {
  return {
    code,
    calculationSchema,
    detailsSchema,
    changeSchema: yup.object({ premiumChange: yup.string().matches(/^-?\d{1,9}$/, 'Поле «change.premiumChange»: изменение премии в копейках, целое число').required('Поле «change.premiumChange» обязательно').label('change.premiumChange') }),
    quoteRequest: async (_q, calc) => calc,
    demoQuote: (_insurer, req: any) => ({ kind: 'offer', premium: req.premium, currency }),
    demoEndorse: (_insurer, change) => Number(change.premiumChange),
    describeChange: () => 'Изменение суммы',
    offer: (answer, insurer) => ({ companyId: insurer.id, companyName: insurer.name, premium: answer.premium }),
    submission: (row) => ({ contractId: row.id, product: code, premium: Number(row.premium), startDate: row.calculation.startDate, holder: row.details.holder }),
    searchColumns: (d) => ({ client_name: d.holder ?? null, plate: null, vin: null }),
    missing: (d) => (d.holder ? null : { field: 'details.holder', message: 'Укажите страхователя' }),
    summary: (row) => [{ title: 'Страхователь', rows: [{ label: 'ФИО', value: row.details.holder ?? '—' }] }],
    term: (calc) => policyTerm(calc.startDate),
    schedule: (premium, calc, day) => splitSchedule(premium, calc.instalments ?? 1, calc.startDate, day),
    currency: () => currency,
    documentTitles: { draft: 'Проект полиса (тест)', policy: 'Полис (тест)', payment: 'Оплата полиса (тест)' },
  };
}
registerProductModule(testModule('ekasko', 'RUB'));
registerProductModule(testModule('vzr', 'EUR'));

describe('shared-kit: money of the rails', () => {
  test('a foreign premium in kopecks: cents × rate / 10 000, half up, integers only; a schedule sums to the premium', () => {
    expect(foreignToKopecks(450_033, 984_517)).toBe(Number((450_033n * 984_517n + 5_000n) / 10_000n));
    expect(foreignToKopecks(1, 5_000)).toBe(1); // 0.5 kopeck rounds up
    expect(foreignToKopecks(1, 4_999)).toBe(0);
    const s = splitSchedule(100_001, 4, '2027-01-31', '2027-01-20');
    expect(s.map((x) => x.dueDate)).toEqual(['2027-01-20', '2027-04-30', '2027-07-31', '2027-10-31']);
    expect(s.reduce((n, x) => n + x.amount, 0)).toBe(100_001);
  });
});

describe.each(BACKENDS)('product rails ($name)', (backend) => {
  let r: SignedInApp<'agent' | 'admin' | 'finance'>;
  let vsk: string;
  const ledger = async (id: string) =>
    r.oyster.db.query<{ kind: string; event_key: string; base_kopecks: string; amount_kopecks: string }>(`SELECT kind, event_key, base_kopecks::text AS base_kopecks, amount_kopecks::text AS amount_kopecks FROM commission_ledger WHERE contract_id = $1 ORDER BY id`, [id]);
  const until = (id: string, ok: (c: any) => boolean) => untilContract((p) => r.req('agent', 'GET', p), id, ok);
  const tokenOf = (url: string) => url.split('/pay/')[1];
  const pay = (token: string, amount: number, paymentId: string) => postCallback(r.url, 'vsk', { paymentId, paymentToken: token, amount, paidAt: new Date().toISOString() });
  /** A contract of `code` taken to «Ожидает оплаты». */
  const waiting = async (code: 'ekasko' | 'vzr', calculation: Record<string, unknown>) => {
    const created = await r.req('agent', 'POST', `/api/v2/products/${code}/contracts`, { calculation, companyId: vsk });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await r.req('agent', 'PATCH', `/api/v2/products/${code}/contracts/${id}/details`, { details: { holder: 'Смирнова Анна Петровна' } })).status).toBe(200);
    expect((await r.req('agent', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(200);
    return until(id, (c) => c.status === S.waitingPayment);
  };

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'admin', 'finance'] as const, { demoInsurerDelayMs: 0 });
    vsk = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies.find((c: any) => c.idUnicus === 'vsk')._id;
    for (const product of ['ekasko', 'vzr']) {
      for (const level of [0, 1, 2, 3]) {
        await r.oyster.db.query(`INSERT INTO commission_rates (company_id, product, level, rate_bp, valid_from) VALUES ($1, $2, $3, $4, '2020-01-01') ON CONFLICT DO NOTHING`, [vsk, product, level, level === 0 ? 2000 : 1000]);
      }
    }
  });
  afterAll(() => r.stop());

  test('2 instalments: the first pays 250 → 500 → released with its own ledger line; the second, paid later, its own; a replay is answered the same; a wrong amount is refund-due', async () => {
    const c = await waiting('ekasko', { startDate: start, premium: 1_000_001, instalments: 2 });
    expect(c.instalments.map((i: any) => [i.number, i.of, i.amount, i.state, !!i.paymentUrl])).toEqual([
      [1, 2, 500_001, 'waiting', true],
      [2, 2, 500_000, 'scheduled', false],
    ]);
    expect(c.summary).toEqual([{ title: 'Страхователь', rows: [{ label: 'ФИО', value: 'Смирнова Анна Петровна' }] }]);
    const page = await fetch(c.paymentUrl);
    expect(await page.text()).toContain('Взнос 1 из 2');
    expect((await pay(tokenOf(c.paymentUrl), 500_001, `first-${c.id}`)).body.result).toBe('applied');
    const released = await until(c.id, (x) => x.status === S.released && x.instalments[1].paymentUrl);
    expect(await ledger(c.id)).toEqual([{ kind: 'commission', event_key: 'instalment:1', base_kopecks: '500001', amount_kopecks: String(commissionOf(500_001, 1000)) }]);

    const second = released.instalments[1];
    expect(await (await fetch(second.paymentUrl)).text()).toContain('Взнос 2 из 2');
    const wrong = await pay(tokenOf(second.paymentUrl), 499_999, `wrong-${c.id}`);
    expect(wrong).toMatchObject({ status: 409, body: { result: 'refund_due', reason: 'amount_mismatch' } });
    const ok = await pay(tokenOf(second.paymentUrl), 500_000, `second-${c.id}`);
    expect(ok).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect(await pay(tokenOf(second.paymentUrl), 500_000, `second-${c.id}`)).toMatchObject({ status: 200, body: { result: 'duplicate' } });
    expect(await pay(tokenOf(second.paymentUrl), 500_000, `again-${c.id}`)).toMatchObject({ status: 409, body: { result: 'refund_due', reason: 'already_paid' } });
    expect((await ledger(c.id)).map((l) => [l.event_key, l.base_kopecks, l.amount_kopecks])).toEqual([
      ['instalment:1', '500001', String(commissionOf(500_001, 1000))],
      ['instalment:2', '500000', String(commissionOf(500_000, 1000))],
    ]);
    const after = (await r.req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data;
    expect(after.instalments.map((i: any) => i.state)).toEqual(['paid', 'paid']);
  });

  test('currency: a EUR premium fixed in kopecks at the stored rate of the day, and the ledger on those kopecks', async () => {
    await r.oyster.db.query(`INSERT INTO currency_rates (currency, on_date, rate, source) VALUES ('EUR', $1, 984517, 'demo') ON CONFLICT (currency, on_date) DO UPDATE SET rate = 984517`, [today]);
    const quote = await r.req('agent', 'POST', '/api/v2/products/vzr/quote', { startDate: start, premium: 450_033 });
    const kopecks = foreignToKopecks(450_033, 984_517);
    expect(quote.body.data.offers.find((o: any) => o.companyId === vsk)).toMatchObject({ premium: kopecks, currency: 'EUR', premiumForeign: 450_033, rate: 984_517, rateDate: today, rateSource: 'demo' });
    const c = await waiting('vzr', { startDate: start, premium: 450_033 });
    expect(c).toMatchObject({ currency: 'EUR', premium: kopecks, foreign: { premium: 450_033, rate: 984_517, rateDate: today, rateSource: 'demo' } });
    // A later rate changes nothing already fixed.
    await r.oyster.db.query(`UPDATE currency_rates SET rate = 1000000 WHERE currency = 'EUR' AND on_date = $1`, [today]);
    expect((await pay(tokenOf(c.paymentUrl), kopecks, `eur-${c.id}`)).body.result).toBe('applied');
    await until(c.id, (x) => x.status === S.released);
    expect((await ledger(c.id)).map((l) => [l.event_key, l.base_kopecks, l.amount_kopecks])).toEqual([['payment', String(kopecks), String(commissionOf(kopecks, 1000))]]);
  });

  test('endorsement: an extra premium is an extra payment with its own accrual; a return reverses in part; cancellation at the insurer reverses its stated refund (event «cancel»)', async () => {
    const c = await waiting('ekasko', { startDate: start, premium: 2_000_000 });
    expect((await pay(tokenOf(c.paymentUrl), 2_000_000, `end-${c.id}`)).body.result).toBe('applied');
    await until(c.id, (x) => x.status === S.released && x.canEndorse);

    // Bad input: a 400 in Russian naming the field, nothing written.
    const bad = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/endorsements`, { change: { premiumChange: 'много' } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Поле «change.premiumChange»: изменение премии в копейках, целое число' } });
    const missing = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/endorsements`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('change');
    expect((await r.oyster.db.query('SELECT count(*)::int AS n FROM contract_changes WHERE contract_id = $1', [c.id]))[0]).toEqual({ n: 0 });

    const extra = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/endorsements`, { change: { premiumChange: '300000' } });
    expect(extra.status).toBe(200);
    const payment = extra.body.data.instalments.find((i: any) => i.purpose === 'endorsement');
    expect(payment).toMatchObject({ amount: 300_000, state: 'waiting' });
    expect(extra.body.data.changes[0]).toMatchObject({ kind: 'endorsement', premiumDelta: 300_000 });
    expect((await pay(tokenOf(payment.paymentUrl), 300_000, `extra-${c.id}`)).body.result).toBe('applied');
    const changeId = extra.body.data.changes[0].id;

    const back = await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/endorsements`, { change: { premiumChange: '-460000' } });
    expect(back.status).toBe(200);
    const backId = back.body.data.changes[1].id;
    const accrued = commissionOf(2_000_000, 1000) + commissionOf(300_000, 1000);
    const lines = (await ledger(c.id)).map((l) => [l.kind, l.event_key, l.base_kopecks, l.amount_kopecks]);
    // The return: the accruals × 460 000 / 2 300 000 paid, half up.
    const returned = Math.round((accrued * 460_000) / 2_300_000);
    expect(lines).toEqual([
      ['commission', 'payment', '2000000', String(commissionOf(2_000_000, 1000))],
      ['commission', `endorsement:${changeId}`, '300000', String(commissionOf(300_000, 1000))],
      ['commission_reversal', `endorsement:${backId}`, '460000', String(-returned)],
    ]);

    // The agent may not cancel a paid contract; staff cancel at the insurer with the refund it states.
    expect((await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/cancel`, {})).status).toBe(409);
    const badDate = await r.req('admin', 'POST', `/api/v2/contracts/${c.id}/cancel`, { date: '01.02.2027' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.field).toBe('date');
    const canceled = await r.req('admin', 'POST', `/api/v2/contracts/${c.id}/cancel`, {});
    expect(canceled.status).toBe(200);
    const term = policyTerm(start);
    const refund = demoRefund({ product: 'ekasko', premium: 2_300_000, startDate: term.from, endDate: term.to, date: today, calculation: null });
    expect(canceled.body.data).toMatchObject({ status: S.canceled });
    expect(canceled.body.data.changes[2]).toMatchObject({ kind: 'cancel', premiumDelta: -refund });
    expect(canceled.body.data.history.at(-1).note).toContain('возврат клиенту');
    const cancelLine = (await ledger(c.id)).find((l) => l.event_key === 'cancel')!;
    expect(cancelLine.base_kopecks).toBe(String(refund));
    expect(Number(cancelLine.amount_kopecks)).toBeLessThan(0);
    // The log names the calls product-neutrally.
    const methods = (await r.oyster.db.query<{ method: string }>('SELECT method FROM insurer_calls WHERE contract_id = $1 ORDER BY id', [c.id])).map((x) => x.method);
    expect(methods).toEqual(['prepare', 'check', 'paymentLink', 'issue', 'endorse', 'paymentLink', 'endorse', 'cancel']);
  });

  test('the api takes only registered products, and a calculation that is wrong is a 400 naming the field', async () => {
    expect((await r.req('agent', 'POST', '/api/v2/products/dsago/contracts', { calculation: {}, companyId: vsk })).status).toBe(404);
    const bad = await r.req('agent', 'POST', '/api/v2/products/ekasko/contracts', { calculation: { startDate: start, premium: 5, instalments: 3 }, companyId: vsk });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.body.message).toMatch(/^Поле «calculation\.premium»|^Поле «premium»/);
    // An e-OSAGO contract's details are not saved through another product's route.
    const eosago = (await r.oyster.db.query<{ id: string }>(`SELECT id FROM contracts WHERE product = 'eosago' AND agent_id = (SELECT id FROM users WHERE email = 'agent@oyster.local') LIMIT 1`))[0];
    if (eosago) expect((await r.req('agent', 'PATCH', `/api/v2/products/ekasko/contracts/${eosago.id}/details`, { details: { holder: 'x' } })).status).toBe(409);
  });
});
