import type { Role, SessionUser } from './roles';

/**
 * Whose agents — and so whose contracts, broker requests and money — a user may see (spec §6).
 * The one answer: the api turns it into SQL (`api/src/platform/scope.ts`, from these same lists),
 * `access()` takes its staff flags from here, screens may mirror it.
 *
 * - `all`: administrators, finance controllers, supervisors who see every agent, managers (mages).
 * - `appointed`: a supervisor with canViewOnlyAppointedAgents — only the agents appointed to them
 *   (the agents list, the payments info and every later list agree on this).
 * - `own`: everyone else — themselves, their sub-agents and, for a broker-network owner, the agents
 *   of the network they own.
 */
export type AgentScope = 'all' | 'appointed' | 'own';

/**
 * The broker's staff: whoever holds one of these acts as staff on agents' objects (a contract's
 * «staff» side, a request's reader or executor, a chat's staff side) and sees every agent — unless
 * appointed-only.
 */
export const STAFF_ROLES: readonly Role[] = ['admin', 'agent_supervisor', 'finance_controller', 'agent_manager'];

/** The role whose holder canViewOnlyAppointedAgents narrows to the agents appointed to them. */
export const APPOINTED_ONLY_ROLE: Role = 'agent_supervisor';

type ScopeUser = Pick<SessionUser, 'roles' | 'canViewOnlyAppointedAgents'> | null | undefined;

/** Holds a staff role (STAFF_ROLES): acts as the broker's staff on the objects of the agents they see. */
export function actsAsStaff(user: ScopeUser): boolean {
  return !!user && user.roles.some((r) => STAFF_ROLES.includes(r));
}

/** A supervisor restricted to the agents appointed to them. */
export function isAppointedOnly(user: ScopeUser): boolean {
  return !!user && user.roles.includes(APPOINTED_ONLY_ROLE) && !!user.canViewOnlyAppointedAgents;
}

export function agentScope(user: ScopeUser): AgentScope {
  if (isAppointedOnly(user)) return 'appointed';
  if (actsAsStaff(user)) return 'all';
  return 'own';
}
