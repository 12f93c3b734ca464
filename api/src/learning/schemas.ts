import { LEARNING_MAX_PAGE_SIZE, LEARNING_PAGE_SIZE } from '@oyster/shared-kit/domain';
import { HttpError, objectIdSchema, yup } from '../validation.js';
import { isHttpsUrl, isSafeImageUrl } from './sanitize.js';

/** Request schemas and texts of the learning api; messages name the field (spec §7). */

export const MAX_PAGE = 10_000;

export const pageSchema = yup.number().integer().min(1).max(MAX_PAGE).default(1).label('page');
export const pageSizeSchema = yup.number().integer().min(1).max(LEARNING_MAX_PAGE_SIZE).default(LEARNING_PAGE_SIZE).label('pageSize');
export const strictBool = (label: string) => yup.boolean().strict().label(label);
export const statusSchema = yup
  .string()
  .oneOf(['published', 'draft'] as const, 'Поле «status» должно быть одним из: published, draft')
  .label('status');

export const imageUrlSchema = (label: string) =>
  yup
    .string()
    .trim()
    .max(1000)
    .nullable()
    .test('image-url', `Поле «${label}»: допустим адрес файла /media/… или https://…`, (v) => v == null || v === '' || isSafeImageUrl(v))
    .transform((v) => (v === '' ? null : v))
    .label(label);

export const httpsUrlSchema = (label: string) =>
  yup
    .string()
    .trim()
    .max(1000)
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .test('https-url', `Поле «${label}»: допустим только адрес https://…`, (v) => v == null || isHttpsUrl(v))
    .label(label);

export const idParams = (name: string) => yup.object({ [name]: objectIdSchema.required().label(name) });

export const tagsSchema = yup
  .array(yup.string().trim().min(1).max(40).required())
  .max(10, 'Поле «tags»: не больше 10 тегов')
  .transform((v: unknown) => (Array.isArray(v) ? [...new Set(v.map((t) => (typeof t === 'string' ? t.trim() : t)))] : v))
  .label('tags');

/** 404 in the shape the pages read: error, errorMessage, data (spec §7 news by id). */
export function notFoundError(message: string) {
  return new HttpError(404, message, { error: true, errorMessage: message, data: null });
}

export const noFields = () => new HttpError(400, 'Нет полей для изменения', { error: true, type: 'validation', field: null });

/** Drops keys whose value is undefined; a PATCH with nothing left is a 400. */
export function definedEntries<T extends Record<string, unknown>>(patch: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  if (!Object.keys(out).length) throw noFields();
  return out;
}

/** A text field that, when sent, must not be empty ('' → «обязательно», like a missing one on create). */
export const textField = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .test('filled', `Поле «${label}» обязательно`, (v) => v === undefined || v !== '')
    .max(max)
    .label(label);
