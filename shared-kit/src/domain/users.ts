import type { Opf, Role } from './roles';
import { AGENT_ROLE_OPTIONS } from './role-changes';
import { normalizePhone } from './forms/normalize';
import { phoneDigits } from './forms/validators';

/**
 * Управление: staff and agents as administrators manage them (issue 26; api/src/people/users.ts), and the
 * audit log of every change made there (migration 31, platform/audit.ts). Wire types and the texts both
 * sides say.
 */

/** Who a user is by their roles: an agent (agent options of §6) or a member of staff. */
export type UserKind = 'agent' | 'staff';
export const USER_KIND_TITLES: Record<UserKind, string> = { agent: 'Агент', staff: 'Сотрудник' };

/** An agent when any of the roles is an agent's option (or agent_new); otherwise staff. */
export function userKindOf(roles: readonly string[]): UserKind {
  return roles.some((r) => (AGENT_ROLE_OPTIONS as readonly string[]).includes(r) || r === 'agent_new') ? 'agent' : 'staff';
}

/** The yes/no flags of §3 an administrator sets on a user, with their labels. */
export const USER_FLAGS = ['canChatWithAgents', 'canChatWithClients', 'canViewOnlyAppointedAgents', 'canAnalyticsView'] as const;
export type UserFlag = (typeof USER_FLAGS)[number];
export const USER_FLAG_TITLES: Record<UserFlag, string> = {
  canChatWithAgents: 'Чаты с агентами',
  canChatWithClients: 'Чаты с клиентами',
  canViewOnlyAppointedAgents: 'Видит только назначенных агентов',
  canAnalyticsView: 'Доступ к аналитике',
};

/** §4: the blocked state and its filter values (0 active, 1 blocked). */
export const BLOCKED_TITLES = { 0: 'Активен', 1: 'Заблокирован' } as const;

/** A row of the users list (GET /api/v2/users). */
export interface ManagedUserListItem {
  _id: string;
  fio: string;
  email: string;
  roles: Role[];
  /** The role shown (§6 display priority). */
  role: Role | null;
  kind: UserKind;
  opf: Opf | null;
  network: { _id: string; name: string } | null;
  isBlocked: boolean;
  createdAt: string;
}

/** A user's page (GET /api/v2/users/:id). */
export interface ManagedUser extends ManagedUserListItem, Record<UserFlag, boolean> {
  firstName: string;
  secondName: string;
  middleName: string;
  phone: string | null;
  isPersonal: boolean;
  updatedAt: string;
}

export interface UsersPage {
  items: ManagedUserListItem[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
}

/** POST /api/v2/users: a new member of staff or agent. No password: it is set through the one-time link. */
export interface NewUserInput extends Partial<Record<UserFlag, boolean>> {
  email: string;
  firstName: string;
  secondName: string;
  middleName?: string;
  phone?: string | null;
  roles: Role[];
  /** An agent's legal form (§9); staff have none. */
  opf?: Opf | null;
  networkId?: string | null;
  password?: string;
}

export const USER_TEXTS = {
  emailTaken: 'Поле «email»: пользователь с таким email уже есть',
  opfStaff: 'Поле «opf»: организационная форма указывается только агентам',
  opfRequired: 'Поле «opf»: укажите организационную форму агента',
  networkUnknown: 'Поле «networkId»: такой брокерской сети нет',
  networkStaff: 'Поле «networkId»: брокерская сеть указывается только агентам',
  phoneInvalid: 'Поле «phone»: телефон в формате +7 (900) 000-00-00',
  phoneFormat: 'Телефон в формате +7 (900) 000-00-00',
  blockConfirm: 'Заблокировать пользователя? Все его сеансы завершатся сразу.',
  unblockConfirm: 'Разблокировать пользователя?',
} as const;

/**
 * A user's phone — the users' forms, a sub-agent's invitation and both api schemas (issue 26) — by
 * §5's one rule: +7 (A00) 000-00-00 with A = 4, 8 or 9, a leading +7, 7 or 8 accepted. Kept as
 * '+7 (900) 123-45-67'. Empty (or an untouched mask) is no phone: null.
 */
export function userPhone(value: string | null | undefined): { phone: string | null; valid: boolean } {
  if (!value || !value.trim() || phoneDigits(value) === '') return { phone: null, valid: true };
  const phone = normalizePhone(value.trim());
  return { phone, valid: phone !== null };
}

/** The text under a user's phone field, or null when it is empty or right (userPhone). */
export const userPhoneError = (value: string | null | undefined): string | null => (userPhone(value).valid ? null : USER_TEXTS.phoneFormat);

/** What an audit row says was done (platform/audit.ts AuditAction), as the viewer shows it. */
export const AUDIT_ACTION_TITLES: Record<string, string> = {
  create: 'Создание',
  update: 'Изменение',
  block: 'Блокировка',
  unblock: 'Разблокировка',
  delete: 'Удаление',
  invite: 'Приглашение',
  reset_password: 'Сброс пароля',
};

/** The kinds of object the audit log knows (its filter), as the viewer shows them. */
export const AUDIT_OBJECT_TITLES: Record<string, string> = {
  user: 'Пользователь',
  agent: 'Агент',
  partner: 'Партнёр',
  tariff_mapping: 'Маппинг тарифа',
  curator: 'Куратор',
};

/** The field names of users in the audit log's before → after, as the viewer shows them. */
export const AUDIT_FIELD_TITLES: Record<string, string> = {
  email: 'Email',
  firstName: 'Имя',
  secondName: 'Фамилия',
  middleName: 'Отчество',
  phone: 'Телефон',
  roles: 'Роли',
  opf: 'Организационная форма',
  networkId: 'Брокерская сеть',
  isPersonal: 'Сотрудник',
  isBlocked: 'Заблокирован',
  ...USER_FLAG_TITLES,
};

/** One row of the audit log (GET /api/v2/audit). */
export interface AuditRow {
  id: string;
  at: string;
  actor: { _id: string; fio: string } | null;
  action: string;
  objectType: string;
  objectId: string;
  /** The object's name when the log knows where to find it (a user's full name), else null. */
  objectTitle: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditPage {
  items: AuditRow[];
  next: string | null;
}

/** A new audit row was written: for administrators (the log's page reloads). */
export interface AuditAddedEvent {
  objectType: string;
}
