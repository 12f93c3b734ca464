import { ADJUSTMENT_REASON_LIMITS, CONTRACT_PRODUCTS, LEDGER_KINDS, LEDGER_LINE_STATUSES, LEDGER_PERIOD_PATTERN } from '@oyster/shared-kit/domain';
import { isoDate, objectIdSchema, yup } from '../platform/validation.js';
import { decodeLedgerCursor } from './statement.js';

/** Request schemas of the finance api; every message names its field. */

const basisPoints = (label: string) =>
  yup
    .number()
    .strict()
    .integer(`Поле «${label}»: ставка в базисных пунктах, целое число (1000 = 10%)`)
    .min(0, `Поле «${label}»: ставка не может быть отрицательной`)
    .max(10_000, `Поле «${label}»: ставка не больше 10000 (100%)`)
    .label(label);

const productField = yup.string().trim().matches(/^[a-z_]{2,40}$/, 'Поле «product»: код продукта латиницей').label('product');

/** PUT /api/v2/finance/commission-rates: one insurer × product from a date. */
export const rateSetSchema = yup.object({
  companyId: objectIdSchema.required().label('companyId'),
  product: productField.required(),
  validFrom: isoDate('validFrom').required(),
  insurerRateBp: basisPoints('insurerRateBp').required(),
  levels: yup
    .object({
      agent: basisPoints('levels.agent').required(),
      expert: basisPoints('levels.expert').required(),
      broker: basisPoints('levels.broker').required(),
    })
    .required()
    .label('levels'),
  ownerOverrideBp: basisPoints('ownerOverrideBp').required(),
});

export const rateSetsQuery = yup.object({ product: productField });

/** GET /api/v2/finance/ledger: a Moscow month and the filters of Мое КВ / КВ всех. */
export const ledgerQuerySchema = yup.object({
  period: yup.string().trim().matches(LEDGER_PERIOD_PATTERN, 'Поле «period»: месяц в формате ГГГГ-ММ').required().label('period'),
  agent: objectIdSchema.label('agent'),
  company: objectIdSchema.label('company'),
  product: yup.string().oneOf([...CONTRACT_PRODUCTS], `Поле «product» должно быть одним из: ${CONTRACT_PRODUCTS.join(', ')}`).label('product'),
  kind: yup.string().oneOf([...LEDGER_KINDS], `Поле «kind» должно быть одним из: ${LEDGER_KINDS.join(', ')}`).label('kind'),
  status: yup.string().oneOf([...LEDGER_LINE_STATUSES], `Поле «status» должно быть одним из: ${LEDGER_LINE_STATUSES.join(', ')}`).label('status'),
  after: yup
    .string()
    .trim()
    .max(200)
    .test('cursor', 'Поле «after»: неверный курсор страницы', (v) => v == null || decodeLedgerCursor(v) !== null)
    .label('after'),
  limit: yup.number().integer().min(1).max(200).default(50).label('limit'),
});

/** GET /api/v2/finance/ledger/export: the page's filters and the file's format. */
export const ledgerExportSchema = ledgerQuerySchema.omit(['after', 'limit']).shape({
  format: yup.string().oneOf(['xlsx', 'csv'], 'Поле «format» должно быть одним из: xlsx, csv').default('xlsx').label('format'),
});

const rateBp = basisPoints('rateBp');
const knownProduct = yup.string().oneOf([...CONTRACT_PRODUCTS], `Поле «product» должно быть одним из: ${CONTRACT_PRODUCTS.join(', ')}`).label('product');

/** POST /api/v2/finance/templates. */
export const templateCreateSchema = yup.object({
  agentId: objectIdSchema.required().label('agentId'),
  companyId: objectIdSchema.required().label('companyId'),
  product: knownProduct.required(),
  rateBp: rateBp.required(),
  validFrom: isoDate('validFrom').required(),
  validTo: isoDate('validTo').nullable(),
});

/** PATCH /api/v2/finance/templates/:templateId: what changes. */
export const templatePatchSchema = yup.object({
  rateBp,
  validFrom: isoDate('validFrom'),
  validTo: isoDate('validTo').nullable(),
});

export const templatesQuery = yup.object({ agent: objectIdSchema.label('agent'), company: objectIdSchema.label('company'), product: knownProduct });

const segmentName = yup.string().trim().min(2, 'Поле «name»: от 2 до 80 символов').max(80, 'Поле «name»: от 2 до 80 символов').required().label('name');
export const segmentNameSchema = yup.object({ name: segmentName });
export const segmentRateSchema = yup.object({
  companyId: objectIdSchema.required().label('companyId'),
  product: knownProduct.required(),
  rateBp: rateBp.required(),
  validFrom: isoDate('validFrom').required(),
});
export const segmentMembersSchema = yup.object({
  agentIds: yup.array(objectIdSchema.required().label('agentIds')).max(5000).required().label('agentIds'),
});

/** POST /api/v2/finance/ledger/adjustments. */
export const adjustmentSchema = yup.object({
  agentId: objectIdSchema.required().label('agentId'),
  amountKopecks: yup
    .number()
    .strict()
    .integer('Поле «amountKopecks»: сумма в копейках, целое число')
    .min(-10_000_000_000, 'Поле «amountKopecks»: не больше 100 000 000 ₽ по модулю')
    .max(10_000_000_000, 'Поле «amountKopecks»: не больше 100 000 000 ₽ по модулю')
    .test('not-zero', 'Поле «amountKopecks»: корректировка не может быть нулевой', (v) => v !== 0)
    .required()
    .label('amountKopecks'),
  reason: yup
    .string()
    .trim()
    .min(ADJUSTMENT_REASON_LIMITS.min, `Поле «reason»: причина от ${ADJUSTMENT_REASON_LIMITS.min} до ${ADJUSTMENT_REASON_LIMITS.max} символов`)
    .max(ADJUSTMENT_REASON_LIMITS.max, `Поле «reason»: причина от ${ADJUSTMENT_REASON_LIMITS.min} до ${ADJUSTMENT_REASON_LIMITS.max} символов`)
    .required()
    .label('reason'),
  contractId: objectIdSchema.nullable().label('contractId'),
});
