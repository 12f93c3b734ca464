/**
 * Test doubles for remote-learning's component tests: a fake HTTP client answering by "METHOD path",
 * a runtime set with setRuntime (as the shell does), and a render of the remote's real routes.
 */
import * as React from 'react';
import { act, configure, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DEMO_USERS, httpErrorReaction, type SessionUser } from '@oyster/shared-kit/domain';
import { EventBus, HttpError, ROUTER_FUTURE, setRuntime, type HttpClient, type RequestOptions, type ToastOptions } from '@oyster/shared-kit/runtime';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import RemoteRoutes from './routes';

// antd forms in jsdom are slow, more so on a busy machine: wait longer before calling a test failed.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

// jsdom has no scrolling.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// jsdom computes no pseudo-element styles (antd's modals ask for the scrollbar's): answer the element's own.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((elt: Element) => computedStyle(elt)) as typeof window.getComputedStyle;

// jsdom has no ResizeObserver (antd's text areas, selects and tabs observe their size).
if (typeof globalThis.ResizeObserver === 'undefined') {
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no MessageChannel; antd's Form (rc-form) posts its watch notifications through one.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    start() {}
    close() {}
  }
  class Channel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = Channel;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  options: RequestOptions;
}

/** An answer: a value, or a function of the request body (may throw, may return a promise). */
export type Answer = ((body: unknown, call: Call) => unknown) | Record<string, unknown> | null;

/** A promise that never settles: the screen stays in its loading state. */
export function never<T = never>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/** What the shell's client throws for a non-200 answer (its message is the §8 catalogue text). */
export function httpError(status: number, body: Record<string, unknown> | null = null): HttpError {
  const reaction = httpErrorReaction(status, typeof body?.message === 'string' ? body.message : null);
  return new HttpError(status, reaction.text, body);
}

/**
 * A fake HttpClient. Keys are "METHOD /api/v2/path" (the query included when the call has one);
 * a call nobody answers fails the test with a clear message.
 */
export function fakeHttp(routes: Record<string, Answer>) {
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
  const http: HttpClient & { calls: Call[]; routes: Record<string, Answer> } = {
    calls,
    routes,
    get: (p, o) => answer('GET', p, undefined, o) as never,
    post: (p, b, o) => answer('POST', p, b, o) as never,
    patch: (p, b, o) => answer('PATCH', p, b, o) as never,
    put: (p, b, o) => answer('PUT', p, b, o) as never,
    delete: (p, o) => answer('DELETE', p, undefined, o) as never,
    upload: (p, f, o) => answer('POST', p, f, o) as never,
  };
  return http;
}

export type FakeHttp = ReturnType<typeof fakeHttp>;

/** Sets the runtime the shell would set: session, HTTP, bus, toasts. */
export function setTestRuntime(http: HttpClient, user: SessionUser | null = DEMO_USERS.agent) {
  const toasts: ToastOptions[] = [];
  setRuntime({
    session$: new BehaviorSubject<SessionUser | null>(user),
    http,
    bus: new EventBus(),
    toasts: { show: (t) => toasts.push(t) },
    logout: () => undefined,
  });
  return { toasts };
}

function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** The current route, as the address bar would show it (under /app/). */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/**
 * Renders the remote as the shell mounts it: `/<section>/*` → <Routes section />, at `url`.
 * `user` defaults to the demo agent; pass DEMO_USERS.copywriter for an editor.
 */
export async function renderSection(url: string, { http, user = DEMO_USERS.agent }: { http: HttpClient; user?: SessionUser | null }) {
  const { toasts } = setTestRuntime(http, user);
  const section = url.replace(/^\//, '').split(/[/?]/)[0];
  // inside act: the lazily loaded page resolves before the test looks at the screen
  const result = await act(async () =>
    render(
    <OysterProvider>
      <MemoryRouter initialEntries={[url]} future={ROUTER_FUTURE}>
        <Routes>
          <Route path={`/${section}/*`} element={<RemoteRoutes section={section} />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </OysterProvider>,
    ),
  );
  return { ...result, toasts };
}

/** Renders one widget as the shell's home does (inside its router). */
export function renderWidget(widget: React.ReactElement, { http, user = DEMO_USERS.agent }: { http: HttpClient; user?: SessionUser | null }) {
  const { toasts } = setTestRuntime(http, user);
  const result = render(
    <OysterProvider>
      <MemoryRouter initialEntries={['/']} future={ROUTER_FUTURE}>
        {widget}
        <LocationProbe />
      </MemoryRouter>
    </OysterProvider>,
  );
  return { ...result, toasts };
}

// ───────────────────────── sample data ─────────────────────────

let seq = 0;
/** A 24-hex id. */
export function oid(): string {
  seq += 1;
  return seq.toString(16).padStart(24, 'a');
}

export function newsItem(over: Record<string, unknown> = {}) {
  return {
    _id: oid(),
    title: 'Новые тарифы Е-ОСАГО',
    summary: 'Коротко о главном',
    label: 'Продукты',
    coverImageUrl: null,
    status: 'published',
    publishedAt: '2026-11-19T09:00:00.000Z',
    createdAt: '2026-11-19T09:00:00.000Z',
    updatedAt: '2026-11-19T09:00:00.000Z',
    ...over,
  };
}

export function newsPage(items: unknown[], over: Record<string, unknown> = {}) {
  return { data: { news: items, total: items.length, page: 1, pageSize: 10, labels: ['Акции', 'Продукты'], ...over } };
}

export function article(over: Record<string, unknown> = {}) {
  return {
    _id: oid(),
    title: 'Как рассчитать КБМ',
    summary: 'Коэффициент бонус-малус простыми словами',
    tags: ['ОСАГО', 'Клиенты'],
    coverImageUrl: null,
    status: 'published',
    publishedAt: '2026-10-03T09:00:00.000Z',
    createdAt: '2026-10-03T09:00:00.000Z',
    updatedAt: '2026-10-03T09:00:00.000Z',
    ...over,
  };
}

export function knowledgePage(items: unknown[], over: Record<string, unknown> = {}) {
  return { data: { knowledge: items, total: items.length, page: 1, pageSize: 10, tags: ['ВЗР', 'Клиенты', 'ОСАГО'], ...over } };
}
