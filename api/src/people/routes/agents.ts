import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { validationError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { listAgents, searchAgents } from '../agents.js';
import { agentListSchema, agentSearchSchema } from '../schemas.js';

/**
 * The agents list and the agent pickers' search: only for users with `canListAgents` (senior staff,
 * managers, broker-network owners, network agent owners), each seeing the agents of their scope.
 */
export function agentRoutes(app: FastifyInstance, { db }: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/agents/search', summary: 'Агенты: поиск для выбора', access: 'canListAgents', query: agentSearchSchema }, async (req) => {
    const q = req.query;
    if (!q.search && !q.agentId) throw validationError('Укажите текст поиска (search) или agentId', 'search');
    return searchAgents(db, req.me, q);
  });

  route(app, { method: 'POST', url: '/api/v2/agents/', summary: 'Агенты: список', access: 'canListAgents', body: agentListSchema }, async (req) => ({
    data: await listAgents(db, req.me, req.body),
  }));
}
