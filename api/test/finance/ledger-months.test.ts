import { CONTRACT_STATUS as S, LEDGER_KINDS, type LedgerPage, type LedgerQuery, type LedgerTotals, type SessionUser } from '@oyster/shared-kit/domain';
import { loadUser, toSessionUser } from '../../src/platform/auth/users';
import { adjustCommission, reverseCommission } from '../../src/finance/ledger';
import { calculatePayouts } from '../../src/finance/payouts/calculate';
import { approveRegister, buildRegister, markPaid } from '../../src/finance/payouts/registers';
import { currentPeriod, ledgerPage, ledgerPeriods } from '../../src/finance/statement';
import { BACKENDS, call, signInAll, start, type Running } from '../support';

/**
 * КВ всех's totals (staff, no agent chosen) come from the ledger's sums per Moscow month × insurer × product ×
 * kind (migration 24: commission_ledger_months, kept by triggers) — and must be the very figures the lines
 * give one by one: carried in (earlier lines not paid), accrued, reversed, paid, owed after, lines, without a
 * rate. Checked on the demo data (its paid months), then after adjustments, reversals, a month's payouts
 * calculated and paid in two goes, a contract moved to another insurer, payouts wiped by TRUNCATE and lines
 * deleted — for every period with lines (and before, and after), each filter by insurer, product, kind and some
 * pairs, each with no status, «Ожидается» and «Выплачено».
 */
// Each test compares every period × filter × status with the lines one by one: up to 35 s on PGlite on a quiet
// machine, and over the default 60 s in a CI run on a machine at half its speed (2026-11-28).
jest.setTimeout(180_000);

describe.each(BACKENDS)('КВ всех: totals from the month sums ($name)', (backend) => {
  let r: Running;
  let tokens: Record<'admin' | 'finance', string>;
  const ids: Record<string, string> = {};
  let admin: { user: SessionUser };
  let finance: { user: SessionUser };
  const db = () => r.oyster.db;
  const everyQuery = Boolean(backend.databaseUrl) || !BACKENDS.some((b) => b.databaseUrl);

  beforeAll(async () => {
    r = await start(backend, { demoInsurerDelayMs: 0 });
    tokens = await signInAll(r.url, ['admin', 'finance'] as const);
    for (const u of await db().query<{ id: string; email: string }>('SELECT id, email FROM users')) ids[u.email.split('@')[0]] = u.id;
    admin = { user: toSessionUser((await loadUser(db(), ids.admin))!) };
    finance = { user: toSessionUser((await loadUser(db(), ids.finance))!) };
  });
  afterAll(() => r.stop());

  /** Every period with lines, the one before the first, the current one and the next; each with no filter and each filter and some pairs. */
  async function queries(): Promise<LedgerQuery[]> {
    const periods = (await ledgerPeriods(db(), admin)).map((p) => p.value).sort();
    const before = `${Number(periods[0].slice(0, 4)) - 1}-12`;
    const [y, m] = currentPeriod().split('-').map(Number);
    const after = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const companies = (await db().query<{ id: string }>('SELECT id FROM companies ORDER BY id')).map((c) => c.id);
    const products = (await db().query<{ product: string }>('SELECT DISTINCT product FROM contracts ORDER BY product')).map((p) => p.product);
    const filters: Omit<LedgerQuery, 'period'>[] = [
      {},
      ...companies.map((company) => ({ company })),
      ...products.map((product) => ({ product })),
      ...LEDGER_KINDS.map((kind) => ({ kind })),
      ...companies.slice(0, 3).flatMap((company) => [{ company, kind: 'commission' as const }, { company, product: products[0] }, { company, product: products[0], kind: 'commission_reversal' as const }]),
      { product: products[0], kind: 'adjustment' },
    ];
    // Each also by status: «Ожидается» and «Выплачено».
    const all = [before, ...periods, after].flatMap((period) => filters.flatMap((f) => [{ period, ...f }, { period, ...f, status: 'expected' as const }, { period, ...f, status: 'paid' as const }]));
    // The sums are kept by triggers and read by SQL, the same on either database; PGlite runs them about
    // twice as slow (199 s of a CI run against PostgreSQL's 92 s): with PostgreSQL in the run, PGlite checks
    // every fourth query (periods, filters and statuses interleave, so each still comes up).
    return everyQuery ? all : all.filter((_, i) => i % 4 === 0);
  }

  /** The staff list's totals (the month sums) against the lines summed one by one, for every query; answers how many had each figure non-zero. */
  async function expectSameTotals(who = admin) {
    const wrong: { query: LedgerQuery; months: LedgerTotals; lines: LedgerTotals }[] = [];
    const seen = { opening: 0, paid: 0, reversed: 0, noRate: 0, cases: 0 };
    for (const query of await queries()) {
      const months = (await ledgerPage(db(), who, { ...query, limit: 1 })).totals;
      const lines = (await ledgerPage(db(), who, { ...query, limit: 1 }, { lineByLine: true })).totals;
      if (JSON.stringify(months) !== JSON.stringify(lines)) wrong.push({ query, months, lines });
      seen.cases++;
      if (lines.openingKopecks) seen.opening++;
      if (lines.paidKopecks) seen.paid++;
      if (lines.reversedKopecks) seen.reversed++;
      if (lines.noRateLines) seen.noRate++;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    return seen;
  }

  const staffTotals = async (token: string, q: string): Promise<LedgerTotals> => {
    const res = await call(r.url, 'GET', `/api/v2/finance/ledger?${q}`, { token });
    expect(res.status).toBe(200);
    return (res.body.data as LedgerPage).totals;
  };

  test('the demo ledger (its finished months paid, the last one not): every period and filter the same as line by line', async () => {
    const seen = await expectSameTotals();
    // The comparison means something: money carried in and paid among the cases.
    expect(seen.opening).toBeGreaterThan(10);
    expect(seen.paid).toBeGreaterThan(10);
    expect(seen.cases).toBeGreaterThan(100);
  });

  test('GET /api/v2/finance/ledger as admin and finance reads the month sums (a changed sum shows), an agent chosen reads the lines', async () => {
    const period = currentPeriod();
    const [before] = [await staffTotals(tokens.admin, `period=${period}`)];
    const [{ agent }] = await db().query<{ agent: string }>('SELECT agent_id AS agent FROM commission_ledger ORDER BY id LIMIT 1');
    const oneAgent = await staffTotals(tokens.admin, `period=${period}&agent=${agent}`);
    await db().query(`UPDATE commission_ledger_months SET plus_kopecks = plus_kopecks + 1 WHERE month = ($1 || '-01')::date AND kind = 'commission' AND plus_kopecks > 0 AND ctid = (SELECT ctid FROM commission_ledger_months WHERE month = ($1 || '-01')::date AND kind = 'commission' AND plus_kopecks > 0 LIMIT 1)`, [period]);
    try {
      expect(await staffTotals(tokens.admin, `period=${period}`)).toEqual({ ...before, accruedKopecks: before.accruedKopecks + 1, netKopecks: before.netKopecks + 1, closingKopecks: before.closingKopecks + 1 });
      expect((await staffTotals(tokens.finance, `period=${period}`)).accruedKopecks).toBe(before.accruedKopecks + 1);
      expect(await staffTotals(tokens.admin, `period=${period}&agent=${agent}`)).toEqual(oneAgent);
    } finally {
      await db().query('SELECT commission_ledger_months_rebuild()');
    }
    expect(await staffTotals(tokens.admin, `period=${period}`)).toEqual(before);
  });

  test('adjustments (with and without a contract, plus and minus), reversals of paid and unpaid sales, a sale without a rate: the same', async () => {
    const [paidSale] = await db().query<{ contract_id: string; agent_id: string }>(
      `SELECT l.contract_id, l.agent_id FROM commission_ledger l JOIN payout_lines pl ON pl.ledger_id = l.id JOIN payouts p ON p.id = pl.payout_id
        WHERE p.status = 'paid' AND l.kind = 'commission' AND l.contract_id IS NOT NULL ORDER BY l.id LIMIT 1`,
    );
    const [unpaidSale] = await db().query<{ contract_id: string }>(
      `SELECT l.contract_id FROM commission_ledger l WHERE l.kind = 'commission' AND l.amount_kopecks > 0 AND NOT EXISTS (SELECT 1 FROM payout_lines pl WHERE pl.ledger_id = l.id)
          AND NOT EXISTS (SELECT 1 FROM commission_ledger x WHERE x.contract_id = l.contract_id AND x.kind LIKE '%reversal') ORDER BY l.id DESC LIMIT 1`,
    );
    expect(paidSale && unpaidSale).toBeTruthy();
    await db().tx(async (q) => {
      await adjustCommission(q, { agentId: paidSale.agent_id, amountKopecks: 12_345, reason: 'Бонус за объём' }, ids.finance);
      await adjustCommission(q, { agentId: paidSale.agent_id, amountKopecks: -2_500, reason: 'Удержание за ошибку', contractId: paidSale.contract_id }, ids.finance);
      await reverseCommission(q, paidSale.contract_id);
      await reverseCommission(q, unpaidSale.contract_id);
    });
    // A line without a rate, in an earlier month, and several lines in one statement.
    const [{ id: contract }] = await db().query<{ id: string }>(`SELECT id FROM contracts WHERE status = ${S.inAction} ORDER BY id LIMIT 1`);
    await db().query(
      `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks, event_key, at)
       VALUES ($1, $2, 'commission', NULL, 10000, 0, 'months-test-1', now() - interval '40 days'), ($1, $2, 'override', 100, 10000, 100, 'months-test-2', now() - interval '40 days')`,
      [contract, paidSale.agent_id],
    );
    const seen = await expectSameTotals();
    expect(seen.reversed).toBeGreaterThan(0);
    expect(seen.noRate).toBeGreaterThan(0);
    await expectSameTotals(finance);
  });

  test('the last finished month’s payouts calculated, paid in two goes (a whole register in one UPDATE): the same after each step', async () => {
    const [y, m] = currentPeriod().split('-').map(Number);
    const period = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const calc = await db().tx((q) => calculatePayouts(q, period, ids.finance));
    expect(calc.created).toBeGreaterThan(1);
    await db().query(`UPDATE payouts SET status = 'ready', receipt_amount_kopecks = gross_kopecks WHERE period = $1 AND status = 'awaiting_receipt'`, [period]);
    await expectSameTotals();
    const reg = await db().tx((q) => buildRegister(q, period, ids.finance));
    await db().tx((q) => approveRegister(q, reg.id, ids.finance2));
    expect(reg.payouts.length).toBeGreaterThan(1);
    const [first, ...rest] = reg.payouts.map((p) => p.id);
    const before = await staffTotals(tokens.admin, `period=${period}`);
    await db().tx((q) => markPaid(q, reg.id, [first]));
    const seen = await expectSameTotals();
    expect(seen.paid).toBeGreaterThan(0);
    await db().tx((q) => markPaid(q, reg.id, rest));
    await expectSameTotals();
    const after = await staffTotals(tokens.admin, `period=${period}`);
    expect(after.paidKopecks).toBeGreaterThan(before.paidKopecks);
  });

  test('a contract moved to another insurer (the only product is e-OSAGO) takes its lines’ sums with it', async () => {
    const [moved] = await db().query<{ id: string; company_id: string }>(
      `SELECT c.id, c.company_id FROM contracts c WHERE EXISTS (SELECT 1 FROM commission_ledger l JOIN payout_lines pl ON pl.ledger_id = l.id JOIN payouts p ON p.id = pl.payout_id
         WHERE l.contract_id = c.id AND p.status = 'paid') ORDER BY c.id LIMIT 1`,
    );
    const [other] = await db().query<{ id: string }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [moved.company_id]);
    await db().query(`UPDATE contracts SET company_id = $2 WHERE id = $1`, [moved.id, other.id]);
    await expectSameTotals();
  });

  test('the sums kept by the triggers are the ones rebuilt from scratch', async () => {
    const table = () => db().query(`SELECT month::text, company_id, product, kind, plus_kopecks::text, minus_kopecks::text, lines, no_rate,
                                           paid_plus_kopecks::text, paid_minus_kopecks::text, paid_lines, paid_no_rate
                                      FROM commission_ledger_months WHERE lines <> 0 OR paid_lines <> 0 ORDER BY 1, 2, 3, 4`);
    const kept = await table();
    expect(kept.length).toBeGreaterThan(10);
    await db().query('SELECT commission_ledger_months_rebuild()');
    expect(await table()).toEqual(kept);
  });

  test('payouts wiped by TRUNCATE (as tests do: no trigger of rows) and lines deleted: still the same', async () => {
    await db().query('TRUNCATE payout_lines, payouts, payout_registers');
    const seen = await expectSameTotals();
    expect(seen.paid).toBe(0);
    await db().query(`DELETE FROM commission_ledger WHERE id IN (SELECT id FROM commission_ledger ORDER BY id LIMIT 25)`);
    await db().query(`DELETE FROM commission_ledger WHERE kind = 'adjustment'`);
    await expectSameTotals();
  });
});
