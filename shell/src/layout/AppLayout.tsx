import * as React from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { copyrightLine, LAYOUT_BREAKPOINT_PX } from '@oyster/shared-kit/domain/platform';
import { Button } from '@oyster/shared-kit/ui/base';
import { OysterIcon } from '@oyster/shared-kit/ui/parts';
import { Brand } from '../components/Brand';
import { PageSpinner } from '../components/PageSpinner';
import { prefetchRemotes } from '../federation/prefetch';
import ChatLauncher from '../chat/ChatLauncher';
import { PopupHost } from '../popups/PopupHost';
import { WebinarToastHost } from '../webinars/WebinarToastHost';
import { useObservable, useServices } from '../services';
import { ConnectionIndicator } from './ConnectionIndicator';
import { pageTitleFor } from './pageTitle';
import { RemoteWidget } from '../federation/RemoteSection';
import { Sidebar } from './Sidebar';
import { useSidebarCounters } from './useCounters';
import { useMediaQuery } from './useMediaQuery';
import './layout.css';

// antd's Drawer comes with the frame chunk (fetched on idle, see federation/prefetch.ts): the narrow
// layout mounts it at the first tap on «Открыть меню», so home's first paint does not carry it.
const SidebarDrawer = React.lazy(() => import(/* webpackChunkName: "frame" */ './SidebarDrawer'));


/** Spec §2 layout: pre-header, header, post-header, main column + sidebar, footer; 1000px breakpoint. */
export default function AppLayout() {
  const { session, runtime, popups, webinars } = useServices();
  const user = useObservable(session.session$);
  const counters = useSidebarCounters(user);
  const narrow = useMediaQuery(`(max-width: ${LAYOUT_BREAKPOINT_PX - 1}px)`);
  const [drawerOpen, setDrawerOpen] = React.useState(false);
  // Kept mounted once opened, so closing animates.
  const [drawerUsed, setDrawerUsed] = React.useState(false);
  const [showcase, setShowcase] = React.useState(false);

  const closeShowcase = React.useCallback(() => setShowcase(false), []);
  const location = useLocation();
  const title = pageTitleFor(location.pathname, user);

  React.useEffect(() => setDrawerOpen(false), [location.pathname]);
  React.useEffect(() => {
    // Warm the one-hour init-state cache the remotes read through getRuntime().initState() (companies, products, networks, ...).
    runtime.initState().catch(() => undefined);
  }, [runtime]);
  // Remotes of the user's sections load on idle, so a first click on one is not a network wait.
  const userId = user?._id;
  React.useEffect(() => (user ? prefetchRemotes(user) : undefined), [userId]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!user) return null;
  const logout = () => session.logout();
  const sidebar = <Sidebar user={user} counters={counters} onLogout={logout} onNavigate={() => setDrawerOpen(false)} onNewPolicy={() => setShowcase(true)} />;

  return (
    <div className={`oy-app${narrow ? ' oy-app--narrow' : ''}`}>
      <div className="oy-preheader">
        <ConnectionIndicator />
      </div>
      <header className="oy-header">
        <div className="oy-header__inner">
          <div className="oy-header__brand">
            {narrow ? (
              <Button
                type="text"
                aria-label="Открыть меню"
                onClick={() => {
                  setDrawerUsed(true);
                  setDrawerOpen(true);
                }}
                icon={<OysterIcon name="menu" size={20} />}
              />
            ) : null}
            <Brand subtitle="для страховых агентов" />
          </div>
          <div className="oy-header__title">{title}</div>
        </div>
      </header>
      <div className="oy-postheader" />
      <div className="oy-body">
        {narrow ? (
          drawerUsed ? (
            <React.Suspense fallback={null}>
              <SidebarDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
                {sidebar}
              </SidebarDrawer>
            </React.Suspense>
          ) : null
        ) : (
          <aside className="oy-aside">{sidebar}</aside>
        )}
        <main className="oy-main">
          <React.Suspense fallback={<PageSpinner />}>
            <Outlet />
          </React.Suspense>
        </main>
      </div>
      {showcase ? (
        <div className="oy-showcase-host">
          <RemoteWidget remote="remote_sales" module="Showcase" props={{ onClose: closeShowcase }} />
        </div>
      ) : null}
      <ChatLauncher />
      <PopupHost popups={popups} />
      <WebinarToastHost webinars={webinars} />
      <footer className="oy-footer">
        <span>{copyrightLine()} Oyster</span>
        <span>Платформа для профессиональных страховых агентов от брокера</span>
      </footer>
    </div>
  );
}
