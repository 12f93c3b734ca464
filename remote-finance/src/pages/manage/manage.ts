import type { AccessFlag } from '@oyster/shared-kit/domain';

/**
 * Управление's tabs (`/app/manage/<tab>`) and the user pages' paths. The users tab and the audit log are
 * the administrators' (the api answers 403 to anyone else); tariff mapping and partners are for whoever
 * sees Управление (i26-partners narrows them if it must).
 */
export type ManageTab = 'users' | 'tariffs' | 'partners' | 'audit';

export const MANAGE_TABS: readonly { key: ManageTab; label: string; access: AccessFlag }[] = [
  { key: 'users', label: 'Пользователи', access: 'isAdmin' },
  { key: 'tariffs', label: 'Маппинг тарифов', access: 'canSeeManagement' },
  { key: 'partners', label: 'Партнёры', access: 'canSeeManagement' },
  { key: 'audit', label: 'Журнал изменений', access: 'isAdmin' },
];

export const manageTitle = (key: ManageTab) => MANAGE_TABS.find((t) => t.key === key)!.label;

export const managePaths = {
  tab: (key: ManageTab) => `/manage/${key}`,
  newUser: () => '/user/create',
  user: (id: string) => `/user/${id}`,
};

export const USERS_BACK = { to: managePaths.tab('users'), label: 'Пользователи' };



