import { newId, type Queryable } from '../platform/db.js';
import type { DemoSeed } from '../platform/context.js';

const HOUR = 3600 * 1000;

/**
 * Demo notifications: the agent has three unread and one read (the bell shows 3), the manager two
 * unread; spread over the last days so the page shows its order and dates.
 */
export async function seedNotifications(q: Queryable, demo: DemoSeed) {
  const now = Date.now();
  const note = (user: string, hoursAgo: number, title: string, body: string, read: boolean) =>
    q.query('INSERT INTO notifications (id, user_id, title, body, is_read, read_at, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)', [
      newId(),
      demo.users[user],
      title,
      body,
      read,
      read ? new Date(now - (hoursAgo - 1) * HOUR).toISOString() : null,
      new Date(now - hoursAgo * HOUR).toISOString(),
    ]);
  await note('agent', 2, 'Начислено вознаграждение за полис Е-ОСАГО', 'Вознаграждение появится в акте за текущий месяц.', false);
  await note('agent', 26, 'Запрос на Е-КАСКО взят в работу', 'Исполнитель свяжется с вами, если понадобятся сведения.', false);
  await note('agent', 50, 'Новый вебинар: продажи ипотечного страхования', 'Запись откроется за неделю до начала.', false);
  await note('agent', 24 * 6, 'Акт за прошлый месяц сформирован', 'Акт доступен в разделе финансов.', true);
  await note('manager', 3, 'Новый брокерский запрос: ДМС', 'Запрос ждёт исполнителя в очереди «Новые».', false);
  await note('manager', 30, 'Агент ответил в чате запроса', '', false);
}
