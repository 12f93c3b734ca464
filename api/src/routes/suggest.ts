import type { FastifyInstance } from 'fastify';
import {
  suggestAddressSchema,
  suggestBankSchema,
  suggestEmailSchema,
  suggestFioSchema,
  suggestFmsUnitSchema,
  type SuggestKind,
} from '@oyster/shared-kit/domain';
import type { RouteContext } from './context.js';
import { requireUser } from '../auth/guard.js';
import { HttpError, validate, type yup } from '../validation.js';
import { createSuggestService } from '../suggest/index.js';

const SCHEMAS: Record<SuggestKind, yup.AnyObjectSchema> = {
  address: suggestAddressSchema,
  fio: suggestFioSchema,
  bank: suggestBankSchema,
  fms_unit: suggestFmsUnitSchema,
  email: suggestEmailSchema,
};

/**
 * §7 suggestion gateway, at the top level ({host}/suggest/...): address, fio, bank, fms_unit, email
 * and the generic /suggest/{suggest} (fio by default, or email). Signed-in users only. Answers
 * `{ suggestions: [{ value, unrestricted_value, data }] }` in DaData's shapes — from DaData itself
 * when DADATA_API_KEY is set (DADATA_URL overrides its address), else from api/data/suggest.
 */
export function suggestRoutes(app: FastifyInstance, { db }: RouteContext, options: { dataDirHints?: (string | undefined)[] } = {}) {
  const service = createSuggestService({
    dadataApiKey: process.env.DADATA_API_KEY || null,
    dadataUrl: process.env.DADATA_URL || null,
    dataDirHints: options.dataDirHints,
    warn: (info, message) => app.log.warn(info, message),
  });

  const handle = (kind: SuggestKind) => async (req: { body: unknown }) => {
    const body = (await validate(SCHEMAS[kind], req.body)) as Record<string, unknown> & { count: number };
    return { suggestions: await service.suggest(kind, body) };
  };

  for (const kind of ['address', 'fio', 'bank', 'fms_unit', 'email'] as const) {
    app.post(`/suggest/${kind}`, async (req) => {
      await requireUser(db, req);
      return handle(kind)(req);
    });
  }
  // The generic call: {suggest} defaults to fio; email is the other value (§7).
  app.post('/suggest', async (req) => {
    await requireUser(db, req);
    return handle('fio')(req);
  });
  app.post('/suggest/:suggest', async (req) => {
    await requireUser(db, req);
    const kind = (req.params as { suggest?: string }).suggest || 'fio';
    if (kind !== 'fio' && kind !== 'email') throw new HttpError(404, `Подсказки «${kind}» не поддерживаются: используйте address, fio, bank, fms_unit или email`);
    return handle(kind)(req);
  });
}
