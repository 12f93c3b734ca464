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

/** The demo accounts of the foundation issue, as the session api returns them (flags only). */
export const DEMO_USERS: Record<string, SessionUser> = {
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
