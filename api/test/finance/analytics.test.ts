import ExcelJS from 'exceljs';
import { ANALYTICS_QUICK_RANGES, CONTRACT_STATUS as S, quickRange, type AnalyticsFigures, type AnalyticsQuery, type AnalyticsReport, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { adjustCommission, reverseCommission } from '../../src/finance/ledger';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, expectOnly, signIn, startSignedIn, type SignedInApp } from '../support';
import { contractsDriver, plusDays, postCallback } from '../support/contracts';

/**
 * Аналитика (issue 26): who may read it (§6), whose figures each viewer gets, bad input, the XLSX file — and
 * the per-day sums of migration 34 kept exact: the report's figures against a full count over the contracts,
 * the ledger and the quotes, on the demo data and after a real sale paid, cancellations and ledger lines.
 */
const ALLOWED = ['admin', 'finance', 'supervisor'] as const;
type Who = DemoAccountKey;

describe.each(BACKENDS)('Аналитика ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const db = () => r.oyster.db;
  const ids: Record<string, string> = {};
  const today = moscowToday();
  const yearAgo = plusDays(today, -365);

  beforeAll(async () => {
    r = await startSignedIn(backend, ['admin', 'finance', 'supervisor', 'supervisorAppointed', 'manager', 'copywriter', 'broker', 'agent', 'newagent', 'owner', 'subagent'], { demoInsurerDelayMs: 0 });
    for (const u of await db().query<{ id: string; email: string }>('SELECT id, email FROM users')) ids[u.email.split('@')[0]] = u.id;
  }, 120_000);
  afterAll(() => r.stop());

  const qs = (q: Partial<AnalyticsQuery> & Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] != null)).toString();
  const report = async (who: Who, q: Partial<AnalyticsQuery>): Promise<AnalyticsReport> => {
    const res = await r.req(who, 'GET', `/api/v2/analytics?${qs(q)}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  /** The figures counted from the base tables one by one (no analytics_days), for the same period, filters and agents. */
  async function fullCount(q: AnalyticsQuery, agents: string[] | null): Promise<AnalyticsFigures> {
    const p: unknown[] = [q.from, q.to];
    const f = (c: string, agentCol: string, withCompany = true, withProduct = true) => {
      const w: string[] = [];
      if (withProduct && q.product) w.push(`${c}.product = '${q.product}'`);
      if (withCompany && q.company) w.push(`${c}.company_id = '${q.company}'`);
      if (q.agent) w.push(`${agentCol} = '${q.agent}'`);
      if (q.network) w.push(`${agentCol} IN (SELECT id FROM users WHERE broker_network_id = '${q.network}')`);
      if (agents) w.push(`${agentCol} = ANY(ARRAY[${agents.map((a) => `'${a}'`).join(',') || "''"}]::text[])`);
      return w.map((x) => ` AND ${x}`).join('');
    };
    const day = (col: string) => `(${col} AT TIME ZONE 'Europe/Moscow')::date BETWEEN $1::date AND $2::date`;
    const [c] = await db().query<Record<string, string | number>>(
      `SELECT (SELECT count(*) FROM contracts c WHERE ${day('c.created_at')}${f('c', 'c.agent_id')}) AS created,
              (SELECT count(*) FROM contracts c WHERE c.paid_at IS NOT NULL AND ${day('c.paid_at')}${f('c', 'c.agent_id')}) AS policies,
              (SELECT coalesce(sum(c.premium), 0) FROM contracts c WHERE c.paid_at IS NOT NULL AND ${day('c.paid_at')}${f('c', 'c.agent_id')}) AS premium,
              (SELECT count(*) FROM contracts c WHERE c.paid_at IS NOT NULL AND c.status = ${S.canceled} AND ${day('c.paid_at')}${f('c', 'c.agent_id')}) AS cancelled,
              (SELECT coalesce(sum(c.premium), 0) FROM contracts c WHERE c.paid_at IS NOT NULL AND c.status = ${S.canceled} AND ${day('c.paid_at')}${f('c', 'c.agent_id')}) AS cancelled_premium,
              (SELECT coalesce(sum(l.amount_kopecks), 0) FROM commission_ledger l LEFT JOIN contracts c ON c.id = l.contract_id WHERE ${day('l.at')}${f('c', 'l.agent_id')}) AS commission,
              (SELECT count(*) FROM osago_quotes o WHERE ${day('o.created_at')}${q.company ? ' AND false' : ''}${q.product && q.product !== 'eosago' ? ' AND false' : ''}${f('o', 'o.user_id', false, false)}) AS quotes`,
      p,
    );
    return {
      quotes: Number(c.quotes),
      created: Number(c.created),
      policies: Number(c.policies),
      premiumKopecks: Number(c.premium),
      cancelled: Number(c.cancelled),
      cancelledPremiumKopecks: Number(c.cancelled_premium),
      commissionKopecks: Number(c.commission),
    };
  }
  const only = (t: AnalyticsReport['totals']): AnalyticsFigures => {
    const { conversionBp: _c, ...rest } = t;
    return rest;
  };
  const sumOf = (rows: AnalyticsFigures[]): AnalyticsFigures =>
    rows.reduce(
      (a, x) => ({
        quotes: a.quotes + x.quotes,
        created: a.created + x.created,
        policies: a.policies + x.policies,
        premiumKopecks: a.premiumKopecks + x.premiumKopecks,
        cancelled: a.cancelled + x.cancelled,
        cancelledPremiumKopecks: a.cancelledPremiumKopecks + x.cancelledPremiumKopecks,
        commissionKopecks: a.commissionKopecks + x.commissionKopecks,
      }),
      { quotes: 0, created: 0, policies: 0, premiumKopecks: 0, cancelled: 0, cancelledPremiumKopecks: 0, commissionKopecks: 0 },
    );
  const pick = ({ quotes, created, policies, premiumKopecks, cancelled, cancelledPremiumKopecks, commissionKopecks }: AnalyticsFigures): AnalyticsFigures => ({
    quotes, created, policies, premiumKopecks, cancelled, cancelledPremiumKopecks, commissionKopecks,
  });

  /** Every filter the screen has, over the year and the last 30 days: the report equals the full count; the tables add up to the totals. */
  async function expectExact(who: Who = 'admin', agents: string[] | null = null) {
    const companies = (await db().query<{ id: string }>('SELECT DISTINCT company_id AS id FROM contracts WHERE company_id IS NOT NULL ORDER BY 1')).map((x) => x.id);
    const products = (await db().query<{ p: string }>('SELECT DISTINCT product AS p FROM contracts ORDER BY 1')).map((x) => x.p);
    const networks = (await db().query<{ id: string }>('SELECT id FROM broker_networks ORDER BY id')).map((x) => x.id);
    const base = [
      { from: yearAgo, to: today, bucket: 'month' as const },
      { ...quickRange('last30'), bucket: 'week' as const },
      { ...quickRange('today'), bucket: 'day' as const },
    ];
    const filters: Partial<AnalyticsQuery>[] = [{}, ...companies.map((company) => ({ company })), ...products.map((product) => ({ product })), ...networks.map((network) => ({ network })), { agent: ids.agent }, { agent: ids.owner, product: 'eosago' }];
    let nonEmpty = 0;
    for (const b of base) {
      for (const filter of filters) {
        const q = { ...b, ...filter } as AnalyticsQuery;
        const rep = await report(who, q);
        const full = await fullCount(q, agents);
        expect({ q, figures: only(rep.totals) }).toEqual({ q, figures: full });
        expect(pick(sumOf(rep.series))).toEqual(full);
        expect(pick(sumOf(rep.byProduct))).toEqual(full);
        expect(pick(sumOf(rep.byInsurer))).toEqual(full);
        expect(pick(sumOf(rep.byNetwork))).toEqual(full);
        if (full.policies) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(5);
  }

  test('who sees it (§6): administrators, finance controllers, supervisors without appointed-only — every other demo account 403', async () => {
    const q = qs({ ...quickRange('last30'), bucket: 'day' });
    await expectOnly(ALLOWED, (who) => r.req(who, 'GET', `/api/v2/analytics?${q}`));
    await expectOnly(ALLOWED, (who) => r.req(who, 'GET', '/api/v2/analytics/filters'));
    await expectOnly(ALLOWED, (who) => r.req(who, 'GET', `/api/v2/analytics/export?${q}&format=xlsx`));
    expect((await r.req(null, 'GET', `/api/v2/analytics?${q}`)).status).toBe(401);
  });

  test('the demo data: the report is the full count for every filter; the quick filters are Moscow days', async () => {
    for (const key of ANALYTICS_QUICK_RANGES) {
      const range = quickRange(key);
      expect(range.from <= range.to).toBe(true);
      expect(range.to <= today).toBe(true);
    }
    expect(quickRange('today')).toEqual({ from: today, to: today });
    expect(quickRange('last30').from).toBe(plusDays(today, -29));
    await expectExact('admin');
    const year = await report('finance', { from: yearAgo, to: today, bucket: 'month' });
    expect(year.totals.policies).toBeGreaterThan(0);
    expect(year.totals.commissionKopecks).toBeGreaterThan(0);
    expect(year.series.length).toBeGreaterThanOrEqual(12);
    expect(year.byAgent.length).toBeGreaterThan(0);
    expect(year.totals.conversionBp).toBe(Math.round((year.totals.policies * 10_000) / year.totals.created));
    expect(await report('supervisor', { from: yearAgo, to: today, bucket: 'month' })).toEqual(year);
  });

  test('a sale paid through the insurer’s callback, cancellations, reversals, adjustments and deleted lines: still exact, and the month sums of the ledger agree', async () => {
    const before = (await report('admin', { ...quickRange('today'), bucket: 'day' })).totals;
    const sales = contractsDriver(r.url, { agent: r.tokens.agent });
    const d = await sales;
    const c = await d.waitingForPayment('agent');
    const paid = await postCallback(r.url, c.code, d.payment(c, `analytics-${c.id}`));
    expect(paid.body.result).toBe('applied');
    let after = (await report('admin', { ...quickRange('today'), bucket: 'day' })).totals;
    for (let i = 0; i < 100 && after.commissionKopecks === before.commissionKopecks; i++) {
      await new Promise((res) => setTimeout(res, 50));
      after = (await report('admin', { ...quickRange('today'), bucket: 'day' })).totals;
    }
    expect(after.policies).toBe(before.policies + 1);
    expect(after.premiumKopecks).toBe(before.premiumKopecks + c.premium);
    expect(after.created).toBe(before.created + 1);
    expect(after.commissionKopecks).toBeGreaterThan(before.commissionKopecks);

    // Cancellations: paid ones cancelled with their commission reversed; an adjustment with and without a contract.
    const cancelled = await db().query<{ id: string }>(`SELECT id FROM contracts WHERE paid_at IS NOT NULL AND status = ${S.inAction} ORDER BY id LIMIT 3`);
    expect(cancelled.length).toBe(3);
    await db().tx(async (q) => {
      for (const { id } of cancelled) {
        await q.query(`UPDATE contracts SET status = ${S.canceled} WHERE id = $1`, [id]);
        await reverseCommission(q, id);
      }
      await adjustCommission(q, { agentId: ids.agent, amountKopecks: 50_000, reason: 'Бонус за объём' }, ids.finance);
      await adjustCommission(q, { agentId: ids.agent, amountKopecks: -1_000, reason: 'Удержание', contractId: c.id }, ids.finance);
    });
    // A whole statement of many rows: contracts of one agent handed to another, a premium corrected, some lines deleted.
    await db().query(`UPDATE contracts SET agent_id = $1 WHERE agent_id = $2 AND status = ${S.draft}`, [ids.agent, ids.subagent]);
    await db().query(`UPDATE contracts SET premium = premium + 100 WHERE id = $1`, [cancelled[0].id]);
    await db().query(`DELETE FROM commission_ledger l WHERE l.kind = 'adjustment' AND l.amount_kopecks = 50000`);
    await expectExact('admin');

    // The tables kept by the triggers (per agent, and without the agent) are the ones rebuilt from scratch; its months are the ledger's month sums.
    const table = () => db().query(`SELECT day::text, agent_id, company_id, product, quotes, created, policies, premium_kopecks::text, cancelled,
        cancelled_premium_kopecks::text, commission_kopecks::text FROM analytics_days
       WHERE quotes <> 0 OR created <> 0 OR policies <> 0 OR premium_kopecks <> 0 OR cancelled <> 0 OR commission_kopecks <> 0 ORDER BY 1, 2, 3, 4`);
    const allTable = () => db().query(`SELECT day::text, company_id, product, quotes, created, policies, premium_kopecks::text, cancelled,
        cancelled_premium_kopecks::text, commission_kopecks::text FROM analytics_days_all
       WHERE quotes <> 0 OR created <> 0 OR policies <> 0 OR premium_kopecks <> 0 OR cancelled <> 0 OR commission_kopecks <> 0 ORDER BY 1, 2, 3`);
    const kept = await table();
    const keptAll = await allTable();
    expect(kept.length).toBeGreaterThan(20);
    expect(keptAll.length).toBeGreaterThan(20);
    await db().query('SELECT analytics_days_rebuild()');
    expect(await table()).toEqual(kept);
    expect(await allTable()).toEqual(keptAll);
    const months = await db().query(`SELECT month::text, company_id, product, sum(plus_kopecks + minus_kopecks)::text AS k FROM commission_ledger_months GROUP BY 1, 2, 3 HAVING sum(plus_kopecks + minus_kopecks) <> 0 ORDER BY 1, 2, 3`);
    const ours = await db().query(`SELECT date_trunc('month', day)::date::text AS month, company_id, product, sum(commission_kopecks)::text AS k FROM analytics_days GROUP BY 1, 2, 3 HAVING sum(commission_kopecks) <> 0 ORDER BY 1, 2, 3`);
    expect(ours).toEqual(months);
  }, 120_000);

  test('scope: a supervisor in scope sees all; a personal user with canAnalyticsView sees only their own, their sub-agents’ and network’s', async () => {
    // The network owner made personal with the flag (a personal user with canAnalyticsView): their own scope.
    await db().query('UPDATE users SET is_personal = true, can_analytics_view = true WHERE id = $1', [ids.owner]);
    await db().query('UPDATE users SET can_analytics_view = true WHERE id = $1', [ids.manager]);
    try {
      const owner = await signIn(r.url, 'owner');
      const manager = await signIn(r.url, 'manager');
      const q = { from: yearAgo, to: today, bucket: 'month' as const };
      const get = async (token: string, extra: Partial<AnalyticsQuery> = {}) => {
        const res = await fetch(`${r.url}/api/v2/analytics?${qs({ ...q, ...extra })}`, { headers: { 'x-api-token': token } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: AnalyticsReport }).data;
      };
      const own = [ids.owner, ids.subagent];
      const mine = await get(owner);
      expect(mine.scope).toBe('own');
      expect(only(mine.totals)).toEqual(await fullCount(q, own));
      expect(mine.totals.policies).toBeGreaterThan(0);
      expect(mine.byAgent.map((a) => a.key).every((k) => own.includes(k!))).toBe(true);
      // Another agent chosen: nothing of theirs.
      const other = await get(owner, { agent: ids.agent });
      expect(other.totals.policies).toBe(0);
      expect(other.byAgent).toEqual([]);
      // A manager (sees every agent elsewhere) with the flag: only their own sales here — none.
      const managers = await get(manager);
      expect(managers.scope).toBe('own');
      expect(only(managers.totals)).toEqual(await fullCount(q, [ids.manager]));
      const all = await report('supervisor', q);
      expect(all.scope).toBe('all');
      expect(all.totals.policies).toBeGreaterThan(mine.totals.policies);
    } finally {
      await db().query('UPDATE users SET is_personal = false, can_analytics_view = false WHERE id = $1', [ids.owner]);
      await db().query('UPDATE users SET can_analytics_view = false WHERE id = $1', [ids.manager]);
    }
  });

  test('bad input: 400 in Russian naming the field', async () => {
    const bad: [string, string][] = [
      ['bucket=day', 'from'],
      ['from=2026-01-01&bucket=day', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['from=2024-01-01&to=2026-01-01', 'to'],
      ['from=2026-01-01&to=2026-01-31&bucket=year', 'bucket'],
      ['from=2026-01-01&to=2026-01-31&product=cars', 'product'],
      ['from=2026-01-01&to=2026-01-31&company=x', 'company'],
      ['from=2026-01-01&to=2026-01-31&network=1', 'network'],
      ['from=2026-01-01&to=2026-01-31&agent=zz', 'agent'],
    ];
    for (const [query, field] of bad) {
      const res = await r.req('admin', 'GET', `/api/v2/analytics?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toContain(`«${field}»`);
    }
    const res = await r.req('admin', 'GET', '/api/v2/analytics/export?from=2026-01-01&to=2026-01-31&format=pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('«format»');
  });

  test('export: an XLSX file named by the period, the totals and every table as on screen', async () => {
    const q = { from: yearAgo, to: today, bucket: 'month' as const };
    const rep = await report('finance', q);
    const res = await fetch(`${r.url}/api/v2/analytics/export?${qs({ ...q, format: 'xlsx' })}`, { headers: { 'x-api-token': r.tokens.finance } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1])).toBe(`Аналитика ${q.from.split('-').reverse().join('.')}–${q.to.split('-').reverse().join('.')}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Итоги', 'По месяцам', 'По продуктам', 'По страховщикам', 'По сетям', 'По агентам']);
    const totals = book.getWorksheet('Итоги')!;
    const valueOf = (title: string) => totals.getRows(1, totals.rowCount)!.find((row) => row.getCell(1).value === title)?.getCell(2).value;
    expect(valueOf('Полисы')).toBe(rep.totals.policies);
    expect(valueOf('Премии, ₽')).toBe(rep.totals.premiumKopecks / 100);
    expect(valueOf('КВ, ₽')).toBe(rep.totals.commissionKopecks / 100);
    expect(book.getWorksheet('По месяцам')!.rowCount).toBe(rep.series.length + 1);
    expect(book.getWorksheet('По агентам')!.getRow(2).getCell(1).value).toBe(rep.byAgent[0].title);
  });
});
