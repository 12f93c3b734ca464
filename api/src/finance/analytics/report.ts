import {
  ANALYTICS_TEXTS as T,
  ANALYTICS_TOP_AGENTS,
  CONTRACT_PRODUCT_TITLES,
  MONTH_NAMES,
  analyticsScope,
  shareBp,
  type AnalyticsFigures,
  type AnalyticsFilters,
  type AnalyticsQuery,
  type AnalyticsRenewals,
  type AnalyticsReport,
  type AnalyticsRow,
  type SessionUser,
} from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { Queryable } from '../../platform/db.js';
import { agentIdsCondition } from '../../platform/scope.js';
import { RENEWABLE_STATUSES } from '../../sales/renewals/store.js';

/**
 * Аналитика (issue 26): the figures of a period from analytics_days (migration 34: sums per Moscow day ×
 * agent × insurer × product, kept by triggers), in the viewer's scope (shared-kit analyticsScope: all, or
 * the scope module's `own`): see analyticsReport; renewals from the contracts (the renewal
 * worklist's statuses and end dates, its outcomes).
 */

const EMPTY: AnalyticsFigures = { quotes: 0, created: 0, policies: 0, premiumKopecks: 0, cancelled: 0, cancelledPremiumKopecks: 0, commissionKopecks: 0 };

/** The SQL of a bucket's first day from the Moscow day `d`. */
const BUCKET_SQL = { day: 'd.day', week: "date_trunc('week', d.day)::date", month: "date_trunc('month', d.day)::date" } as const;

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
/** The bucket's first day of the ISO day `day` (week: its Monday; month: its 1st). */
function bucketOf(day: string, bucket: AnalyticsQuery['bucket']): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0
  return isoDay(t - weekday * DAY_MS);
}
/** Every bucket of the period, in order (so the chart shows the empty ones as zero). */
export function bucketsOf(q: Pick<AnalyticsQuery, 'from' | 'to' | 'bucket'>): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${q.from}T00:00:00Z`), end = Date.parse(`${q.to}T00:00:00Z`); t <= end; t += DAY_MS) {
    const b = bucketOf(isoDay(t), q.bucket);
    if (out[out.length - 1] !== b) out.push(b);
  }
  return out;
}
const dm = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
/** How a bucket is named on the chart and in the file. */
export function bucketTitle(first: string, bucket: AnalyticsQuery['bucket']): string {
  if (bucket === 'day') return `${dm(first)}.${first.slice(0, 4)}`;
  if (bucket === 'week') return `неделя с ${dm(first)}.${first.slice(0, 4)}`;
  return `${MONTH_NAMES[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`;
}

/** The WHERE of the period, the filters and the scope over analytics_days `d` (or contracts, with `agentColumn`). */
function conditions(me: { user: SessionUser }, q: AnalyticsQuery, params: unknown[], cols: { day: [string, string] | null; agent: string; company: string; product: string }): string[] {
  const where: string[] = [];
  if (cols.day) {
    params.push(q.from, q.to);
    where.push(`${cols.day[0]} >= $${params.length - 1}::date`, `${cols.day[1]} <= $${params.length}::date`);
  }
  if (q.product) {
    params.push(q.product);
    where.push(`${cols.product} = $${params.length}`);
  }
  if (q.company) {
    params.push(q.company);
    where.push(`${cols.company} = $${params.length}`);
  }
  if (q.agent) {
    params.push(q.agent);
    where.push(`${cols.agent} = $${params.length}`);
  }
  if (q.network) {
    params.push(q.network);
    where.push(`${cols.agent} IN (SELECT nu.id FROM users nu WHERE nu.broker_network_id = $${params.length})`);
  }
  if (analyticsScope(me.user) === 'own') where.push(agentIdsCondition(me, cols.agent, params, 'own'));
  return where;
}

interface SumRow {
  g: number;
  b: string | null;
  product: string | null;
  company_id: string | null;
  quotes: number;
  created: number;
  policies: number;
  premium: string | number;
  cancelled: number;
  cancelled_premium: string | number;
  commission: string | number;
}
const figures = (r: Omit<SumRow, 'g' | 'b' | 'product' | 'company_id'>): AnalyticsFigures => ({
  quotes: Number(r.quotes),
  created: Number(r.created),
  policies: Number(r.policies),
  premiumKopecks: Number(r.premium),
  cancelled: Number(r.cancelled),
  cancelledPremiumKopecks: Number(r.cancelled_premium),
  commissionKopecks: Number(r.commission),
});
const SUMS = `sum(d.quotes)::int AS quotes, sum(d.created)::int AS created, sum(d.policies)::int AS policies, sum(d.premium_kopecks) AS premium,
  sum(d.cancelled)::int AS cancelled, sum(d.cancelled_premium_kopecks) AS cancelled_premium, sum(d.commission_kopecks) AS commission`;
const RESUM = `sum(a.quotes)::int AS quotes, sum(a.created)::int AS created, sum(a.policies)::int AS policies, sum(a.premium) AS premium,
  sum(a.cancelled)::int AS cancelled, sum(a.cancelled_premium) AS cancelled_premium, sum(a.commission) AS commission`;
// GROUPING(b, product, company_id): the bits of the columns NOT grouped by.
const G = { bucket: 0b011, product: 0b101, company: 0b110, total: 0b111 } as const;

/**
 * Two reads: the totals, buckets, products and insurers (GROUPING SETS) — from analytics_days_all (no agent: a few rows a
 * day) when the viewer sees every agent and chose neither an agent nor a network, else from analytics_days with the
 * agents' condition; and the period's sums per agent (analytics_days), from which the networks are summed and the best
 * agents taken, in the database.
 */
export async function analyticsReport(db: Queryable, me: { user: SessionUser }, q: AnalyticsQuery): Promise<AnalyticsReport> {
  const narrow = !!(q.agent || q.network) || analyticsScope(me.user) === 'own';
  const params: unknown[] = [];
  const where = conditions(me, q, params, { day: ['d.day', 'd.day'], agent: 'd.agent_id', company: 'd.company_id', product: 'd.product' });
  const rows = await db.query<SumRow>(
    `SELECT GROUPING(b, d.product, d.company_id) AS g, b::text AS b, d.product, d.company_id, ${SUMS}
       FROM ${narrow ? 'analytics_days' : 'analytics_days_all'} d CROSS JOIN LATERAL (SELECT ${BUCKET_SQL[q.bucket]} AS b) bk
      WHERE ${where.join(' AND ')}
      GROUP BY GROUPING SETS ((b), (d.product), (d.company_id), ())`,
    params,
  );
  const agentParams: unknown[] = [];
  const agentWhere = conditions(me, q, agentParams, { day: ['d.day', 'd.day'], agent: 'd.agent_id', company: 'd.company_id', product: 'd.product' });
  const people = await db.query<Omit<SumRow, 'g' | 'b' | 'product' | 'company_id'> & { kind: 'network' | 'agent'; key: string | null }>(
    `WITH a AS (SELECT d.agent_id, ${SUMS} FROM analytics_days d WHERE ${agentWhere.join(' AND ')} GROUP BY d.agent_id)
     SELECT 'network' AS kind, u.broker_network_id AS key, ${RESUM} FROM a JOIN users u ON u.id = a.agent_id GROUP BY u.broker_network_id
     UNION ALL
     (SELECT 'agent', a.agent_id, a.quotes, a.created, a.policies, a.premium, a.cancelled, a.cancelled_premium, a.commission FROM a
       ORDER BY a.premium DESC, a.commission DESC, a.created DESC, a.agent_id LIMIT ${ANALYTICS_TOP_AGENTS})`,
    agentParams,
  );
  const of = (g: number) => rows.filter((r) => Number(r.g) === g);
  const total = of(G.total)[0];
  const totals = total ? figures(total) : { ...EMPTY };

  const byBucket = new Map(of(G.bucket).map((r) => [r.b!, figures(r)]));
  const series: AnalyticsRow[] = bucketsOf(q).map((b) => ({ key: b, title: bucketTitle(b, q.bucket), ...(byBucket.get(b) ?? EMPTY) }));

  const byPremium = (a: AnalyticsRow, b: AnalyticsRow) => b.premiumKopecks - a.premiumKopecks || b.policies - a.policies || b.created - a.created || a.title.localeCompare(b.title, 'ru');
  const companies = of(G.company).map((r) => r.company_id).filter((x): x is string => !!x);
  const networkRows = people.filter((r) => r.kind === 'network');
  const topAgents = people.filter((r) => r.kind === 'agent').map((r) => ({ id: r.key!, f: figures(r) }));
  const [companyNames, networkNames, agentNames] = await Promise.all([
    names(db, 'SELECT id, short_name AS name FROM companies WHERE id = ANY($1::text[])', companies),
    names(db, 'SELECT id, name FROM broker_networks WHERE id = ANY($1::text[])', networkRows.map((r) => r.key).filter((x): x is string => !!x)),
    names(db, `SELECT id, ${fioSql('u')} AS name FROM users u WHERE id = ANY($1::text[])`, topAgents.map((a) => a.id)),
  ]);
  const productTitles = CONTRACT_PRODUCT_TITLES as Record<string, string>;
  return {
    query: q,
    scope: analyticsScope(me.user),
    totals: { ...totals, conversionBp: shareBp(totals.policies, totals.created) },
    series,
    byProduct: of(G.product).map((r) => ({ key: r.product, title: r.product ? productTitles[r.product] ?? r.product : T.noProduct, ...figures(r) })).sort(byPremium),
    byInsurer: of(G.company).map((r) => ({ key: r.company_id, title: r.company_id ? companyNames.get(r.company_id) ?? r.company_id : T.noInsurer, ...figures(r) })).sort(byPremium),
    byNetwork: networkRows.map((r) => ({ key: r.key, title: r.key ? networkNames.get(r.key) ?? r.key : T.noNetwork, ...figures(r) })).sort(byPremium),
    byAgent: topAgents.map((a) => ({ key: a.id, title: agentNames.get(a.id) ?? a.id, ...a.f })),
    renewals: await renewals(db, me, q),
  };
}

async function names(db: Queryable, sql: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  return new Map((await db.query<{ id: string; name: string }>(sql, [ids])).map((r) => [r.id, r.name]));
}

/**
 * The renewal and lost-client rates: policies in force or ended (the renewal worklist's, RENEWABLE_STATUSES)
 * whose end date is in the period, with the same filters and scope; their outcomes (renewal_outcomes).
 */
async function renewals(db: Queryable, me: { user: SessionUser }, q: AnalyticsQuery): Promise<AnalyticsRenewals> {
  const params: unknown[] = [];
  const where = conditions(me, q, params, { day: ['c.end_date', 'c.end_date'], agent: 'c.agent_id', company: 'c.company_id', product: 'c.product' });
  const [r] = await db.query<{ ended: number; here: number; elsewhere: number; lost: number }>(
    `SELECT count(*)::int AS ended, count(*) FILTER (WHERE o.outcome = 'renewed_here')::int AS here,
            count(*) FILTER (WHERE o.outcome = 'renewed_elsewhere')::int AS elsewhere, count(*) FILTER (WHERE o.outcome = 'lost')::int AS lost
       FROM contracts c LEFT JOIN renewal_outcomes o ON o.contract_id = c.id
      WHERE c.status IN (${RENEWABLE_STATUSES.join(', ')}) AND ${where.join(' AND ')}`,
    params,
  );
  return {
    ended: r.ended,
    renewedHere: r.here,
    renewedElsewhere: r.elsewhere,
    lost: r.lost,
    renewalRateBp: shareBp(r.here, r.ended),
    lostRateBp: shareBp(r.lost, r.ended),
  };
}

/** The filters' choices: insurers and networks (in the `own` scope, only the networks of one's agents). */
export async function analyticsFilters(db: Queryable, me: { user: SessionUser }): Promise<AnalyticsFilters> {
  const insurers = await db.query<{ id: string; name: string }>('SELECT id, short_name AS name FROM companies ORDER BY short_name, id');
  const params: unknown[] = [];
  const own = analyticsScope(me.user) === 'own' ? `WHERE n.id IN (SELECT su.broker_network_id FROM users su WHERE ${agentIdsCondition(me, 'su.id', params, 'own')})` : '';
  const networks = await db.query<{ id: string; name: string }>(`SELECT n.id, n.name FROM broker_networks n ${own} ORDER BY n.name, n.id`, params);
  return { insurers, networks };
}
