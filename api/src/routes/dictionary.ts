import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.js';
import { requireUser } from '../auth/guard.js';
import { notFound, validate, yup } from '../validation.js';

const slug = () => yup.string().trim().matches(/^[a-z0-9_-]{1,64}$/i, { message: ({ path }: { path: string }) => `Поле «${path}» может содержать только латинские буквы, цифры, «-» и «_»` });
const paramsSchema = yup.object({ type: slug().default('origin'), name: slug().required() });

export function dictionaryRoutes(app: FastifyInstance, { db }: RouteContext) {
  const handler = async (req: { params: unknown }) => {
    const { type, name } = await validate(paramsSchema, req.params);
    const rows = await db.query<{ option_id: string; option_name: string }>(
      'SELECT option_id, option_name FROM dictionaries WHERE type = $1 AND name = $2 ORDER BY sort, option_name',
      [type, name],
    );
    if (!rows.length) throw notFound();
    return { data: rows.map((r) => ({ optionId: r.option_id, optionName: r.option_name })) };
  };
  app.get('/api/v2/dictionary/:type/:name', async (req) => {
    await requireUser(db, req);
    return handler(req);
  });
  // §7: "type defaults to origin".
  app.get('/api/v2/dictionary/:name', async (req) => {
    await requireUser(db, req);
    return handler(req);
  });
}
