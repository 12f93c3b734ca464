import * as React from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { access, type SessionUser } from '@oyster/shared-kit/domain/platform';
import { Button, Spin } from '@oyster/shared-kit/ui/base';
import { Result } from '@oyster/shared-kit/ui';
import { useServices } from '../services';
import type { ShellRequestOptions } from '../services/http';
import { readTokenCookie } from '../services/session';

/** The api route that swaps a sign-in token for the session cookie and comes back here without it. */
export const SIGN_IN_BY_TOKEN_PATH = '/api/v2/auth/sign-in-by-token';

/** Leaves the page for another address (a seam for tests: jsdom cannot navigate). */
export const browser = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

/**
 * Sign-in by token (spec §2): token from the path or ?x-api-token=, or the x-api-token cookie.
 * A token in the address is never sent to the api as a query of an ordinary call: the browser goes
 * to the api's sign-in-by-token route, which sets the httpOnly cookie and sends it back here to the
 * clean /app/sing-in (no token in the address, history or Referer); here get-user then signs in by
 * the cookie. `?failed=1` is that route saying the token was refused.
 */
export default function SignInByTokenPage() {
  const { http, session } = useServices();
  const { token: pathToken } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const refused = params.get('failed') === '1';
  const addressToken = pathToken || params.get('x-api-token');
  const [failed, setFailed] = React.useState(refused);

  React.useEffect(() => {
    if (refused) return;
    if (addressToken) {
      // A stored token of someone else must not win over the new cookie when we come back.
      session.logout({ redirect: false, notifyServer: false });
      browser.replace(`${SIGN_IN_BY_TOKEN_PATH}?token=${encodeURIComponent(addressToken)}&to=${encodeURIComponent('/app/sing-in')}`);
      return;
    }
    const cookieToken = readTokenCookie();
    let alive = true;
    const opts: ShellRequestOptions = { silent: true, noLogout: true, headers: cookieToken ? { 'x-api-token': cookieToken } : {} };
    http
      .get<{ user?: SessionUser | null }>('/api/v2/auth/get-user', opts)
      .then((res) => {
        if (!alive) return;
        const user = res?.user;
        if (!user || !access(user).isAuthenticated) {
          setFailed(true);
          return;
        }
        session.acceptLogin(cookieToken, user);
        navigate('/', { replace: true });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [http, session, navigate, addressToken, refused]);

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
