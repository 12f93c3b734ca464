import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ensure } from '../../platform/auth/guard.js';
import { validationError } from '../../platform/errors.js';
import { validate } from '../../platform/validation.js';
import { listAgents, searchAgents } from '../agents.js';
import { agentListSchema, agentSearchSchema } from '../schemas.js';

/**
 * The agents list and the agent pickers' search: only for users with `canListAgents` (senior staff,
 * managers, broker-network owners, network agent owners), each seeing the agents of their scope.
 */
export function agentRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/v2/agents/search', async (req) => {
    ensure(req.me.can.canListAgents);
    const q = await validate(agentSearchSchema, req.query);
    if (!q.search && !q.agentId) throw validationError('Укажите текст поиска (search) или agentId', 'search');
    return searchAgents(db, req.me, q);
  });

  app.post('/api/v2/agents/', async (req) => {
    ensure(req.me.can.canListAgents);
    const filter = await validate(agentListSchema, req.body);
    return { data: await listAgents(db, req.me, filter) };
  });
}
