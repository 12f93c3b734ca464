import {
  BROKER_PRODUCT_TYPES,
  BROKER_REQUEST_VIEWS,
  QUICK_PERIODS,
  isBrokerRequestStatus,
} from '@oyster/shared-kit/domain';
import { objectIdSchema, yup } from '../platform/validation.js';
import { decodeRequestCursor } from './store.js';

/** Request schemas of the broker-requests api; every message names its field (spec §7). */

/**
 * A request's form values: texts, or lists of rows of texts (shared-kit schemas.ts) — screened by the
 * validation layer's `textMap` (plain keys, bounded sizes, no control characters); their meaning —
 * which keys, which types — is checked against the product's form by `brokerFormProblems`.
 */
export const formValuesSchema = yup.mixed<Record<string, unknown>>().meta({ textMap: true }).label('values');

export const requestCreateSchema = yup
  .object({
    productType: yup.string().trim().oneOf([...BROKER_PRODUCT_TYPES], 'Поле «productType»: такого продукта нет в каталоге').required().label('productType'),
    values: formValuesSchema,
  })
  .noUnknown(true, 'Поле «${unknown}» не ожидается');

export const requestValuesSchema = yup.object({ values: formValuesSchema.required('Поле «values» обязательно') }).noUnknown(true, 'Поле «${unknown}» не ожидается');

export const requestStatusSchema = yup
  .object({
    status: yup
      .number()
      .integer()
      .test('status', 'Поле «status»: такого статуса запроса нет', (v) => v === undefined || isBrokerRequestStatus(v))
      .required()
      .label('status'),
    reason: yup.string().trim().max(1000).label('reason'),
    offerId: objectIdSchema.label('offerId'),
  })
  .noUnknown(true, 'Поле «${unknown}» не ожидается');

export const offerCreateSchema = yup
  .object({
    companyId: objectIdSchema.required().label('companyId'),
    premium: yup.number().integer('Поле «premium»: сумма в копейках, целым числом').min(1).max(100_000_000_000).required().label('premium'),
    commissionPercent: yup.number().min(0).max(100).nullable().label('commissionPercent'),
    conditions: yup.string().trim().max(4000).default('').label('conditions'),
  })
  .noUnknown(true, 'Поле «${unknown}» не ожидается');

export const requestListQuerySchema = yup.object({
  view: yup.string().oneOf([...BROKER_REQUEST_VIEWS], `Поле «view» должно быть одним из: ${BROKER_REQUEST_VIEWS.join(', ')}`).label('view'),
  status: yup
    .string()
    .trim()
    .matches(/^\d+(,\d+)*$/, 'Поле «status»: номера статусов через запятую')
    .test('statuses', 'Поле «status»: такого статуса запроса нет', (v) => !v || v.split(',').every((s) => isBrokerRequestStatus(Number(s))))
    .label('status'),
  product: yup.string().trim().oneOf([...BROKER_PRODUCT_TYPES], 'Поле «product»: такого продукта нет в каталоге').label('product'),
  agent: objectIdSchema.label('agent'),
  network: objectIdSchema.label('network'),
  period: yup.string().oneOf([...QUICK_PERIODS], `Поле «period» должно быть одним из: ${QUICK_PERIODS.join(', ')}`).label('period'),
  search: yup.string().trim().max(100).label('search'),
  after: yup.string().trim().max(100).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => !v || decodeRequestCursor(v) !== null).label('after'),
  limit: yup.number().integer().min(1).max(100).default(20).label('limit'),
});

export const attachFieldsSchema = yup
  .object({
    // §7 sends only the files: a file without a type is listed «Без типа».
    typeName: yup.string().trim().max(200).label('typeName'),
    offerId: objectIdSchema.label('offerId'),
  })
  .noUnknown(true, 'Поле «${unknown}» не ожидается');

/** A file sent in the request's chat, added to the request's files (§8 confirmation). */
export const fromChatSchema = yup
  .object({
    fileId: objectIdSchema.required('Поле «fileId»: выберите файл из чата').label('fileId'),
    // §7 sends only the files: a file without a type is listed «Без типа».
    typeName: yup.string().trim().max(200).label('typeName'),
  })
  .noUnknown(true, 'Поле «${unknown}» не ожидается');
