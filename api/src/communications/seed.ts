import { BOUGHT_CONTRACT_STATUSES } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import type { DemoSeed } from '../platform/context.js';
import { addMessage, ensureClientChat, ensureSupportChat } from './chats/store.js';

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

/**
 * Demo chats, real conversations: agent@ asked support, manager@ took it and answered, and agent@'s
 * follow-up waits (open, manager@'s); agent1@'s question waits for anyone (open, nobody's); owner@'s
 * question was answered by manager2@ and closed. agent@ has one staff answer unread. Oyster.app's
 * clients: agent@'s Сидоров Пётр asked and waits; owner@'s Белый Антон was answered and closed.
 */
export async function seedChats(q: Queryable, demo: DemoSeed) {
  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000);
  const chatIdOf = async (key: string) => (await q.query<{ chat_id: string }>('SELECT chat_id FROM users WHERE id = $1', [demo.users[key]]))[0].chat_id;
  const agent = await chatIdOf('agent');
  const agent1 = await chatIdOf('agent0');
  const owner = await chatIdOf('owner');
  const say = (chatId: string, who: string, side: 'agent' | 'staff', text: string, minutesAgo: number) =>
    addMessage(q, { chatId, authorId: demo.users[who], side, text, clientKey: null, at: ago(minutesAgo) });

  await ensureSupportChat(q, demo.users.agent, agent);
  await say(agent, 'agent', 'agent', 'Здравствуйте! Клиент оплатил Е-ОСАГО, а полис всё ещё «Ожидает оплаты». Что делать?', 180);
  await q.query('UPDATE chats SET manager_id = $2 WHERE id = $1', [agent, demo.users.manager]);
  await say(agent, 'manager', 'staff', 'Добрый день! Страховщик подтверждает оплату до 15 минут, статус сменится сам. Если через час не сменится — напишите номер договора.', 170);
  await q.query('UPDATE chats SET agent_read_seq = last_seq WHERE id = $1', [agent]);
  await say(agent, 'agent', 'agent', 'Спасибо! И ещё вопрос: где взять акт за прошлый месяц?', 30);
  await say(agent, 'manager', 'staff', 'Акт появится в разделе «Мое КВ» после сверки, обычно до 5 числа.', 10);

  await ensureSupportChat(q, demo.users.agent0, agent1);
  await say(agent1, 'agent0', 'agent', 'Подскажите, можно ли оформить ОСАГО на автомобиль с иностранными номерами?', 45);

  await ensureSupportChat(q, demo.users.owner, owner);
  await say(owner, 'owner', 'agent', 'Как добавить нового субагента в мою сеть?', 60 * 26);
  await q.query('UPDATE chats SET manager_id = $2 WHERE id = $1', [owner, demo.users.manager2]);
  await say(owner, 'manager2', 'staff', 'Пришлите ФИО и e-mail субагента — заведём и привяжем к вашей сети.', 60 * 25);
  await q.query('UPDATE chats SET is_open = false, agent_read_seq = last_seq WHERE id = $1', [owner]);

  // Oyster.app's clients (registered through agents; the app's own ids are what its backend calls them by).
  const registered: Record<string, { id: string; agentId: string; name: string }> = {};
  // Сидоров and Белый came with the phone of one of their agent's paid contracts: «what each bought» (issue 25)
  // shows it; Кравец registered without a phone (an app of before issue 25), so nothing of hers can be told.
  const paidPhone = async (agentId: string, skip: number) =>
    (await q.query<{ phone: string | null }>(
      `SELECT right(regexp_replace(details->'contacts'->>'phone', '[^0-9]', '', 'g'), 10) AS phone FROM contracts
        WHERE agent_id = $1 AND status = ANY($3::int[]) AND details->'contacts'->>'phone' IS NOT NULL ORDER BY created_at DESC, id OFFSET $2 LIMIT 1`,
      [agentId, skip, BOUGHT_CONTRACT_STATUSES],
    ))[0]?.phone ?? null;
  for (const [agent, name, appClientId, withPhone] of [['agent', 'Сидоров Пётр', 'demo-sidorov', true], ['agent', 'Кравец Мария', 'demo-kravets', false], ['owner', 'Белый Антон', 'demo-bely', true]] as const) {
    const id = newId();
    const phone = withPhone ? await paidPhone(demo.users[agent], 0) : null;
    await q.query('INSERT INTO app_registrations (id, agent_id, client_name, app_client_id, created_at, client_phone) VALUES ($1, $2, $3, $4, $5, $6)', [id, demo.users[agent], name, appClientId, ago(60 * 24 * 3), phone]);
    registered[appClientId] = { id, agentId: demo.users[agent], name };
  }
  // Two client chats for manager2@ (canChatWithClients): Сидоров's question waits; Белый's was answered and closed.
  const clientSays = (chatId: string, text: string, minutesAgo: number) =>
    addMessage(q, { chatId, authorId: null, side: 'client', text, clientKey: null, at: ago(minutesAgo) });
  const sidorov = await ensureClientChat(q, registered['demo-sidorov']);
  await clientSays(sidorov, 'Здравствуйте! Полис ОСАГО пришёл на почту, а в приложении его нет. Где посмотреть?', 25);
  const bely = await ensureClientChat(q, registered['demo-bely']);
  await clientSays(bely, 'Можно ли продлить полис заранее, за месяц до окончания?', 60 * 30);
  await q.query('UPDATE chats SET manager_id = $2 WHERE id = $1', [bely, demo.users.manager2]);
  await say(bely, 'manager2', 'staff', 'Да, за 30 дней до окончания: ваш агент пришлёт ссылку на оплату нового полиса.', 60 * 29);
  await q.query('UPDATE chats SET is_open = false, agent_read_seq = last_seq WHERE id = $1', [bely]);
}

/**
 * Demo webinars, at times relative to the seeding: one in three days agent@ signed up for (its reminder
 * armed), one next week nobody has yet, one postponed (agent@ signed up before), one held last week that
 * agent@ watched. The conference links are the broker's demo rooms.
 */
export async function seedWebinars(q: Queryable, demo: DemoSeed) {
  const now = Date.now();
  const day = 24 * HOUR;
  // On the hour, Moscow time (UTC+3): 11:00 МСК is 08:00 UTC.
  const at = (days: number, moscowHour: number) => {
    const d = new Date(now + days * day);
    d.setUTCHours(moscowHour - 3, 0, 0, 0);
    return d.toISOString();
  };
  const webinar = async (w: { title: string; description: string; startsAt: string; duration: number; platform: string; room: string; removed?: boolean; announced?: boolean }) => {
    const id = newId();
    await q.query(
      `INSERT INTO webinars (id, title, description, starts_at, duration_min, platform, conference_link, removed, announced_at, created_by) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [id, w.title, w.description, w.startsAt, w.duration, w.platform, `https://webinar.oyster.test/room/${w.room}`, !!w.removed, w.announced ? new Date(now - day).toISOString() : null, demo.users.copywriter],
    );
    if (!w.removed) await q.query(`INSERT INTO webinar_jobs (webinar_id, kind, run_at, done_at) VALUES ($1, 'reminder', $2::timestamptz - interval '10 minutes', $3)`, [id, w.startsAt, Date.parse(w.startsAt) < now ? w.startsAt : null]);
    return id;
  };
  const signUp = (webinarId: string, user: string, watched = false) =>
    q.query('INSERT INTO webinar_registrations (webinar_id, user_id, signed_up_at, watched_at) VALUES ($1, $2, $3, $4)', [webinarId, demo.users[user], new Date(now - 2 * day).toISOString(), watched ? new Date(now - 6 * day).toISOString() : null]);

  const osago = await webinar({
    title: 'Е-ОСАГО с 1 сентября: новые коэффициенты и как объяснить их клиенту',
    description: 'Разберём изменения базовых ставок и КБМ, частые вопросы клиентов и ответы на них. В конце — ответы на вопросы агентов.',
    startsAt: at(3, 11),
    duration: 60,
    platform: 'Контур.Толк',
    room: 'eosago-2026',
    announced: true,
  });
  await signUp(osago, 'agent');
  await webinar({
    title: 'Ипотечное страхование: как продать полис при рефинансировании',
    description: 'Требования банков к полису, перенос страхования при рефинансировании, расчёт премии по остатку долга.',
    startsAt: at(8, 15),
    duration: 90,
    platform: 'Zoom',
    room: 'ipoteka-refinance',
  });
  const postponed = await webinar({
    title: 'КАСКО для автопарков: сбор данных для андеррайтера',
    description: 'Какие сведения о парке просит страховщик и как оформить брокерский запрос без возвратов.',
    startsAt: at(5, 14),
    duration: 60,
    platform: 'Контур.Толк',
    room: 'kasko-fleet',
    removed: true,
    announced: true,
  });
  await signUp(postponed, 'agent');
  const held = await webinar({
    title: 'ВЗР: страхование выезжающих за рубеж в сезон отпусков',
    description: 'Программы, франшизы и исключения; как выбрать страховщика под страну поездки.',
    startsAt: at(-6, 12),
    duration: 60,
    platform: 'Zoom',
    room: 'vzr-season',
    announced: true,
  });
  await signUp(held, 'agent', true);
}
