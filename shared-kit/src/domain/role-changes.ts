import { access } from './access';
import { ROLE_TITLES, type Role, type SessionUser } from './roles';

/**
 * Role changes (spec §6, PATCH /users/{id}): who may set which roles. In the full domain entry, not the
 * platform's: only the api and the user pages ask, and the shell's home page carries the platform entry.
 */
export const AGENT_ROLE_OPTIONS: readonly Role[] = ['agent', 'network_agent_owner', 'sub_agent', 'network_brokers_owner'];
export const STAFF_ROLE_OPTIONS: readonly Role[] = ['admin', 'copywriter', 'agent_manager', 'agent_supervisor', 'finance_controller'];
export const BROKERS_OWNER_ASSIGNABLE_ROLES: readonly Role[] = ['agent', 'network_agent_owner', 'sub_agent'];

/**
 * Who may set which roles (spec §6). One user's roles come from ONE of the two option lists: an
 * agent's roles (agent, network owner, sub-agent, broker) or a staff member's (admin, copywriter,
 * manager, supervisor, finance controller) — every demo account is so (owner@ agent + network
 * owner, broker@ agent + broker), and §6 offers the lists per kind of user, never together.
 * `agent_new` and `anonymous` are states the system gives, never an option.
 */
export const MAX_ROLES = 5;
/** A role change needs a session younger than this, or the actor's password again. */
export const ROLE_CHANGE_FRESH_SESSION_MS = 15 * 60 * 1000;

export const ROLE_TEXTS = {
  empty: 'Поле «roles»: укажите хотя бы одну роль',
  tooMany: `Поле «roles»: не больше ${MAX_ROLES} ролей`,
  notAssignable: (r: string) => `Поле «roles»: роль «${ROLE_TITLES[r as Role] ?? r}» нельзя назначить`,
  mixed: 'Поле «roles»: роли агента и роли сотрудника нельзя совмещать',
  brokersOwnerOnly: `Поле «roles»: владелец брокерской сети может назначить только роли ${BROKERS_OWNER_ASSIGNABLE_ROLES.map((r) => `«${ROLE_TITLES[r]}»`).join(', ')}`,
  notInNetwork: 'Поле «roles»: менять роли можно только агентам своей брокерской сети',
  notOwnRoles: 'Поле «roles»: свои роли владелец брокерской сети изменить не может',
  targetNotAgent: 'Поле «roles»: роли этого пользователя может менять только администратор',
  lastAdmin: 'Поле «roles»: нельзя снять роль администратора с себя — вы последний администратор',
  reauth: 'Поле «roles»: подтвердите изменение ролей паролем (поле «password») или войдите заново',
  wrongPassword: 'Поле «password»: неверный пароль',
};

/** The roles `actor` may hand out: an admin every option of §6, a broker network owner agent three. */
export function assignableRoles(actor: SessionUser): readonly Role[] {
  const can = access(actor);
  if (can.isAdmin) return [...AGENT_ROLE_OPTIONS, ...STAFF_ROLE_OPTIONS];
  if (can.isBrokersOwnerAgent) return BROKERS_OWNER_ASSIGNABLE_ROLES;
  return [];
}

/** The roles as a set: duplicates removed, order kept. */
export const uniqueRoles = (roles: readonly string[]): string[] => [...new Set(roles)];

/** What the check knows about the user whose roles change. */
export interface RoleTarget {
  _id: string;
  /** Roles before the change. */
  roles: readonly string[];
  /** The broker network the target belongs to. */
  brokerNetworkId: string | null;
}

/** What the check needs to know from the database. */
export interface RoleChangeFacts {
  /** The broker network the actor owns (broker_networks.owner_user_id), if any. */
  ownedNetworkId: string | null;
  /** Administrators who are not blocked, the actor included. */
  adminCount: number;
}

export interface RoleChangeRefusal {
  /** 400: the list itself is wrong; 403: the actor may not make this change. */
  status: 400 | 403;
  message: string;
}

/**
 * Why `actor` may not set `target`'s roles to `roles`, or null when the change is allowed. The api's
 * PATCH /users/:id asks this (the confirmation by password or a fresh session is the api's own).
 */
export function roleChangeError(
  actor: SessionUser,
  target: RoleTarget,
  roles: readonly string[],
  facts: RoleChangeFacts,
): RoleChangeRefusal | null {
  const bad = (message: string) => ({ status: 400 as const, message });
  const no = (message: string) => ({ status: 403 as const, message });
  const set = uniqueRoles(roles);
  if (set.length === 0) return bad(ROLE_TEXTS.empty);
  if (set.length > MAX_ROLES) return bad(ROLE_TEXTS.tooMany);
  const options = [...AGENT_ROLE_OPTIONS, ...STAFF_ROLE_OPTIONS] as readonly string[];
  const unknown = set.find((r) => !options.includes(r));
  if (unknown) return bad(ROLE_TEXTS.notAssignable(unknown));
  const isAgentRole = (r: string) => (AGENT_ROLE_OPTIONS as readonly string[]).includes(r);
  if (set.some(isAgentRole) && !set.every(isAgentRole)) return bad(ROLE_TEXTS.mixed);

  const can = access(actor);
  if (can.isAdmin) {
    const removesOwnAdmin = actor._id === target._id && target.roles.includes('admin') && !set.includes('admin');
    if (removesOwnAdmin && facts.adminCount <= 1) return no(ROLE_TEXTS.lastAdmin);
    return null;
  }
  if (can.isBrokersOwnerAgent) {
    if (actor._id === target._id) return no(ROLE_TEXTS.notOwnRoles);
    if (!facts.ownedNetworkId || target.brokerNetworkId !== facts.ownedNetworkId) return no(ROLE_TEXTS.notInNetwork);
    // Only agents of the network whose every role is one the owner could have given (no other owner, no staff).
    const mine = [...BROKERS_OWNER_ASSIGNABLE_ROLES, 'agent_new'] as readonly string[];
    if (!target.roles.every((r) => mine.includes(r))) return no(ROLE_TEXTS.targetNotAgent);
    const beyond = set.find((r) => !(BROKERS_OWNER_ASSIGNABLE_ROLES as readonly string[]).includes(r));
    if (beyond) return no(ROLE_TEXTS.brokersOwnerOnly);
    return null;
  }
  return no(ROLE_TEXTS.notAssignable(set[0]));
}
