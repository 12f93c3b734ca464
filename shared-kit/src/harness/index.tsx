/**
 * The standalone dev harness every remote runs on its own dev server (`pnpm --filter
 * @oyster/remote-<name> dev`): test doubles of what the shell gives a remote — a fetch-based
 * HTTP client, the event bus, toasts, a session signed in against the real api (proxied to
 * :8080) as a demo account chosen with `?as=<key>` (DEMO_ACCOUNTS: admin, copywriter, agent …; default
 * agent), the init-state straight from the api; the remote's sections come from the registry and are
 * gated by their access flag as in the shell.
 * Dev only: not a Module Federation shared module and never in a production bundle.
 */
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router-dom';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ERROR_TEXTS,
  REMOTE_DIRS,
  sectionsOf,
  type DemoAccountKey,
  type RemoteName,
  type SessionUser,
} from '../domain';
import {
  createFetchHttpClient,
  EventBus,
  fetchInitState,
  HttpError,
  ROUTER_FUTURE,
  setRuntime,
  type InitState,
  type RemoteRoutesProps,
  type Runtime,
} from '../runtime';
import { OysterProvider } from '../ui/base';
import { notification } from '../ui';
import { RequireAccess } from '../ui/screens';

/** The demo account of a harness key (`?as=`); unknown keys are the agent. */
function demoAccount(key: string): DemoAccountKey {
  return key in DEMO_ACCOUNTS ? (key as DemoAccountKey) : 'agent';
}

/** Signs in as the demo account and returns a runtime around that session. */
export async function makeHarnessRuntime(accountKey = 'agent'): Promise<Runtime> {
  let token: string | null = null;
  // The shell's fetch core; a failure shows the server's message (or the catalogue's, unanswered) as a plain toast.
  const http = createFetchHttpClient({
    getToken: () => token,
    onFailure({ status, body, serverMessage, timedOut }, options) {
      const message =
        serverMessage ?? (status === 0 ? (timedOut ? ERROR_TEXTS.timeout : ERROR_TEXTS.network) : `Ошибка ${status}`);
      if (!options.silent) notification.error({ message });
      return new HttpError(status, message, body, timedOut);
    },
  });
  const session$ = new BehaviorSubject<SessionUser | null>(null);
  const { email } = DEMO_ACCOUNTS[demoAccount(accountKey)];
  try {
    const res = await http.post<{ user: SessionUser | null; token: string | null; message?: string }>(
      '/api/v2/auth/login/',
      { email, password: DEMO_PASSWORD, rememberMe: false },
      { silent: true },
    );
    token = res.token;
    session$.next(res.user);
    if (!res.user) notification.error({ message: res.message ?? `Не удалось войти как ${email}` });
  } catch (e) {
    notification.error({ message: `Api недоступен: ${(e as Error).message}. Запустите npm start (порт 8080).` });
  }
  const bus = new EventBus();
  bus.toServer$.subscribe((m) => console.info('[harness] → server', m.name, m.payload));
  return {
    session$,
    http,
    bus,
    toasts: {
      show(o) {
        notification.open({ type: o.type, message: o.title ?? o.body, description: o.title ? o.body : undefined, duration: o.durationSec });
      },
    },
    // Uncached: the harness asks the api every time (the shell keeps it for an hour).
    initState: (): Promise<InitState> => fetchInitState(http),
    logout() {
      token = null;
      session$.next(null);
    },
  };
}

export interface HarnessOptions {
  /** The remote's container name; its sections come from the registry (`sectionsOf`). */
  remote: RemoteName;
  Routes: React.ComponentType<RemoteRoutesProps>;
}

/** Signs in, sets the runtime and renders the remote's sections (the registry's) with a section chooser. */
export async function startHarness({ remote, Routes: RemoteRoutes }: HarnessOptions): Promise<void> {
  const as = demoAccount(new URLSearchParams(window.location.search).get('as') ?? 'agent');
  setRuntime(await makeHarnessRuntime(as));
  const name = `remote-${REMOTE_DIRS[remote]}`;
  const sections = sectionsOf(remote);

  function Harness() {
    return (
      <div style={{ display: 'flex', minHeight: '100vh' }}>
        <nav style={{ width: 246, padding: 16, borderRight: '1px solid #e6e9f0', background: '#fff' }}>
          <div style={{ fontWeight: 600, marginBottom: 4 }}>{name} · harness</div>
          <div style={{ fontSize: 12, color: '#5f6b7a', marginBottom: 12 }}>как {DEMO_ACCOUNTS[as].email} (?as=…)</div>
          {sections.map((s) => (
            <div key={s.path} style={{ margin: '6px 0' }}>
              <NavLink to={`/${s.path}${window.location.search}`}>{s.heading ?? s.title}</NavLink>
            </div>
          ))}
        </nav>
        <main style={{ flex: 1, maxWidth: 900, padding: 24 }}>
          <Routes>
            <Route index element={<p>Выберите раздел слева.</p>} />
            {sections.map((s) => (
              <Route
                key={s.path}
                path={`${s.path}/*`}
                element={
                  // The shell's gate: without the section's access flag, «Нет доступа» instead of the section.
                  <RequireAccess flag={s.access}>
                    <RemoteRoutes section={s.path} />
                  </RequireAccess>
                }
              />
            ))}
            <Route path="*" element={<RemoteRoutes section="" />} />
          </Routes>
        </main>
      </div>
    );
  }
  createRoot(document.getElementById('root')!).render(
    <OysterProvider>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Harness />
      </BrowserRouter>
    </OysterProvider>,
  );
}
