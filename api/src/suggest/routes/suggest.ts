import type { FastifyInstance } from 'fastify';
import {
  suggestAddressSchema,
  suggestBankSchema,
  suggestEmailSchema,
  suggestFioSchema,
  suggestFmsUnitSchema,
  type SuggestKind,
} from '@oyster/shared-kit/domain';
import { HttpError } from '../../platform/errors.js';
import { validate, type yup } from '../../platform/validation.js';
import type { SuggestService } from '../service.js';

const SCHEMAS: Record<SuggestKind, yup.AnyObjectSchema> = {
  address: suggestAddressSchema,
  fio: suggestFioSchema,
  bank: suggestBankSchema,
  fms_unit: suggestFmsUnitSchema,
  email: suggestEmailSchema,
};

/**
 * §7 suggestion gateway, at the top level ({host}/suggest/...): address, fio, bank, fms_unit, email
 * and the generic /suggest/{suggest} (fio by default, or email). Signed in by default like every api
 * route. Answers `{ suggestions: [{ value, unrestricted_value, data }] }` in DaData's shapes.
 */
export function suggestRoutes(app: FastifyInstance, service: SuggestService) {
  const handle = (kind: SuggestKind) => async (req: { body: unknown }) => {
    const body = (await validate(SCHEMAS[kind], req.body)) as Record<string, unknown> & { count: number };
    return { suggestions: await service.suggest(kind, body) };
  };

  for (const kind of ['address', 'fio', 'bank', 'fms_unit', 'email'] as const) {
    app.post(`/suggest/${kind}`, handle(kind));
  }
  // The generic call: {suggest} defaults to fio; email is the other value (§7).
  app.post('/suggest', handle('fio'));
  app.post('/suggest/:suggest', async (req) => {
    const kind = (req.params as { suggest?: string }).suggest || 'fio';
    if (kind !== 'fio' && kind !== 'email') throw new HttpError(404, `Подсказки «${kind}» не поддерживаются: используйте address, fio, bank, fms_unit или email`);
    return handle(kind)(req);
  });
}
