import { ROUTER_FUTURE } from '@oyster/shared-kit/runtime';
import * as React from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { SECTIONS } from '@oyster/shared-kit/domain/platform';
import { APP_BASENAME, rememberPath } from './services/storage';
import { useObservable, useServices } from './services';
import { PageSpinner } from './components/PageSpinner';
// Every signed-in page shows the layout and most start at home: both come with the app's chunk
// rather than as two more requests after it.
import AppLayout from './layout/AppLayout';
import HomePage from './pages/HomePage';

const LoginPage = React.lazy(() => import(/* webpackChunkName: "login" */ './pages/LoginPage'));
const LandingPage = React.lazy(() => import(/* webpackChunkName: "landing" */ './pages/LandingPage'));
const SignInByTokenPage = React.lazy(() => import(/* webpackChunkName: "sign-in" */ './pages/SignInByTokenPage'));
const PasswordLinkPage = React.lazy(() => import(/* webpackChunkName: "password-link" */ './pages/PasswordLinkPage'));
// Sections (their access gate, a remote's mount and the kit pieces its error state needs) load after
// sign-in, not with the login or home page.
const SectionRoute = React.lazy(() => import(/* webpackChunkName: "section" */ './layout/SectionRoute'));
const ProfilePage = React.lazy(() => import(/* webpackChunkName: "profile" */ './pages/ProfilePage'));
const NotFoundPage = React.lazy(() => import(/* webpackChunkName: "not-found" */ './pages/NotFoundPage'));
const KitPage = React.lazy(() => import(/* webpackChunkName: "kit" */ './pages/KitPage'));

/**
 * The pages of the shell's own sections (registry owner 'shell'; home is the index route). A user
 * without a section's access flag gets the not-found page here (the kit: admins only).
 */
export const SHELL_PAGES: Record<string, { page: React.ComponentType; subPaths?: boolean }> = {
  profile: { page: ProfilePage, subPaths: true },
  kit: { page: KitPage },
};

/**
 * One route per section of the registry, under the layout: home is the index, every other one goes
 * through its access gate (a remote's section: «Нет доступа» without the flag, its remote not loaded).
 */
export function sectionRoutes(): React.ReactElement[] {
  return SECTIONS.map((section) => {
    if (section.path === '') return <Route key="" index element={<HomePage />} />;
    const own = section.owner === 'shell' ? SHELL_PAGES[section.path] : undefined;
    const path = section.owner === 'shell' && !own?.subPaths ? section.path : `${section.path}/*`;
    return <Route key={section.path} path={path} element={<SectionRoute section={section} page={own?.page} refused={<NotFoundPage />} />} />;
  });
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
        <Route path="/password/:token" element={<PasswordLinkPage />} />
        <Route
          element={
            <RequireSession>
              <AppLayout />
            </RequireSession>
          }
        >
          {sectionRoutes()}
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
