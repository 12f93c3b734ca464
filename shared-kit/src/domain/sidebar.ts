import { access } from './access';
import type { SessionUser } from './roles';
import { SECTIONS, sectionTitle, type SidebarBadge, type SidebarIcon } from './sections';

export type { SidebarIcon };


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

/**
 * A sidebar item's accessible name: its title and, when it shows a badge, the badge's number as the
 * badge shows it («Чаты, 2»), so a screen reader hears what a sighted user sees (WCAG 2.5.3).
 */
export function sidebarItemName(item: Pick<SidebarItem, 'title' | 'badge'>): string {
  return item.badge && item.badge > 0 ? `${item.title}, ${badgeText(item.badge)}` : item.title;
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

/** The sidebar of spec §2 with the visibility and title rules of §6, in display order (the section registry's). */
export function sidebarItems(user: SessionUser, counters: SidebarCounters = {}): SidebarItem[] {
  const a = access(user);
  const badges: Record<SidebarBadge, number | undefined> = {
    // Only executors (mages) count the broker requests assigned to them.
    brokerRequests: a.isMage ? user.brExecutorCount : undefined,
    chats: openChatsBadge(user, counters),
    notifications: counters.countNotifications ?? 0,
  };
  const items: SidebarItem[] = [];
  for (const section of SECTIONS) {
    const nav = section.nav;
    const flag = nav?.visible ?? section.access;
    if (!nav || (flag && !a[flag])) continue;
    const key = section.path || 'home';
    items.push({
      key,
      title: sectionTitle(section, a),
      icon: nav.icon,
      path: `/${section.path}`,
      ...(section.path === '' ? { exact: true } : {}),
      ...(nav.tooltip ? { tooltip: nav.tooltip } : {}),
      ...(nav.badge ? { badge: badges[nav.badge] } : {}),
    });
  }
  items.push({ key: 'near', title: 'Мы рядом!', icon: 'near', path: NEAR_CHANNEL_URL, external: true });
  return items;
}

export const LOGOUT_TOOLTIP = 'Выйти из платформы';
export const NEW_POLICY_BUTTON = 'Новый полис';
