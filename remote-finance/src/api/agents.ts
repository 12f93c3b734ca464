import { getRuntime } from '@oyster/shared-kit/runtime';

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
