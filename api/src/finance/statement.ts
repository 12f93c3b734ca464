import {
  CONTRACT_PRODUCT_TITLES,
  LEDGER_KIND_TITLES,
  LEDGER_LINE_STATUS_TITLES,
  PAYOUT_STATUS_TITLES,
  ledgerPeriodTitle,
  type ContractProduct,
  type LedgerKind,
  type LedgerPage,
  type LedgerPeriod,
  type LedgerQuery,
  type LedgerRow,
  type LedgerTotals,
  type PayoutStatus,
  type SessionUser,
} from '@oyster/shared-kit/domain';
import { fioSql } from '../platform/auth/users.js';
import type { Queryable } from '../platform/db.js';
import { scopedAgentIds } from '../platform/scope.js';
import { isoTime, moscowMonthStart } from '../platform/sql.js';

/**
 * Мое КВ / КВ всех (issue 24): the commission ledger as its readers see it — the lines of the agents in
 * the viewer's scope (platform/scope.ts: an agent their own; a network owner also their sub-agents' and
 * their override on them; staff everyone they see), by Moscow month. Nothing here writes: the ledger is
 * written by ledger.ts only. A line is «ожидается» until the payout that took it (payouts/) is paid; each
 * line names its payout. The totals follow the lines as they stand now: what earlier periods left unpaid
 * (carried in), the period's accruals and reversals, what of them is paid, what is still owed.
 */

type Me = { user: SessionUser };

/** The moment a Moscow month 'YYYY-MM' starts, as SQL over a parameter holding 'YYYY-MM-01'. */
const monthStart = (param: string, offset = 0) => moscowMonthStart(`(${param}::date::timestamp AT TIME ZONE 'Europe/Moscow')`, offset);

/** The current Moscow month, 'YYYY-MM'. */
export function currentPeriod(now = new Date()): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 7);
}

/**
 * The periods with lines in the viewer's scope, and the current one, newest first. Staff (every agent): the
 * months found by hopping through commission_ledger_at_idx, one probe per month (a DISTINCT over the whole
 * ledger read every line: 2.4M lines, about a second); others: their agents' lines by commission_ledger_agent_idx.
 */
export async function ledgerPeriods(q: Queryable, me: Me, now = new Date()): Promise<LedgerPeriod[]> {
  const agents = await scopedAgentIds(q, me);
  const rows = agents
    ? await q.query<{ period: string }>(
        `SELECT DISTINCT to_char(l.at AT TIME ZONE 'Europe/Moscow', 'YYYY-MM') AS period FROM commission_ledger l WHERE l.agent_id = ANY($1::char(24)[])`,
        [agents],
      )
    : await q.query<{ period: string }>(
        // m.start: a Moscow month's first moment on Moscow's wall clock; the next one is the month of the first line after it ends.
        `WITH RECURSIVE m(start) AS (
           SELECT date_trunc('month', (SELECT min(at) FROM commission_ledger) AT TIME ZONE 'Europe/Moscow')
           UNION ALL
           SELECT date_trunc('month', (SELECT min(l.at) FROM commission_ledger l WHERE l.at >= (m.start + interval '1 month') AT TIME ZONE 'Europe/Moscow') AT TIME ZONE 'Europe/Moscow')
             FROM m WHERE m.start IS NOT NULL)
         SELECT to_char(start, 'YYYY-MM') AS period FROM m WHERE start IS NOT NULL`,
      );
  const periods = new Set([currentPeriod(now), ...rows.map((r) => r.period)]);
  return [...periods].sort().reverse().map((value) => ({ value, title: ledgerPeriodTitle(value) }));
}

export const encodeLedgerCursor = (at: string, id: string | number) => Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');
export function decodeLedgerCursor(cursor: string): { at: string; id: number } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return at && !Number.isNaN(Date.parse(at)) && /^\d{1,18}$/.test(id ?? '') ? { at, id: Number(id) } : null;
}

/** Whether line `l` is in a paid payout (the period's statement locked). */
const PAID = `EXISTS (SELECT 1 FROM payout_lines pl JOIN payouts pp ON pp.id = pl.payout_id WHERE pl.ledger_id = l.id AND pp.status = 'paid')`;

/**
 * The conditions every part of a page shares: the scope and the filters (not the period). The scope as the
 * ids of the viewer's agents read first (scopedAgentIds; null: staff see everyone), so the planner starts
 * from those agents' lines (commission_ledger_agent_idx): with agentIdsCondition's subquery it guessed
 * half the agents and read the whole ledger for an agent's own page (bench/finance-ledger.mjs, 5,000
 * agents: 140 → 3 ms).
 */
function filtersOf(agents: string[] | null, query: LedgerQuery, params: unknown[]): string[] {
  const where: string[] = [];
  const eq = (column: string, value: unknown) => {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  if (agents) {
    params.push(agents);
    where.push(`l.agent_id = ANY($${params.length}::char(24)[])`);
  }
  if (query.agent) eq('l.agent_id', query.agent);
  if (query.company) eq('c.company_id', query.company);
  if (query.product) eq('c.product', query.product);
  if (query.kind) eq('l.kind', query.kind);
  if (query.status) where.push(query.status === 'paid' ? PAID : `NOT ${PAID}`);
  return where;
}

interface LineRow {
  id: string | number;
  at: string | Date;
  kind: LedgerKind;
  agent_id: string;
  agent_fio: string;
  contract_id: string | null;
  note: string | null;
  policy_number: string | null;
  product: string;
  company_name: string | null;
  client_name: string | null;
  premium: string | number | null;
  rate_bp: number | null;
  rate_reason: string | null;
  base_kopecks: string | number;
  amount_kopecks: string | number;
  payout_id: string | number | null;
  payout_act: string | null;
  payout_period: string | null;
  payout_status: PayoutStatus | null;
}

function toRow(r: LineRow): LedgerRow {
  return {
    id: String(r.id),
    at: isoTime(r.at),
    kind: r.kind,
    kindTitle: LEDGER_KIND_TITLES[r.kind],
    agent: { id: r.agent_id, fio: r.agent_fio },
    contract: r.contract_id
      ? {
          id: r.contract_id,
          policyNumber: r.policy_number,
          productName: CONTRACT_PRODUCT_TITLES[r.product as ContractProduct] ?? r.product,
          companyName: r.company_name,
          clientName: r.client_name,
          premium: r.premium == null ? null : Number(r.premium),
        }
      : null,
    note: r.note,
    rateBp: r.rate_bp,
    rateReason: r.rate_reason,
    baseKopecks: Number(r.base_kopecks),
    amountKopecks: Number(r.amount_kopecks),
    status: r.payout_status === 'paid' ? 'paid' : 'expected',
    statusTitle: LEDGER_LINE_STATUS_TITLES[r.payout_status === 'paid' ? 'paid' : 'expected'],
    payout:
      r.payout_id == null
        ? null
        : { id: String(r.payout_id), actNumber: r.payout_act!, period: r.payout_period!, status: r.payout_status!, statusTitle: PAYOUT_STATUS_TITLES[r.payout_status!] },
  };
}

// LEFT: an adjustment may be tied to no contract (a filter on the contract's insurer or product leaves it out).
const FROM = `FROM commission_ledger l LEFT JOIN contracts c ON c.id = l.contract_id`;

type TotalsRow = { opening: string; accrued: string; reversed: string; paid: string; lines: number; no_rate: number };

/** The period's totals summed line by line over the scope and filters (`where`, `params`: $1 the period's first day). */
async function lineTotals(q: Queryable, where: string[], params: unknown[], inPeriod: string): Promise<TotalsRow> {
  const [t] = await q.query<TotalsRow>(
    `SELECT coalesce(sum(l.amount_kopecks) FILTER (WHERE l.at < ${monthStart('$1')} AND NOT ${PAID}), 0)::text AS opening,
            coalesce(sum(l.amount_kopecks) FILTER (WHERE ${inPeriod} AND ${PAID}), 0)::text AS paid,
            coalesce(sum(l.amount_kopecks) FILTER (WHERE ${inPeriod} AND l.amount_kopecks > 0), 0)::text AS accrued,
            coalesce(sum(l.amount_kopecks) FILTER (WHERE ${inPeriod} AND l.amount_kopecks < 0), 0)::text AS reversed,
            count(*) FILTER (WHERE ${inPeriod})::int AS lines,
            count(*) FILTER (WHERE ${inPeriod} AND l.rate_bp IS NULL)::int AS no_rate
       ${FROM} WHERE ${[...where, `l.at < ${monthStart('$1', 1)}`].join(' AND ')}`,
    params,
  );
  return t;
}

/** Of a commission_ledger_months row `m`: the sums (plus, minus, lines, without a rate) of the lines of each status filter, and of those paid. */
const MONTH_SUMS = {
  all: { plus: 'm.plus_kopecks', minus: 'm.minus_kopecks', lines: 'm.lines', noRate: 'm.no_rate' },
  paid: { plus: 'm.paid_plus_kopecks', minus: 'm.paid_minus_kopecks', lines: 'm.paid_lines', noRate: 'm.paid_no_rate' },
  expected: { plus: '(m.plus_kopecks - m.paid_plus_kopecks)', minus: '(m.minus_kopecks - m.paid_minus_kopecks)', lines: '(m.lines - m.paid_lines)', noRate: '(m.no_rate - m.paid_no_rate)' },
  none: { plus: '0', minus: '0', lines: '0', noRate: '0' },
} as const;

/**
 * The same totals when every agent is summed (staff, no agent chosen): from the lines' sums per Moscow month ×
 * insurer × product × kind (commission_ledger_months, kept by migration 24's triggers) — what is carried in
 * is every earlier month's lines less their paid ones. The line-by-line sum read the whole ledger (2.4M lines
 * for 100,000 agents: about a second); this reads a few hundred rows. The insurer and product filters leave
 * out the lines without a contract, as the join to contracts does; the status filter takes the paid lines'
 * sums («Выплачено») or the rest («Ожидается»).
 */
async function monthTotals(q: Queryable, query: LedgerQuery): Promise<TotalsRow> {
  const params: unknown[] = [`${query.period}-01`];
  const where = ['m.month <= $1::date'];
  for (const [column, value] of [['m.company_id', query.company], ['m.product', query.product], ['m.kind', query.kind]] as const) {
    if (!value) continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  // The lines counted, and the paid ones among them.
  const counted = MONTH_SUMS[query.status ?? 'all'];
  const paid = MONTH_SUMS[query.status === 'expected' ? 'none' : 'paid'];
  const [t] = await q.query<TotalsRow>(
    `SELECT coalesce(sum(${counted.plus} + ${counted.minus} - ${paid.plus} - ${paid.minus}) FILTER (WHERE m.month < $1::date), 0)::text AS opening,
            coalesce(sum(${paid.plus} + ${paid.minus}) FILTER (WHERE m.month = $1::date), 0)::text AS paid,
            coalesce(sum(${counted.plus}) FILTER (WHERE m.month = $1::date), 0)::text AS accrued,
            coalesce(sum(${counted.minus}) FILTER (WHERE m.month = $1::date), 0)::text AS reversed,
            coalesce(sum(${counted.lines}) FILTER (WHERE m.month = $1::date), 0)::int AS lines,
            coalesce(sum(${counted.noRate}) FILTER (WHERE m.month = $1::date), 0)::int AS no_rate
       FROM commission_ledger_months m WHERE ${where.join(' AND ')}`,
    params,
  );
  return t;
}

/**
 * A page of a period's lines (newest first, keyset by (at, id)) and the period's totals for the same filters:
 * for everyone with no agent chosen from the month sums (monthTotals), otherwise line by line (`lineByLine`:
 * always — what the month sums are checked against).
 */
export async function ledgerPage(q: Queryable, me: Me, query: LedgerQuery & { limit: number }, { lineByLine = false } = {}): Promise<LedgerPage> {
  const params: unknown[] = [`${query.period}-01`];
  const agents = await scopedAgentIds(q, me);
  const where = filtersOf(agents, query, params);
  const inPeriod = `l.at >= ${monthStart('$1')} AND l.at < ${monthStart('$1', 1)}`;
  const pageWhere = [...where, inPeriod];
  const pageParams = [...params];
  if (query.after) {
    const cursor = decodeLedgerCursor(query.after)!;
    pageParams.push(cursor.at, cursor.id);
    pageWhere.push(`(l.at, l.id) < ($${pageParams.length - 1}::timestamptz, $${pageParams.length})`);
  }
  pageParams.push(query.limit + 1);
  const rows = await q.query<LineRow>(
    `SELECT l.id, l.at, l.kind, l.agent_id, ${fioSql('u')} AS agent_fio, l.contract_id, l.note, c.policy_number, c.product, co.short_name AS company_name,
            c.client_name, c.premium, l.rate_bp, l.rate_reason, l.base_kopecks, l.amount_kopecks,
            po.id AS payout_id, po.act_number AS payout_act, po.period AS payout_period, po.status AS payout_status
       ${FROM} JOIN users u ON u.id = l.agent_id LEFT JOIN companies co ON co.id = c.company_id
       LEFT JOIN payout_lines pol ON pol.ledger_id = l.id LEFT JOIN payouts po ON po.id = pol.payout_id
      WHERE ${pageWhere.join(' AND ')} ORDER BY l.at DESC, l.id DESC LIMIT $${pageParams.length}`,
    pageParams,
  );
  const items = rows.slice(0, query.limit).map(toRow);
  const last = items[items.length - 1];
  const t = agents === null && !query.agent && !lineByLine ? await monthTotals(q, query) : await lineTotals(q, where, params, inPeriod);
  const opening = Number(t.opening);
  const accrued = Number(t.accrued);
  const reversed = Number(t.reversed);
  const paid = Number(t.paid);
  const totals: LedgerTotals = {
    period: query.period,
    openingKopecks: opening,
    accruedKopecks: accrued,
    reversedKopecks: reversed,
    netKopecks: accrued + reversed,
    paidKopecks: paid,
    closingKopecks: opening + accrued + reversed - paid,
    noRateLines: t.no_rate,
    lines: t.lines,
  };
  return { items, next: rows.length > query.limit && last ? encodeLedgerCursor(last.at, last.id) : null, totals };
}
