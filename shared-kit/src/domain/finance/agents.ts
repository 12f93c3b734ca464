/**
 * Agents and sub-agents (issue 26): the wire types of the agents list, an agent's card and a network
 * owner's sub-agents, the levels (§9: 1 agent, 2 expert, 3 broker), the legal forms (§9) and the texts
 * both the api and the screens say.
 */

/** §9 rating levels. */
export const AGENT_LEVELS = [1, 2, 3] as const;
export type AgentLevel = (typeof AGENT_LEVELS)[number];
export const AGENT_LEVEL_TITLES: Record<AgentLevel, string> = { 1: 'Агент', 2: 'Эксперт', 3: 'Брокер' };

/** §9 organisation forms. */
export const AGENT_OPFS = ['FL', 'IP', 'SZ', 'YL'] as const;
export type AgentOpf = (typeof AGENT_OPFS)[number];
export const AGENT_OPF_TITLES: Record<AgentOpf, string> = { FL: 'Физическое лицо', IP: 'ИП', SZ: 'Самозанятый', YL: 'Юридическое лицо' };

/** §4: the list's status filter — 0 active, 1 blocked. */
export const AGENT_STATUS_TITLES: Record<0 | 1, string> = { 0: 'Активные', 1: 'Заблокированные' };

/** §5: the agent search waits this long after the last keystroke. */
export const AGENT_SEARCH_DEBOUNCE_MS = 300;

/** The agents list counts its matches up to this many (beyond: «более 10 000»). */
export const AGENT_TOTAL_CAP = 10_000;

/** One row of the agents list (§3: _id, fio, email) with what the list shows beside it. */
export interface AgentListItem {
  _id: string;
  fio: string;
  email: string;
  isBlocked: boolean;
  opf: AgentOpf | null;
  level: AgentLevel;
  network: { _id: string; name: string } | null;
  createDate: string;
}

/** A page of the list: keyset `next` (the cursor of «Показать ещё»), null when it is the last page. */
export interface AgentListPage {
  agents: AgentListItem[];
  /** The whole filtered list's count: on the first page only (null after a cursor and for a search), at most AGENT_TOTAL_CAP. */
  total: number | null;
  /** There are more than AGENT_TOTAL_CAP («более 10 000»). */
  totalCapped: boolean;
  next: string | null;
}

export interface AgentCurator {
  _id: string;
  fio: string;
}

export interface AgentSessionInfo {
  _id: string;
  createdAt: string;
  expiresAt: string;
  lastRoute: string | null;
}

/** An agent's card (agent/{agentId}). Money in kopecks. */
export interface AgentCard extends AgentListItem {
  firstName: string;
  secondName: string;
  middleName: string;
  phone: string | null;
  roles: string[];
  isSubAgent: boolean;
  parent: { _id: string; fio: string } | null;
  curators: AgentCurator[];
  contracts: { total: number; paid: number; premium: number };
  brokerRequests: { total: number; open: number };
  ledger: { commission: number; override: number; total: number };
  sessions: AgentSessionInfo[];
  /** What the viewer may do here (the api checks each again). */
  can: { block: boolean; changeLevel: boolean; moveNetwork: boolean; appointCurator: boolean };
}

/** A network owner's sub-agent with their sales and the owner's override on them. */
export interface SubAgentItem {
  _id: string;
  fio: string;
  email: string;
  phone: string | null;
  isBlocked: boolean;
  createDate: string;
  sales: { count: number; premium: number };
  override: number;
}

export interface SubAgentsPage {
  subAgents: SubAgentItem[];
  totals: { count: number; premium: number; override: number };
}

/** A one-time password link as the api answers it (the path under the app, and when it expires). */
export interface PasswordLinkAnswer {
  link: string;
  expiresAt: string;
}

/** What the public password page learns of its link. */
export interface PasswordLinkInfo {
  fio: string;
  email: string;
  purpose: 'invite' | 'reset';
}

/** A socket event: an agent's card or their place in lists changed (to whoever sees that agent). */
export interface AgentChangedEvent {
  agentId: string;
}

export const AGENT_TEXTS = {
  linkGone: 'Ссылка недействительна: она устарела, уже использована или не существует',
  passwordSet: 'Пароль сохранён',
  noSuchNetwork: 'Поле «networkId»: такой брокерской сети нет',
  noSuchCurator: 'Поле «curatorId»: куратором может быть только супервайзер',
  selfBlock: 'Нельзя заблокировать самого себя',
  emailTaken: 'Поле «email»: пользователь с таким email уже есть',
  inviteNeedsSubAgent: 'Поле «roles»: приглашённый должен быть субагентом',
} as const;
