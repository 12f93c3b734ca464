import * as React from 'react';
import type { Observable } from 'rxjs';
import { EventBus, type Runtime } from '@oyster/shared-kit/runtime';
import { createHttpClient } from './http';
import { loadInitState } from './initState';
import { SessionService } from './session';
import { SocketService, wireSessionEvents } from './socket';
import { tabSessionId } from './storage';
import { ToastService, wireNotificationToasts } from './toasts';
import { wireSystemNotifications } from './systemNotifications';
import { ChatButtonService } from './chatButton';
import { PopupService } from './popups';
import { WebinarToastService } from './webinars';

export interface Services {
  bus: EventBus;
  http: ReturnType<typeof createHttpClient>;
  session: SessionService;
  socket: SocketService;
  toasts: ToastService;
  chatButton: ChatButtonService;
  /** §4 popup communications: the queue the layout shows (its modal loads with the first popup). */
  popups: PopupService;
  /** §2 webinar toasts: what the layout shows (the cards load with the first one). */
  webinars: WebinarToastService;
  runtime: Runtime;
}

export interface CreateServicesOptions {
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  ioFactory?: ConstructorParameters<typeof SocketService>[2];
  /** The chat's frame page: its notifications toast and its popups show in the app around it, not in the frame again. */
  frame?: boolean;
}

/** Builds the shell's singletons; bootstrap hands `runtime` to setRuntime for every remote. */
export function createServices(options: CreateServicesOptions = {}): Services {
  const bus = new EventBus();
  const toasts = new ToastService();
  let http: Services['http'] | null = null;
  const session = new SessionService({ bus, http: () => http! });
  http = createHttpClient({
    baseUrl: options.baseUrl,
    getToken: () => session.token,
    sessionId: tabSessionId(),
    toasts,
    onUnauthorized: () => session.logout(),
    fetchImpl: options.fetchImpl,
  });
  const socket = new SocketService(bus, session, options.ioFactory);
  wireSessionEvents(bus, session);
  if (!options.frame) {
    wireNotificationToasts(bus, toasts);
    wireSystemNotifications(bus, session);
  }
  const popups = new PopupService({ http, session$: session.session$ });
  // A campaign's toast logs its close (4) or its button (1) like a popup does.
  toasts.setCommunicationLog((ids, reaction) => popups.log(ids, reaction));
  const webinars = new WebinarToastService({ http, session$: session.session$ });
  if (!options.frame) {
    popups.connect(bus);
    webinars.connect(bus);
  }
  const chatButton = new ChatButtonService();
  session.session$.subscribe((user) => chatButton.setUser(user));
  // One init-state request at a time: the layout warms the cache while a remote's page may ask too.
  let initStateLoading: ReturnType<Runtime['initState']> | null = null;
  const runtime: Runtime = {
    session$: session.session$,
    http,
    bus,
    toasts,
    initState: () => (initStateLoading ??= loadInitState(http!).finally(() => (initStateLoading = null))),
    logout: () => session.logout(),
    chat: chatButton,
  };
  return { bus, http, session, socket, toasts, chatButton, popups, webinars, runtime };
}

const ServicesContext = React.createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children?: React.ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const s = React.useContext(ServicesContext);
  if (!s) throw new Error('ServicesProvider is missing');
  return s;
}

/** Current value of a BehaviorSubject-like observable. */
export function useObservable<T>(source: Observable<T> & { value?: T }, initial?: T): T {
  const [value, setValue] = React.useState<T>(() => (source.value !== undefined ? source.value : (initial as T)));
  React.useEffect(() => {
    const sub = source.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [source]);
  return value;
}

export function useSession() {
  const { session } = useServices();
  return useObservable(session.session$);
}
