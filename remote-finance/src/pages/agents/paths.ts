/** Where the agents' screens live under /app/ (absolute within the shell's router). */
export const agentPath = (agentId: string) => `/agent/${agentId}`;
export const agentsPath = () => '/agents';
export const subAgentsPath = () => '/sub_agents';
/** An agent's broker requests (the requests list filters by agent). */
export const agentRequestsPath = (agentId: string) => `/broker-requests?agent=${encodeURIComponent(agentId)}`;
/** An agent's contracts: Полисы filtered by the agent (`agentId`, api GET /api/v2/contracts). */
export const agentContractsPath = (agentId: string) => `/contracts?agentId=${encodeURIComponent(agentId)}`;
