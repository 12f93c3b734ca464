import { CONTRACT_STATUS as S, CONTRACT_STATUS_TITLES, CONTRACT_TRANSITIONS, contractTransitionError, OSAGO_POLICY_NUMBER, type ContractStatus } from '@oyster/shared-kit/domain';
import { commissionOf } from '../../src/finance/ledger';
import { calendarTick, checksLeftBehind, releaseLeftBehind, type FlowDeps } from '../../src/sales/contracts/flow';
import { DEMO_INSURERS, demoAdapter } from '../../src/sales/insurers/demo';
import type { InsurerAdapter } from '../../src/sales/insurers/adapter';
import { DEMO_OWNER_OVERRIDE_BP } from '../../src/finance/seed';
import { DEMO_FIX_MESSAGE } from '../../src/sales/demo-contracts';
import { moscowToday } from '../../src/sales/osago';
import { PAYMENT_TEXTS } from '../../src/sales/payments/callbacks';
import { DEMO_PAYMENT_CONFIRMING } from '../../src/sales/payments/demo-acquirer';
import { demoPaymentSecret } from '../../src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../src/sales/payments/signature';
import { refundDueAnswer } from '@oyster/shared-kit/domain';
import { BACKENDS, call, connectSocket, connected, startSignedIn, type SignedInApp } from '../support';
import { COMPLETE_DETAILS, plusDays } from '../support/contracts';

/**
 * e-OSAGO contracts (issue 11): from an insurer's offer to a policy in force — the state machine of
 * shared-kit enforced by the api (409 in Russian), the insurer's check, the payment link and its signed,
 * idempotent callback, the policy number and PDF, the list in the user's scope.
 */
const WHO = ['agent', 'subagent', 'owner', 'admin', 'copywriter', 'broker'] as const;
type Who = (typeof WHO)[number];

const START = plusDays(moscowToday(), 1);

const COMPLETE = COMPLETE_DETAILS;

describe.each(BACKENDS)('sales: e-OSAGO contracts ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  let calculation: Record<string, unknown>;
  let companies: { _id: string; idUnicus: string; shortName: string }[];
  const company = (code: string) => companies.find((c) => c.idUnicus === code)!._id;

  const create = async (who: Who = 'agent', code = 'vsk') => {
    const res = await req(who, 'POST', '/api/v2/contracts', { calculation, companyId: company(code) });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** Reads the contract until it reaches `status` (the insurer's steps run after the answer). */
  const until = async (who: Who, id: string, status: number) => {
    for (let i = 0; i < 100; i++) {
      const d = (await req(who, 'GET', `/api/v2/contracts/${id}`)).body.data;
      if (d.status === status) return d;
      await new Promise((res) => setTimeout(res, 30));
    }
    throw new Error(`contract ${id} did not reach ${status}`);
  };
  const callback = (code: string, body: Record<string, unknown>, signature?: string) => {
    const raw = JSON.stringify(body);
    return fetch(`${r.url}/api/v2/payments/callback/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? signCallback(demoPaymentSecret(code), code, raw) },
      body: raw,
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  };
  const tokenOf = (paymentUrl: string) => paymentUrl.split('/pay/')[1];

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    const s = (await call(r.url, 'POST', '/suggest/address', { token: r.tokens.agent, body: { query: 'москва тверская', count: 1 } })).body.suggestions[0];
    calculation = { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL', year: 2019 }, owner: { address: { value: s.value, data: s.data } }, unrestricted: true, periodMonths: 12, startDate: START };
    companies = (await req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
  });
  afterAll(() => r.stop());

  test('an offer becomes a contract «Расчёт получен» with the insurer’s premium now, its history and the one move the agent may make', async () => {
    const c = await create();
    expect(c).toMatchObject({ status: S.calculated, statusTitle: 'Расчёт получен', reportStatus: 'draft', product: 'eosago', productName: 'Е-ОСАГО', companyName: 'ВСК', policyNumber: null, startDate: START, next: [S.canceled] });
    expect(Number.isInteger(c.premium)).toBe(true);
    expect(c.premium).toBe(c.offer.premium);
    expect(c.history.map((h: any) => [h.from, h.to, h.actor])).toEqual([[null, 100, 'agent'], [100, 105, 'agent'], [105, 106, 'system']]);
    expect(c.documents).toEqual(['draft']);
    const draft = await fetch(`${r.url}/api/v2/contracts/${c.id}/documents/draft`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await draft.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('an insurer that refuses now is a 409 with its reason, and nothing is written', async () => {
    const before = (await req('agent', 'GET', '/api/v2/contracts')).body.data.items.length;
    const taxi = { ...calculation, vehicle: { ...(calculation.vehicle as object), taxi: true } };
    const res = await req('agent', 'POST', '/api/v2/contracts', { calculation: taxi, companyId: company('reso') });
    expect(res).toMatchObject({ status: 409, body: { message: 'РЕСО-Гарантия отказал: Не страхуем ТС, используемые в качестве такси' } });
    expect((await req('agent', 'GET', '/api/v2/contracts')).body.data.items.length).toBe(before);
  });

  test('«Отправить страховщику» with missing documents is a 400 naming the field, and the status stays', async () => {
    const c = await create();
    const res = await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    expect(res).toMatchObject({ status: 400, body: { message: 'Заполните поле «Марка»', field: 'details.vehicle.make' } });
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { ...COMPLETE, contacts: { phone: '+7 (916) 123-45-67', email: 'не почта' } } });
    expect((await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`)).body).toMatchObject({ field: 'details.contacts.email' });
    // Priced for a 2019 car: documents of a 2009 one do not go to the insurer under that offer.
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { vehicle: { ...COMPLETE.vehicle, year: 2009 } } });
    expect(await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`)).toMatchObject({
      status: 400,
      body: { field: 'details.vehicle.year', message: 'Год выпуска не совпадает с расчётом (2019): исправьте год или рассчитайте полис заново' },
    });
    expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.status).toBe(S.calculated);
    const bad = await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { vehicle: { year: 'прошлый' } } });
    expect(bad).toMatchObject({ status: 400, body: { field: 'details.vehicle.year' } });
  });

  test('the whole way: sent, the insurer asks to fix, fixed, checked, paid by the signed callback once, released with a number and a PDF — each step pushed', async () => {
    const c = await create();
    const socket = connectSocket(r.url, r.tokens.agent);
    const seen: number[] = [];
    socket.on('contract_status', (e: any) => e.contractId === c.id && seen.push(e.status));
    await connected(socket);
    try {
      // The document issued before the vehicle was made: the demo insurer asks to fix it.
      const wrong = { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, document: { ...COMPLETE.vehicle.document, issuedAt: '2018-01-10' } } };
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: wrong })).status).toBe(200);
      const sent = await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
      expect(sent.status).toBe(200);
      const fix = await until('agent', c.id, S.needsFixing);
      expect(fix.insurerMessage).toBe('Дата выдачи документа ТС раньше года выпуска ТС: проверьте документ или год выпуска');
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { vehicle: COMPLETE.vehicle } })).status).toBe(200);
      expect((await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`)).status).toBe(200);
      const waiting = await until('agent', c.id, S.waitingPayment);
      expect(waiting).toMatchObject({ statusTitle: 'Ожидает оплаты', reportStatus: 'wait_payment', insurerMessage: null, plate: 'А123ВС777', clientName: 'Смирнова Анна Петровна' });
      expect(waiting.paymentUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/[A-Za-z0-9_-]{16,}$/);
      // Documents can no longer change once the insurer has them.
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { contacts: COMPLETE.contacts } })).body).toMatchObject({ message: 'Данные договора в статусе «Ожидает оплаты» менять нельзя' });

      const token = tokenOf(waiting.paymentUrl);
      const pay = { paymentId: 'pay_test_000001', paymentToken: token, amount: waiting.premium, paidAt: new Date().toISOString() };
      expect(await callback('vsk', pay, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)).toEqual({ status: 401, body: { message: PAYMENT_TEXTS.forged, error: true } });
      // A wrong amount is not applied: the money is to be returned, the contract still waits for its payment.
      expect(await callback('vsk', { ...pay, paymentId: 'pay_test_wrong_sum', amount: waiting.premium + 1 })).toMatchObject({ status: 409, body: { result: 'refund_due', message: refundDueAnswer('amount_mismatch') } });
      expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.status).toBe(S.waitingPayment);
      expect(await callback('vsk', pay)).toMatchObject({ status: 200, body: { result: 'applied' } });
      expect(await callback('vsk', pay)).toMatchObject({ status: 200, body: { result: 'duplicate', message: PAYMENT_TEXTS.duplicate } });

      const released = await until('agent', c.id, S.released);
      expect(released.policyNumber).toMatch(OSAGO_POLICY_NUMBER);
      expect(released.documents).toEqual(['policy']);
      expect(released.history.filter((h: any) => h.to === S.paid)).toHaveLength(1);
      const pdf = await fetch(`${r.url}/api/v2/contracts/${c.id}/documents/policy`, { headers: { 'x-api-token': r.tokens.agent } });
      expect(pdf.status).toBe(200);
      expect(decodeURIComponent(pdf.headers.get('content-disposition') ?? '')).toContain(`Полис ОСАГО ${released.policyNumber}.pdf`);
      expect(seen).toEqual([S.prepared, S.sent, S.awaitingCheck, S.needsFixing, S.prepared, S.sent, S.awaitingCheck, S.checkOk, S.waitingPayment, S.paid, S.released]);

      // Every call to the insurer is in the log, for staff only.
      const log = await req('admin', 'GET', `/api/v2/soap-logs?contract=${c.id}`);
      expect(log.body.data.items.map((x: any) => x.method).reverse()).toEqual(['prepare', 'check', 'prepare', 'check', 'paymentLink', 'issue']);
      expect(log.body.data.items[4]).toMatchObject({ companyName: 'ВСК', contractId: c.id, error: null, response: { kind: 'fix', message: expect.stringContaining('Дата выдачи') } });
      expect(log.body.data.items[0].durationMs).toEqual(expect.any(Number));
      expect((await req('agent', 'GET', '/api/v2/soap-logs')).status).toBe(403);
      // Filters: the insurer, the method, errors only; a bad one is a 400 naming it.
      const vsk = company('vsk');
      const checks = (await req('admin', 'GET', `/api/v2/soap-logs?contract=${c.id}&company=${vsk}&method=check`)).body.data.items;
      expect(checks.map((x: any) => [x.method, x.companyId])).toEqual([['check', vsk], ['check', vsk]]);
      expect((await req('admin', 'GET', `/api/v2/soap-logs?contract=${c.id}&errors=1`)).body.data.items).toEqual([]);
      expect((await req('admin', 'GET', `/api/v2/soap-logs?contract=${c.id}&company=${company('reso')}`)).body.data.items).toEqual([]);
      expect(await req('admin', 'GET', '/api/v2/soap-logs?method=soap')).toMatchObject({ status: 400, body: { field: 'method' } });
      // The quotes are logged too (each insurer asked at «Оформить»), apart from any contract.
      const quotes = (await req('admin', 'GET', `/api/v2/soap-logs?method=quote&company=${vsk}`)).body.data.items;
      expect(quotes.length).toBeGreaterThan(0);
      expect(quotes[0]).toMatchObject({ method: 'quote', contractId: null, companyName: 'ВСК', error: null, response: { kind: 'offer' } });
      expect(await req('admin', 'GET', '/api/v2/soap-logs?errors=maybe')).toMatchObject({ status: 400, body: { field: 'errors' } });

      // On the start date the calendar puts it in force.
      expect(await calendarTick({ db: r.oyster.db, rt: r.oyster.realtime, log: r.oyster.app.log }, START)).toBeGreaterThanOrEqual(1);
      expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data).toMatchObject({ status: S.inAction, statusTitle: 'Действует' });
      // Only staff cancel a paid policy.
      expect(await req('agent', 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.canceled })).toMatchObject({ status: 409, body: { message: 'Отменить оплаченный договор может только сотрудник брокера' } });
      expect(await req('admin', 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.canceled })).toMatchObject({ status: 200, body: { data: { status: S.canceled, statusTitle: 'Отменён' } } });
    } finally {
      socket.close();
    }
  });

  test('the payment page takes the money and the contract is paid; a spent or unknown link says so', async () => {
    const c = await create('agent', 'ingos');
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE });
    await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    const waiting = await until('agent', c.id, S.waitingPayment);
    const page = await fetch(waiting.paymentUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Оплата полиса ОСАГО');
    expect(html).toContain('Ингосстрах');
    const paid = await fetch(waiting.paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await until('agent', c.id, S.released);
    expect(await (await fetch(waiting.paymentUrl)).text()).toContain('Полис оплачен');
    expect((await fetch(`${r.url}/pay/nosuchtokennosuchtoken`)).status).toBe(404);
  });

  test('the demo insurer sends its callback again while it gets no answer (issue 27): the database refuses the first deliveries, the page says the money is being confirmed, the contract is paid once a delivery lands — one payment, nothing refund-due', async () => {
    const db = r.oyster.db;
    const c = await create('agent', 'ingos');
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE });
    await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    const waiting = await until('agent', c.id, S.waitingPayment);
    // The product cannot answer: every write of a callback fails while the switch is on.
    await db.query('CREATE TABLE refuse_callbacks_switch (on_ boolean)');
    await db.query('INSERT INTO refuse_callbacks_switch VALUES (true)');
    await db.query(`CREATE FUNCTION refuse_callbacks() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF EXISTS (SELECT 1 FROM refuse_callbacks_switch) THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await db.query('CREATE TRIGGER refuse_callbacks BEFORE INSERT ON payment_callbacks FOR EACH ROW EXECUTE FUNCTION refuse_callbacks()');
    try {
      const pay = () => fetch(waiting.paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
      expect((await pay()).status).toBe(303);
      const page = await (await fetch(waiting.paymentUrl)).text();
      expect(page).toContain('<h1>Оплата принята</h1>');
      expect(page).toContain(DEMO_PAYMENT_CONFIRMING);
      // Pressed again meanwhile: the money is not taken a second time.
      expect((await pay()).status).toBe(303);
      expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.status).toBe(S.waitingPayment);
      await db.query('DELETE FROM refuse_callbacks_switch');
      await until('agent', c.id, S.released);
    } finally {
      await db.query('DROP TRIGGER IF EXISTS refuse_callbacks ON payment_callbacks');
      await db.query('DROP FUNCTION IF EXISTS refuse_callbacks()');
      await db.query('DROP TABLE IF EXISTS refuse_callbacks_switch');
    }
    const kept = await db.query<{ outcome: string }>('SELECT outcome FROM payment_callbacks WHERE contract_id = $1', [c.id]);
    expect(kept.map((k) => k.outcome)).toEqual(['applied']);
    expect(await (await fetch(waiting.paymentUrl)).text()).toContain('Полис оплачен');
  });

  test('paid: the sub-agent’s commission and the network owner’s override are accrued in kopecks; cancelled by staff: both reversed', async () => {
    const c = await create('subagent', 'alfa');
    await req('subagent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE });
    await req('subagent', 'POST', `/api/v2/contracts/${c.id}/send`);
    const waiting = await until('subagent', c.id, S.waitingPayment);
    const pay = { paymentId: 'pay_ledger_0001', paymentToken: tokenOf(waiting.paymentUrl), amount: waiting.premium, paidAt: new Date().toISOString() };
    expect((await callback('alfa', pay)).status).toBe(200);
    await until('subagent', c.id, S.released);
    const ledger = () =>
      r.oyster.db.query<{ email: string; kind: string; rate_bp: number; amount_kopecks: string }>(
        'SELECT u.email, l.kind, l.rate_bp, l.amount_kopecks FROM commission_ledger l JOIN users u ON u.id = l.agent_id WHERE l.contract_id = $1 ORDER BY l.id',
        [c.id],
      );
    expect((await ledger()).map((l) => [l.email, l.kind, l.rate_bp, Number(l.amount_kopecks)])).toEqual([
      ['subagent@oyster.test', 'commission', 1000, commissionOf(waiting.premium, 1000)],
      ['owner@oyster.test', 'override', DEMO_OWNER_OVERRIDE_BP, commissionOf(waiting.premium, DEMO_OWNER_OVERRIDE_BP)],
    ]);
    // A repeated callback accrues nothing more.
    expect((await callback('alfa', pay)).body.result).toBe('duplicate');
    expect(await ledger()).toHaveLength(2);
    expect((await req('admin', 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.canceled })).status).toBe(200);
    const rows = await ledger();
    expect(rows.map((l) => l.kind)).toEqual(['commission', 'override', 'commission_reversal', 'override_reversal']);
    expect(rows.reduce((sum, l) => sum + Number(l.amount_kopecks), 0)).toBe(0);
  });

  test('an unpaid payment link runs out: a day at most and never past the start; then the page says so, a late callback is refused and the contract is not released', async () => {
    const c = await create();
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE });
    await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    const waiting = await until('agent', c.id, S.waitingPayment);
    // The start is tomorrow (Moscow): the link lives until it, at most 24 hours.
    const expires = Date.parse(waiting.paymentExpiresAt);
    expect(expires).toBeLessThanOrEqual(Date.parse(`${START}T00:00:00+03:00`));
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(expires).toBeGreaterThan(Date.now());
    const token = tokenOf(waiting.paymentUrl);
    expect(await (await fetch(`${r.url}/pay/${token}`)).text()).toContain('Ссылка действует до');

    // Not yet run out: the calendar leaves it. Run out: the page ends it at once, before the calendar.
    const deps = { db: r.oyster.db, rt: r.oyster.realtime, log: r.oyster.app.log };
    await calendarTick(deps, moscowToday(), new Date());
    expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.status).toBe(S.waitingPayment);
    await r.oyster.db.query(`UPDATE contracts SET payment_expires_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);
    const page = await fetch(`${r.url}/pay/${token}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Срок ссылки истёк');
    const ended = await until('agent', c.id, S.notReleased);
    expect(ended.history.at(-1)).toMatchObject({ from: S.waitingPayment, to: S.notReleased, actor: 'system', note: 'Срок ссылки на оплату истёк: полис не оплачен' });
    expect(ended.paymentUrl).toBeNull();
    const late = await callback('vsk', { paymentId: 'late_payment_01', paymentToken: token, amount: waiting.premium, paidAt: new Date().toISOString() });
    expect(late).toMatchObject({ status: 409, body: { result: 'refund_due', reason: 'not_released', message: 'Договор не состоялся: платёж не зачтён, деньги нужно вернуть' } });
  });

  test('the calendar ends an expired link by itself and pushes it', async () => {
    const c = await create();
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE });
    await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    const waiting = await until('agent', c.id, S.waitingPayment);
    const deps = { db: r.oyster.db, rt: r.oyster.realtime, log: r.oyster.app.log };
    expect(await calendarTick(deps, moscowToday(), new Date(Date.parse(waiting.paymentExpiresAt) + 1000))).toBeGreaterThanOrEqual(1);
    expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data).toMatchObject({ status: S.notReleased, statusTitle: 'Не состоялся' });
  });

  test('a payment callback after the link ran out (before the calendar noticed) is refused: the insurer is told to return the money', async () => {
    const c = await create();
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE });
    await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    const waiting = await until('agent', c.id, S.waitingPayment);
    await r.oyster.db.query(`UPDATE contracts SET payment_expires_at = now() - interval '1 second' WHERE id = $1`, [c.id]);
    const late = await callback('vsk', { paymentId: 'late_payment_02', paymentToken: tokenOf(waiting.paymentUrl), amount: waiting.premium, paidAt: new Date().toISOString() });
    expect(late).toMatchObject({ status: 409, body: { error: true, result: 'refund_due', reason: 'expired', message: 'Срок ссылки на оплату истёк: платёж не зачтён, деньги нужно вернуть' } });
    expect((await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data.status).toBe(S.notReleased);
  });

  test('a failed check ends the contract as «Не состоялся»; a move not in the table is a 409 in Russian', async () => {
    const c = await create();
    await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, vin: 'XW8ZZZ61ZJG000666' } } });
    await req('agent', 'POST', `/api/v2/contracts/${c.id}/send`);
    const ended = await until('agent', c.id, S.notReleased);
    expect(ended.insurerMessage).toBe('ТС числится в розыске: страховщик отказал в заключении договора');
    expect(await req('agent', 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.canceled })).toMatchObject({
      status: 409,
      body: { message: 'Нельзя перевести договор из статуса «Не состоялся» в «Отменён»' },
    });
    expect(await req('agent', 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.paid })).toMatchObject({ status: 409 });
    expect(await req('agent', 'POST', `/api/v2/contracts/${c.id}/status`, { status: 42 })).toMatchObject({ status: 400, body: { message: 'Поле «status»: неизвестный статус договора' } });
  });

  test('the transition table over HTTP: from every status, as the agent and as staff, the cancel goes exactly where the table allows (else its 409 text); every other status is the process’s, never set by hand', async () => {
    const statuses = Object.values(S) as ContractStatus[];
    const checked: string[] = [];
    for (const from of statuses) {
      for (const [who, actor] of [['agent', 'agent'], ['admin', 'staff']] as const) {
        const c = await create('agent');
        await r.oyster.db.query('UPDATE contracts SET status = $2 WHERE id = $1', [c.id, from]);
        const res = await req(who, 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.canceled });
        const refusal = contractTransitionError(from, S.canceled, actor);
        if (refusal === null) {
          expect({ from, who, status: res.status, now: res.body.data?.status }).toEqual({ from, who, status: 200, now: S.canceled });
        } else {
          expect({ from, who, status: res.status, message: res.body.message }).toEqual({ from, who, status: 409, message: refusal });
          expect((await r.oyster.db.query<{ status: number }>('SELECT status FROM contracts WHERE id = $1', [c.id]))[0].status).toBe(from);
        }
        checked.push(`${from}:${who}:${res.status}`);
        // Any other move the table has from here is the process's own (the insurer, the payment, the calendar).
        const other = CONTRACT_TRANSITIONS.find((t) => t.from === from && t.to !== S.canceled);
        if (other && refusal !== null) {
          const byHand = await req(who, 'POST', `/api/v2/contracts/${c.id}/status`, { status: other.to });
          expect({ from, to: other.to, status: byHand.status, message: byHand.body.message }).toEqual({
            from,
            to: other.to,
            status: 409,
            message: `Статус «${CONTRACT_STATUS_TITLES[other.to]}» не ставится вручную: его ставит оформление договора`,
          });
        }
      }
    }
    // The agent may cancel before payment, staff also after it; nobody from a final status.
    expect(checked.filter((x) => x.endsWith(':200')).length).toBe(CONTRACT_TRANSITIONS.filter((t) => t.to === S.canceled).reduce((n, t) => n + t.by.filter((b) => b !== 'system').length, 0));
  });

  test('a release cut short is finished: a paid contract the insurer failed to issue is released at a later try; one the insurer had issued keeps the insurer’s number; never two policies', async () => {
    const db = r.oyster.db;
    const deps = (adapter: InsurerAdapter): FlowDeps => ({ db, rt: r.oyster.realtime, log: r.oyster.app.log, adapterOf: () => adapter });
    const vsk = DEMO_INSURERS.find((i) => i.code === 'vsk')!;
    const [failed, issued, fresh] = [await create(), await create(), await create()];
    const ref = (c: { id: string }) => `VSK-${c.id.slice(-8)}-retry`;
    for (const c of [failed, issued]) {
      await db.query(`UPDATE contracts SET status = ${S.paid}, insurer_ref = $2, updated_at = now() - interval '10 minutes' WHERE id = $1`, [c.id, ref(c)]);
    }
    // Paid a moment ago: its own release may still be under way, so it is not raced.
    await db.query(`UPDATE contracts SET status = ${S.paid}, insurer_ref = $2, updated_at = now() WHERE id = $1`, [fresh.id, ref(fresh)]);
    // The insurer had issued one of them before the api stopped (its answer never recorded).
    await db.query(`INSERT INTO demo_insurer_policies (ref, company_code, policy_number) VALUES ($1, 'vsk', 'ХХХ0000000042')`, [ref(issued)]);
    const statusOf = async (id: string) => (await db.query<{ status: number; policy_number: string | null }>('SELECT status, policy_number FROM contracts WHERE id = $1', [id]))[0];

    // The insurer is down: nothing is released, the contracts stay paid.
    expect(await releaseLeftBehind(deps(demoAdapter(vsk, 0, 'error', db)))).toBe(0);
    expect((await statusOf(failed.id)).status).toBe(S.paid);

    // It is back: both are released — with the number the insurer had already given, and a new one.
    expect(await releaseLeftBehind(deps(demoAdapter(vsk, 0, null, db)))).toBe(2);
    expect(await statusOf(issued.id)).toEqual({ status: S.released, policy_number: 'ХХХ0000000042' });
    const released = await statusOf(failed.id);
    expect(released.status).toBe(S.released);
    expect(released.policy_number).toMatch(OSAGO_POLICY_NUMBER);
    expect((await statusOf(fresh.id)).status).toBe(S.paid);
    const policies = await db.query<{ ref: string }>('SELECT ref FROM demo_insurer_policies WHERE ref = ANY($1::text[]) ORDER BY ref', [[ref(failed), ref(issued), ref(fresh)]]);
    expect(policies.map((p) => p.ref).sort()).toEqual([ref(failed), ref(issued)].sort());
    // Asked the insurer first, and logged it for SOAP-логи.
    const calls = await db.query<{ method: string }>(`SELECT method FROM insurer_calls WHERE contract_id = $1 ORDER BY id`, [issued.id]);
    expect(calls.map((c) => c.method).filter((m) => m !== 'quote')).toEqual(['status', 'status']);
    // Nothing left behind: a second pass releases nothing more.
    expect(await releaseLeftBehind(deps(demoAdapter(vsk, 0, null, db)))).toBe(0);
  });

  test('a check cut short is resumed (issue 27, a node killed mid-way): a contract left «Отправлен страховщику», «На проверке» or «Проверка пройдена» gets its payment link from the step it was at, with the insurer’s reference; one moved a moment ago is not raced', async () => {
    const db = r.oyster.db;
    const deps: FlowDeps = { db, rt: r.oyster.realtime, log: r.oyster.app.log, adapterOf: () => demoAdapter(DEMO_INSURERS.find((i) => i.code === 'vsk')!, 0, null, db) };
    const made = [await create(), await create(), await create(), await create()];
    for (const c of made) expect((await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: COMPLETE })).status).toBe(200);
    const [sent, checking, checked, fresh] = made;
    const ref = (c: { id: string }) => `VSK-${c.id.slice(-8)}-left`;
    await db.query(`UPDATE contracts SET status = ${S.sent}, updated_at = now() - interval '10 minutes' WHERE id = $1`, [sent.id]);
    for (const [c, status] of [[checking, S.awaitingCheck], [checked, S.checkOk]] as const) {
      await db.query(`UPDATE contracts SET status = ${status}, insurer_ref = $2, updated_at = now() - interval '10 minutes' WHERE id = $1`, [c.id, ref(c)]);
    }
    // Moved a moment ago: its own check may still be under way.
    await db.query(`UPDATE contracts SET status = ${S.awaitingCheck}, insurer_ref = $2, updated_at = now() WHERE id = $1`, [fresh.id, ref(fresh)]);

    expect(await checksLeftBehind(deps)).toBe(3);
    for (const c of [sent, checking, checked]) {
      const d = (await req('agent', 'GET', `/api/v2/contracts/${c.id}`)).body.data;
      expect({ status: d.status, statusTitle: d.statusTitle, link: /\/pay\/[A-Za-z0-9_-]+$/.test(d.paymentUrl ?? '') }).toEqual({ status: S.waitingPayment, statusTitle: CONTRACT_STATUS_TITLES[S.waitingPayment], link: true });
    }
    // The insurer's reference kept: the documents are not sent a second time once it gave one.
    const refs = await db.query<{ id: string; insurer_ref: string }>('SELECT id, insurer_ref FROM contracts WHERE id = ANY($1::text[])', [[checking.id, checked.id]]);
    expect(Object.fromEntries(refs.map((x) => [x.id, x.insurer_ref]))).toEqual({ [checking.id]: ref(checking), [checked.id]: ref(checked) });
    const methods = async (id: string) => (await db.query<{ method: string }>('SELECT method FROM insurer_calls WHERE contract_id = $1 ORDER BY id', [id])).map((x) => x.method).filter((m) => m !== 'quote');
    expect(await methods(sent.id)).toEqual(['prepare', 'check', 'paymentLink']);
    expect(await methods(checking.id)).toEqual(['check', 'paymentLink']);
    expect(await methods(checked.id)).toEqual(['paymentLink']);
    expect((await req('agent', 'GET', `/api/v2/contracts/${fresh.id}`)).body.data.status).toBe(S.awaitingCheck);
    // Nothing left behind: a second pass resumes nothing.
    expect(await checksLeftBehind(deps)).toBe(0);
  });

  test('the demo’s insurer log: a demo contract «Требует исправления» shows the insurer’s message, and its calls — prepare, then the check saying it — are in SOAP-логи; one waiting for payment has its link', async () => {
    const demo = async (status: number) => (await req('admin', 'GET', `/api/v2/contracts?status=${status}&limit=1`)).body.data.items[0];
    const fixing = await demo(S.needsFixing);
    expect((await req('admin', 'GET', `/api/v2/contracts/${fixing.id}`)).body.data.insurerMessage).toBe(DEMO_FIX_MESSAGE);
    const calls = (await req('admin', 'GET', `/api/v2/soap-logs?contract=${fixing.id}`)).body.data.items;
    expect(calls.map((x: any) => x.method)).toEqual(['check', 'prepare']);
    expect(calls[0]).toMatchObject({ companyName: fixing.companyName, error: null, response: { kind: 'fix', message: DEMO_FIX_MESSAGE } });
    expect(Date.parse(calls[0].at)).toBeGreaterThan(Date.parse(calls[1].at));
    const waiting = await demo(S.waitingPayment);
    const link = (await req('admin', 'GET', `/api/v2/soap-logs?contract=${waiting.id}&method=paymentLink`)).body.data.items;
    expect(link).toHaveLength(1);
    expect(link[0].response.path).toMatch(/^\/pay\//);
    const draft = await demo(S.calculated);
    expect((await req('admin', 'GET', `/api/v2/soap-logs?contract=${draft.id}`)).body.data.items).toEqual([]);
  });

  test('scope: the agent sees own contracts, the network owner also the sub-agent’s, the admin all; another’s contract is not found; the copywriter has no Полисы', async () => {
    const mine = await create('agent');
    const subs = await create('subagent');
    const ids = async (who: Who) => (await req(who, 'GET', '/api/v2/contracts?limit=100')).body.data.items.map((i: any) => i.id);
    expect(await ids('agent')).toContain(mine.id);
    expect(await ids('agent')).not.toContain(subs.id);
    expect(await ids('owner')).toContain(subs.id);
    expect(await ids('owner')).not.toContain(mine.id);
    expect(await ids('admin')).toEqual(expect.arrayContaining([mine.id, subs.id]));
    expect((await req('agent', 'GET', `/api/v2/contracts/${subs.id}`)).status).toBe(404);
    expect((await req('agent', 'POST', `/api/v2/contracts/${subs.id}/status`, { status: S.canceled })).status).toBe(404);
    expect((await req('copywriter', 'GET', '/api/v2/contracts')).status).toBe(403);
    expect((await req('copywriter', 'POST', '/api/v2/contracts', { calculation, companyId: company('vsk') })).status).toBe(403);
    // The sub-agent sees no commission (§6), in the contract as in the showcase.
    expect(subs.offer.commissionPercent).toBeUndefined();
    expect(mine.offer.commissionPercent).toEqual(expect.any(Number));
  });

  test('the list by agent (agentId, the agent card\'s link): that agent\'s contracts only, named; an agent outside the scope is a 403; a bad id a 400 naming agentId', async () => {
    const mine = await create('agent');
    const subs = await create('subagent');
    await create('subagent');
    const idOf = async (who: Who) => (await req(who, 'GET', '/api/v2/contracts?limit=1')).body.data.items[0].agent.id as string;
    const [agentId, subId] = [await idOf('agent'), await idOf('subagent')];
    const byAgent = async (who: Who, id: string, q = '&limit=100') => req(who, 'GET', `/api/v2/contracts?agentId=${id}${q}`);

    // Staff who see every agent: only that agent's contracts, and who they are for the filter's chip.
    const admin = (await byAgent('admin', subId)).body.data;
    expect(admin.agent).toEqual({ id: subId, fio: expect.stringMatching(/\S/) });
    expect(admin.items.map((i: any) => i.id)).toContain(subs.id);
    expect(admin.items.map((i: any) => i.id)).not.toContain(mine.id);
    expect(new Set(admin.items.map((i: any) => i.agent.id))).toEqual(new Set([subId]));
    // With the other filters, and in keyset pages.
    const paged: string[] = [];
    let after: string | null = null;
    do {
      const page: any = (await byAgent('admin', subId, `&limit=1${after ? `&after=${after}` : ''}`)).body.data;
      expect(page.agent.id).toBe(subId);
      paged.push(...page.items.map((i: any) => i.id));
      after = page.next;
    } while (after);
    expect(paged).toEqual(admin.items.map((i: any) => i.id));
    expect((await byAgent('admin', subId, '&status=106&period=today')).body.data.items.map((i: any) => i.id)).toContain(subs.id);

    // A network owner filters to their sub-agent; an agent to themselves only.
    expect((await byAgent('owner', subId)).body.data.items.map((i: any) => i.id)).toContain(subs.id);
    expect(await byAgent('owner', agentId)).toMatchObject({ status: 403, body: { message: expect.any(String) } });
    expect((await byAgent('agent', agentId)).body.data.items.map((i: any) => i.id)).toContain(mine.id);
    expect((await byAgent('agent', subId)).status).toBe(403);
    expect((await byAgent('subagent', agentId)).status).toBe(403);
    // An id nobody has: the same 403 (nothing tells an unknown agent from another's).
    expect((await byAgent('admin', 'f'.repeat(24))).status).toBe(403);
    expect(await req('admin', 'GET', '/api/v2/contracts?agentId=xyz')).toMatchObject({
      status: 400,
      body: { message: 'Поле «agentId» должно быть идентификатором из 24 шестнадцатеричных символов', field: 'agentId' },
    });
    // Without the filter the page names nobody.
    expect((await req('admin', 'GET', '/api/v2/contracts?limit=1')).body.data.agent).toBeUndefined();
  });

  test('the list: filters, search, keyset pages without gaps or repeats; a bad filter is a 400 naming it', async () => {
    const c = await create('broker');
    await req('broker', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { vehicle: { ...COMPLETE.vehicle, plate: 'В777ОР199' }, owner: { ...COMPLETE.owner, lastName: 'Шестаков' } } });
    await create('broker', 'alfa');
    await create('broker', 'sogaz');
    const list = async (q: string) => (await req('broker', 'GET', `/api/v2/contracts${q}`)).body.data;
    expect((await list('?search=в777')).items.map((i: any) => i.id)).toEqual([c.id]);
    // By the start of the client's name, in any case.
    expect((await list('?search=шестак')).items.map((i: any) => i.id)).toEqual([c.id]);
    expect((await list('?search=естаков')).items).toEqual([]);
    const alfa = (await list(`?company=${company('alfa')}&limit=100`)).items;
    expect(alfa.length).toBeGreaterThanOrEqual(1);
    expect(new Set(alfa.map((i: any) => i.companyName))).toEqual(new Set(['АльфаСтрахование']));
    expect((await list('?period=today&status=106')).items.length).toBeGreaterThanOrEqual(3);
    const yesterday = (await list('?period=yesterday&limit=100')).items;
    expect(yesterday.map((i: any) => i.id)).not.toContain(c.id);
    for (const i of yesterday) expect(new Date(Date.parse(i.createdAt) + 3 * 3600_000).toISOString().slice(0, 10)).toBe(plusDays(moscowToday(), -1));
    const all = (await list('?period=7&limit=100')).items.map((i: any) => i.id);
    const paged: string[] = [];
    let after: string | null = null;
    do {
      const page: any = await list(`?period=7&limit=2${after ? `&after=${after}` : ''}`);
      paged.push(...page.items.map((i: any) => i.id));
      after = page.next;
    } while (after);
    expect(paged).toEqual(all);
    expect(await req('broker', 'GET', '/api/v2/contracts?status=abc')).toMatchObject({ status: 400, body: { message: 'Поле «status»: номера статусов через запятую' } });
    expect(await req('broker', 'GET', '/api/v2/contracts?after=zzz')).toMatchObject({ status: 400, body: { message: 'Поле «after»: неверный курсор страницы' } });
    expect(await req('broker', 'GET', '/api/v2/contracts?period=week')).toMatchObject({ status: 400 });
  });
});
