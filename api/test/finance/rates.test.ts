import { CONTRACT_STATUS as S, DEMO_ACCOUNT_KEYS } from '@oyster/shared-kit/domain';
import { commissionOf } from '../../src/finance/ledger';
import { levelSellers, payoutProblem, type RateLevel } from '../../src/finance/rates';
import { DEMO_INSURER_RATES_BP } from '../../src/finance/seed';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, call, expectOnly, signInAll, start, type Running } from '../support';
import { contractsDriver, plusDays, postCallback } from '../support/contracts';

/**
 * Commission rates (issue 23 «Dates and terms»): no rate set may pay out more on a sale than the insurer
 * pays the broker for it — the api refuses it naming the level; the demo's rates leave the broker a margin
 * on every insurer; a sale accrues at the version in force on its start date, the one its offer showed.
 */
describe.each(BACKENDS)('commission rates ($name)', (backend) => {
  let r: Running;
  let tokens: Record<(typeof DEMO_ACCOUNT_KEYS)[number], string>;
  const as = (key: keyof typeof tokens, method: string, path: string, body?: unknown) => call(r.url, method, path, { token: tokens[key], body });
  let vsk: string;
  const tomorrow = () => plusDays(moscowToday(), 1);
  const set = (over: Record<string, unknown> = {}) => ({
    companyId: vsk,
    product: 'eosago',
    validFrom: tomorrow(),
    insurerRateBp: 1400,
    levels: { agent: 1000, expert: 1100, broker: 1200 },
    ownerOverrideBp: 200,
    ...over,
  });

  beforeAll(async () => {
    r = await start(backend, { demoInsurerDelayMs: 0 });
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    [{ id: vsk }] = await r.oyster.db.query<{ id: string }>(`SELECT id FROM companies WHERE id_unicus = 'vsk'`);
  });
  afterAll(() => r.stop());

  test('the demo rates: every insurer pays the broker at least what the broker pays out on a sale (the best level plus the owner’s override)', async () => {
    const { finance } = await expectOnly(['admin', 'finance'], (key) => as(key, 'GET', '/api/v2/finance/commission-rates?product=eosago'));
    const sets = finance.body.data.rateSets as { companyName: string; insurerRateBp: number; levels: Record<string, number>; ownerOverrideBp: number }[];
    expect(sets).toHaveLength(Object.keys(DEMO_INSURER_RATES_BP).length);
    for (const s of sets) {
      const paidOut = Math.max(...Object.values(s.levels)) + s.ownerOverrideBp;
      expect({ insurer: s.companyName, margin: s.insurerRateBp - paidOut >= 0 }).toEqual({ insurer: s.companyName, margin: true });
    }
  });

  test('a rate set that pays out more than the insurer pays is refused, naming the level; a bad or past set is a 400 naming its field; only finance staff set rates', async () => {
    expect(await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ levels: { agent: 1000, expert: 1100, broker: 1300 } }))).toMatchObject({
      status: 400,
      body: {
        field: 'levels.broker',
        message: `Ставки с ${tomorrow().split('-').reverse().join('.')} выплачивают больше, чем платит страховщик: «Брокер» 13% + КВ владельца сети 2% = 15%, а страховщик платит 14%`,
      },
    });
    expect(await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ insurerRateBp: 1100 }))).toMatchObject({ status: 400, body: { field: 'levels.broker' } });
    expect(await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ validFrom: plusDays(moscowToday(), -1) }))).toMatchObject({
      status: 400,
      body: { field: 'validFrom', message: 'Поле «validFrom»: ставки не меняются задним числом — укажите сегодняшнюю или будущую дату' },
    });
    expect(await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ companyId: 'f'.repeat(24) }))).toMatchObject({ status: 400, body: { field: 'companyId' } });
    expect(await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ product: 'nothing' }))).toMatchObject({ status: 400, body: { field: 'product' } });
    expect(await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ insurerRateBp: 10.5 }))).toMatchObject({ status: 400, body: { field: 'insurerRateBp' } });
    expect(await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ levels: { agent: 1000, expert: 1100 } }))).toMatchObject({ status: 400, body: { field: 'levels.broker' } });
    // Nothing of the refused sets was written.
    const rows = await r.oyster.db.query('SELECT 1 FROM commission_rates WHERE company_id = $1 AND valid_from > $2::date', [vsk, moscowToday()]);
    expect(rows).toEqual([]);
    for (const key of DEMO_ACCOUNT_KEYS.filter((k) => k !== 'admin' && k !== 'finance')) {
      expect({ key, status: (await as(key, 'PUT', '/api/v2/finance/commission-rates', set())).status }).toEqual({ key, status: 403 });
    }
  });

  test('a new version from the day after tomorrow: a sale starting tomorrow keeps the old rate, one starting on the day is offered and accrues the new one', async () => {
    const from = plusDays(moscowToday(), 2);
    const saved = await as('finance', 'PUT', '/api/v2/finance/commission-rates', set({ validFrom: from, levels: { agent: 1100, expert: 1100, broker: 1200 } }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.rateSets.map((s: { validFrom: string; levels: { agent: number } }) => [s.validFrom, s.levels.agent])).toEqual([
      [from, 1100],
      ['2025-01-01', 1000],
    ]);
    const agent = { agent: tokens.agent };
    const today = await contractsDriver(r.url, agent, { startDate: tomorrow() });
    const next = await contractsDriver(r.url, agent, { startDate: from });
    const offer = async (drv: typeof today) => (await drv.req('agent', 'POST', '/api/v2/osago/calculate', drv.calculation)).body.data.offers.find((o: { companyId: string }) => o.companyId === vsk);
    expect((await offer(today)).agentCommission.percent).toBe(10);
    expect((await offer(next)).agentCommission.percent).toBe(11);
    for (const [drv, bp] of [[today, 1000], [next, 1100]] as const) {
      const c = await drv.waitingForPayment('agent', 'vsk');
      expect((await postCallback(r.url, 'vsk', drv.payment(c, `pay_rate_${bp}_001`))).status).toBe(200);
      await drv.until('agent', c.id, S.released);
      const [line] = await r.oyster.db.query<{ rate_bp: number; amount_kopecks: string }>(`SELECT rate_bp, amount_kopecks::text AS amount_kopecks FROM commission_ledger WHERE contract_id = $1 AND kind = 'commission'`, [c.id]);
      expect(line).toEqual({ rate_bp: bp, amount_kopecks: String(commissionOf(c.premium, bp)) });
    }
  });
});

test('the check runs over every day a rate changes: a later insurer version lower than what is paid out is found on its day; a template is checked within its dates', () => {
  const override = [{ from: '2026-01-01', bp: 200 }];
  const levels = levelSellers(
    new Map<RateLevel, { from: string; bp: number }[]>([
      [1, [{ from: '2026-01-01', bp: 1000 }]],
      [3, [{ from: '2026-01-01', bp: 1000 }, { from: '2026-06-01', bp: 1200 }]],
    ]),
  );
  expect(payoutProblem([{ from: '2026-01-01', bp: 1400 }], override, levels, '2026-01-01')).toBeNull();
  expect(payoutProblem([{ from: '2026-01-01', bp: 1300 }], override, levels, '2026-01-01')).toEqual({ field: 'levels.broker', message: expect.stringContaining('Ставки с 01.06.2026') });
  expect(payoutProblem([{ from: '2026-01-01', bp: 1400 }, { from: '2026-09-01', bp: 1100 }], override, levels, '2026-01-01')).toEqual({ field: 'levels.broker', message: expect.stringContaining('с 01.09.2026') });
  expect(payoutProblem([], override, levels, '2026-01-01')).toEqual({ field: 'levels.agent', message: 'С 01.01.2026 у страховщика нет ставки по этому продукту: выплаты агентам не с чего платить' });
  // A template of 13% until 31.03 is fine while the insurer pays 15%, not once it pays 14% from 01.03.
  const template = [{ label: 'персональный шаблон (Иванов Иван)', field: 'rateBp', versions: [{ from: '2026-01-01', to: '2026-03-31', bp: 1300 }] }];
  expect(payoutProblem([{ from: '2026-01-01', bp: 1500 }, { from: '2026-04-01', bp: 1400 }], override, template, '2026-01-01')).toBeNull();
  expect(payoutProblem([{ from: '2026-01-01', bp: 1500 }, { from: '2026-03-01', bp: 1400 }], override, template, '2026-01-01')).toEqual({
    field: 'rateBp',
    message: 'Ставки с 01.03.2026 выплачивают больше, чем платит страховщик: персональный шаблон (Иванов Иван) 13% + КВ владельца сети 2% = 15%, а страховщик платит 14%',
  });
});
