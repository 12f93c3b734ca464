import type { FastifyInstance, FastifyRequest } from 'fastify';
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

declare module 'yup' {
  interface CustomSchemaMetadata {
    /** A text with lines (news body, lesson text): line breaks and tabs are allowed in it. */
    multiline?: boolean;
    /**
     * A form's values (a broker request's): an object whose keys are plain names and whose values are
     * texts or lists of rows of texts — the one free-form structure the api takes; what the keys mean
     * is the form's own check.
     */
    textMap?: boolean;
  }
}

/** Bounds every request input is held to, whatever its schema says (the schemas may be narrower). */
export const INPUT_LIMITS = {
  /** Nesting of a JSON body (objects and arrays). */
  depth: 32,
  /** A string field without a declared max length. */
  text: 10_000,
  /** A list without a declared max. */
  list: 1_000,
} as const;

/** Where a request's input came from: query values are always strings (numbers and booleans are read from them). */
export type InputPlace = 'body' | 'query' | 'params';

// C0 controls but tab/line feed/carriage return, DEL and the C1 controls; lone UTF-16 surrogates.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_CONTROL = /[\t\n\r]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INPUT_TEXTS = {
  notObjectBody: 'Тело запроса должно быть объектом JSON',
  tooDeep: `Слишком глубокая вложенность в запросе (больше ${INPUT_LIMITS.depth} уровней)`,
  string: (f: string) => `Поле ${f} должно быть строкой`,
  repeated: (f: string) => `Поле ${f} указано в запросе несколько раз`,
  number: (f: string) => `Поле ${f} должно быть числом`,
  boolean: (f: string) => `Поле ${f} должно быть логическим значением (true или false)`,
  list: (f: string) => `Поле ${f} должно быть списком`,
  object: (f: string) => `Поле ${f} должно быть объектом`,
  scalar: (f: string) => `Поле ${f} заполнено неверно`,
  control: (f: string) => `Поле ${f} содержит недопустимые символы`,
  maxLength: (f: string, max: number) => `Поле ${f}: максимальная длина ${max}`,
  maxItems: (f: string, max: number) => `Поле ${f}: не больше ${max} элементов`,
  tooBig: (f: string) => `Поле ${f}: слишком большое число`,
  invalid: (f: string) => `Поле ${f} заполнено неверно`,
};

type Desc = yup.SchemaFieldDescription & {
  type: string;
  label?: string;
  nullable?: boolean;
  tests?: { name?: string; params?: Record<string, unknown> }[];
  meta?: yup.CustomSchemaMetadata;
  fields?: Record<string, Desc>;
  innerType?: Desc;
};
const descriptions = new WeakMap<yup.Schema, Desc>();
/** A schema's description (cached: schemas are module constants). */
export function describeSchema(schema: yup.Schema): Desc {
  let d = descriptions.get(schema);
  if (!d) descriptions.set(schema, (d = schema.describe() as Desc));
  return d;
}
const testParam = (d: Desc, name: string, param: string): number | undefined => {
  const t = d.tests?.find((x) => x.name === name && typeof x.params?.[param] === 'number');
  return t ? (t.params![param] as number) : undefined;
};

interface Problem {
  path: string | null;
  message: string;
}

/**
 * The screen every input passes before yup sees it (so yup can neither throw nor cast): the value
 * of each declared field must already be of its type (strings are strings — no number or boolean
 * turned into text; in a query, numbers and booleans are read from their text), strings are
 * well-formed, without control characters (line breaks and tabs only in `meta({ multiline: true })`
 * fields) and within their max length (INPUT_LIMITS.text when none is declared), lists within theirs,
 * nesting within INPUT_LIMITS.depth. Keys the schema does not declare are dropped here, so a
 * `__proto__`, `constructor` or `toString` key never reaches yup or a handler.
 */
function screen(schema: yup.Schema, v: unknown, path: string, place: InputPlace, depth: number, out: Problem[]): unknown {
  if (v === undefined || v === null) return v;
  const d = describeSchema(schema);
  const name = `«${d.label || path || 'значение'}»`;
  const fail = (message: string) => {
    out.push({ path: path || null, message });
    return undefined;
  };
  // A schema's own type message (`.typeError('…')`) wins over the generic one.
  const own = (schema as unknown as { internalTests?: { typeError?: { OPTIONS?: { message?: unknown } } } }).internalTests?.typeError?.OPTIONS?.message;
  const wrongType = (generic: string) => fail(typeof own === 'string' ? own : generic);
  if (depth > INPUT_LIMITS.depth) return fail(INPUT_TEXTS.tooDeep);
  const repeated = place === 'query' && Array.isArray(v) && d.type !== 'array';
  if (repeated) return fail(INPUT_TEXTS.repeated(name));
  switch (d.type) {
    case 'string': {
      if (typeof v !== 'string') return wrongType(INPUT_TEXTS.string(name));
      return screenText(d, v, name, fail);
    }
    case 'number': {
      let n = v;
      if (place !== 'body' && typeof v === 'string') {
        if (v === '') return undefined;
        n = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v) ? Number(v) : NaN;
      }
      if (typeof n !== 'number' || !Number.isFinite(n)) return wrongType(INPUT_TEXTS.number(name));
      if (Math.abs(n) > Number.MAX_SAFE_INTEGER) return fail(INPUT_TEXTS.tooBig(name));
      return n;
    }
    case 'boolean': {
      if (place !== 'body' && typeof v === 'string') {
        if (v === '') return undefined;
        if (v === 'true' || v === '1') return true;
        if (v === 'false' || v === '0') return false;
      }
      if (typeof v !== 'boolean') return wrongType(INPUT_TEXTS.boolean(name));
      return v;
    }
    case 'array': {
      if (!Array.isArray(v)) return wrongType(INPUT_TEXTS.list(name));
      const max = testParam(d, 'max', 'max') ?? INPUT_LIMITS.list;
      if (v.length > max) return fail(INPUT_TEXTS.maxItems(name, max));
      const inner = (schema as yup.ArraySchema<unknown[] | undefined, yup.AnyObject>).innerType as yup.Schema | undefined;
      return v.map((item, i) => (inner ? screen(inner, item, `${path}[${i}]`, place, depth + 1, out) : screenAny(item, `${path}[${i}]`, depth + 1, out)));
    }
    case 'object': {
      if (typeof v !== 'object' || Array.isArray(v)) return path ? wrongType(INPUT_TEXTS.object(name)) : fail(INPUT_TEXTS.notObjectBody);
      const fields = ((schema as yup.AnyObjectSchema).fields ?? {}) as Record<string, yup.Schema>;
      const kept: Record<string, unknown> = {};
      for (const key of Object.keys(fields)) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        const value = screen(fields[key], (v as Record<string, unknown>)[key], path ? `${path}.${key}` : key, place, depth + 1, out);
        if (value !== undefined) kept[key] = value;
      }
      return kept;
    }
    default:
      if (d.meta?.textMap) return screenTextMap(v, name, path, depth, out);
      // mixed and the rest: one plain value (a string is screened like text), never a structure.
      if (typeof v === 'string') return screenText(d, v, name, fail);
      if (typeof v === 'number' && !Number.isFinite(v)) return fail(INPUT_TEXTS.number(name));
      if (typeof v === 'object') return fail(INPUT_TEXTS.scalar(name));
      return v;
  }
}

function screenText(d: Desc, v: string, name: string, fail: (m: string) => undefined): string | undefined {
  const max = testParam(d, 'max', 'max') ?? testParam(d, 'length', 'length') ?? INPUT_LIMITS.text;
  if (v.length > max) return fail(INPUT_TEXTS.maxLength(name, max));
  if (CONTROL.test(v) || LONE_SURROGATE.test(v) || (!d.meta?.multiline && LINE_CONTROL.test(v))) return fail(INPUT_TEXTS.control(name));
  return v;
}

/** The bounds of a `textMap` value. */
export const TEXT_MAP_LIMITS = { keys: 200, rows: 500, rowKeys: 50, text: 2_000 } as const;
const MAP_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAP_DESC = { type: 'string', meta: { multiline: true }, tests: [{ name: 'max', params: { max: TEXT_MAP_LIMITS.text } }] } as unknown as Desc;

/** A `textMap` value: plain keys, texts (lines allowed) or lists of rows of texts, each bounded. */
function screenTextMap(v: unknown, name: string, path: string, depth: number, out: Problem[]): unknown {
  const fail = (message: string, at = path) => {
    out.push({ path: at || null, message });
    return undefined;
  };
  const expected = `Поле ${name}: ожидается объект из текстовых полей и списков строк`;
  const entriesOf = (o: unknown, max: number) => (o && typeof o === 'object' && !Array.isArray(o) && Object.keys(o).length <= max ? Object.entries(o as Record<string, unknown>) : null);
  const entries = entriesOf(v, TEXT_MAP_LIMITS.keys);
  if (!entries || depth + 2 > INPUT_LIMITS.depth) return fail(expected);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (!MAP_KEY.test(key)) return fail(expected);
    const at = `${path}.${key}`;
    const text = (x: unknown, where: string) => (typeof x === 'string' ? screenText(MAP_DESC, x, `«${where}»`, (m) => fail(m, where)) : fail(expected));
    if (Array.isArray(value)) {
      if (value.length > TEXT_MAP_LIMITS.rows) return fail(INPUT_TEXTS.maxItems(`«${at}»`, TEXT_MAP_LIMITS.rows), at);
      const rows: Record<string, string>[] = [];
      for (const [i, row] of value.entries()) {
        const cells = entriesOf(row, TEXT_MAP_LIMITS.rowKeys);
        if (!cells || cells.some(([k]) => !MAP_KEY.test(k))) return fail(expected);
        const clean: Record<string, string> = {};
        for (const [k, x] of cells) {
          const t = text(x, `${at}[${i}].${k}`);
          if (t === undefined) return undefined;
          clean[k] = t as string;
        }
        rows.push(clean);
      }
      kept[key] = rows;
    } else {
      const t = text(value, at);
      if (t === undefined) return undefined;
      kept[key] = t;
    }
  }
  return kept;
}

/** An element of a list whose items are not described: plain values only, screened like text. */
const ANY = yup.mixed();
function screenAny(v: unknown, path: string, depth: number, out: Problem[]): unknown {
  return screen(ANY, v, path, 'body', depth, out);
}

function validationFailure(problems: Problem[]): HttpError {
  return new HttpError(400, problems[0].message, { error: true, type: 'validation', field: problems[0].path, errors: problems });
}

/**
 * Validate and cast; a failure is a 400 that names the field. Nothing runs before this passes.
 * The input is screened first (see `screen`): only declared keys, each of its type, text without
 * control characters, bounded lengths and depth. Nothing but a 400 leaves here for bad input: an
 * error yup throws that is not a validation error is answered as a 400 naming the field it came from.
 */
export async function validate<S extends yup.AnySchema>(schema: S, input: unknown, place: InputPlace = 'body'): Promise<yup.InferType<S>> {
  const d = describeSchema(schema as yup.Schema);
  const problems: Problem[] = [];
  const screened = screen(schema as yup.Schema, input ?? (d.type === 'object' ? {} : input), '', place, 0, problems);
  if (problems.length) throw validationFailure(problems);
  try {
    return await schema.validate(screened ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (e instanceof yup.ValidationError) {
      // All errors in schema field order; the first one is the message the toast shows.
      const all = (e.inner.length ? e.inner : [e]).map((x) => ({ path: x.path ?? null, message: x.message }));
      throw validationFailure(all);
    }
    if (e instanceof HttpError) throw e;
    throw validationFailure([await culprit(schema, screened)]);
  }
}

/** The field whose schema threw (for the 400 of an error that is not a validation error). */
async function culprit(schema: yup.AnySchema, value: unknown): Promise<Problem> {
  const fields = (schema as yup.AnyObjectSchema).fields as Record<string, yup.AnySchema> | undefined;
  if (fields && value && typeof value === 'object') {
    for (const key of Object.keys(fields)) {
      try {
        await fields[key].validate((value as Record<string, unknown>)[key]);
      } catch (e) {
        if (!(e instanceof yup.ValidationError)) return { path: key, message: INPUT_TEXTS.invalid(`«${key}»`) };
      }
    }
  }
  return { path: null, message: INPUT_TEXTS.invalid('«значение»') };
}

/**
 * The JSON body parser (fastify's own, with `__proto__` keys and `constructor.prototype` removed),
 * then a nesting check without recursion: deeper than INPUT_LIMITS.depth is a 400 before anything
 * walks the value.
 */
export function parseJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  return (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    parse(req, body as string, (err: Error | null, value?: unknown) => {
      if (err) return done(err);
      if (tooDeep(value)) return done(new HttpError(400, INPUT_TEXTS.tooDeep, { error: true, type: 'validation', field: null }));
      done(null, value);
    });
  };
}

function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= INPUT_LIMITS.depth) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** A 24-hex id (`OBJECT_ID_PATTERN` of shared-kit). */
export const objectIdSchema = yup.string().trim().matches(OBJECT_ID_PATTERN, { message: (p: { path?: string }) => `Поле «${p.path}» должно быть идентификатором из 24 шестнадцатеричных символов` });

/** Route params that are ids: `idParams('id')`, `idParams('id', 'lessonId')`. */
export const idParams = (...names: string[]) =>
  yup.object(Object.fromEntries(names.map((name) => [name, objectIdSchema.required().label(name)])) as Record<string, yup.StringSchema<string>>);

export const MAX_PAGE = 10_000;
export const pageSchema = yup.number().integer().min(1).max(MAX_PAGE).default(1).label('page');
export const pageSizeSchema = (defaultSize: number, max: number) => yup.number().integer().min(1).max(max).default(defaultSize).label('pageSize');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD (a real day: 2026-02-30 is refused). */
export const isoDate = (label: string) =>
  yup
    .string()
    .trim()
    .test('iso-date', `Поле «${label}»: дата в формате ГГГГ-ММ-ДД`, (v) => {
      if (v == null) return true;
      if (!ISO_DATE.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    })
    .label(label);

/** A flag in a query string: true/false or 1/0; empty means not given. */
export const queryBool = (label: string) =>
  yup
    .boolean()
    .transform((v, orig) => (orig === '' || orig == null ? undefined : orig === '1' ? true : orig === '0' ? false : v))
    .label(label);

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

/** Replaces fastify's JSON body parser with `parseJsonBody` (prototype keys removed, nesting bounded). */
export function installJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody(app));
}
