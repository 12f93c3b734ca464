import { access } from './access';
import type { SessionUser } from './roles';

/**
 * Whose agents — and so whose contracts, broker requests and money — a user may see (spec §6).
 * The one answer: the api turns it into SQL (`api/src/platform/scope.ts`), screens may mirror it.
 *
 * - `all`: administrators, finance controllers, supervisors who see every agent, managers (mages).
 * - `appointed`: a supervisor with canViewOnlyAppointedAgents — only the agents appointed to them
 *   (the agents list, the payments info and every later list agree on this).
 * - `own`: everyone else — themselves, their sub-agents and, for a broker-network owner, the agents
 *   of the network they own.
 */
export type AgentScope = 'all' | 'appointed' | 'own';

export function agentScope(user: SessionUser | null | undefined): AgentScope {
  const a = access(user);
  if (a.isAppointedOnly) return 'appointed';
  if (a.isSeniorStaff || a.isMage) return 'all';
  return 'own';
}
