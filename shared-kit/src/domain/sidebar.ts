import { access } from './access';
import type { SessionUser } from './roles';

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
  | 'near';

export interface SidebarItem {
  key: string;
  title: string;
  icon: SidebarIcon;
  /** Internal path relative to /app/, or an absolute URL for external links. */
  path: string;
  external?: boolean;
  exact?: boolean;
  tooltip?: string;
  badge?: number;
}

export interface SidebarCounters {
  chatsOpenedCount?: number;
  agentChats?: number;
  clientChats?: number;
  countNotifications?: number;
}

/** The messenger channel behind «Мы рядом!». */
export const NEAR_CHANNEL_URL = 'https://t.me/oyster_broker';

/** §2: badges show 99 above 99. */
export const BADGE_MAX = 99;
export function badgeText(count: number): string {
  return count > BADGE_MAX ? String(BADGE_MAX) : String(count);
}

/** §6: mages count agent and client chats by flag, everyone else the opened count. */
export function openChatsBadge(user: SessionUser, counters: SidebarCounters): number {
  if (access(user).isMage) {
    return (
      (user.canChatWithAgents ? counters.agentChats ?? 0 : 0) +
      (user.canChatWithClients ? counters.clientChats ?? 0 : 0)
    );
  }
  return counters.chatsOpenedCount ?? 0;
}

/** The sidebar of spec §2 with the visibility and title rules of §6, in display order. */
export function sidebarItems(user: SessionUser, counters: SidebarCounters = {}): SidebarItem[] {
  const a = access(user);
  const items: Array<SidebarItem | false> = [
    { key: 'home', title: 'Главная', icon: 'home', path: '/', exact: true },
    a.canSeeContracts && { key: 'contracts', title: 'Полисы', icon: 'contracts', path: '/contracts', tooltip: 'Расчёты и оформленные полисы' },
    a.canSeeBrokerRequests && {
      key: 'broker-requests',
      title: 'Запросы',
      icon: 'requests',
      path: '/broker-requests',
      tooltip: 'Брокерские запросы',
      badge: a.isMage ? user.brExecutorCount : undefined,
    },
    a.canSeeCommissions && { key: 'cr', title: a.commissionsTitle, icon: 'commissions', path: '/cr', tooltip: 'Вознаграждения, выплаты и акты' },
    a.canSeeAgents && { key: 'agents', title: 'Агенты', icon: 'agents', path: '/agents' },
    a.canSeeSubAgents && { key: 'sub_agents', title: 'Субагенты', icon: 'subagents', path: '/sub_agents' },
    a.canSeeFinance && { key: 'finance', title: 'Финансы', icon: 'finance', path: '/finance', tooltip: 'Реестры выплат, сверки со страховыми, акты, сегментатор КВ' },
    a.canSeeManagement && { key: 'manage', title: 'Управление', icon: 'management', path: '/manage', tooltip: 'Маппинг тарифов, управление пользователями' },
    a.canSeeAnalytics && { key: 'analytics', title: 'Аналитика', icon: 'analytics', path: '/analytics' },
    a.canSeeOysterApp && { key: 'oyster-app', title: 'Oyster.app', icon: 'app', path: '/oyster-app', tooltip: 'Распространение приложения и зарегистрированные клиенты' },
    a.canSeeLearning && { key: 'academy', title: 'Обучение', icon: 'learning', path: '/academy' },
    a.canSeeMedia && { key: 'media', title: 'Медиа', icon: 'media', path: '/media' },
    a.canSeeChats && { key: 'chats', title: 'Чаты', icon: 'chats', path: '/chats', badge: openChatsBadge(user, counters) },
    a.canSeeProfile && { key: 'profile', title: 'Профиль', icon: 'profile', path: '/profile' },
    a.canSeeNotifications && {
      key: 'notifications',
      title: 'Уведомления',
      icon: 'notifications',
      path: '/notifications',
      badge: counters.countNotifications ?? 0,
    },
    { key: 'near', title: 'Мы рядом!', icon: 'near', path: NEAR_CHANNEL_URL, external: true },
  ];
  return items.filter((i): i is SidebarItem => !!i);
}

export const LOGOUT_TOOLTIP = 'Выйти из платформы';
export const NEW_POLICY_BUTTON = 'Новый полис';
