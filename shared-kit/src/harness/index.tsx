/**
 * The standalone dev harness every remote runs on its own dev server (`pnpm --filter
 * @oyster/remote-<name> dev`): test doubles of what the shell gives a remote — a fetch-based
 * HTTP client, the event bus, toasts, a session signed in against the real api (proxied to
 * :8080) as a demo account chosen with `?as=<key>` (admin, copywriter, agent …; default agent).
 * Dev only: not a Module Federation shared module and never in a production bundle.
 */
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { BrowserRouter, NavLink, Route, Routes, useParams } from 'react-router-dom';
import type { SessionUser } from '../domain';
import { EventBus, HttpError, ROUTER_FUTURE, setRuntime, type HttpClient, type RemoteRoutesProps, type RequestOptions, type Runtime } from '../runtime';
import { notification, OysterProvider } from '../ui/base';

/** Demo accounts by harness key; the password of every one is the demo password. */
export const HARNESS_ACCOUNTS: Record<string, string> = {
  admin: 'admin@oyster.test',
  manager: 'manager@oyster.test',
  supervisor: 'supervisor@oyster.test',
  supervisorAppointed: 'supervisor.appointed@oyster.test',
  finance: 'finance@oyster.test',
  copywriter: 'copywriter@oyster.test',
  agent: 'agent@oyster.test',
  newagent: 'newagent@oyster.test',
  owner: 'owner@oyster.test',
  subagent: 'subagent@oyster.test',
  broker: 'broker@oyster.test',
};
const DEMO_PASSWORD = 'Oyster2026!';

function makeHttp(getToken: () => string | null): HttpClient {
  const call = async <T,>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> => {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    const token = getToken();
    const res = await fetch(path, {
      method,
      credentials: 'include',
      signal: options.signal,
      headers: {
        ...(isForm ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { 'x-api-token': token } : {}),
        ...(options.headers ?? {}),
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    if (res.status !== 200) {
      const message = (data as { message?: string } | null)?.message ?? `Ошибка ${res.status}`;
      if (!options.silent) notification.error({ message });
      throw new HttpError(res.status, message, data);
    }
    return data as T;
  };
  return {
    get: (p, o) => call('GET', p, undefined, o),
    post: (p, b, o) => call('POST', p, b, o),
    patch: (p, b, o) => call('PATCH', p, b, o),
    put: (p, b, o) => call('PUT', p, b, o),
    delete: (p, o) => call('DELETE', p, undefined, o),
    upload: (p, f, o) => call('POST', p, f, o),
  };
}

/** Signs in as the demo account and returns a runtime around that session. */
export async function makeHarnessRuntime(accountKey = 'agent'): Promise<Runtime> {
  let token: string | null = null;
  const http = makeHttp(() => token);
  const session$ = new BehaviorSubject<SessionUser | null>(null);
  const email = HARNESS_ACCOUNTS[accountKey] ?? HARNESS_ACCOUNTS.agent;
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
    logout() {
      token = null;
      session$.next(null);
    },
  };
}

export interface HarnessOptions {
  /** The remote's package name, shown in the harness. */
  name: string;
  /** The sections the remote renders (first path segment → title). */
  sections: Record<string, { title: string }>;
  Routes: React.ComponentType<RemoteRoutesProps>;
}

/** Signs in, sets the runtime and renders the remote's sections with a section chooser. */
export async function startHarness({ name, sections, Routes: RemoteRoutes }: HarnessOptions): Promise<void> {
  const as = new URLSearchParams(window.location.search).get('as') ?? 'agent';
  setRuntime(await makeHarnessRuntime(as));

  function Section() {
    const { section = '' } = useParams();
    return <RemoteRoutes section={section} />;
  }
  function Harness() {
    return (
      <div style={{ display: 'flex', minHeight: '100vh' }}>
        <nav style={{ width: 246, padding: 16, borderRight: '1px solid #e6e9f0', background: '#fff' }}>
          <div style={{ fontWeight: 600, marginBottom: 4 }}>{name} · harness</div>
          <div style={{ fontSize: 12, color: '#5f6b7a', marginBottom: 12 }}>как {HARNESS_ACCOUNTS[as] ?? HARNESS_ACCOUNTS.agent} (?as=…)</div>
          {Object.entries(sections).map(([key, info]) => (
            <div key={key} style={{ margin: '6px 0' }}>
              <NavLink to={`/${key}${window.location.search}`}>{info.title}</NavLink>
            </div>
          ))}
        </nav>
        <main style={{ flex: 1, maxWidth: 900, padding: 24 }}>
          <Routes>
            <Route index element={<p>Выберите раздел слева.</p>} />
            <Route path=":section/*" element={<Section />} />
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
