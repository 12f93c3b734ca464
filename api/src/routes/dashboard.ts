import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.js';
import { ensure, requireUser, type Authed } from '../auth/guard.js';
import { CLOSED_BR_STATUSES } from '../auth/users.js';

const CLOSED = CLOSED_BR_STATUSES.join(',');
const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];
const BR_STATUS_NAMES: Record<number, string> = {
  50: 'Пустой', 100: 'Черновик', 110: 'Запрос отправлен', 125: 'Подготовлен', 150: 'Расчёт',
  180: 'Расчёт завершён', 200: 'Сохранён', 300: 'Ожидает согласия клиента', 325: 'Ожидает согласия исполнителя',
  350: 'Оплата проверена', 500: 'Завершён', 11000: 'Не состоялся',
};

/**
 * Whose money and requests a user sees: senior staff see everyone; anyone else sees their own,
 * their sub-agents' and, for a broker-network owner, the network's. $1 = user id, $2 = all.
 */
const AGENT_SCOPE = `($2::boolean OR agent_id IN (
  SELECT id FROM users WHERE id = $1 OR parent_agent_id = $1
     OR broker_network_id IN (SELECT id FROM broker_networks WHERE owner_user_id = $1)))`;

export function dashboardRoutes(app: FastifyInstance, { db }: RouteContext) {
  app.get('/api/v2/statistics/widget', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canLoadStatisticsWidget);
    const [counts] = await db.query<{ open: number; month: number; prev: number; month_done: number }>(
      `SELECT count(*) FILTER (WHERE status NOT IN (${CLOSED}))::int AS open,
              count(*) FILTER (WHERE created_at >= date_trunc('month', now()))::int AS month,
              count(*) FILTER (WHERE created_at >= date_trunc('month', now()) - interval '1 month'
                                 AND created_at < date_trunc('month', now()))::int AS prev,
              count(*) FILTER (WHERE status = 500 AND created_at >= date_trunc('month', now()))::int AS month_done
         FROM broker_requests WHERE executor_id = $1`,
      [me.user._id],
    );
    const byStatus = await db.query<{ status: number; n: number }>(
      `SELECT status, count(*)::int AS n FROM broker_requests
        WHERE executor_id = $1 AND status NOT IN (${CLOSED}) GROUP BY status ORDER BY status`,
      [me.user._id],
    );
    const now = new Date();
    return {
      statistics: {
        date: now.toISOString(),
        month: MONTHS[now.getUTCMonth()],
        previousMonth: MONTHS[(now.getUTCMonth() + 11) % 12],
        statistics: [
          { name: 'Запросов в работе', value: counts.open },
          { name: 'Новых запросов в этом месяце', value: counts.month },
          { name: 'Новых запросов в прошлом месяце', value: counts.prev },
          { name: 'Завершено в этом месяце', value: counts.month_done },
          ...byStatus.map((s) => ({ name: BR_STATUS_NAMES[s.status] ?? `Статус ${s.status}`, value: s.n })),
        ],
      },
    };
  });

  app.get('/api/v2/get-info-payments/', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canLoadPaymentsInfo);
    const params = [me.user._id, me.can.isSeniorStaff];
    const [p] = await db.query<{ current_profit: string | number; paid: number; awaiting: number; cont: number }>(
      `SELECT coalesce(sum(amount_kopecks) FILTER (WHERE status = 'paid' AND created_at >= date_trunc('month', now())), 0)::text AS current_profit,
              count(*) FILTER (WHERE status = 'paid')::int AS paid,
              count(*) FILTER (WHERE status = 'await')::int AS awaiting,
              count(*) FILTER (WHERE status = 'continue')::int AS cont
         FROM payments WHERE ${AGENT_SCOPE}`,
      params,
    );
    const [br] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM broker_requests WHERE status NOT IN (${CLOSED}) AND ${AGENT_SCOPE}`,
      params,
    );
    const [apps] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_registrations WHERE ${AGENT_SCOPE}`, params);
    return {
      data: {
        currentProfit: Number(p.current_profit),
        countPayment: p.paid,
        countAwaitPayment: p.awaiting,
        openedBRCount: br.n,
        countContinuePayment: p.cont,
        appRegistrations: apps.n,
      },
    };
  });

  app.get('/api/v2/notifications/count-not-read', async (req) => {
    const me = await requireUser(db, req);
    const [r] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT is_read',
      [me.user._id],
    );
    return { count: r.n };
  });

  app.get('/api/v2/chats/opened-count', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canLoadOpenChatsCount);
    return chatCounts(db, me);
  });
}

/** Also sent over the socket as `chats` {action:'update_chats_counts_opened'}. */
export async function chatCounts(db: RouteContext['db'], me: Pick<Authed, 'user'>) {
  const [r] = await db.query<{ agent: number; client: number; total: number }>(
    `SELECT count(*) FILTER (WHERE kind = 'agent')::int AS agent,
            count(*) FILTER (WHERE kind = 'client')::int AS client,
            count(*)::int AS total
       FROM chats WHERE is_open AND (agent_id = $1 OR manager_id = $1)`,
    [me.user._id],
  );
  return {
    chatsOpenedCount: r.total,
    // Staff count a kind only when they are allowed to chat with that side.
    agentChats: me.user.isPersonal && !me.user.canChatWithAgents ? 0 : r.agent,
    clientChats: me.user.isPersonal && !me.user.canChatWithClients ? 0 : r.client,
  };
}
