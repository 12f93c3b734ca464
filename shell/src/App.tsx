import { ROUTER_FUTURE } from '@oyster/shared-kit/runtime';
import * as React from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { access, REMOTE_SECTIONS } from '@oyster/shared-kit/domain';
import { APP_BASENAME, rememberPath } from './services/storage';
import { useObservable, useServices, useSession } from './services';
import { PageSpinner } from './components/PageSpinner';

const LoginPage = React.lazy(() => import(/* webpackChunkName: "login" */ './pages/LoginPage'));
const LandingPage = React.lazy(() => import(/* webpackChunkName: "landing" */ './pages/LandingPage'));
const SignInByTokenPage = React.lazy(() => import(/* webpackChunkName: "sign-in" */ './pages/SignInByTokenPage'));
const AppLayout = React.lazy(() => import(/* webpackChunkName: "layout" */ './layout/AppLayout'));
// Remote sections (and the kit pieces their error state needs) load after sign-in, not with the login page.
const RemoteSection = React.lazy(() =>
  import(/* webpackChunkName: "remote-section" */ './federation/RemoteSection').then((m) => ({ default: m.RemoteSection })),
);
const HomePage = React.lazy(() => import(/* webpackChunkName: "home" */ './pages/HomePage'));
const ProfilePage = React.lazy(() => import(/* webpackChunkName: "profile" */ './pages/ProfilePage'));
const NotFoundPage = React.lazy(() => import(/* webpackChunkName: "not-found" */ './pages/NotFoundPage'));
const KitPage = React.lazy(() => import(/* webpackChunkName: "kit" */ './pages/KitPage'));

/** The form kit's catalogue: admins only; anyone else gets the not-found page. */
export function KitRoute() {
  const user = useSession();
  return access(user).isAdmin ? <KitPage /> : <NotFoundPage />;
}

/** Hands the router's navigate to the session (logout is a client-side move to /oyster). */
function NavigatorBridge() {
  const { session } = useServices();
  const navigate = useNavigate();
  React.useEffect(() => {
    session.setNavigator((path) => navigate(path, { replace: true }));
  }, [navigate, session]);
  return null;
}

/** On every navigation tell the server the path, href and action over the socket (spec §2). */
export function RouteReporter() {
  const { bus } = useServices();
  const location = useLocation();
  const action = useNavigationType();
  React.useEffect(() => {
    bus.emit('route', { path: location.pathname, href: window.location.href, action });
  }, [bus, location.pathname, location.search, location.hash, action]);
  return null;
}

/** Pages inside the layout need a signed-in user; otherwise remember the path and go to /login. */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const { session } = useServices();
  const user = useObservable(session.session$);
  const ready = useObservable(session.ready$);
  const location = useLocation();
  if (!ready) return <PageSpinner />;
  if (!user || !session.isSignedIn) {
    if (session.endedByLogout) return <Navigate to="/oyster" replace />;
    rememberPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}

export function AppRoutes() {
  return (
    <React.Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/oyster" element={<LandingPage />} />
        <Route path="/sing-in/:token?" element={<SignInByTokenPage />} />
        <Route
          element={
            <RequireSession>
              <AppLayout />
            </RequireSession>
          }
        >
          <Route index element={<HomePage />} />
          <Route path="profile/*" element={<ProfilePage />} />
          <Route path="kit" element={<KitRoute />} />
          {REMOTE_SECTIONS.map(({ path, owner }) => (
            <Route key={path} path={`${path}/*`} element={<RemoteSection remote={owner} section={path} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </React.Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter basename={APP_BASENAME} future={ROUTER_FUTURE}>
      <NavigatorBridge />
      <RouteReporter />
      <AppRoutes />
    </BrowserRouter>
  );
}
