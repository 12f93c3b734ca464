import * as React from 'react';
import { copyrightLine, LOGIN_TEXTS, loginErrors, type LoginAnswer, type LoginErrors, type LoginValues } from '@oyster/shared-kit/domain/login';
import type { SessionUser } from '@oyster/shared-kit/domain/platform';
import { Button, Checkbox, Field, Input, OYSTER_COLORS, Spin } from '@oyster/shared-kit/ui/base';
import { Brand } from '../components/Brand';
import './login.css';

export interface LoginFormProps {
  /** POST /api/v2/auth/login/; a failure of the call itself rejects. */
  signIn(values: LoginValues): Promise<LoginAnswer<SessionUser>>;
  /** The external legacy login page from GET /api/v2/config, or null to stay here. */
  legacyLoginUrl(): Promise<string | null>;
  /** ?legacy=true: this page is wanted, do not ask for the legacy one. */
  legacyBypass: boolean;
  /** The page's query string, handed on to the legacy page. */
  search: string;
  onSignedIn(user: SessionUser, token: string | null): void;
  /** The user started typing: a good moment to fetch what comes after sign-in. */
  onFirstInput?(): void;
  /**
   * The form is already on screen (the prerendered login page, shell/prerender.mjs) and this render
   * hydrates it: it renders as the prerender did (empty; no spinner while the legacy check runs),
   * then, once the nodes are React's, takes what was typed into them (`read`) and calls `done`
   * after that render.
   */
  takeOver?: { read(): LoginValues | null; done(): void };
}

/** Sends the browser to the external legacy login page (kept separate so tests can observe it). */
export const legacyRedirect = { go: (url: string) => window.location.replace(url) };

type Touched = Partial<Record<'email' | 'password', boolean>>;

/**
 * Spec §2 / §5: «Вход» with Email, Пароль, «Запомнить меня», «Войти»; every field validated on every
 * change with the kit's rules. Free of the router, the bus, formik and yup: it is the first paint of
 * the login page (login/boot.tsx) as well as the app's /login route (pages/LoginPage.tsx).
 */
export function LoginForm({ signIn, legacyLoginUrl, legacyBypass, search, onSignedIn, onFirstInput, takeOver }: LoginFormProps) {
  const [checkingLegacy, setCheckingLegacy] = React.useState(!legacyBypass && !takeOver);
  const [values, setValues] = React.useState<LoginValues>({ email: '', password: '', rememberMe: false });
  const [touched, setTouched] = React.useState<Touched>({});
  const [submitted, setSubmitted] = React.useState(false);
  const [sending, setSending] = React.useState(false);
  const [serverError, setServerError] = React.useState<{ message: string; type?: string | null } | null>(null);
  const typed = React.useRef(false);

  // Hydrated: what was typed into the prerendered nodes becomes the state (React keeps the typed
  // values of the inputs; the classes that depend on them follow this render), and counts as changed:
  // its errors show as they would have. `done` runs after that render, so a held submit sends it.
  React.useLayoutEffect(() => {
    if (!takeOver) return;
    const typedIn = takeOver.read();
    if (typedIn && (typedIn.email || typedIn.password || typedIn.rememberMe)) {
      setValues(typedIn);
      setTouched({ email: !!typedIn.email, password: !!typedIn.password });
    }
    const later = window.setTimeout(takeOver.done, 0);
    return () => window.clearTimeout(later);
    // Once, on the hydrating render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  React.useEffect(() => {
    if (legacyBypass) return;
    let alive = true;
    legacyLoginUrl()
      .then((url) => {
        if (!alive) return;
        if (url) legacyRedirect.go(`${url}${search}`);
        else setCheckingLegacy(false);
      })
      .catch(() => alive && setCheckingLegacy(false));
    return () => {
      alive = false;
    };
  }, [legacyLoginUrl, legacyBypass, search]);

  const errors: LoginErrors = loginErrors(values);
  const shown = (name: 'email' | 'password') => ((touched[name] || submitted) && errors[name]) || undefined;

  const change = (name: 'email' | 'password') => (e: React.ChangeEvent<HTMLInputElement>) => {
    if (!typed.current) {
      typed.current = true;
      onFirstInput?.();
    }
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => ({ ...t, [name]: true }));
  };
  const blur = (name: 'email' | 'password') => () => setTouched((t) => ({ ...t, [name]: true }));
  /** What the two text fields share: id, value, handlers and the error state. */
  const bind = (name: 'email' | 'password') => {
    const error = shown(name);
    return {
      id: `login-${name}`,
      name,
      value: values[name],
      onChange: change(name),
      onBlur: blur(name),
      'aria-invalid': !!error,
      status: error ? ('error' as const) : undefined,
    };
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (sending || Object.keys(errors).length) return;
    setServerError(null);
    setSending(true);
    try {
      const res = await signIn({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe });
      if (res?.user && !res.error) {
        onSignedIn(res.user, res.token ?? null);
        return;
      }
      setServerError({ message: (res?.error && res.message) || LOGIN_TEXTS.unexpected, type: res?.error ? res.type : null });
    } catch {
      setServerError({ message: LOGIN_TEXTS.unexpected });
    }
    setSending(false);
  };

  return (
    <main className="oy-auth">
      <div className="oy-auth__card">
        <Brand subtitle="Платформа для страховых агентов и брокеров" />
        {checkingLegacy ? (
          <div style={{ padding: '48px 0', textAlign: 'center' }} role="status" aria-label="Загрузка">
            <Spin />
          </div>
        ) : (
          <>
            <h1 className="oy-auth__title">{LOGIN_TEXTS.title}</h1>
            {/* method="post": the prerendered copy of this form, submitted before any script ran, never puts the password into a URL. */}
            <form onSubmit={submit} noValidate method="post">
              <Field label={LOGIN_TEXTS.email} htmlFor="login-email" error={shown('email')}>
                <Input {...bind('email')} type="email" inputMode="email" autoComplete="username" autoFocus placeholder="name@company.ru" />
              </Field>
              <Field label={LOGIN_TEXTS.password} htmlFor="login-password" error={shown('password')}>
                <Input.Password {...bind('password')} autoComplete="current-password" />
              </Field>
              <div className="oy-auth__row">
                <Checkbox name="rememberMe" checked={values.rememberMe} onChange={(e) => setValues((v) => ({ ...v, rememberMe: e.target.checked }))}>
                  Запомнить меня
                </Checkbox>
              </div>
              <Button type="primary" htmlType="submit" block size="large" loading={sending}>
                {LOGIN_TEXTS.submit}
              </Button>
              {serverError ? (
                <div className="oy-auth__error" role="alert" style={{ color: OYSTER_COLORS.danger }}>
                  {serverError.message}
                  {serverError.type ? <span className="oy-auth__error-type">Тип ошибки: {serverError.type}</span> : null}
                </div>
              ) : null}
            </form>
          </>
        )}
      </div>
      <div className="oy-auth__foot">{copyrightLine()} Oyster</div>
    </main>
  );
}
