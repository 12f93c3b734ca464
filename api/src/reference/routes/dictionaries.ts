import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { findDictionary } from '../dictionaries.js';
import { dictionaryParamsSchema, dictionaryNameSchema } from '../schemas.js';

export function dictionaryRoutes(app: FastifyInstance, { db }: AppContext) {
  const handler = async (req: { params: { type?: string; name: string } }) => {
    const { type = 'origin', name } = req.params;
    const data = await findDictionary(db, type, name);
    if (!data.length) throw notFound();
    return { data };
  };
  route(app, { method: 'GET', url: '/api/v2/dictionary/:type/:name', summary: 'Справочник', params: dictionaryParamsSchema }, handler);
  // §7: "type defaults to origin".
  route(app, { method: 'GET', url: '/api/v2/dictionary/:name', summary: 'Справочник (тип origin)', params: dictionaryNameSchema }, handler);
}
