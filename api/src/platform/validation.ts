import * as yup from 'yup';
import { OBJECT_ID_PATTERN } from '@oyster/shared-kit/domain';
import { HttpError, noFields } from './errors.js';

// Default Russian texts for every schema that does not carry its own; each names the field.
const field = (p: { path?: string; label?: string }) => `«${p.label ?? p.path ?? 'значение'}»`;
yup.setLocale({
  mixed: {
    required: (p) => `Поле ${field(p)} обязательно`,
    notNull: (p) => `Поле ${field(p)} не может быть пустым`,
    notType: (p) => `Поле ${field(p)} имеет неверный тип (ожидается ${p.type === 'number' ? 'число' : p.type === 'boolean' ? 'логическое значение' : p.type === 'array' ? 'список' : 'строка'})`,
    oneOf: (p) => `Поле ${field(p)} должно быть одним из: ${(p.values as string) ?? ''}`,
    default: (p) => `Поле ${field(p)} заполнено неверно`,
  },
  string: {
    min: (p) => `Поле ${field(p)}: минимальная длина ${p.min}`,
    max: (p) => `Поле ${field(p)}: максимальная длина ${p.max}`,
    matches: (p) => `Поле ${field(p)} заполнено неверно`,
    email: (p) => `Поле ${field(p)}: неправильный email`,
  },
  number: {
    min: (p) => `Поле ${field(p)} должно быть не меньше ${p.min}`,
    max: (p) => `Поле ${field(p)} должно быть не больше ${p.max}`,
    integer: (p) => `Поле ${field(p)} должно быть целым числом`,
  },
  array: { min: (p) => `Поле ${field(p)} должно содержать не меньше ${p.min} элементов` },
  object: { noUnknown: (p) => `Неизвестные поля в запросе: ${String(p.unknown ?? '')}` },
});

/** Validate and cast; a failure is a 400 that names the field. Nothing runs before this passes. */
export async function validate<S extends yup.AnySchema>(schema: S, input: unknown): Promise<yup.InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (e instanceof yup.ValidationError) {
      // All errors in schema field order; the first one is the message the toast shows.
      const all = (e.inner.length ? e.inner : [e]).map((x) => ({ path: x.path ?? null, message: x.message }));
      throw new HttpError(400, all[0].message, { error: true, type: 'validation', field: all[0].path, errors: all });
    }
    throw e;
  }
}

/** A 24-hex id (`OBJECT_ID_PATTERN` of shared-kit). */
export const objectIdSchema = yup.string().trim().matches(OBJECT_ID_PATTERN, { message: (p: { path?: string }) => `Поле «${p.path}» должно быть идентификатором из 24 шестнадцатеричных символов` });

/** Route params that are ids: `idParams('id')`, `idParams('id', 'lessonId')`. */
export const idParams = (...names: string[]) =>
  yup.object(Object.fromEntries(names.map((name) => [name, objectIdSchema.required().label(name)])) as Record<string, yup.StringSchema<string>>);

export const MAX_PAGE = 10_000;
export const pageSchema = yup.number().integer().min(1).max(MAX_PAGE).default(1).label('page');
export const pageSizeSchema = (defaultSize: number, max: number) => yup.number().integer().min(1).max(max).default(defaultSize).label('pageSize');

/** A boolean that must be sent as one (no 'true' strings). */
export const strictBool = (label: string) => yup.boolean().strict().label(label);

/** A text field that, when sent, must not be empty ('' → «обязательно», like a missing one on create). */
export const textField = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .test('filled', `Поле «${label}» обязательно`, (v) => v === undefined || v !== '')
    .max(max)
    .label(label);

/** Drops keys whose value is undefined; a PATCH with nothing left is a 400. */
export function definedEntries<T extends Record<string, unknown>>(patch: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  if (!Object.keys(out).length) throw noFields();
  return out;
}

export { yup };
