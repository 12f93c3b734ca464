/** Roles of spec §6 and the session user of §3. */
export const ROLES = [
  'admin',
  'agent_manager',
  'agent_supervisor',
  'finance_controller',
  'agent',
  'agent_new',
  'anonymous',
  'network_agent_owner',
  'sub_agent',
  'network_brokers_owner',
  'copywriter',
] as const;
export type Role = (typeof ROLES)[number];

export type Opf = 'FL' | 'IP' | 'SZ' | 'YL';
export const OPF_VALUES: readonly Opf[] = ['FL', 'IP', 'SZ', 'YL'];

export interface SessionUser {
  _id: string;
  roles: Role[];
  isPersonal: boolean;
  chatId: string | null;
  brokers_network: { mongoId: string } | null;
  firstName: string;
  secondName: string;
  middleName: string;
  fullNameShort: string;
  fio: string;
  email: string;
  billing: { opf: Opf } | null;
  canChatWithAgents: boolean;
  canChatWithClients: boolean;
  canViewOnlyAppointedAgents: boolean;
  canAnalyticsView: boolean;
  brExecutorCount: number;
  isSubAgent: boolean;
}

/** Role names as shown to people (sidebar bottom block, user lists). */
export const ROLE_TITLES: Record<Role, string> = {
  admin: 'Администратор',
  agent_manager: 'Менеджер',
  agent_supervisor: 'Супервайзер',
  finance_controller: 'Финансовый контролёр',
  agent: 'Агент',
  agent_new: 'Новый агент',
  anonymous: 'Гость',
  network_agent_owner: 'Владелец сети',
  sub_agent: 'Субагент',
  network_brokers_owner: 'Брокер',
  copywriter: 'Копирайтер',
};

/** §6 display priority: the first role of this list the user has is the one shown. */
export const ROLE_DISPLAY_PRIORITY: readonly Role[] = [
  'admin',
  'finance_controller',
  'agent_supervisor',
  'network_brokers_owner',
  'network_agent_owner',
  'sub_agent',
  'agent_manager',
  'agent',
  'copywriter',
];

export function displayRole(user: Pick<SessionUser, 'roles'>): Role | null {
  return ROLE_DISPLAY_PRIORITY.find((r) => user.roles.includes(r)) ?? user.roles[0] ?? null;
}

export const OPF_TITLES: Record<Opf, string> = {
  FL: 'Физическое лицо',
  IP: 'Индивидуальный предприниматель',
  SZ: 'Самозанятый',
  YL: 'Юридическое лицо',
};
export const OPF_SHORT: Record<Opf, string> = { FL: 'ФЛ', IP: 'ИП', SZ: 'СЗ', YL: 'ЮЛ' };

/** §6 assignable role options. */
export const RATING_LEVELS = { 1: 'Агент', 2: 'Эксперт', 3: 'Брокер' } as const;
