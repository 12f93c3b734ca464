import * as React from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { LoginAnswer, LoginValues } from '@oyster/shared-kit/domain/login';
import type { SessionUser } from '@oyster/shared-kit/domain/platform';
import { LoginForm } from '../login/LoginForm';
import { useServices } from '../services';
import type { ShellRequestOptions } from '../services/http';
import { takeRememberedPath } from '../services/storage';

export { legacyRedirect } from '../login/LoginForm';

/**
 * The app's /login route (after a logout, or a 401 inside the app): the same form as the login
 * page's first paint (login/boot.tsx), here through the shell's HTTP client, session and router.
 */
export default function LoginPage() {
  const { http, session } = useServices();
  // Only a user already signed in when the page opens is sent home; a fresh login navigates itself.
  const [signedInOnEntry] = React.useState(() => session.isSignedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const legacyBypass = new URLSearchParams(location.search).get('legacy') === 'true';

  const signIn = React.useCallback((values: LoginValues) => {
    const opts: ShellRequestOptions = { noLogout: true };
    return http.post<LoginAnswer<SessionUser>>('/api/v2/auth/login/', values, opts);
  }, [http]);
  const legacyLoginUrl = React.useCallback(
    () => http.get<{ legacyLoginUrl?: string | null }>('/api/v2/config', { silent: true }).then((cfg) => cfg?.legacyLoginUrl || null),
    [http],
  );
  const onSignedIn = React.useCallback((user: SessionUser, token: string | null) => {
    session.acceptLogin(token, user);
    navigate(takeRememberedPath() ?? '/', { replace: true });
  }, [navigate, session]);

  if (signedInOnEntry) return <Navigate to="/" replace />;
  return <LoginForm signIn={signIn} legacyLoginUrl={legacyLoginUrl} legacyBypass={legacyBypass} search={location.search} onSignedIn={onSignedIn} />;
}
