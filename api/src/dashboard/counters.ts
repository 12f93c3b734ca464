import { CLOSED_BROKER_REQUEST_STATUSES, CONTRACT_STATUS, brokerRequestStatusTitle, moscowMonthName, type SessionUser } from '@oyster/shared-kit/domain';
import type { Queryable } from '../platform/db.js';
import { agentIdsCondition } from '../platform/scope.js';
import { listedFor } from '../broker-requests/store.js';
import { inMoscowMonth } from '../platform/sql.js';

/**
 * The home page's counters (spec §3, §6 «Data loading»). They read tables of domains still to move in
 * (broker requests, app registrations) and the money of finance and sales; each query moves with its domain (chats: communications).
 * «This month» is the Moscow calendar month of `now` (platform/sql.ts inMoscowMonth, named by
 * shared-kit's moscowMonthName); `now` is a parameter so a test can stand at a month's edge.
 */
type Me = { user: SessionUser };

const CLOSED = CLOSED_BROKER_REQUEST_STATUSES.join(',');

/** A manager's broker requests: in work, new this and last month, done this month, open ones by status. */
export async function executorStatistics(q: Queryable, me: Me, now = new Date()) {
  const [counts] = await q.query<{ open: number; month: number; prev: number; month_done: number }>(
    `SELECT count(*) FILTER (WHERE status NOT IN (${CLOSED}))::int AS open,
            count(*) FILTER (WHERE ${inMoscowMonth('created_at', '$2')})::int AS month,
            count(*) FILTER (WHERE ${inMoscowMonth('created_at', '$2', -1)})::int AS prev,
            count(*) FILTER (WHERE status = 500 AND ${inMoscowMonth('created_at', '$2')})::int AS month_done
       FROM broker_requests WHERE executor_id = $1`,
    [me.user._id, now.toISOString()],
  );
  const byStatus = await q.query<{ status: number; n: number }>(
    `SELECT status, count(*)::int AS n FROM broker_requests
      WHERE executor_id = $1 AND status NOT IN (${CLOSED}) GROUP BY status ORDER BY status`,
    [me.user._id],
  );
  return {
    date: now.toISOString(),
    month: moscowMonthName(now),
    previousMonth: moscowMonthName(now, -1),
    statistics: [
      { name: 'Запросов в работе', value: counts.open },
      { name: 'Новых запросов в этом месяце', value: counts.month },
      { name: 'Новых запросов в прошлом месяце', value: counts.prev },
      { name: 'Завершено в этом месяце', value: counts.month_done },
      ...byStatus.map((s) => ({ name: brokerRequestStatusTitle(s.status), value: s.n })),
    ],
  };
}

/**
 * Money, open broker requests and Oyster.app clients of the agents in the user's scope (platform/scope.ts).
 * The money reads finance's ledger and payouts and sales' contracts (issue 24), never a table of its own:
 * «Доход за текущий месяц» — the ledger lines written in this Moscow month; «Оплаченные полисы» — contracts
 * accrued this month (their seller's commission line); «Ожидают оплаты» — contracts waiting for the client's
 * payment; «Выплаты в обработке» — payouts calculated and not yet paid (waiting for a receipt, ready, in a register).
 */
export async function paymentsInfo(q: Queryable, me: Me, now = new Date()) {
  const scoped = (...first: unknown[]) => {
    const params: unknown[] = [...first];
    return { where: agentIdsCondition(me, 'agent_id', params), params };
  };
  const month = scoped(now.toISOString());
  const [ledger] = await q.query<{ profit: string; paid: number }>(
    `SELECT coalesce(sum(amount_kopecks), 0)::text AS profit, count(DISTINCT contract_id) FILTER (WHERE kind = 'commission')::int AS paid
       FROM commission_ledger WHERE ${inMoscowMonth('at', '$1')} AND ${month.where}`,
    month.params,
  );
  const awaiting = scoped(CONTRACT_STATUS.waitingPayment);
  const [contracts] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM contracts WHERE status = $1 AND ${awaiting.where}`, awaiting.params);
  const pay = scoped();
  const [payouts] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM payouts WHERE status <> 'paid' AND ${pay.where}`, pay.params);
  const p = { current_profit: ledger.profit, paid: ledger.paid, awaiting: contracts.n, cont: payouts.n };
  const br = scoped();
  const [requests] = await q.query<{ n: number }>(
    // What the user's «Запросы» list holds (staff: only what was sent to the broker), still open.
    `SELECT count(*)::int AS n FROM broker_requests br WHERE br.status NOT IN (${CLOSED}) AND ${listedFor(me.user)} AND ${br.where}`,
    br.params,
  );
  const regs = scoped();
  const [apps] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_registrations WHERE ${regs.where}`, regs.params);
  return {
    currentProfit: Number(p.current_profit),
    countPayment: p.paid,
    countAwaitPayment: p.awaiting,
    openedBRCount: requests.n,
    countContinuePayment: p.cont,
    appRegistrations: apps.n,
  };
}

export async function unreadNotifications(q: Queryable, userId: string): Promise<number> {
  const [r] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT is_read', [userId]);
  return r.n;
}

