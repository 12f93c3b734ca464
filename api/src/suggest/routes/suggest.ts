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
import { validate, yup } from '../../platform/validation.js';
import { route } from '../../platform/routes.js';
import type { SuggestService } from '../service.js';

const SCHEMAS: Record<SuggestKind, yup.AnyObjectSchema> = {
  address: suggestAddressSchema,
  fio: suggestFioSchema,
  bank: suggestBankSchema,
  fms_unit: suggestFmsUnitSchema,
  email: suggestEmailSchema,
};

const TITLES: Record<SuggestKind, string> = { address: 'адрес', fio: 'ФИО', bank: 'банк', fms_unit: 'кем выдан паспорт', email: 'email' };
const suggestKindParams = yup.object({ suggest: yup.string().max(64).required().label('suggest') });

/**
 * §7 suggestion gateway, at the top level ({host}/suggest/...): address, fio, bank, fms_unit, email
 * and the generic /suggest/{suggest} (fio by default, or email). Signed in by default like every api
 * route. Answers `{ suggestions: [{ value, unrestricted_value, data }] }` in DaData's shapes.
 */
export function suggestRoutes(app: FastifyInstance, service: SuggestService) {
  const answer = async (kind: SuggestKind, body: unknown) => ({ suggestions: await service.suggest(kind, body as Record<string, unknown> & { count: number }) });

  for (const kind of ['address', 'fio', 'bank', 'fms_unit', 'email'] as const) {
    route(app, { method: 'POST', url: `/suggest/${kind}`, summary: `Подсказки: ${TITLES[kind]}`, body: SCHEMAS[kind] }, (req) => answer(kind, req.body));
  }
  // The generic call: {suggest} defaults to fio; email is the other value (§7).
  route(app, { method: 'POST', url: '/suggest', summary: 'Подсказки: ФИО', body: suggestFioSchema }, (req) => answer('fio', req.body));
  route(
    app,
    { method: 'POST', url: '/suggest/:suggest', summary: 'Подсказки: fio или email', params: suggestKindParams, body: suggestFioSchema },
    async (req) => {
      const kind = req.params.suggest || 'fio';
      if (kind !== 'fio' && kind !== 'email') throw new HttpError(404, `Подсказки «${kind}» не поддерживаются: используйте address, fio, bank, fms_unit или email`);
      return answer(kind, kind === 'email' ? await validate(suggestEmailSchema, req.body) : req.body);
    },
  );
}
