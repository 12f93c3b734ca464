import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { listAudit } from '../manage.js';
import { auditListSchema } from '../schemas.js';

/**
 * GET /audit — the audit log of Управление (migration 31): administrators only. Newest first, keyset
 * pages; filters by kind of object, who, one object, Moscow days from–to.
 */
export function auditRoutes(app: FastifyInstance, { db }: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/audit', summary: 'Журнал изменений Управления', access: 'isAdmin', query: auditListSchema }, async (req) => {
    const { objectType, actorId, objectId, from, to, after, limit } = req.query;
    return { data: await listAudit(db, { objectType: objectType || undefined, actorId, objectId, from, to, after, limit }) };
  });
}
