import type { SessionUser } from './roles';

/** A session user with safe defaults, for tests and standalone harnesses. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: '000000000000000000000001',
    roles: ['agent'],
    isPersonal: false,
    chatId: null,
    brokers_network: null,
    firstName: 'Иван',
    secondName: 'Иванов',
    middleName: 'Петрович',
    fullNameShort: 'Иванов И. П.',
    fio: 'Иванов Иван Петрович',
    email: 'user@oyster.test',
    billing: { opf: 'FL' },
    canChatWithAgents: false,
    canChatWithClients: false,
    canViewOnlyAppointedAgents: false,
    canAnalyticsView: false,
    brExecutorCount: 0,
    isSubAgent: false,
    ...overrides,
  };
}

/** The password of every demo account (seeded by the api, typed by harnesses and end-to-end tests). */
export const DEMO_PASSWORD = 'Oyster2026!';

/** The eleven demo accounts: key (harness `?as=`, test tables) → sign-in email and who it is. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@oyster.test', who: 'администратор' },
  manager: { email: 'manager@oyster.test', who: 'менеджер (исполнитель брокерских запросов)' },
  supervisor: { email: 'supervisor@oyster.test', who: 'супервайзер' },
  supervisorAppointed: { email: 'supervisor.appointed@oyster.test', who: 'супервайзер, видит только назначенных агентов' },
  finance: { email: 'finance@oyster.test', who: 'финансовый контролёр' },
  copywriter: { email: 'copywriter@oyster.test', who: 'копирайтер' },
  agent: { email: 'agent@oyster.test', who: 'агент (ФЛ) в брокерской сети' },
  newagent: { email: 'newagent@oyster.test', who: 'новый агент (самозанятый)' },
  owner: { email: 'owner@oyster.test', who: 'агент и владелец сети (ИП) с субагентами' },
  subagent: { email: 'subagent@oyster.test', who: 'субагент owner@' },
  broker: { email: 'broker@oyster.test', who: 'агент — владелец брокерской сети (ЮЛ)' },
} as const;
export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;
export const DEMO_ACCOUNT_KEYS = Object.keys(DEMO_ACCOUNTS) as DemoAccountKey[];

/** The demo accounts as the session api returns them (flags only), by the same keys. */
export const DEMO_USERS: Record<DemoAccountKey, SessionUser> = {
  admin: makeUser({ roles: ['admin'], isPersonal: true, canAnalyticsView: true, canChatWithAgents: true, billing: null }),
  manager: makeUser({ roles: ['agent_manager'], isPersonal: true, brExecutorCount: 3, canChatWithAgents: true, billing: null }),
  supervisor: makeUser({ roles: ['agent_supervisor'], isPersonal: true, billing: null }),
  supervisorAppointed: makeUser({ roles: ['agent_supervisor'], isPersonal: true, canViewOnlyAppointedAgents: true, billing: null }),
  finance: makeUser({ roles: ['finance_controller'], isPersonal: true, billing: null }),
  copywriter: makeUser({ roles: ['copywriter'], isPersonal: true, billing: null }),
  agent: makeUser({ roles: ['agent'], billing: { opf: 'FL' }, brokers_network: { mongoId: '0000000000000000000000aa' } }),
  newagent: makeUser({ roles: ['agent_new'], billing: { opf: 'SZ' } }),
  owner: makeUser({ roles: ['agent', 'network_agent_owner'], billing: { opf: 'IP' } }),
  subagent: makeUser({ roles: ['agent', 'sub_agent'], isSubAgent: true, billing: { opf: 'FL' } }),
  broker: makeUser({ roles: ['agent', 'network_brokers_owner'], billing: { opf: 'YL' }, brokers_network: { mongoId: '0000000000000000000000bb' } }),
};
