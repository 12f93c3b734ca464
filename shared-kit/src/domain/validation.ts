import * as yup from 'yup';

import { EMAIL_PATTERN, LOGIN_TEXTS, MIN_PASSWORD_LENGTH } from './login';

export { EMAIL_PATTERN, MIN_PASSWORD_LENGTH, LOGIN_TEXTS, isEmail, loginErrors } from './login';
export type { LoginValues, LoginErrors, LoginAnswer } from './login';

export const loginSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required(LOGIN_TEXTS.emailRequired)
    .matches(EMAIL_PATTERN, { message: LOGIN_TEXTS.emailInvalid, excludeEmptyString: true }),
  password: yup
    .string()
    .required(LOGIN_TEXTS.passwordRequired)
    // Only a typed password can be too short: an empty one is «обязательное поле» alone.
    .test('min', LOGIN_TEXTS.passwordTooShort, (v) => !v || v.length >= MIN_PASSWORD_LENGTH),
  rememberMe: yup.boolean().default(false),
});
export type LoginPayload = yup.InferType<typeof loginSchema>;

export interface FieldError {
  path: string;
  type: string;
  message: string;
}

/** Validates all fields without stopping at the first error (§5), returning every error found. */
export function collectErrors(schema: yup.AnySchema, value: unknown): FieldError[] {
  try {
    schema.validateSync(value, { abortEarly: false, strict: false });
    return [];
  } catch (e) {
    if (e instanceof yup.ValidationError) {
      const list = e.inner.length ? e.inner : [e];
      return list.map((err) => ({ path: err.path ?? '', type: err.type ?? 'invalid', message: err.message }));
    }
    throw e;
  }
}

