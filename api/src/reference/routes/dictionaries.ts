import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { validate } from '../../platform/validation.js';
import { findDictionary } from '../dictionaries.js';
import { dictionaryParamsSchema } from '../schemas.js';

export function dictionaryRoutes(app: FastifyInstance, { db }: AppContext) {
  const handler = async (req: { params: unknown }) => {
    const { type, name } = await validate(dictionaryParamsSchema, req.params);
    const data = await findDictionary(db, type, name);
    if (!data.length) throw notFound();
    return { data };
  };
  app.get('/api/v2/dictionary/:type/:name', handler);
  // §7: "type defaults to origin".
  app.get('/api/v2/dictionary/:name', handler);
}
