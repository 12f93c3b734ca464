/**
 * The sign-in rules (§5) with no dependencies: the login page imports this file alone
 * (`@oyster/shared-kit/domain/login`), so the first paint ships neither yup nor the rest of the
 * domain. The api validates the same body with `loginSchema` (validation.ts), built on these texts
 * and this pattern; a test checks that both give the same errors.
 */

/** §5: letters, digits, underscore, dot or hyphen, then @, domain parts and a 2–4 character suffix. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;
export const MIN_PASSWORD_LENGTH = 8;

export const LOGIN_TEXTS = {
  title: 'Вход',
  email: 'Email',
  password: 'Пароль',
  submit: 'Войти',
  emailInvalid: 'Неправильный email',
  emailRequired: 'email обязательное поле',
  passwordRequired: 'Пароль обязательное поле',
  passwordTooShort: 'Минимальная длина пароля 8 символов',
  unexpected: 'Произошла непредвиденная ошибка. Попробуйте попытку позже',
} as const;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export type LoginErrors = Partial<Record<'email' | 'password', string>>;

/** Every error of the form at once (§5 validates all fields on every change). */
export function loginErrors(values: Pick<LoginValues, 'email' | 'password'>): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = LOGIN_TEXTS.emailRequired;
  else if (!isEmail(email)) errors.email = LOGIN_TEXTS.emailInvalid;
  // Only a typed password can be too short: an empty one is «обязательное поле» alone.
  if (!values.password) errors.password = LOGIN_TEXTS.passwordRequired;
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = LOGIN_TEXTS.passwordTooShort;
  return errors;
}

/** The answer of POST /api/v2/auth/login/ (§7): a user and a token, or error/message/type. */
export interface LoginAnswer<User = unknown> {
  user?: User | null;
  token?: string | null;
  error?: boolean | null;
  message?: string | null;
  type?: string | null;
}

export const COPYRIGHT_START_YEAR = 2007;

export function copyrightLine(now: Date = new Date()): string {
  return `© ${COPYRIGHT_START_YEAR}–${now.getFullYear()}`;
}
