import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LOGIN_TEXTS, MIN_PASSWORD_LENGTH } from '@oyster/shared-kit/domain/login';
import type { SessionUser } from '@oyster/shared-kit/domain/platform';
import { Button, Field, Input, Spin } from '@oyster/shared-kit/ui/base';
import { Result } from '@oyster/shared-kit/ui';
import { useServices } from '../services';
import type { ShellRequestOptions } from '../services/http';

export const PASSWORD_PAGE_TEXTS = {
  inviteTitle: 'Приглашение на платформу',
  resetTitle: 'Новый пароль',
  password: 'Новый пароль',
  repeat: 'Пароль ещё раз',
  mismatch: 'Пароли не совпадают',
  submit: 'Сохранить пароль',
  doneTitle: 'Пароль сохранён',
  doneText: 'Войдите с новым паролем.',
  signIn: 'Войти',
  goneTitle: 'Ссылка недействительна',
  goneText: 'Ссылка устарела, уже использована или не существует. Попросите новую у того, кто её прислал.',
} as const;

/** The api's answer to the new password: signed in as the login signs in (user and token), or only done. */
interface PasswordSet {
  email: string;
  user?: SessionUser | null;
  token?: string | null;
}

interface LinkInfo {
  fio: string;
  email: string;
  purpose: 'invite' | 'reset';
}

const silent: ShellRequestOptions = { silent: true, noLogout: true };

const messageOf = (e: unknown) => {
  const body = (e as { body?: { message?: unknown } } | null)?.body;
  return typeof body?.message === 'string' ? body.message : LOGIN_TEXTS.unexpected;
};

/**
 * A one-time password link (`/app/password/:token`, public): an invited sub-agent or a user whose
 * password an administrator reset sets a password (the sign-in's rules: at least 8 characters) —
 * the api reads the link (whose, what for; unknown, used or expired: «Ссылка недействительна») and
 * uses it up and signs the user in as the login does (its cookie; the user and token go to the session
 * as after a login), so they land on the home page. An api that only confirms gets «Пароль сохранён»
 * with «Войти».
 */
export default function PasswordLinkPage() {
  const { http, session } = useServices();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [info, setInfo] = React.useState<LinkInfo | null | 'gone'>(null);
  const [password, setPassword] = React.useState('');
  const [repeat, setRepeat] = React.useState('');
  const [touched, setTouched] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState<string | null>(null);

  React.useEffect(() => {
    let alive = true;
    http.get<LinkInfo>(`/api/v2/auth/password-link/${encodeURIComponent(token)}`, silent).then(
      (r) => alive && setInfo(r),
      () => alive && setInfo('gone'),
    );
    return () => {
      alive = false;
    };
  }, [http, token]);

  if (info === null) {
    return (
      <div role="status" style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12 }}>
        <Spin /> <span>Проверяем ссылку…</span>
      </div>
    );
  }
  if (info === 'gone') {
    return (
      <Result status="warning" title={PASSWORD_PAGE_TEXTS.goneTitle} subTitle={PASSWORD_PAGE_TEXTS.goneText}
        extra={<Link to="/login?legacy=true"><Button type="primary">{PASSWORD_PAGE_TEXTS.signIn}</Button></Link>} />
    );
  }
  if (done) {
    return (
      <Result status="success" title={PASSWORD_PAGE_TEXTS.doneTitle} subTitle={PASSWORD_PAGE_TEXTS.doneText}
        extra={<Link to="/login?legacy=true"><Button type="primary">{PASSWORD_PAGE_TEXTS.signIn}</Button></Link>} />
    );
  }

  const tooShort = password.length < MIN_PASSWORD_LENGTH ? LOGIN_TEXTS.passwordTooShort : null;
  const mismatch = repeat !== password ? PASSWORD_PAGE_TEXTS.mismatch : null;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (tooShort || mismatch) return;
    setBusy(true);
    setError(null);
    try {
      const r = await http.post<PasswordSet>(`/api/v2/auth/password-link/${encodeURIComponent(token)}`, { password }, silent);
      if (r.user) {
        session.acceptLogin(r.token ?? null, r.user);
        navigate('/', { replace: true });
        return;
      }
      setDone(r.email);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  const linkInfo = info;
  return (
    <main className="oy-password-page" style={{ maxWidth: 420, margin: '10vh auto', padding: 24 }}>
      <h1 style={{ fontSize: 22 }}>{linkInfo.purpose === 'invite' ? PASSWORD_PAGE_TEXTS.inviteTitle : PASSWORD_PAGE_TEXTS.resetTitle}</h1>
      <p>
        {linkInfo.fio}, {linkInfo.email}
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field label={PASSWORD_PAGE_TEXTS.password} htmlFor="oy-new-password" error={touched ? tooShort : null}>
          <Input.Password id="oy-new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label={PASSWORD_PAGE_TEXTS.repeat} htmlFor="oy-new-password-repeat" error={touched ? mismatch : null}>
          <Input.Password id="oy-new-password-repeat" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        </Field>
        {error ? <p role="alert" style={{ color: '#a3281f' }}>{error}</p> : null}
        <Button type="primary" htmlType="submit" loading={busy} block>
          {PASSWORD_PAGE_TEXTS.submit}
        </Button>
      </form>
    </main>
  );
}
