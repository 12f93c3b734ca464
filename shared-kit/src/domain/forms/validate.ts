/** §5: form validation collects all errors per part (no early stop), each with path, type and message. */
import type * as yup from 'yup';
import { collectErrors, type FieldError } from '../validation';

export type PartErrors<K extends string = string> = Record<K, FieldError[]>;

/**
 * Validates every part of a form (a form block, a stepper step) with its own schema and returns
 * every error of every part — a part with no errors gets an empty list, a missing value is
 * validated as {}. Paths are the field paths inside the part.
 */
export function validateParts<K extends string>(schemas: Record<K, yup.AnySchema>, values: Partial<Record<K, unknown>>): PartErrors<K> {
  const out = {} as PartErrors<K>;
  for (const part of Object.keys(schemas) as K[]) out[part] = collectErrors(schemas[part], values[part] ?? {});
  return out;
}

/** All errors of all parts in one list, paths prefixed with the part ('insurer.phone'). */
export function flattenPartErrors<K extends string>(errors: PartErrors<K>): FieldError[] {
  return (Object.keys(errors) as K[]).flatMap((part) => errors[part].map((e) => ({ ...e, path: e.path ? `${part}.${e.path}` : part })));
}

export function hasPartErrors(errors: PartErrors): boolean {
  return Object.values(errors).some((list) => list.length > 0);
}

/** formik-style { path: message } (the first message of a path wins). */
export function errorsByPath(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (!(e.path in out)) out[e.path] = e.message;
  return out;
}
