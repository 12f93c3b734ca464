/**
 * The section registry: every top-level section under /app/ declared once — its path, who renders
 * it, its title, the access flag that gates it and its sidebar entry. The sidebar, the shell's
 * routes, the header titles, the api's remotes manifest and each remote's harness read it.
 * Adding a section is one entry here plus the remote's page (CONTRIBUTING.md).
 */
import type { Access, AccessFlag } from './access';

/** Module Federation container names of the remotes. */
export type RemoteName =
  | 'remote_sales'
  | 'remote_broker_requests'
  | 'remote_finance'
  | 'remote_communications'
  | 'remote_learning';

export const REMOTE_NAMES: readonly RemoteName[] = [
  'remote_sales',
  'remote_broker_requests',
  'remote_finance',
  'remote_communications',
  'remote_learning',
];

/** Each remote's folder name: its package is remote-<dir>, its files are served at /remotes/<dir>/. */
export const REMOTE_DIRS: Record<RemoteName, string> = {
  remote_sales: 'sales',
  remote_broker_requests: 'broker-requests',
  remote_finance: 'finance',
  remote_communications: 'communications',
  remote_learning: 'learning',
};

/** Where each remote's files are served by default (the api's manifest may override). */
export const DEFAULT_REMOTE_PATHS = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `/remotes/${REMOTE_DIRS[name]}/`]),
) as Record<RemoteName, string>;

/** A remote's entry file under its default path. */
export function defaultRemoteEntry(name: RemoteName): string {
  return `${DEFAULT_REMOTE_PATHS[name]}remoteEntry.js`;
}

export const REMOTE_TITLES: Record<RemoteName, string> = {
  remote_sales: 'Продажи',
  remote_broker_requests: 'Брокерские запросы',
  remote_finance: 'Финансы',
  remote_communications: 'Коммуникации',
  remote_learning: 'Обучение',
};

/** The shell renders a few sections itself (home, profile, the kit); every other one is a remote's. */
export type SectionOwner = RemoteName | 'shell';

/** Icon names the shell maps to pictures; the domain only names them. */
export type SidebarIcon =
  | 'home'
  | 'contracts'
  | 'requests'
  | 'commissions'
  | 'agents'
  | 'subagents'
  | 'finance'
  | 'management'
  | 'analytics'
  | 'app'
  | 'learning'
  | 'media'
  | 'chats'
  | 'profile'
  | 'notifications'
  | 'campaigns'
  | 'near';

/** A badge the sidebar shows on a section's item; the numbers come from the session and the counters. */
export type SidebarBadge = 'brokerRequests' | 'chats' | 'notifications';

export interface SectionDef {
  /** First path segment under /app/ ('' is home). */
  path: string;
  owner: SectionOwner;
  /** The header's title of the section (and the sidebar item's, unless `titleFor` says otherwise). */
  title: string;
  /** A title that depends on the user (e.g. «КВ всех» / «Мое КВ»): header and sidebar use it. */
  titleFor?: (a: Access) => string;
  /** The h1 of the section's page when it differs from the header's title. */
  heading?: string;
  /**
   * Who may open it: without the flag the shell shows «Нет доступа» instead of loading the page.
   * Left out where every signed-in user may open it. The api checks its own routes on its own.
   */
  access?: AccessFlag;
  /** Its item in the sidebar (spec §2 and §6), in the order of this list; left out when it has none. */
  nav?: {
    icon: SidebarIcon;
    /** Who sees the item; defaults to `access` (academy and media: everyone reads, only personal users see the item). */
    visible?: AccessFlag;
    tooltip?: string;
    badge?: SidebarBadge;
  };
}

/** A calculator's page is «Калькулятор <product>», its header the product's name from the catalogue. */
/** A calculator: whoever may start a new policy (§6 canSeeNewPolicy, as the api's quotes). */
const calculator = (path: string, title: string): SectionDef => ({ path, owner: 'remote_sales', title, heading: `Калькулятор ${title}`, access: 'canSeeNewPolicy' });

/** Every section, the sidebar's ones first in the sidebar's order. */
export const SECTIONS: readonly SectionDef[] = [
  { path: '', owner: 'shell', title: 'Главная', nav: { icon: 'home' } },
  { path: 'contracts', owner: 'remote_sales', title: 'Полисы', access: 'canSeeContracts', nav: { icon: 'contracts', tooltip: 'Расчёты и оформленные полисы' } },
  { path: 'broker-requests', owner: 'remote_broker_requests', title: 'Запросы', access: 'canSeeBrokerRequests', nav: { icon: 'requests', tooltip: 'Брокерские запросы', badge: 'brokerRequests' } },
  { path: 'cr', owner: 'remote_finance', title: 'Комиссионное вознаграждение', titleFor: (a) => a.commissionsTitle, access: 'canSeeCommissions', nav: { icon: 'commissions', tooltip: 'Вознаграждения, выплаты и акты' } },
  { path: 'agents', owner: 'remote_finance', title: 'Агенты', access: 'canListAgents', nav: { icon: 'agents', visible: 'canSeeAgents' } },
  { path: 'sub_agents', owner: 'remote_finance', title: 'Субагенты', access: 'canSeeSubAgents', nav: { icon: 'subagents' } },
  { path: 'finance', owner: 'remote_finance', title: 'Финансы', access: 'canSeeFinance', nav: { icon: 'finance', tooltip: 'Реестры выплат, сверки со страховыми, акты, сегментатор КВ' } },
  { path: 'manage', owner: 'remote_finance', title: 'Управление', access: 'canSeeManagement', nav: { icon: 'management', tooltip: 'Маппинг тарифов, управление пользователями' } },
  { path: 'analytics', owner: 'remote_finance', title: 'Аналитика', access: 'canSeeAnalytics', nav: { icon: 'analytics' } },
  { path: 'oyster-app', owner: 'remote_sales', title: 'Oyster.app', access: 'canSeeOysterApp', nav: { icon: 'app', tooltip: 'Распространение приложения и зарегистрированные клиенты' } },
  { path: 'academy', owner: 'remote_learning', title: 'Обучение', nav: { icon: 'learning', visible: 'canSeeLearning' } },
  { path: 'media', owner: 'remote_learning', title: 'Медиа', nav: { icon: 'media', visible: 'canSeeMedia' } },
  { path: 'chats', owner: 'remote_communications', title: 'Чаты', access: 'canSeeChats', nav: { icon: 'chats', badge: 'chats' } },
  { path: 'profile', owner: 'shell', title: 'Профиль', nav: { icon: 'profile', visible: 'canSeeProfile' } },
  { path: 'notifications', owner: 'remote_communications', title: 'Уведомления', nav: { icon: 'notifications', visible: 'canSeeNotifications', badge: 'notifications' } },
  { path: 'campaigns', owner: 'remote_communications', title: 'Рассылки', heading: 'Всплывающие рассылки', access: 'canManageCampaigns', nav: { icon: 'campaigns', tooltip: 'Всплывающие сообщения агентам: аудитория, расписание, кто увидел' } },

  { path: 'news', owner: 'remote_learning', title: 'Новости' },
  { path: 'knowledge', owner: 'remote_learning', title: 'База знаний' },
  { path: 'kit', owner: 'shell', title: 'Компоненты форм', access: 'isAdmin' },

  { path: 'soap-logs', owner: 'remote_sales', title: 'SOAP-логи', heading: 'SOAP-логи: обращения к страховщикам', access: 'canSeeSoapLogs' },
  // Personal commission templates (issue 24): an agent's own rates, set by finance staff.
  { path: 'edit_template', owner: 'remote_finance', title: 'Шаблон КВ', heading: 'Персональный шаблон КВ', access: 'canManageCommissionRates' },
  { path: 'add_template', owner: 'remote_finance', title: 'Шаблон КВ', heading: 'Новый персональный шаблон КВ', access: 'canManageCommissionRates' },
  calculator('new-eosago', 'Е-ОСАГО'),
  calculator('new-ekasko', 'Е-КАСКО'),
  calculator('new-ifl', 'ИФЛ — квартира'),
  calculator('new-ifl_house', 'ИФЛ — дом'),
  calculator('new-vzr', 'ВЗР'),
  calculator('new-ipoteka', 'Ипотека'),
  // Who may start a manual entry is who may sell (the api's POST …/manual/contracts); its steps are a contract's (canSeeContracts).
  { path: 'new-manual', owner: 'remote_sales', title: 'Ручной ввод полиса', heading: 'Ручное оформление полиса', access: 'canSeeNewPolicy' },
  { path: 'manual', owner: 'remote_sales', title: 'Ручной ввод полиса', heading: 'Ручное оформление полиса', access: 'canSeeContracts' },

  { path: 'new-request-broker', owner: 'remote_broker_requests', title: 'Новый брокерский запрос', access: 'canSendBrokerRequests' },
  { path: 'request-broker', owner: 'remote_broker_requests', title: 'Брокерский запрос', access: 'canSeeBrokerRequests' },

  { path: 'agent', owner: 'remote_finance', title: 'Агент' },
  { path: 'user', owner: 'remote_finance', title: 'Пользователь' },
  { path: 'edit_partner', owner: 'remote_finance', title: 'Партнёр' },
  { path: 'add_partner', owner: 'remote_finance', title: 'Партнёр', heading: 'Новый партнёр' },

  { path: 'webinar', owner: 'remote_communications', title: 'Вебинары' },
];

const BY_PATH = new Map(SECTIONS.map((s) => [s.path, s]));

/** The section of a path under /app/ ('/news/1' → news), or undefined. */
export function sectionOf(pathname: string): SectionDef | undefined {
  return BY_PATH.get(pathname.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '');
}

/** The sections a remote renders, in registry order (its harness lists these). */
export function sectionsOf(owner: SectionOwner): SectionDef[] {
  return SECTIONS.filter((s) => s.owner === owner);
}

/** The sections the shell mounts a remote at: path → remote. */
export const REMOTE_SECTIONS: readonly (SectionDef & { owner: RemoteName })[] = SECTIONS.filter(
  (s): s is SectionDef & { owner: RemoteName } => s.owner !== 'shell',
);

/** The title the header (and the section's sidebar item) shows for this user. */
export function sectionTitle(section: SectionDef, a: Access): string {
  return section.titleFor ? section.titleFor(a) : section.title;
}

/** May this user open the section? (The shell's gate; the api guards its routes itself.) */
export function canOpenSection(section: SectionDef, a: Access): boolean {
  return !section.access || a[section.access];
}
