import { CLOSED_BROKER_REQUEST_STATUSES, brokerRequestStatusTitle, type SessionUser } from '@oyster/shared-kit/domain';
import type { Queryable } from '../platform/db.js';
import { agentIdsCondition } from '../platform/scope.js';

/**
 * The home page's counters (spec §3, §6 «Data loading»). They read tables of domains still to move in
 * (broker requests, payments, app registrations); each query moves with its domain (chats: communications).
 */
type Me = { user: SessionUser };

const CLOSED = CLOSED_BROKER_REQUEST_STATUSES.join(',');
const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];

/** A manager's broker requests: in work, new this and last month, done this month, open ones by status. */
export async function executorStatistics(q: Queryable, me: Me) {
  const [counts] = await q.query<{ open: number; month: number; prev: number; month_done: number }>(
    `SELECT count(*) FILTER (WHERE status NOT IN (${CLOSED}))::int AS open,
            count(*) FILTER (WHERE created_at >= date_trunc('month', now()))::int AS month,
            count(*) FILTER (WHERE created_at >= date_trunc('month', now()) - interval '1 month'
                               AND created_at < date_trunc('month', now()))::int AS prev,
            count(*) FILTER (WHERE status = 500 AND created_at >= date_trunc('month', now()))::int AS month_done
       FROM broker_requests WHERE executor_id = $1`,
    [me.user._id],
  );
  const byStatus = await q.query<{ status: number; n: number }>(
    `SELECT status, count(*)::int AS n FROM broker_requests
      WHERE executor_id = $1 AND status NOT IN (${CLOSED}) GROUP BY status ORDER BY status`,
    [me.user._id],
  );
  const now = new Date();
  return {
    date: now.toISOString(),
    month: MONTHS[now.getUTCMonth()],
    previousMonth: MONTHS[(now.getUTCMonth() + 11) % 12],
    statistics: [
      { name: 'Запросов в работе', value: counts.open },
      { name: 'Новых запросов в этом месяце', value: counts.month },
      { name: 'Новых запросов в прошлом месяце', value: counts.prev },
      { name: 'Завершено в этом месяце', value: counts.month_done },
      ...byStatus.map((s) => ({ name: brokerRequestStatusTitle(s.status), value: s.n })),
    ],
  };
}

/** Money, open broker requests and Oyster.app clients of the agents in the user's scope (platform/scope.ts). */
export async function paymentsInfo(q: Queryable, me: Me) {
  const scoped = () => {
    const params: unknown[] = [];
    return { where: agentIdsCondition(me, 'agent_id', params), params };
  };
  const pay = scoped();
  const [p] = await q.query<{ current_profit: string | number; paid: number; awaiting: number; cont: number }>(
    `SELECT coalesce(sum(amount_kopecks) FILTER (WHERE status = 'paid' AND created_at >= date_trunc('month', now())), 0)::text AS current_profit,
            count(*) FILTER (WHERE status = 'paid')::int AS paid,
            count(*) FILTER (WHERE status = 'await')::int AS awaiting,
            count(*) FILTER (WHERE status = 'continue')::int AS cont
       FROM payments WHERE ${pay.where}`,
    pay.params,
  );
  const br = scoped();
  const [requests] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM broker_requests WHERE status NOT IN (${CLOSED}) AND ${br.where}`,
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

