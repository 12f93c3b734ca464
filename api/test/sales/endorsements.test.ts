import DEMO from '@oyster/shared-kit/testing/demo-calculations.json';
import { CONTRACT_STATUS as S, KASKO_PHOTO_TYPES, formatDate, formatMoney, policyTerm, proRataDelta, rateKasko, rateProperty, yearPolicyEnd, type KaskoCalculateRequest, type PropertyCalculateRequest } from '@oyster/shared-kit/domain';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, JPEG, postForm, startSignedIn, type SignedInApp } from '../support';
import { COMPLETE_DETAILS, contractsDriver, plusDays, postCallback, untilContract } from '../support/contracts';

/**
 * Endorsements of real products (issue 25): a released e-KASKO policy's sum insured raised from a day in
 * its term → the insurer re-rates it by its tariff and the client pays the difference for the days left
 * (an extra payment link, paid through the signed callback → its own ledger accrual), the contract keeping
 * the changed calculation; a property policy's cover lowered → a return to the client and a partial
 * reversal of the commission; a change the insurer refuses or the schema rejects is a 400 naming the
 * field with nothing written; another agent's contract is a 404; a product without changes a 409.
 */
const WHO = ['agent', 'newagent'] as const;
const today = moscowToday();
const start = plusDays(today, 1);
const year = Number(start.slice(0, 4));
const rub = (r: number) => r * 100;

const KASKO = { ...DEMO.kasko, vehicle: { ...DEMO.kasko.vehicle, year: year - 2 }, startDate: start } as KaskoCalculateRequest;
const KASKO_DETAILS = { insurant: COMPLETE_DETAILS.owner, vehicle: { vin: 'Z94CB41AAGR323020' }, driverNames: ['Смирнова Анна Петровна'], contacts: COMPLETE_DETAILS.contacts };

const FLAT = { ...DEMO.flat, startDate: start } as PropertyCalculateRequest;
const FLAT_DETAILS = {
  insurant: { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1985-04-12', passport: { series: '4510', number: '123456', issuedAt: '2010-05-20', issuer: 'ОВД Тверской' } },
  contacts: { phone: '+7 900 123-45-67', email: 'anna@example.ru' },
  insurantIsOwner: true,
};

describe.each(BACKENDS)('endorsements ($name)', (backend) => {
  let r: SignedInApp<(typeof WHO)[number]>;
  let companyOf: (code: string) => string;
  const until = (id: string, ok: (c: any) => boolean) => untilContract((p) => r.req('agent', 'GET', p), id, ok);
  const tokenOf = (url: string) => url.split('/pay/')[1];
  const ledger = async (id: string) =>
    (await r.oyster.db.query<{ kind: string; event_key: string; base: string; amount: string }>(
      `SELECT kind, event_key, base_kopecks::text AS base, amount_kopecks::text AS amount FROM commission_ledger WHERE contract_id = $1 AND agent_id = (SELECT id FROM users WHERE email = 'agent@oyster.test') ORDER BY id`,
      [id],
    )).map((l) => [l.kind, l.event_key, Number(l.base), Number(l.amount)]);
  /** What an endorsement may write: the changes, the payments, the contract's premium and calculation. */
  const written = async (id: string) => ({
    changes: (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contract_changes WHERE contract_id = $1', [id]))[0].n,
    instalments: (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contract_instalments WHERE contract_id = $1', [id]))[0].n,
    contract: (await r.oyster.db.query<{ premium: string; calculation: unknown; details: unknown }>('SELECT premium::text AS premium, calculation, details FROM contracts WHERE id = $1', [id]))[0],
  });
  const endorse = (id: string, body: unknown, who: (typeof WHO)[number] = 'agent') => r.req(who, 'POST', `/api/v2/contracts/${id}/endorsements`, body);

  /** A released e-KASKO policy of the agent with ingos, paid at once. */
  async function releasedKasko() {
    const c = (await r.req('agent', 'POST', '/api/v2/products/ekasko/contracts', { calculation: KASKO, companyId: companyOf('ingos') })).body.data;
    expect((await r.req('agent', 'PATCH', `/api/v2/products/ekasko/contracts/${c.id}/details`, { details: KASKO_DETAILS })).status).toBe(200);
    const types = (await r.req('agent', 'GET', `/api/v2/file-list-company/${companyOf('ingos')}`)).body.data.fileTypes as { _id: string; name: string }[];
    for (const name of KASKO_PHOTO_TYPES) {
      const form = new FormData();
      form.append('typeId', types.find((t) => t.name === name)!._id);
      form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'photo.jpg');
      expect((await postForm(r.url, r.tokens.agent, `/api/v2/contracts/${c.id}/attach-files`, form)).status).toBe(200);
    }
    expect((await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/send`)).status).toBe(200);
    const waiting = await until(c.id, (x) => x.status === S.waitingPayment);
    expect((await postCallback(r.url, 'ingos', { paymentId: `k-${c.id}`, paymentToken: tokenOf(waiting.paymentUrl), amount: waiting.premium, paidAt: new Date().toISOString() })).body.result).toBe('applied');
    return until(c.id, (x) => x.status === S.released);
  }

  /** A released apartment policy of the agent with ingos. */
  async function releasedFlat() {
    const c = (await r.req('agent', 'POST', '/api/v2/products/ifl/contracts', { calculation: FLAT, companyId: companyOf('ingos') })).body.data;
    expect((await r.req('agent', 'PATCH', `/api/v2/products/ifl/contracts/${c.id}/details`, { details: FLAT_DETAILS })).status).toBe(200);
    expect((await r.req('agent', 'POST', `/api/v2/contracts/${c.id}/send`)).status).toBe(200);
    const waiting = await until(c.id, (x) => x.status === S.waitingPayment);
    expect((await postCallback(r.url, 'ingos', { paymentId: `f-${c.id}`, paymentToken: tokenOf(waiting.paymentUrl), amount: waiting.premium, paidAt: new Date().toISOString() })).body.result).toBe('applied');
    return until(c.id, (x) => x.status === S.released);
  }

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    const companies: { _id: string; idUnicus: string }[] = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
    companyOf = (code) => companies.find((c) => c.idUnicus === code)!._id;
  });
  afterAll(() => r.stop());

  test('e-KASKO: the sum insured up from a day in the term → an extra payment link for the days left; paid through the signed callback → its own ledger accrual; the contract reads the new sum', async () => {
    const c = await releasedKasko();
    expect(c.canEndorse).toBe(true);
    const accrued = await ledger(c.id);
    expect(accrued.map(([kind, key]) => [kind, key])).toEqual([['commission', 'payment']]);

    const date = plusDays(start, 100);
    const res = await endorse(c.id, { date, change: { sumInsured: rub(2_000_000) } });
    expect(res.status).toBe(200);
    const before = (rateKasko(KASKO, 'ingos') as { premium: number }).premium;
    const after = (rateKasko({ ...KASKO, sumInsured: rub(2_000_000) }, 'ingos') as { premium: number }).premium;
    const term = policyTerm(start);
    const extra = proRataDelta(before, after, { startDate: term.from, endDate: term.to, date });
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThan(after - before);
    const d = res.body.data;
    expect(d.premium).toBe(c.premium + extra);
    expect(d.changes).toEqual([
      expect.objectContaining({ kind: 'endorsement', premiumDelta: extra, description: `Страховая сумма 1\u00a0800\u00a0000,00\u00a0₽ → 2\u00a0000\u00a0000,00\u00a0₽ с ${formatDate(date)}` }),
    ]);
    const payment = d.instalments.find((i: any) => i.purpose === 'endorsement');
    expect(payment).toMatchObject({ amount: extra, state: 'waiting', changeId: d.changes[0].id, paymentUrl: expect.stringMatching(/\/pay\//) });
    // The policy as it now stands: the stored calculation and «Что застраховано».
    expect(d.calculation).toMatchObject({ sumInsured: rub(2_000_000) });
    expect(d.summary.find((b: any) => b.title === 'Условия страхования').rows).toContainEqual({ label: 'Страховая сумма', value: '2\u00a0000\u00a0000,00\u00a0₽' });
    expect(await (await fetch(payment.paymentUrl)).text()).toContain('Доплата по изменению договора');

    expect((await postCallback(r.url, 'ingos', { paymentId: `ke-${c.id}`, paymentToken: tokenOf(payment.paymentUrl), amount: extra, paidAt: new Date().toISOString() })).body.result).toBe('applied');
    const paid = await until(c.id, (x) => x.instalments.find((i: any) => i.purpose === 'endorsement')?.state === 'paid');
    expect(paid.status).toBe(S.released);
    const lines = await ledger(c.id);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual(['commission', `endorsement:${d.changes[0].id}`, extra, expect.any(Number)]);
    expect(lines[1][3]).toBeGreaterThan(0);

    // A driver added (a young one: the insurer rates the whole policy higher); the names follow.
    const young = { name: 'Петров Иван Сергеевич', birthDate: `${year - 20}-03-01`, experienceSince: `${year - 2}-04-01` };
    const added = await endorse(c.id, { change: { drivers: [{ name: 'Смирнова Анна Петровна', ...KASKO.drivers![0] }, young] } });
    expect(added.status).toBe(200);
    expect(added.body.data.changes[1].description).toMatch(/^Добавлен водитель Петров Иван Сергеевич \(дата рождения 01\.03\.\d{4}, стаж с 01\.04\.\d{4}\) с \d\d\.\d\d\.\d{4}$/);
    expect(added.body.data.details.driverNames).toEqual(['Смирнова Анна Петровна', 'Петров Иван Сергеевич']);
    expect(added.body.data.calculation.drivers).toHaveLength(2);
  });

  test('e-KASKO: a change the insurer refuses, or the schema rejects, is a 400 naming the field — nothing written; another agent: 404', async () => {
    const c = await releasedKasko();
    const was = await written(c.id);
    const low = await endorse(c.id, { change: { sumInsured: rub(50_000) } });
    expect(low).toMatchObject({ status: 400, body: { message: 'Поле «change.sumInsured» должно быть не меньше 10000000' } });
    const both = await endorse(c.id, { change: { unrestricted: true, drivers: [{ name: 'Петров Иван', birthDate: '1990-01-01', experienceSince: '2010-01-01' }] } });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/^Поле «change\.drivers»/);
    const same = await endorse(c.id, { change: { sumInsured: KASKO.sumInsured } });
    expect(same).toMatchObject({ status: 400, body: { message: 'Поле «change»: изменение не меняет условий полиса' } });
    const past = await endorse(c.id, { date: plusDays(today, -1), change: { sumInsured: rub(2_000_000) } });
    expect(past).toMatchObject({ status: 400, body: { field: 'date' } });
    expect((await endorse(c.id, { change: { sumInsured: rub(2_000_000) } }, 'newagent')).status).toBe(404);
    expect(await written(c.id)).toEqual(was);
  });

  test('e-KASKO with alfa: a driver the insurer does not take is its refusal, a 400 naming change.drivers, nothing written', async () => {
    // The policy sold by alfa (its tariff refuses drivers with under a year's experience): taken to «Выпущен» directly.
    const c = (await r.req('agent', 'POST', '/api/v2/products/ekasko/contracts', { calculation: KASKO, companyId: companyOf('alfa') })).body.data;
    await r.oyster.db.query(`UPDATE contracts SET status = ${S.released}, insurer_ref = 'ALFA-TEST', start_date = $2, end_date = $3, policy_number = 'ХХХ0000000001', details = $4 WHERE id = $1`, [c.id, start, policyTerm(start).to, JSON.stringify(KASKO_DETAILS)]);
    const was = await written(c.id);
    const novice = { name: 'Новиков Пётр Ильич', birthDate: '1995-01-01', experienceSince: plusDays(start, -100) };
    const res = await endorse(c.id, { change: { drivers: [{ name: 'Смирнова Анна Петровна', ...KASKO.drivers![0] }, novice] } });
    expect(res).toMatchObject({ status: 400, body: { field: 'change.drivers', message: 'Поле «change.drivers»: страховщик не принимает изменение — Не страхуем водителей со стажем менее 1 года' } });
    expect(await written(c.id)).toEqual(was);
  });

  test('property: the contents sum down → a return to the client for the days left and a partial reversal of the commission; the cover reads the new sum', async () => {
    const c = await releasedFlat();
    const accrued = await ledger(c.id);
    expect(accrued.map(([kind, key]) => [kind, key])).toEqual([['commission', 'payment']]);
    const res = await endorse(c.id, { change: { cover: { contents: rub(100_000) } } });
    expect(res.status).toBe(200);
    // From today, before the start: the whole term left — the whole difference of the annual premiums.
    const before = (rateProperty(FLAT, 'ingos') as { premium: number }).premium;
    const after = (rateProperty({ ...FLAT, cover: { ...FLAT.cover, contents: rub(100_000) } }, 'ingos') as { premium: number }).premium;
    const back = before - after;
    expect(proRataDelta(before, after, { startDate: start, endDate: yearPolicyEnd(start), date: today })).toBe(-back);
    const d = res.body.data;
    expect(d.premium).toBe(c.premium - back);
    expect(d.changes[0]).toMatchObject({ kind: 'endorsement', premiumDelta: -back });
    // The return is said once on the page: the change's line names what changed, its money is premiumDelta; the history's note says both.
    expect(d.changes[0].description).toMatch(/^Движимое имущество 300\u00a0000,00\u00a0₽ → 100\u00a0000,00\u00a0₽ с \d\d\.\d\d\.\d{4}$/);
    expect(d.history.at(-1).note).toBe(`${d.changes[0].description}: возврат клиенту ${formatMoney(back)}`);
    expect(d.instalments.filter((i: any) => i.purpose === 'endorsement')).toEqual([]);
    expect(d.summary.find((b: any) => b.title === 'Страховые суммы').rows).toContainEqual({ label: 'Движимое имущество', value: '100\u00a0000,00\u00a0₽' });
    expect(d.summary.find((b: any) => b.title === 'Премия').rows).toContainEqual({ label: 'Страховая премия', value: formatMoney(d.premium) });
    // The commission reversed in the share returned: the accrual × returned / paid, half up.
    const lines = await ledger(c.id);
    expect(lines).toEqual([accrued[0], ['commission_reversal', `endorsement:${d.changes[0].id}`, back, -Math.round((accrued[0][3] as number) * back / c.premium)]]);

    // Nothing left insured: a 400 naming the field, nothing written.
    const was = await written(c.id);
    const none = await endorse(c.id, { change: { cover: { structure: 0, finishing: 0, contents: 0, liability: 0 } } });
    expect(none).toMatchObject({ status: 400, body: { field: 'change.cover' } });
    expect((await endorse(c.id, { change: { cover: { contents: 'много' } } })).body.message).toMatch(/^Поле «change\.cover\.contents»/);
    expect(await written(c.id)).toEqual(was);
  });

  test('a product that takes no changes (e-OSAGO) is a 409 in Russian', async () => {
    const drv = await contractsDriver(r.url, r.tokens);
    const c = await drv.create('agent');
    const res = await endorse(c.id, { change: { sumInsured: rub(2_000_000) } });
    expect(res).toMatchObject({ status: 409, body: { message: 'Изменения договора «Полис ОСАГО» через платформу не оформляются' } });
  });
});
