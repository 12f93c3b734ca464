import type { ComponentType } from 'react';
import { BehaviorSubject } from 'rxjs';
import type { SessionUser } from '../domain';
import type { RemoteName } from '../domain/platform';
import { EventBus } from './events';
import type { HttpClient } from './http';
import type { InitState } from './initState';

export * from './events';
export * from './http';
export * from './fetchHttp';
export * from './initState';

export interface ToastOptions {
  type: 'success' | 'info' | 'warning' | 'error';
  title?: string;
  body: string;
  durationSec?: number;
  buttonText?: string;
  buttonLink?: string;
  /**
   * A campaign's toast (§4 Toast): with both, closing it is logged as 4 and its button as 1 in the
   * communication logs (POST /api/v2/set-logs/communication; not for personal users).
   */
  communicationId?: string;
  guid?: string;
}

export interface Toasts {
  show(options: ToastOptions): void;
}

/** What the shell gives every remote, set once at start. */
export interface Runtime {
  session$: BehaviorSubject<SessionUser | null>;
  http: HttpClient;
  bus: EventBus;
  toasts: Toasts;
  /** The init-state (companies, products, networks, mages, curators); the shell keeps it for an hour. */
  initState(): Promise<InitState>;
  /** Ends the session the way the shell does (cookies, storage, server, /oyster). */
  logout(): void;
  /**
   * Renders a named widget another remote exposes (e.g. remote_communications/ObjectChat on a contract
   * page), loaded at runtime by the shell with its loading and error states — how one remote shows
   * another's part without importing it. Absent in a standalone harness: the slot renders nothing.
   */
  Widget?: ComponentType<RuntimeWidgetProps>;
  /**
   * The floating chat button (§2, §3 chat state): a page about one object puts that object's chat on
   * it while shown (null: back to the user's support chat). Absent in a harness.
   */
  chat?: { setContext(context: { chatId: string; type: 'contract' | 'brokerRequest' } | null): void };
}

export interface RuntimeWidgetProps {
  remote: RemoteName;
  /** The exposed module name without './', e.g. 'ObjectChat'. */
  module: string;
  props?: Record<string, unknown>;
}

let current: Runtime | null = null;

/** Called once by the shell (or a remote's standalone harness) before anything renders. */
export function setRuntime(runtime: Runtime): void {
  current = runtime;
}

export function getRuntime(): Runtime {
  if (!current) throw new Error('Oyster runtime is not set: the shell (or a harness) must call setRuntime first');
  return current;
}

export function hasRuntime(): boolean {
  return current !== null;
}

/** The props every remote's routes entry receives from the shell. */
export interface RemoteRoutesProps {
  /** First path segment under /app/ that the shell mounted this remote at, e.g. 'news'. */
  section: string;
}

/**
 * What a remote's routes entry may carry besides the component: `preload` fetches the pages its
 * sections open on (their lazy chunks and what they share), so the shell's prefetch on idle makes the
 * first open of a section as quick as a later one.
 */
export interface PreloadableRoutes {
  preload?(): Promise<unknown>;
}

/** react-router 6 future flags, the same in the shell and every harness (no v7 warnings). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
