import * as React from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { access, type SessionUser } from '@oyster/shared-kit/domain';
import { Button, Spin } from '@oyster/shared-kit/ui/base';
import { Result } from '@oyster/shared-kit/ui';
import { useServices } from '../services';
import type { ShellRequestOptions } from '../services/http';
import { readTokenCookie } from '../services/session';

/** Sign-in by token (spec §2): token from the path, ?x-api-token= or the x-api-token cookie. */
export default function SignInByTokenPage() {
  const { http, session } = useServices();
  const { token: pathToken } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    const queryToken = new URLSearchParams(location.search).get('x-api-token');
    const token = pathToken || queryToken || readTokenCookie();
    let alive = true;
    const opts: ShellRequestOptions = { silent: true, noLogout: true, headers: token ? { 'x-api-token': token } : {} };
    const path = token ? `/api/v2/auth/get-user?token=${encodeURIComponent(token)}` : '/api/v2/auth/get-user';
    http
      .get<{ user?: SessionUser | null }>(path, opts)
      .then((res) => {
        if (!alive) return;
        const user = res?.user;
        if (!user || !access(user).isAuthenticated) {
          setFailed(true);
          return;
        }
        session.acceptLogin(token, user);
        navigate('/', { replace: true });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [http, session, navigate, pathToken, location.search]);

  if (failed) {
    return (
      <Result
        status="warning"
        title="Не удалось войти по ссылке"
        subTitle="Ссылка для входа недействительна или устарела."
        extra={
          <Link to="/login?legacy=true">
            <Button type="primary">Войти с паролем</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div role="status" style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12 }}>
      <Spin /> <span>Выполняется вход…</span>
    </div>
  );
}
