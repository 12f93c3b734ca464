/**
 * The shell's test doubles: it owns the real services, so it fakes one level lower than a remote —
 * fetch and the socket. Rendering (theme, locale, router) is @oyster/shared-kit/testing's renderApp.
 */
import * as React from 'react';
import { renderApp } from '@oyster/shared-kit/testing';
import { createServices, ServicesProvider, type Services } from './services';
import { ToastHost } from './services/ToastHost';

export interface FakeCall {
  url: string;
  init: RequestInit;
}
export type FakeAnswer = { status: number; body?: unknown } | Error | ((url: string, init: RequestInit) => Promise<Response>);

/** A fetch double: answers by URL substring, records every call. */
export function fakeFetch(routes: Record<string, FakeAnswer>) {
  const calls: FakeCall[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const key = Object.keys(routes).find((k) => url.includes(k));
    const answer = key ? routes[key] : { status: 404, body: { message: 'not found' } };
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(url, init);
    return {
      status: answer.status,
      text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return { impl, calls };
}

/** A socket.io double. */
export function fakeSocket() {
  const handlers = new Map<string, Array<(p: unknown) => void>>();
  const anyHandlers: Array<(name: string, p: unknown) => void> = [];
  const emitted: Array<{ name: string; payload: unknown }> = [];
  const socket = {
    connected: false,
    active: true,
    /** How many times connect() was called (a reconnect asked for). */
    connects: 0,
    on(name: string, fn: (p: unknown) => void) {
      handlers.set(name, [...(handlers.get(name) ?? []), fn]);
      return socket;
    },
    onAny(fn: (name: string, p: unknown) => void) {
      anyHandlers.push(fn);
      return socket;
    },
    emit(name: string, payload: unknown) {
      emitted.push({ name, payload });
      return socket;
    },
    removeAllListeners() {
      handlers.clear();
      anyHandlers.length = 0;
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    connect() {
      socket.connects++;
      return socket;
    },
    /** Test side: the server sends an event. */
    serverSends(name: string, payload?: unknown) {
      (handlers.get(name) ?? []).forEach((fn) => fn(payload));
      // As socket.io: onAny hears what the server emits, not the connection's own events.
      if (!['connect', 'disconnect', 'connect_error'].includes(name)) anyHandlers.forEach((fn) => fn(name, payload));
    },
  };
  return { socket, emitted };
}

/** Renders as the app does (theme, Russian locale, router at `route`) with the shell's services and toasts. */
export function renderWithServices(ui: React.ReactElement, { services, route = '/' }: { services: Services; route?: string }) {
  return renderApp(ui, {
    route,
    probe: false,
    wrap: (router) => (
      <ServicesProvider services={services}>
        <ToastHost toasts={services.toasts} />
        {router}
      </ServicesProvider>
    ),
  });
}

export { createServices };
