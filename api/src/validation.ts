import * as yup from 'yup';
import { ERROR_TEXTS } from '@oyster/shared-kit/domain';

/** An error that becomes a JSON answer with a Russian `message` (spec §7/§8). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, ERROR_TEXTS.unauthorized);
export const forbidden = () => new HttpError(403, ERROR_TEXTS.forbidden);
export const notFound = () => new HttpError(404, ERROR_TEXTS.notFound);

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

export const objectIdSchema = yup.string().trim().matches(/^[0-9a-f]{24}$/, { message: (p: { path?: string }) => `Поле «${p.path}» должно быть идентификатором из 24 шестнадцатеричных символов` });

export { yup };
