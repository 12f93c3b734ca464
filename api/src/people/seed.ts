import { DEMO_ACCOUNTS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import type { DemoSeed } from '../platform/context.js';

/**
 * Demo people: the eleven demo accounts (emails from shared-kit DEMO_ACCOUNTS, password DEMO_PASSWORD),
 * a second manager, fourteen more agents, two broker networks and the appointed supervisor's agents.
 * Names, roles and flags are the seed's own.
 */
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

type Account = Omit<DemoUser, 'key' | 'email'> & { key: DemoAccountKey | 'manager2' | 'finance2' };
/** manager2 and finance2 are not of the eleven: a second executor of broker requests, a second finance controller (the four eyes on a payout register). */
const emailOf = (key: Account['key']) => (key === 'manager2' || key === 'finance2' ? `${key}@oyster.test` : DEMO_ACCOUNTS[key].email);

const ACCOUNTS: Account[] = [
  { key: 'admin', roles: ['admin'], names: ['Смирнов', 'Алексей', 'Викторович'], personal: true, flags: { can_analytics_view: true, can_chat_with_agents: true } },
  { key: 'manager', roles: ['agent_manager'], names: ['Кузнецова', 'Ольга', 'Сергеевна'], personal: true, flags: { can_chat_with_agents: true } },
  { key: 'manager2', roles: ['agent_manager'], names: ['Попов', 'Дмитрий', 'Андреевич'], personal: true, flags: { can_chat_with_agents: true, can_chat_with_clients: true } },
  { key: 'supervisor', roles: ['agent_supervisor'], names: ['Васильева', 'Анна', 'Игоревна'], personal: true },
  { key: 'supervisorAppointed', roles: ['agent_supervisor'], names: ['Петров', 'Сергей', 'Николаевич'], personal: true, flags: { can_view_only_appointed_agents: true } },
  { key: 'finance', roles: ['finance_controller'], names: ['Соколова', 'Марина', 'Павловна'], personal: true },
  { key: 'finance2', roles: ['finance_controller'], names: ['Егорова', 'Лидия', 'Романовна'], personal: true },
  { key: 'copywriter', roles: ['copywriter'], names: ['Михайлов', 'Илья', 'Олегович'], personal: true },
  { key: 'broker', roles: ['agent', 'network_brokers_owner'], names: ['Волков', 'Андрей', 'Геннадьевич'], opf: 'YL', network: 'north' },
  { key: 'agent', roles: ['agent'], names: ['Иванов', 'Иван', 'Петрович'], opf: 'FL', network: 'north' },
  { key: 'newagent', roles: ['agent_new'], names: ['Новикова', 'Екатерина', 'Александровна'], opf: 'SZ' },
  { key: 'owner', roles: ['agent', 'network_agent_owner'], names: ['Фёдоров', 'Максим', 'Владимирович'], opf: 'IP' },
  { key: 'subagent', roles: ['agent', 'sub_agent'], names: ['Морозова', 'Дарья', 'Евгеньевна'], opf: 'FL', parent: 'owner', flags: { is_sub_agent: true } },
];

// Further agents so lists, search and paging have something to show (agent0… are agent1@… by email).
const MORE: [string, string, string, 'FL' | 'IP' | 'SZ' | 'YL', string?][] = [
  ['Лебедев', 'Николай', 'Артёмович', 'FL', 'north'], ['Козлова', 'Светлана', 'Юрьевна', 'IP', 'north'],
  ['Орлов', 'Павел', 'Романович', 'SZ', 'volga'], ['Никитина', 'Татьяна', 'Михайловна', 'FL', 'volga'],
  ['Захаров', 'Роман', 'Ильич', 'YL', 'volga'], ['Зайцева', 'Наталья', 'Борисовна', 'FL'],
  ['Соловьёв', 'Виктор', 'Степанович', 'IP'], ['Белова', 'Юлия', 'Денисовна', 'SZ'],
  ['Тарасов', 'Кирилл', 'Анатольевич', 'FL'], ['Григорьева', 'Ксения', 'Олеговна', 'FL', 'sub'],
  ['Ершов', 'Георгий', 'Валерьевич', 'SZ', 'sub'], ['Комарова', 'Алина', 'Фёдоровна', 'FL', 'blocked'],
  ['Медведев', 'Олег', 'Львович', 'IP'], ['Жукова', 'Вера', 'Константиновна', 'FL'],
];

export async function seedPeople(q: Queryable, demo: DemoSeed) {
  const networks = { north: newId(), volga: newId() };
  await q.query('INSERT INTO broker_networks (id, name) VALUES ($1, $2), ($3, $4)', [networks.north, 'Брокерская сеть «Север»', networks.volga, 'Брокерская сеть «Волга»']);

  const ids = demo.users;
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
      [id, u.email, demo.passwordHash, u.roles, ...u.names, u.opf ?? null, !!u.personal, u.personal ? null : newId(),
        u.network ? networks[u.network] : null, u.parent ? ids[u.parent] : null,
        !!f.can_chat_with_agents, !!f.can_chat_with_clients, !!f.can_view_only_appointed_agents,
        !!f.can_analytics_view, !!f.is_sub_agent, !!f.is_blocked, new Date(Date.now() - age-- * day).toISOString()],
    );
  };
  for (const u of ACCOUNTS) await insertUser({ ...u, email: emailOf(u.key) });
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
}
