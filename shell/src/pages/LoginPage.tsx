import * as React from 'react';
import { useFormik } from 'formik';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { copyrightLine, LOGIN_TEXTS, loginSchema, type SessionUser } from '@oyster/shared-kit/domain';
import { Button, Checkbox, Field, Input, OYSTER_COLORS, Spin } from '@oyster/shared-kit/ui/base';
import { Brand } from '../components/Brand';
import { useServices } from '../services';
import type { ShellRequestOptions } from '../services/http';
import { takeRememberedPath } from '../services/storage';
import './login.css';

interface LoginAnswer {
  user?: SessionUser | null;
  token?: string | null;
  error?: boolean | null;
  message?: string | null;
  type?: string | null;
}

interface FormValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Sends the browser to the external legacy login page (kept separate so tests can observe it). */
export const legacyRedirect = { go: (url: string) => window.location.replace(url) };

/** Spec §2 / §5: «Вход» with Email, Пароль, «Войти»; validated on every change. */
export default function LoginPage() {
  const { http, session } = useServices();
  // Only a user already signed in when the page opens is sent home; a fresh login navigates itself.
  const [signedInOnEntry] = React.useState(() => session.isSignedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const isLegacyBypass = new URLSearchParams(location.search).get('legacy') === 'true';
  const [checkingLegacy, setCheckingLegacy] = React.useState(!isLegacyBypass);
  const [serverError, setServerError] = React.useState<{ message: string; type?: string | null } | null>(null);

  React.useEffect(() => {
    if (isLegacyBypass) return;
    let alive = true;
    http
      .get<{ legacyLoginUrl?: string | null }>('/api/v2/config', { silent: true })
      .then((cfg) => {
        if (!alive) return;
        if (cfg?.legacyLoginUrl) {
          legacyRedirect.go(`${cfg.legacyLoginUrl}${location.search}`);
          return;
        }
        setCheckingLegacy(false);
      })
      .catch(() => alive && setCheckingLegacy(false));
    return () => {
      alive = false;
    };
  }, [http, isLegacyBypass, location.search]);

  const formik = useFormik<FormValues>({
    initialValues: { email: '', password: '', rememberMe: false },
    validationSchema: loginSchema,
    validateOnChange: true,
    validateOnBlur: true,
    onSubmit: async (values) => {
      setServerError(null);
      try {
        const opts: ShellRequestOptions = { noLogout: true };
        const res = await http.post<LoginAnswer>(
          '/api/v2/auth/login/',
          { email: values.email.trim(), password: values.password, rememberMe: values.rememberMe },
          opts,
        );
        if (res?.user && !res.error) {
          session.acceptLogin(res.token ?? null, res.user);
          navigate(takeRememberedPath() ?? '/', { replace: true });
          return;
        }
        if (res?.error) {
          setServerError({ message: res.message || LOGIN_TEXTS.unexpected, type: res.type });
          return;
        }
        setServerError({ message: LOGIN_TEXTS.unexpected });
      } catch {
        setServerError({ message: LOGIN_TEXTS.unexpected });
      }
    },
  });

  if (signedInOnEntry) return <Navigate to="/" replace />;

  const fieldError = (name: 'email' | 'password') =>
    (formik.touched[name] || formik.submitCount > 0) && formik.errors[name] ? formik.errors[name] : undefined;

  const change = (name: keyof FormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = name === 'rememberMe' ? e.target.checked : e.target.value;
    void formik.setFieldTouched(name, true, false);
    void formik.setFieldValue(name, value, true);
  };

  const emailError = fieldError('email');
  const passwordError = fieldError('password');

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
            <form onSubmit={formik.handleSubmit} noValidate>
              <Field label={LOGIN_TEXTS.email} htmlFor="login-email" error={emailError}>
                <Input
                  id="login-email"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  autoFocus
                  placeholder="name@company.ru"
                  value={formik.values.email}
                  onChange={change('email')}
                  onBlur={formik.handleBlur}
                  aria-invalid={!!emailError}
                  status={emailError ? 'error' : undefined}
                />
              </Field>
              <Field label={LOGIN_TEXTS.password} htmlFor="login-password" error={passwordError}>
                <Input.Password
                  id="login-password"
                  name="password"
                  autoComplete="current-password"
                  value={formik.values.password}
                  onChange={change('password')}
                  onBlur={formik.handleBlur}
                  aria-invalid={!!passwordError}
                  status={passwordError ? 'error' : undefined}
                />
              </Field>
              <div className="oy-auth__row">
                <Checkbox name="rememberMe" checked={formik.values.rememberMe} onChange={(e) => void formik.setFieldValue('rememberMe', e.target.checked)}>
                  Запомнить меня
                </Checkbox>
              </div>
              <Button type="primary" htmlType="submit" block size="large" loading={formik.isSubmitting}>
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
