/// <reference types="@testing-library/jest-dom" />
/**
 * `@oyster/shared-kit/testing` — for tests only, never in a bundle: test doubles of what the shell
 * gives a remote (ARCHITECTURE: services are typed references that tests replace with fakes).
 *
 *   const http = fakeHttp({ 'POST /api/v2/posts/news/list': { data: … } });
 *   const { toasts, bus } = await renderSection(Routes, '/news?page=2', { http, user: DEMO_USERS.copywriter });
 *   bus.publish('session_update', …);                   // a socket event, as the shell's socket would
 *   expect(http.calls[0]).toMatchObject({ body: { page: 2 } });
 *
 * The jsdom polyfills are in ./setup-dom.ts (jest.config.cjs runs it before every front-end test file).
 */
import * as React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DEMO_USERS, httpErrorReaction, type SessionUser, type Webinar } from '@oyster/shared-kit/domain';
import {
  EventBus,
  HttpError,
  ROUTER_FUTURE,
  setRuntime,
  type HttpClient,
  type RemoteRoutesProps,
  type RequestOptions,
  type Runtime,
  type ToastOptions,
} from '@oyster/shared-kit/runtime';
import { OysterProvider } from '@oyster/shared-kit/ui/base';

export { DEMO_USERS };

// ───────────────────────── HTTP ─────────────────────────

export interface Call {
  method: string;
  path: string;
  body: unknown;
  options: RequestOptions;
}

/** An answer: a value, or a function of the request body (may throw, may return a promise). */
export type Answer = ((body: unknown, call: Call) => unknown) | Record<string, unknown> | unknown[] | null;

/** A promise that never settles: the screen stays in its loading state. */
export function never<T = never>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/** What the shell's client throws for a non-200 answer (its message is the §8 catalogue text). */
export function httpError(status: number, body: Record<string, unknown> | null = null): HttpError {
  const reaction = httpErrorReaction(status, typeof body?.message === 'string' ? body.message : null);
  return new HttpError(status, reaction.text, body);
}

export type FakeHttp = HttpClient & {
  /** Every call, in order. */
  calls: Call[];
  /** The answers; a test may change them between steps. */
  routes: Record<string, Answer>;
};

/**
 * A fake HttpClient. Keys are "METHOD /api/v2/path" (the query included when the call has one; a key
 * without a query answers every query); a call nobody answers fails with a clear message.
 */
export function fakeHttp(routes: Record<string, Answer>): FakeHttp {
  const calls: Call[] = [];
  const answer = async (method: string, path: string, body: unknown, options: RequestOptions = {}) => {
    const call = { method, path, body, options };
    calls.push(call);
    const key = `${method} ${path}`;
    const found = key in routes ? key : Object.keys(routes).find((k) => key === k.split('?')[0] || key.startsWith(`${k}?`));
    if (!found) throw new Error(`fakeHttp: no answer for ${key}`);
    const a = routes[found];
    return typeof a === 'function' ? (a as (b: unknown, c: Call) => unknown)(body, call) : a;
  };
  return {
    calls,
    routes,
    get: (p, o) => answer('GET', p, undefined, o) as never,
    post: (p, b, o) => answer('POST', p, b, o) as never,
    patch: (p, b, o) => answer('PATCH', p, b, o) as never,
    put: (p, b, o) => answer('PUT', p, b, o) as never,
    delete: (p, o) => answer('DELETE', p, undefined, o) as never,
    upload: (p, f, o) => answer('POST', p, f, o) as never,
  };
}

// ───────────────────────── runtime ─────────────────────────

/** The init-state the runtime hands out (companies, products, …), whatever the Runtime says it is. */
export type TestInitState = Runtime extends { initState(): Promise<infer S> } ? S : Record<string, unknown[]>;

/** An init-state with every dictionary empty; a test passes its own to `initState`. */
export function emptyInitState(): TestInitState {
  return { companies: [], products: [], networkList: [], mages: [], curators: [] } as unknown as TestInitState;
}

export interface TestRuntimeOptions {
  /** Default: the demo agent; null: nobody signed in. */
  user?: SessionUser | null;
  initState?: TestInitState;
}

export interface TestRuntime {
  runtime: Runtime;
  /** The real bus: `bus.publish(name, payload)` is a socket event, `bus.toServer$` what screens sent. */
  bus: EventBus;
  session$: BehaviorSubject<SessionUser | null>;
  /** Every toast shown, in order. */
  toasts: ToastOptions[];
  /** How many times the screen asked to sign out. */
  logouts: () => number;
}

/** Sets the runtime the shell would set (session, HTTP, bus, toasts, init-state); answers its parts. */
export function setTestRuntime(http: HttpClient, user: SessionUser | null = DEMO_USERS.agent, options: Omit<TestRuntimeOptions, 'user'> = {}): TestRuntime {
  const toasts: ToastOptions[] = [];
  const session$ = new BehaviorSubject<SessionUser | null>(user);
  const bus = new EventBus();
  let logouts = 0;
  const initState = options.initState ?? emptyInitState();
  // built as a value, not a literal typed Runtime: the fake also fits a Runtime without initState
  const runtime = {
    session$,
    http,
    bus,
    toasts: { show: (t: ToastOptions) => void toasts.push(t) },
    initState: () => Promise.resolve(initState),
    logout: () => {
      logouts += 1;
    },
  };
  setRuntime(runtime as Runtime);
  return { runtime: runtime as Runtime, bus, session$, toasts, logouts: () => logouts };
}

// ───────────────────────── rendering ─────────────────────────

/** Shows the current route (under /app/) for currentLocation(). */
export function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** The current route, as the address bar would show it (under /app/). */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export interface RenderAppOptions {
  /** Where the router starts (default '/'). */
  route?: string;
  /** Providers between the theme and the router (the shell's services). */
  wrap?: (router: React.ReactElement) => React.ReactElement;
  /** Render a LocationProbe for currentLocation() (default true). */
  probe?: boolean;
}

/**
 * Renders `ui` as the shell does: OysterProvider (theme, Russian locale) around a MemoryRouter at
 * `route` (the shell's router flags), with a LocationProbe.
 */
export function renderApp(ui: React.ReactElement, { route = '/', wrap, probe = true }: RenderAppOptions = {}) {
  const router = (
    <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
      {ui}
      {probe ? <LocationProbe /> : null}
    </MemoryRouter>
  );
  return render(<OysterProvider>{wrap ? wrap(router) : router}</OysterProvider>);
}

export interface RenderOptions extends TestRuntimeOptions {
  http: HttpClient;
}

/**
 * Renders a remote as the shell mounts it: `/<section>/*` → <Routes section />, at `url`, with the test
 * runtime set. Inside act, so a lazily loaded page has resolved when the test looks at the screen.
 */
export async function renderSection(RemoteRoutes: React.ComponentType<RemoteRoutesProps>, url: string, { http, user = DEMO_USERS.agent, initState }: RenderOptions) {
  const runtime = setTestRuntime(http, user, { initState });
  const section = url.replace(/^\//, '').split(/[/?]/)[0];
  const result = await act(async () =>
    renderApp(
      <Routes>
        <Route path={`/${section}/*`} element={<RemoteRoutes section={section} />} />
        <Route path="*" element={null} />
      </Routes>,
      { route: url },
    ),
  );
  return { ...result, ...runtime };
}

/** Renders one widget as the shell's home does (inside its router), with the test runtime set. */
export function renderWidget(widget: React.ReactElement, { http, user = DEMO_USERS.agent, initState }: RenderOptions) {
  const runtime = setTestRuntime(http, user, { initState });
  return { ...renderApp(widget), ...runtime };
}

// ───────────────────────── actions ─────────────────────────

/** Types text one character at a time at the end of the input, the way a keyboard does (masked inputs need it). */
export function typeInto(input: HTMLElement, text: string) {
  const el = input as HTMLInputElement;
  for (const ch of text) {
    act(() => {
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    });
    const next = el.value + ch;
    fireEvent.change(el, { target: { value: next, selectionStart: next.length, selectionEnd: next.length } });
  }
}

/** Chooses `file` with the screens' upload button labelled `label` inside `container` (its hidden file input). */
export function pickFile(container: HTMLElement, label: string, file: File): void {
  const button = within(container).getByRole('button', { name: label });
  const input = button.closest('.oy-screen-upload')?.querySelector('input[type="file"]') as HTMLInputElement | null;
  if (!input) throw new Error(`pickFile: «${label}» is not an upload button of @oyster/shared-kit/ui/screens`);
  fireEvent.change(input, { target: { files: [file] } });
}

/** A webinar as the api sends it (§3), planned and not signed up for; tests change what they are about. */
export function sampleWebinar(over: Partial<Webinar> = {}): Webinar {
  return {
    _id: 'a'.repeat(24),
    title: 'Е-ОСАГО: новые коэффициенты',
    description: 'Разберём изменения базовых ставок и КБМ.',
    date: '15.12.2026',
    time: '11:00',
    startsAt: '2026-12-15T08:00:00.000Z',
    platform: 'Контур.Толк',
    duration: 60,
    status: 'planned',
    isSendAnnouncement: false,
    removeWebinar: false,
    registration: false,
    untilTime: { minutes: 0, seconds: 0 },
    conferenceLink: 'https://webinar.oyster.test/room/eosago',
    ...over,
  };
}
