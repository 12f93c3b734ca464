import { getRuntime } from '@oyster/shared-kit/runtime';
import type { AgentBilling, AgentCard, AgentListItem, AgentListPage, PasswordLinkAnswer, SubAgentsPage } from '@oyster/shared-kit/domain';
import type { KeysetPage } from '@oyster/shared-kit/ui/screens';

/** An agent of the pickers' search (§7 `GET /api/v2/agents/search`: fio, email, _id, isBlocked). */
export interface AgentChoice {
  _id: string;
  fio: string;
  email: string;
  isBlocked: boolean;
}

/**
 * The agents of the user's scope whose name or e-mail matches (api/src/people/routes/agents.ts; only for
 * `canListAgents`), or the one agent with `agentId` — how a filter read from the URL gets its name back.
 */
export async function searchAgents(by: { search: string } | { agentId: string }, signal?: AbortSignal): Promise<AgentChoice[]> {
  const q = new URLSearchParams('search' in by ? { search: by.search } : { agentId: by.agentId });
  return getRuntime().http.get<AgentChoice[]>(`/api/v2/agents/search?${q}`, { silent: true, signal });
}

/* Agents and sub-agents (issue 26): the list, an agent's card and what may be done to them, a network owner's sub-agents. */


/** One keyset page of the agents list (§7 POST /api/v2/agents/: search, opf, status, byNetwork; createDate desc). */
export async function listAgentsPage(query: URLSearchParams, after: string | null): Promise<KeysetPage<AgentListItem, string> & { total: number | null; totalCapped: boolean }> {
  const status = query.get('status');
  const body = {
    search: query.get('search') ?? '',
    opf: query.get('opf') || null,
    status: status === '0' || status === '1' ? Number(status) : null,
    byNetwork: query.get('byNetwork') === '1' ? true : null,
    sortBy: 'createDate',
    sortType: 'desc',
    pageSize: 20,
    after,
  };
  const { data } = await getRuntime().http.post<{ data: AgentListPage }>('/api/v2/agents/', body);
  return { items: data.agents, next: data.next, total: data.total, totalCapped: data.totalCapped };
}

export const getAgentCard = (agentId: string, signal?: AbortSignal) => getRuntime().http.get<AgentCard>(`/api/v2/agents/${agentId}`, { signal });

export const patchAgent = (agentId: string, patch: { level?: number; networkId?: string | null; isBlocked?: boolean }) =>
  getRuntime().http.patch<AgentCard>(`/api/v2/agents/${agentId}`, patch);

export const appointCurator = (agentId: string, curatorId: string) => getRuntime().http.post<AgentCard>(`/api/v2/agents/${agentId}/curators`, { curatorId });
export const removeCurator = (agentId: string, curatorId: string) => getRuntime().http.delete<AgentCard>(`/api/v2/agents/${agentId}/curators/${curatorId}`);

export interface AgentOptions {
  networks: { _id: string; name: string }[];
  curators: { _id: string; fio: string }[];
}
export const getAgentOptions = () => getRuntime().http.get<AgentOptions>('/api/v2/agents/options');

/** The agent's billing details (finance staff only; null to anyone else or when there are none). */
export async function getAgentBilling(agentId: string): Promise<AgentBilling | null> {
  const res = await getRuntime().http.get<{ data: AgentBilling | null }>(`/api/v2/finance/billing/${agentId}`, { silent: true });
  return res.data;
}

export const listSubAgents = () => getRuntime().http.get<{ data: SubAgentsPage }>('/api/v2/sub-agents/').then((r) => r.data);

export interface Invitation {
  secondName: string;
  firstName: string;
  middleName: string;
  email: string;
  phone: string;
  opf: string;
  roles: string[];
}
export const inviteSubAgent = (inv: Invitation) => getRuntime().http.post<PasswordLinkAnswer & { _id: string }>('/api/v2/sub-agents/invite', inv);
