import bcrypt from 'bcryptjs';
import type { Db, Queryable } from '../db/index.js';
import { newId } from '../db/index.js';
import { seedLearning } from '../learning/seed.js';

export const DEMO_PASSWORD = 'Oyster2026!';

const COMPANIES: [string, string][] = [
  ['ingos', 'Ингосстрах'], ['reso', 'РЕСО-Гарантия'], ['alfa', 'АльфаСтрахование'],
  ['sogaz', 'СОГАЗ'], ['renins', 'Ренессанс Страхование'], ['vsk', 'ВСК'],
];

const PRODUCTS: [string, string, string, string][] = [
  ['eosago', 'eosago', 'Е-ОСАГО', 'Электронный полис ОСАГО за 3 минуты'],
  ['ekasko', 'ekasko', 'Е-КАСКО', 'Добровольное страхование автомобиля'],
  ['dsago', 'dsago', 'ДСАГО', 'Добровольная автогражданская ответственность'],
  ['ipoteka', 'ipoteka', 'Ипотека', 'Страхование при ипотечном кредите'],
  ['ifl', 'ifl', 'Имущество ФЛ — квартира', 'Страхование квартиры'],
  ['ifl_house', 'ifl_house', 'Имущество ФЛ — дом', 'Страхование дома'],
  ['dms', 'dms', 'ДМС', 'Добровольное медицинское страхование'],
  ['lpu', 'lpu', 'ЛПУ', 'Договоры с лечебными учреждениями'],
  ['critical', 'critical', 'Критические заболевания (ОНКО)', 'Страхование от критических заболеваний'],
  ['ns', 'ns', 'Несчастный случай', 'Страхование от несчастных случаев'],
  ['nsg', 'nsg', 'НСЖ', 'Накопительное страхование жизни'],
  ['isg', 'isg', 'ИСЖ', 'Инвестиционное страхование жизни'],
  ['vzr', 'vzr', 'ВЗР', 'Страхование выезжающих за рубеж'],
  ['go_fl', 'go_fl', 'ГО ФЛ', 'Гражданская ответственность физических лиц'],
  ['other', 'other', 'Другое', 'Иные виды страхования'],
];

const DICTIONARIES: [string, string, [string, string][]][] = [
  ['origin', 'opf', [['FL', 'Физическое лицо'], ['IP', 'Индивидуальный предприниматель'], ['SZ', 'Самозанятый'], ['YL', 'Юридическое лицо']]],
  ['origin', 'agent-status', [['0', 'Активен'], ['1', 'Заблокирован']]],
  ['origin', 'rating-level', [['1', 'Агент'], ['2', 'Эксперт'], ['3', 'Брокер']]],
  ['origin', 'order-options', [['ЧГ', 'ЧГ'], ['ЧГЭ', 'ЧГЭ'], ['ЧБ', 'ЧБ'], ['ИП', 'ИП']]],
];

interface DemoUser {
  key: string;
  email: string;
  roles: string[];
  names: [string, string, string]; // second (surname), first, middle
  opf?: 'FL' | 'IP' | 'SZ' | 'YL';
  personal?: boolean;
  network?: 'north' | 'volga';
  parent?: string;
  flags?: Partial<Record<'can_chat_with_agents' | 'can_chat_with_clients' | 'can_view_only_appointed_agents' | 'can_analytics_view' | 'is_sub_agent' | 'is_blocked', boolean>>;
}

const ACCOUNTS: DemoUser[] = [
  { key: 'admin', email: 'admin@oyster.test', roles: ['admin'], names: ['Смирнов', 'Алексей', 'Викторович'], personal: true, flags: { can_analytics_view: true, can_chat_with_agents: true } },
  { key: 'manager', email: 'manager@oyster.test', roles: ['agent_manager'], names: ['Кузнецова', 'Ольга', 'Сергеевна'], personal: true, flags: { can_chat_with_agents: true } },
  { key: 'manager2', email: 'manager2@oyster.test', roles: ['agent_manager'], names: ['Попов', 'Дмитрий', 'Андреевич'], personal: true, flags: { can_chat_with_agents: true, can_chat_with_clients: true } },
  { key: 'supervisor', email: 'supervisor@oyster.test', roles: ['agent_supervisor'], names: ['Васильева', 'Анна', 'Игоревна'], personal: true },
  { key: 'supervisorAppointed', email: 'supervisor.appointed@oyster.test', roles: ['agent_supervisor'], names: ['Петров', 'Сергей', 'Николаевич'], personal: true, flags: { can_view_only_appointed_agents: true } },
  { key: 'finance', email: 'finance@oyster.test', roles: ['finance_controller'], names: ['Соколова', 'Марина', 'Павловна'], personal: true },
  { key: 'copywriter', email: 'copywriter@oyster.test', roles: ['copywriter'], names: ['Михайлов', 'Илья', 'Олегович'], personal: true },
  { key: 'broker', email: 'broker@oyster.test', roles: ['agent', 'network_brokers_owner'], names: ['Волков', 'Андрей', 'Геннадьевич'], opf: 'YL', network: 'north' },
  { key: 'agent', email: 'agent@oyster.test', roles: ['agent'], names: ['Иванов', 'Иван', 'Петрович'], opf: 'FL', network: 'north' },
  { key: 'newagent', email: 'newagent@oyster.test', roles: ['agent_new'], names: ['Новикова', 'Екатерина', 'Александровна'], opf: 'SZ' },
  { key: 'owner', email: 'owner@oyster.test', roles: ['agent', 'network_agent_owner'], names: ['Фёдоров', 'Максим', 'Владимирович'], opf: 'IP' },
  { key: 'subagent', email: 'subagent@oyster.test', roles: ['agent', 'sub_agent'], names: ['Морозова', 'Дарья', 'Евгеньевна'], opf: 'FL', parent: 'owner', flags: { is_sub_agent: true } },
];

// Further agents so lists, search and paging have something to show.
const MORE: [string, string, string, 'FL' | 'IP' | 'SZ' | 'YL', string?][] = [
  ['Лебедев', 'Николай', 'Артёмович', 'FL', 'north'], ['Козлова', 'Светлана', 'Юрьевна', 'IP', 'north'],
  ['Орлов', 'Павел', 'Романович', 'SZ', 'volga'], ['Никитина', 'Татьяна', 'Михайловна', 'FL', 'volga'],
  ['Захаров', 'Роман', 'Ильич', 'YL', 'volga'], ['Зайцева', 'Наталья', 'Борисовна', 'FL'],
  ['Соловьёв', 'Виктор', 'Степанович', 'IP'], ['Белова', 'Юлия', 'Денисовна', 'SZ'],
  ['Тарасов', 'Кирилл', 'Анатольевич', 'FL'], ['Григорьева', 'Ксения', 'Олеговна', 'FL', 'sub'],
  ['Ершов', 'Георгий', 'Валерьевич', 'SZ', 'sub'], ['Комарова', 'Алина', 'Фёдоровна', 'FL', 'blocked'],
  ['Медведев', 'Олег', 'Львович', 'IP'], ['Жукова', 'Вера', 'Константиновна', 'FL'],
];

/** Seeds demo data when the database has no users. Idempotent; one bcrypt hash for all accounts. */
export async function seedDemo(db: Db, opts: { mediaDir?: string | null } = {}): Promise<boolean> {
  const hash = await bcrypt.hash(DEMO_PASSWORD, 10);
  const seeded = await db.tx(async (q) => {
    // Same lock as migrations: two instances starting together seed once.
    await q.query('SELECT pg_advisory_xact_lock($1)', [7_202_611]);
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (n > 0) return false;
    await seedInto(q, hash);
    return true;
  });
  // News, knowledge, courses, banners and media: once per database, files whenever missing.
  await seedLearning(db, opts.mediaDir ?? null);
  return seeded;
}

async function seedInto(q: Queryable, hash: string) {
  for (const [idUnicus, shortName] of COMPANIES) {
    await q.query('INSERT INTO companies (id, id_unicus, short_name) VALUES ($1, $2, $3)', [newId(), idUnicus, shortName]);
  }
  for (const [i, [id, name, visible, description]] of PRODUCTS.entries()) {
    await q.query('INSERT INTO products (id, name, visible_name, description, sort) VALUES ($1, $2, $3, $4, $5)', [id, name, visible, description, i]);
  }
  for (const [type, name, options] of DICTIONARIES) {
    for (const [i, [optionId, optionName]] of options.entries()) {
      await q.query('INSERT INTO dictionaries (type, name, option_id, option_name, sort) VALUES ($1, $2, $3, $4, $5)', [type, name, optionId, optionName, i]);
    }
  }
  const networks = { north: newId(), volga: newId() };
  await q.query('INSERT INTO broker_networks (id, name) VALUES ($1, $2), ($3, $4)', [networks.north, 'Брокерская сеть «Север»', networks.volga, 'Брокерская сеть «Волга»']);

  const ids: Record<string, string> = {};
  const day = 24 * 3600 * 1000;
  let age = 60;
  const insertUser = async (u: DemoUser) => {
    const id = newId();
    ids[u.key] = id;
    const f = u.flags ?? {};
    await q.query(
      `INSERT INTO users (id, email, password_hash, roles, second_name, first_name, middle_name, opf, is_personal, chat_id,
         broker_network_id, parent_agent_id, can_chat_with_agents, can_chat_with_clients, can_view_only_appointed_agents,
         can_analytics_view, is_sub_agent, is_blocked, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)`,
      [id, u.email, hash, u.roles, ...u.names, u.opf ?? null, !!u.personal, u.personal ? null : newId(),
        u.network ? networks[u.network] : null, u.parent ? ids[u.parent] : null,
        !!f.can_chat_with_agents, !!f.can_chat_with_clients, !!f.can_view_only_appointed_agents,
        !!f.can_analytics_view, !!f.is_sub_agent, !!f.is_blocked, new Date(Date.now() - age-- * day).toISOString()],
    );
  };
  for (const u of ACCOUNTS) await insertUser(u);
  for (const [i, [second, first, middle, opf, tag]] of MORE.entries()) {
    await insertUser({
      key: `agent${i}`,
      email: `agent${i + 1}@oyster.test`,
      roles: tag === 'sub' ? ['agent', 'sub_agent'] : ['agent'],
      names: [second, first, middle],
      opf,
      network: tag === 'north' || tag === 'volga' ? tag : undefined,
      parent: tag === 'sub' ? 'owner' : undefined,
      flags: { is_sub_agent: tag === 'sub', is_blocked: tag === 'blocked' },
    });
  }
  // Network «Волга» is owned by one of its own agents (Захаров), «Север» by broker@.
  await q.query('UPDATE broker_networks SET owner_user_id = $1 WHERE id = $2', [ids.broker, networks.north]);
  await q.query('UPDATE broker_networks SET owner_user_id = $1 WHERE id = $2', [ids.agent4, networks.volga]);
  await q.query(`UPDATE users SET roles = ARRAY['agent','network_brokers_owner'] WHERE id = $1`, [ids.agent4]);

  // supervisor.appointed@ sees exactly these three agents.
  for (const a of ['agent', 'agent0', 'agent5']) {
    await q.query('INSERT INTO agent_curators (curator_id, agent_id) VALUES ($1, $2)', [ids.supervisorAppointed, ids[a]]);
  }

  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
  const br = (agent: string, executor: string | null, product: string, status: number, daysAgo: number) =>
    q.query('INSERT INTO broker_requests (id, agent_id, executor_id, product_id, status, created_at) VALUES ($1,$2,$3,$4,$5,$6)',
      [newId(), ids[agent], executor ? ids[executor] : null, product, status, at(daysAgo)]);
  // manager@ executes 3 open requests (brExecutorCount 3) and has finished one.
  await br('agent', 'manager', 'ekasko', 150, 0);
  await br('agent0', 'manager', 'dms', 300, 1);
  await br('subagent', 'manager', 'ipoteka', 110, 2);
  await br('agent', 'manager', 'eosago', 500, 3);
  await br('owner', 'manager2', 'ifl', 180, 5);
  await br('broker', 'manager2', 'go_fl', 11000, 40);
  await br('agent', null, 'vzr', 100, 1);

  const pay = (agent: string, status: string, rub: number, daysAgo: number) =>
    q.query('INSERT INTO payments (id, agent_id, status, amount_kopecks, created_at) VALUES ($1,$2,$3,$4,$5)',
      [newId(), ids[agent], status, Math.round(rub * 100), at(daysAgo)]);
  await pay('agent', 'paid', 1534.5, 0);
  await pay('agent', 'paid', 820, 0);
  await pay('agent', 'paid', 4100, 45);
  await pay('agent', 'await', 2750.25, 1);
  await pay('agent', 'continue', 990, 2);
  await pay('owner', 'paid', 12000, 0);
  await pay('subagent', 'paid', 3200, 0);
  await pay('subagent', 'await', 560, 1);
  await pay('broker', 'paid', 45000, 0);
  await pay('agent0', 'await', 1800, 0);

  for (const [agent, client] of [['agent', 'Сидоров Пётр'], ['agent', 'Кравец Мария'], ['owner', 'Белый Антон']] as const) {
    await q.query('INSERT INTO app_registrations (id, agent_id, client_name) VALUES ($1,$2,$3)', [newId(), ids[agent], client]);
  }

  const note = (user: string, title: string, read: boolean) =>
    q.query('INSERT INTO notifications (id, user_id, title, is_read) VALUES ($1,$2,$3,$4)', [newId(), ids[user], title, read]);
  await note('agent', 'Начислено вознаграждение за полис Е-ОСАГО', false);
  await note('agent', 'Запрос на Е-КАСКО взят в работу', false);
  await note('agent', 'Новый вебинар: продажи ипотечного страхования', false);
  await note('agent', 'Акт за прошлый месяц сформирован', true);
  await note('manager', 'Новый брокерский запрос: ДМС', false);
  await note('manager', 'Агент ответил в чате запроса', false);

  const chat = (kind: 'agent' | 'client', agent: string, manager: string | null, open: boolean) =>
    q.query('INSERT INTO chats (id, kind, agent_id, manager_id, is_open) VALUES ($1,$2,$3,$4,$5)', [newId(), kind, ids[agent], manager ? ids[manager] : null, open]);
  await chat('agent', 'agent', 'manager', true);
  await chat('agent', 'agent0', 'manager', true);
  await chat('client', 'agent', null, true);
  await chat('client', 'agent', null, true);
  await chat('agent', 'owner', 'manager2', false);
}
