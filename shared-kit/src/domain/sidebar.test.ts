import { access, DEMO_USERS, sidebarItems, badgeText, openChatsBadge, displayRole, makeUser } from './index';

const titles = (key: keyof typeof DEMO_USERS) => sidebarItems(DEMO_USERS[key]).map((i) => i.title);

describe('sidebar of each demo account (spec §2, §6)', () => {
  test.each<[keyof typeof DEMO_USERS, string[], boolean]>([
    ['admin', ['Главная', 'Полисы', 'Запросы', 'КВ всех', 'Финансы', 'Управление', 'Аналитика', 'Oyster.app', 'Обучение', 'Медиа', 'Чаты', 'Рассылки', 'Мы рядом!'], true],
    ['manager', ['Главная', 'Полисы', 'Запросы', 'Агенты', 'Oyster.app', 'Обучение', 'Медиа', 'Чаты', 'Уведомления', 'Мы рядом!'], false],
    ['supervisor', ['Главная', 'Полисы', 'Запросы', 'КВ всех', 'Финансы', 'Управление', 'Аналитика', 'Oyster.app', 'Обучение', 'Медиа', 'Мы рядом!'], true],
    ['supervisorAppointed', ['Главная', 'Полисы', 'Запросы', 'КВ всех', 'Oyster.app', 'Обучение', 'Медиа', 'Мы рядом!'], true],
    ['finance', ['Главная', 'Полисы', 'Запросы', 'КВ всех', 'Финансы', 'Управление', 'Аналитика', 'Oyster.app', 'Обучение', 'Медиа', 'Мы рядом!'], true],
    ['copywriter', ['Главная', 'Управление', 'Обучение', 'Медиа', 'Уведомления', 'Рассылки', 'Мы рядом!'], false],
    ['agent', ['Главная', 'Полисы', 'Запросы', 'Мое КВ', 'Oyster.app', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
    ['newagent', ['Главная', 'Полисы', 'Запросы', 'Мое КВ', 'Oyster.app', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
    ['owner', ['Главная', 'Полисы', 'Запросы', 'Мое КВ', 'Субагенты', 'Oyster.app', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
    ['subagent', ['Главная', 'Полисы', 'Запросы', 'Мое КВ', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
    ['broker', ['Главная', 'Полисы', 'Запросы', 'КВ всех', 'Агенты', 'Oyster.app', 'Чаты', 'Профиль', 'Уведомления', 'Мы рядом!'], true],
  ])('%s', (key, expected, newPolicy) => {
    expect(titles(key)).toEqual(expected);
    expect(access(DEMO_USERS[key]).canSeeNewPolicy).toBe(newPolicy);
  });

  test('Запросы carries brExecutorCount for mages only', () => {
    expect(sidebarItems(DEMO_USERS.manager).find((i) => i.key === 'broker-requests')?.badge).toBe(3);
    expect(sidebarItems(DEMO_USERS.admin).find((i) => i.key === 'broker-requests')?.badge).toBeUndefined();
  });

  test('Мы рядом! is an external link', () => {
    const near = sidebarItems(DEMO_USERS.agent).find((i) => i.title === 'Мы рядом!');
    expect(near?.external).toBe(true);
    expect(near?.path).toMatch(/^https:\/\//);
  });

  test('Аналитика for personal users with canAnalyticsView', () => {
    const u = makeUser({ roles: ['agent_manager'], isPersonal: true, canAnalyticsView: true });
    expect(sidebarItems(u).map((i) => i.title)).toContain('Аналитика');
  });
});

describe('counters', () => {
  test('badge shows 99 above 99', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(250)).toBe('99');
  });
  test('mages sum agent and client chats by flag; others see chatsOpenedCount', () => {
    const counts = { chatsOpenedCount: 7, agentChats: 2, clientChats: 5 };
    expect(openChatsBadge(DEMO_USERS.manager, counts)).toBe(2);
    expect(openChatsBadge(makeUser({ roles: ['agent_manager'], canChatWithAgents: true, canChatWithClients: true }), counts)).toBe(7);
    expect(openChatsBadge(DEMO_USERS.agent, counts)).toBe(7);
  });
});

describe('data loading rules', () => {
  test.each<[keyof typeof DEMO_USERS, boolean, boolean, boolean]>([
    ['admin', false, true, true],
    ['manager', true, false, true],
    ['copywriter', false, false, false],
    ['agent', false, true, true],
    ['finance', false, true, true],
  ])('%s: statistics %s, payments %s, open chats %s', (key, stats, payments, chats) => {
    const a = access(DEMO_USERS[key]);
    expect(a.canLoadStatisticsWidget).toBe(stats);
    expect(a.canLoadPaymentsInfo).toBe(payments);
    expect(a.canLoadOpenChatsCount).toBe(chats);
  });
  test('course list kind: admin list for personal users', () => {
    expect(access(DEMO_USERS.copywriter).courseListKind).toBe('admin');
    expect(access(DEMO_USERS.agent).courseListKind).toBe('user');
  });
  test.each<[keyof typeof DEMO_USERS, boolean]>([
    ['admin', true],
    ['copywriter', true],
    ['manager', false],
    ['supervisor', false],
    ['agent', false],
  ])('%s edits learning content: %s', (key, can) => {
    expect(access(DEMO_USERS[key]).canEditLearning).toBe(can);
  });
  test('IsAgent excludes staff roles', () => {
    expect(access(makeUser({ roles: ['agent', 'admin'] })).isAgent).toBe(false);
    expect(access(makeUser({ roles: ['agent'] })).isAgent).toBe(true);
  });
  test('broker-network agent: has a network and is not a brokers owner', () => {
    expect(access(DEMO_USERS.agent).isBrokerNetworkAgent).toBe(true);
    expect(access(DEMO_USERS.broker).isBrokerNetworkAgent).toBe(false);
  });
});

describe('role display priority', () => {
  test.each<[string[], string]>([
    [['agent', 'admin'], 'admin'],
    [['agent', 'network_brokers_owner'], 'network_brokers_owner'],
    [['agent', 'sub_agent'], 'sub_agent'],
    [['agent', 'network_agent_owner'], 'network_agent_owner'],
    [['copywriter', 'agent'], 'agent'],
    [['agent_manager', 'agent_supervisor'], 'agent_supervisor'],
  ])('%j shows %s', (roles, shown) => {
    expect(displayRole({ roles: roles as never })).toBe(shown);
  });
});
