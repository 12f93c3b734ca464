import { createHash, randomBytes } from 'node:crypto';
import { CONTRACT_STATUS as S, ERROR_TEXTS, refundDueAnswer } from '@oyster/shared-kit/domain';
import { createApp } from '../../src/app';
import { ConfigError, demoModeFrom } from '../../src/platform/config';
import { commissionOf } from '../../src/finance/ledger';
import { CALLBACK_BODY_LIMIT } from '../../src/sales/routes/payments';
import { KEPT_BODY_BYTES, PAYMENT_TEXTS, keptBody } from '../../src/sales/payments/callbacks';
import { DEMO_INSURERS } from '../../src/sales/insurers/demo';
import { demoPaymentSecret, paymentSecretVariable, paymentSecretsFromEnv, resolvePaymentSecrets } from '../../src/sales/payments/secrets';
import { SIGNATURE_HEADER, signCallback } from '../../src/sales/payments/signature';
import { BACKENDS, connectSocket, connected, signIn, start, startSignedIn, type SignedInApp } from '../support';
import { contractsDriver, postCallback } from '../support/contracts';

/**
 * Payments you can trust (issue 23): callbacks signed by each insurer with its own secret and the time,
 * no secret built in outside demo mode, nothing but a digest and 2 KB kept of what anyone posts, failures
 * limited per address, and every payment either applied with its mark in one transaction or recorded as
 * refund-due — never lost, never «duplicate» when it was not. Finance staff see a contract's money.
 */
const WHO = ['agent', 'subagent', 'admin', 'finance', 'supervisor', 'manager'] as const;
type Who = (typeof WHO)[number];
const CODES = DEMO_INSURERS.map((i) => i.code);

describe('payment secrets outside demo mode', () => {
  test('the api does not start without a real secret per insurer, and says which variables to set', () => {
    expect(() => resolvePaymentSecrets(CODES, {}, false)).toThrow(ConfigError);
    let message = '';
    try {
      resolvePaymentSecrets(CODES, { ingos: demoPaymentSecret('ingos'), reso: 'short', alfa: 'a'.repeat(40) }, false);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('PAYMENT_SECRET_INGOS is the public demo secret');
    expect(message).toContain('PAYMENT_SECRET_RESO is shorter than 32 characters');
    for (const code of ['sogaz', 'renins', 'vsk']) expect(message).toContain(`${paymentSecretVariable(code)} is not set`);
    expect(message).not.toContain('PAYMENT_SECRET_ALFA');
    // Demo mode fills the missing ones with the demo secrets; a given one is kept.
    expect(resolvePaymentSecrets(CODES, { vsk: 'v'.repeat(40) }, true)).toMatchObject({ vsk: 'v'.repeat(40), ingos: demoPaymentSecret('ingos') });
  });

  test('createApp refuses before it opens anything (a ConfigError naming the variables); PAYMENT_WEBHOOK_SECRET is no fallback', async () => {
    // A database that cannot be reached: had the app tried to open it first, the error would be a connection error.
    const refused = createApp({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', demoMode: false, paymentSecrets: {} });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(/PAYMENT_SECRET_INGOS is not set; PAYMENT_SECRET_RESO is not set;.*DEMO_MODE=1/);
    expect(() => paymentSecretsFromEnv(CODES, { PAYMENT_WEBHOOK_SECRET: 'x'.repeat(40) })).toThrow('PAYMENT_WEBHOOK_SECRET is no longer read: each insurer has its own secret — set PAYMENT_SECRET_INGOS');
    expect(paymentSecretsFromEnv(CODES, { PAYMENT_SECRET_VSK: 'v'.repeat(40), PAYMENT_SECRET_RESO: '' })).toEqual({ vsk: 'v'.repeat(40) });
    expect(() => demoModeFrom({ DEMO_MODE: 'yes' })).toThrow(ConfigError);
    expect([demoModeFrom({}), demoModeFrom({ DEMO_MODE: '1' }), demoModeFrom({ DEMO_MODE: '0' })]).toEqual([false, true, false]);
  });
});

describe.each(BACKENDS)('payments ($name)', (backend) => {
  let r: SignedInApp<Who>;
  let d: Awaited<ReturnType<typeof contractsDriver<Who>>>;
  const db = () => r.oyster.db;
  const callback = (code: string, body: unknown, opts?: Parameters<typeof postCallback>[3]) => postCallback(r.url, code, body, opts);
  const statusOf = async (id: string) => (await db().query<{ status: number }>('SELECT status FROM contracts WHERE id = $1', [id]))[0].status;
  const ledgerOf = (id: string) =>
    db().query<{ kind: string; rate_bp: number | null; amount_kopecks: string }>('SELECT kind, rate_bp, amount_kopecks FROM commission_ledger WHERE contract_id = $1 ORDER BY id', [id]);
  const refundsOf = (code: string, paymentId: string) =>
    db().query<{ contract_id: string | null; reason: string; amount_kopecks: string }>('SELECT contract_id, reason, amount_kopecks::text AS amount_kopecks FROM refund_due_payments WHERE company_code = $1 AND payment_id = $2', [code, paymentId]);
  const kept = () => db().query<{ n: number }>('SELECT count(*)::int AS n FROM payment_callbacks').then((x) => x[0].n);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    d = await contractsDriver(r.url, r.tokens);
  });
  afterAll(async () => {
    // The releases the callbacks started run after their answers: none is cut off by the stop.
    for (let i = 0; i < 200 && (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM contracts WHERE status = ${S.paid}`))[0].n > 0; i++) await new Promise((res) => setTimeout(res, 25));
    await r.stop();
  });

  test('a callback is its insurer’s, signed at its time: another insurer’s secret or code, the old unsigned-time format, or a signature over 5 minutes off are refused (401) and change nothing; the applied delivery replayed is a duplicate', async () => {
    const c = await d.waitingForPayment('agent', 'vsk');
    const pay = d.payment(c, 'pay_sig_000001');
    const raw = JSON.stringify(pay);
    expect(await callback('vsk', pay, { secret: demoPaymentSecret('ingos') })).toEqual({ status: 401, body: { error: true, message: PAYMENT_TEXTS.forged } });
    // Signed by ingos as ingos, sent as vsk: the code is part of what is signed.
    expect(await callback('vsk', pay, { signature: signCallback(demoPaymentSecret('ingos'), 'ingos', raw) })).toMatchObject({ status: 401 });
    expect(await callback('vsk', pay, { signature: signCallback(demoPaymentSecret('vsk'), 'ingos', raw) })).toMatchObject({ status: 401, body: { message: PAYMENT_TEXTS.forged } });
    // The format main had: the body alone, no time, no code.
    const bodyOnly = `sha256=${createHash('sha256').update(raw).digest('hex')}`;
    expect(await callback('vsk', pay, { signature: bodyOnly })).toMatchObject({ status: 401, body: { message: PAYMENT_TEXTS.forged } });
    expect(await callback('vsk', pay, { at: new Date(Date.now() - 6 * 60_000) })).toEqual({ status: 401, body: { error: true, message: PAYMENT_TEXTS.stale } });
    expect(await callback('vsk', pay, { at: new Date(Date.now() + 6 * 60_000) })).toMatchObject({ status: 401, body: { message: PAYMENT_TEXTS.stale } });
    expect(await statusOf(c.id)).toBe(S.waitingPayment);
    expect(await ledgerOf(c.id)).toEqual([]);

    // Within the 5 minutes a delivery signed 4 minutes ago is taken; its replay changes nothing.
    const signature = signCallback(demoPaymentSecret('vsk'), 'vsk', raw, new Date(Date.now() - 4 * 60_000));
    expect(await callback('vsk', pay, { raw, signature })).toMatchObject({ status: 200, body: { result: 'applied', message: PAYMENT_TEXTS.applied } });
    expect(await callback('vsk', pay, { raw, signature })).toMatchObject({ status: 200, body: { result: 'duplicate', message: PAYMENT_TEXTS.duplicate } });
    expect(await ledgerOf(c.id)).toHaveLength(1);
    await d.until('agent', c.id, S.released);
  });

  test('the callback route takes a callback, not a payload: over 4 KB is a 413 and nothing is kept; a refused delivery is kept as its digest, its size and at most 2 KB', async () => {
    const c = await d.waitingForPayment('agent', 'reso');
    const pay = d.payment(c, 'pay_size_000001');
    const before = await kept();
    // Valid JSON padded with spaces: parsed fine, but no callback is a megabyte.
    const huge = JSON.stringify(pay).replace('{', `{${' '.repeat(900_000)}`);
    expect(await callback('reso', null, { raw: huge, signature: 't=1,v1=' + '0'.repeat(64) })).toEqual({ status: 413, body: { error: true, type: 'validation', message: 'Слишком большой запрос' } });
    const justOver = JSON.stringify(pay).replace('{', `{${' '.repeat(CALLBACK_BODY_LIMIT)}`);
    expect((await callback('reso', null, { raw: justOver })).status).toBe(413);
    expect(await kept()).toBe(before);

    const padded = JSON.stringify(pay).replace('{', `{${' '.repeat(3_500)}`);
    expect(await callback('reso', null, { raw: padded, signature: 't=1,v1=' + 'a'.repeat(64) })).toMatchObject({ status: 401 });
    const [row] = await db().query<{ body_sha256: string; body_size: number; body_head: string; outcome: string; address: string }>('SELECT body_sha256, body_size, body_head, outcome, address FROM payment_callbacks ORDER BY id DESC LIMIT 1');
    expect(row).toMatchObject({ outcome: 'forged', body_size: Buffer.byteLength(padded), body_sha256: createHash('sha256').update(padded).digest('hex'), address: '127.0.0.1' });
    expect(Buffer.byteLength(row.body_head)).toBeLessThanOrEqual(KEPT_BODY_BYTES);
    expect(padded.startsWith(row.body_head)).toBe(true);
    const columns = await db().query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'payment_callbacks' AND table_schema = current_schema()`);
    expect(columns.map((x) => x.column_name)).not.toContain('body');
  });

  test('a payment is applied in the same transaction as its mark: a failure between them leaves the contract waiting, and the insurer’s retry applies it (not a 409)', async () => {
    const c = await d.waitingForPayment('agent', 'alfa');
    const pay = d.payment(c, 'pay_atomic_00001');
    // The mark cannot be written once: as if the api died between the move and the mark.
    await db().exec(`
      CREATE SEQUENCE test_fail_once;
      CREATE FUNCTION test_fail_applied_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A sequence moves on even when the transaction rolls back: the first mark fails, later ones do not.
        IF NEW.outcome = 'applied' AND nextval('test_fail_once') = 1 THEN
          RAISE EXCEPTION 'injected failure';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_applied BEFORE INSERT ON payment_callbacks FOR EACH ROW EXECUTE FUNCTION test_fail_applied_once();`);
    try {
      expect((await callback('alfa', pay)).status).toBe(500);
      expect(await statusOf(c.id)).toBe(S.waitingPayment);
      expect(await ledgerOf(c.id)).toEqual([]);
      expect(await callback('alfa', pay)).toMatchObject({ status: 200, body: { result: 'applied' } });
    } finally {
      await db().exec('DROP TRIGGER test_fail_applied ON payment_callbacks; DROP FUNCTION test_fail_applied_once(); DROP SEQUENCE test_fail_once;');
    }
    expect((await ledgerOf(c.id)).map((l) => l.kind)).toEqual(['commission']);
    await d.until('agent', c.id, S.released);
  });

  test('money that cannot be applied is never lost: paid already by another payment, cancelled, a wrong amount, no such link — each recorded as refund-due with its reason, answered «not applied», the same again on a repeated delivery', async () => {
    // Paid, then a second payment (another id) for the same contract.
    const paid = await d.waitingForPayment('agent', 'vsk');
    expect((await callback('vsk', d.payment(paid, 'pay_first_00001'))).status).toBe(200);
    const second = d.payment(paid, 'pay_second_0001');
    const answer = { status: 409, body: { error: true, result: 'refund_due', reason: 'already_paid', message: refundDueAnswer('already_paid') } };
    expect(await callback('vsk', second)).toEqual(answer);
    expect(await callback('vsk', second)).toEqual(answer);
    expect(await refundsOf('vsk', 'pay_second_0001')).toEqual([{ contract_id: paid.id, reason: 'already_paid', amount_kopecks: String(paid.premium) }]);

    // Cancelled by the agent while the link was out.
    const cancelled = await d.waitingForPayment('agent', 'vsk');
    expect((await d.req('agent', 'POST', `/api/v2/contracts/${cancelled.id}/status`, { status: S.canceled })).status).toBe(200);
    expect(await callback('vsk', d.payment(cancelled, 'pay_cancel_0001'))).toMatchObject({ status: 409, body: { result: 'refund_due', reason: 'canceled', message: 'Договор отменён: платёж не зачтён, деньги нужно вернуть' } });
    expect(await refundsOf('vsk', 'pay_cancel_0001')).toEqual([{ contract_id: cancelled.id, reason: 'canceled', amount_kopecks: String(cancelled.premium) }]);
    expect(await statusOf(cancelled.id)).toBe(S.canceled);

    // A wrong amount: returned, and the contract still waits for its own payment.
    const wrong = await d.waitingForPayment('agent', 'vsk');
    expect(await callback('vsk', d.payment(wrong, 'pay_wrong_00001', { amount: wrong.premium - 100 }))).toMatchObject({ status: 409, body: { reason: 'amount_mismatch' } });
    expect(await refundsOf('vsk', 'pay_wrong_00001')).toEqual([{ contract_id: wrong.id, reason: 'amount_mismatch', amount_kopecks: String(wrong.premium - 100) }]);
    expect(await statusOf(wrong.id)).toBe(S.waitingPayment);
    expect((await callback('vsk', d.payment(wrong, 'pay_right_00001'))).status).toBe(200);

    // Signed by the insurer, for a link no contract has.
    const nowhere = { paymentId: 'pay_nowhere_001', paymentToken: randomBytes(18).toString('base64url'), amount: 500_00, paidAt: new Date().toISOString() };
    expect(await callback('vsk', nowhere)).toEqual({ status: 404, body: { error: true, result: 'refund_due', reason: 'unknown_contract', message: refundDueAnswer('unknown_contract') } });
    expect(await refundsOf('vsk', 'pay_nowhere_001')).toEqual([{ contract_id: null, reason: 'unknown_contract', amount_kopecks: '50000' }]);
    // Another insurer's contract is not this insurer's to pay.
    expect(await callback('ingos', { ...d.payment(wrong, 'pay_other_ins01') })).toMatchObject({ status: 404, body: { reason: 'unknown_contract' } });
  });

  test('races: a payment and a cancel at once — one wins and the other’s money is refund-due; two payments at once — one applied, the other refund-due; never «duplicate»', async () => {
    const contracts = await Promise.all([1, 2, 3].map(() => d.waitingForPayment('agent', 'sogaz')));
    await Promise.all(
      contracts.map(async (c, i) => {
        const [paid, cancel] = await Promise.all([callback('sogaz', d.payment(c, `pay_race_c_000${i}`)), d.req('admin', 'POST', `/api/v2/contracts/${c.id}/status`, { status: S.canceled })]);
        const status = await statusOf(c.id);
        if (paid.status === 200) {
          expect(paid.body.result).toBe('applied');
          // The cancel came after the payment: staff may cancel a paid contract, the ledger then reverses.
          expect(cancel.status).toBe(200);
          expect(status).toBe(S.canceled);
          expect((await ledgerOf(c.id)).reduce((n, l) => n + Number(l.amount_kopecks), 0)).toBe(0);
        } else {
          expect(paid).toMatchObject({ status: 409, body: { result: 'refund_due', reason: 'canceled' } });
          expect(await refundsOf('sogaz', `pay_race_c_000${i}`)).toHaveLength(1);
          expect(await ledgerOf(c.id)).toEqual([]);
        }
      }),
    );
    const c = await d.waitingForPayment('agent', 'sogaz');
    const answers = await Promise.all([callback('sogaz', d.payment(c, 'pay_race_p_0001')), callback('sogaz', d.payment(c, 'pay_race_p_0002'))]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(['applied', 'refund_due']);
    expect(answers.find((a) => a.body.result === 'refund_due')!.body.reason).toBe('already_paid');
    expect((await ledgerOf(c.id)).map((l) => l.kind)).toEqual(['commission']);
  });

  test('finance staff see a contract’s money on its page, live: its commission lines — «нет ставки» where no rate was in force — and the payments to return; agents and other staff get none', async () => {
    // The agent's level has no rate for this insurer any more: the sale is still recorded, as a line of 0 without a rate.
    const [{ level }] = await db().query<{ level: number }>(`SELECT rating_level AS level FROM users WHERE email = 'agent@oyster.test'`);
    const [{ id: renins }] = await db().query<{ id: string }>(`SELECT id FROM companies WHERE id_unicus = 'renins'`);
    await db().query('DELETE FROM commission_rates WHERE company_id = $1 AND level = $2', [renins, level]);
    const c = await d.waitingForPayment('agent', 'renins');
    const finance = connectSocket(r.url, r.tokens.finance);
    const seen: string[] = [];
    finance.on('contract_money', (e: { contractId: string }) => seen.push(e.contractId));
    await connected(finance);
    try {
      expect((await callback('renins', d.payment(c, 'pay_norate_0001'))).status).toBe(200);
      expect((await callback('renins', d.payment(c, 'pay_norate_0002'))).status).toBe(409);
      await d.until('agent', c.id, S.released);
      for (let i = 0; i < 50 && seen.filter((x) => x === c.id).length < 2; i++) await new Promise((res) => setTimeout(res, 20));
      expect(seen.filter((x) => x === c.id)).toHaveLength(2);
    } finally {
      finance.close();
    }
    for (const who of ['finance', 'admin'] as const) {
      const money = (await d.req(who, 'GET', `/api/v2/contracts/${c.id}`)).body.data.money;
      expect(money.lines).toEqual([{ kind: 'commission', kindTitle: 'КВ агента', agent: { id: expect.any(String), fio: expect.any(String) }, rateBp: null, rateReason: null, note: null, baseKopecks: c.premium, amountKopecks: 0, at: expect.any(String) }]);
      expect(money.refundDue).toEqual([
        { id: expect.any(String), paymentId: 'pay_norate_0002', companyCode: 'renins', amountKopecks: c.premium, reason: 'already_paid', reasonTitle: 'Договор уже оплачен другим платежом', paidAt: expect.any(String), recordedAt: expect.any(String) },
      ]);
    }
    for (const who of ['agent', 'supervisor', 'manager'] as const) expect((await d.req(who, 'GET', `/api/v2/contracts/${c.id}`)).body.data.money).toBeNull();
  });

  test('a paid sale accrues at the rate in force on its start date, the rate its offer showed; a sub-agent’s sale pays the owner’s override', async () => {
    const quote = (await d.req('agent', 'POST', '/api/v2/osago/calculate', d.calculation)).body.data.offers.find((o: { companyName: string }) => o.companyName === 'ВСК');
    expect(quote).toMatchObject({ commissionPercent: 14, agentCommission: { percent: 10, amount: commissionOf(quote.premium, 1000) } });
    const c = await d.waitingForPayment('subagent', 'vsk');
    expect((await callback('vsk', d.payment(c, 'pay_rates_00001'))).status).toBe(200);
    expect((await ledgerOf(c.id)).map((l) => [l.kind, l.rate_bp, Number(l.amount_kopecks)])).toEqual([
      ['commission', 1000, commissionOf(c.premium, 1000)],
      ['override', 200, commissionOf(c.premium, 200)],
    ]);
  });
});

describe.each(BACKENDS)('payment callbacks from the outside ($name)', (backend) => {
  test('failures count per address: past the limit a sender is answered 429 and nothing more is kept; another address and a correctly signed callback from the same one still go through', async () => {
    const r = await start(backend, { demoInsurerDelayMs: 0, trustProxy: 1, loginAddressRateLimit: { max: 5, windowMs: 60_000 } });
    try {
      const d = await contractsDriver(r.url, { agent: await signIn(r.url, 'agent') });
      const c = await d.waitingForPayment('agent', 'vsk');
      const pay = d.payment(c, 'pay_noise_00001');
      const noise = () => postCallback(r.url, 'vsk', pay, { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'1'.repeat(64)}`, forwardedFor: '203.0.113.7' });
      for (let i = 0; i < 5; i++) expect((await noise()).status).toBe(401);
      const count = async () => (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_callbacks'))[0].n;
      const before = await count();
      expect(await noise()).toEqual({ status: 429, body: { error: true, message: ERROR_TEXTS.tooManyRequests } });
      expect(await noise()).toMatchObject({ status: 429 });
      expect(await count()).toBe(before);
      // The insurer's own address is not locked out by someone else's noise…
      expect((await postCallback(r.url, 'vsk', pay, { signature: 't=1,v1=' + '2'.repeat(64), forwardedFor: '198.51.100.20' })).status).toBe(401);
      // …and a correctly signed callback is never limited, even from the noisy address.
      expect(await postCallback(r.url, 'vsk', pay, { forwardedFor: '203.0.113.7' })).toMatchObject({ status: 200, body: { result: 'applied' } });
      // (The policy's release runs after the answer: let it finish before the app stops.)
      await d.until('agent', c.id, S.released);
    } finally {
      await r.stop();
    }
  });

  test('outside demo mode: the insurers’ own secrets sign, the demo secrets do not, and there is no demo payment page', async () => {
    const secrets = Object.fromEntries(CODES.map((code) => [code, randomBytes(24).toString('hex')]));
    const r = await start(backend, { demoInsurerDelayMs: 0, demoMode: false, paymentSecrets: secrets });
    try {
      const d = await contractsDriver(r.url, { agent: await signIn(r.url, 'agent') });
      const c = await d.waitingForPayment('agent', 'vsk');
      const page = await fetch(`${r.url}/pay/${c.token}`);
      expect(page.status).toBe(404);
      expect((await fetch(`${r.url}/pay/${c.token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status).toBe(404);
      expect(await postCallback(r.url, 'vsk', d.payment(c, 'pay_demo_sec_01'))).toMatchObject({ status: 401, body: { message: PAYMENT_TEXTS.forged } });
      expect(await postCallback(r.url, 'vsk', d.payment(c, 'pay_real_sec_01'), { secret: secrets.vsk })).toMatchObject({ status: 200, body: { result: 'applied' } });
      await d.until('agent', c.id, S.released);
    } finally {
      await r.stop();
    }
  });

  test('in demo mode the demo page pays through the same signed callback', async () => {
    const r = await start(backend, { demoInsurerDelayMs: 0 });
    try {
      const d = await contractsDriver(r.url, { agent: await signIn(r.url, 'agent') });
      const c = await d.waitingForPayment('agent', 'ingos');
      expect((await fetch(`${r.url}/pay/${c.token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' })).status).toBe(303);
      await d.until('agent', c.id, S.released);
      const [mark] = await r.oyster.db.query<{ outcome: string; contract_id: string }>(`SELECT outcome, contract_id FROM payment_callbacks WHERE contract_id = $1`, [c.id]);
      expect(mark).toEqual({ outcome: 'applied', contract_id: c.id });
    } finally {
      await r.stop();
    }
  });
});

test('what is kept of a body: the digest and size of all of it, its text up to 2 KB cut at a character', () => {
  const raw = 'я'.repeat(1500); // 3000 bytes
  const k = keptBody(raw);
  expect(k.size).toBe(3000);
  expect(k.sha256).toBe(createHash('sha256').update(raw).digest('hex'));
  expect(Buffer.byteLength(k.head)).toBe(2048);
  expect(k.head).toBe('я'.repeat(1024));
  // A cut through a two-byte character drops the half, never keeps a broken one.
  const odd = keptBody(`a${raw}`);
  expect(odd.size).toBe(3001);
  expect(odd.head).toBe(`a${'я'.repeat(1023)}`);
  expect(keptBody('{"a":1}')).toMatchObject({ size: 7, head: '{"a":1}' });
  expect(SIGNATURE_HEADER).toBe('x-oyster-signature');
});
