import { BehaviorSubject, Subscription, distinctUntilChanged, filter } from 'rxjs';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS, type ServerEventName } from '@oyster/shared-kit/domain/platform';
import type { EventBus } from '@oyster/shared-kit/runtime';
import type { SessionService } from './session';
import { rememberPath } from './storage';

type IoFactory = (uri: string | undefined, opts: Partial<ManagerOptions & SocketOptions>) => Socket | Promise<Socket>;

/** socket.io-client is fetched only once someone signs in: the login page does not carry it. */
const lazyIo: IoFactory = async (uri, opts) => {
  const { io } = await import(/* webpackChunkName: "socket-io" */ 'socket.io-client');
  return io(uri as string, opts);
};

/**
 * The one realtime connection (spec §7): authenticated with the session token, reconnecting
 * every 5 s up to 30 s, every server event fed into the bus and the bus's outgoing events sent.
 */
export class SocketService {
  private socket: Socket | null = null;
  /** Bumped on every open/close so a socket that finishes loading late is dropped. */
  private generation = 0;
  private subs = new Subscription();
  /** When the connection was lost (ms since epoch); null while connected or signed out. */
  readonly lostAt$ = new BehaviorSubject<number | null>(null);

  constructor(
    private readonly bus: EventBus,
    private readonly session: SessionService,
    private readonly factory: IoFactory = lazyIo,
    private readonly url?: string,
  ) {}

  start(): void {
    this.subs.add(
      this.session.token$.pipe(distinctUntilChanged()).subscribe((token) => {
        this.close();
        if (token) this.open(token);
      }),
    );
    this.subs.add(
      this.bus.toServer$.subscribe(({ name, payload }) => {
        this.socket?.emit(name as string, payload ?? {});
      }),
    );
    // The browser back online (a laptop woken, the Wi-Fi back): try at once, as «Переподключиться» does,
    // instead of waiting out the current delay (up to 30 s) with the notice still up.
    if (typeof window !== 'undefined') {
      const online = () => this.reconnectNow();
      window.addEventListener('online', online);
      this.subs.add(() => window.removeEventListener('online', online));
    }
  }

  stop(): void {
    this.subs.unsubscribe();
    this.subs = new Subscription();
    this.close();
  }

  /** The «Переподключиться» button. */
  reconnectNow(): void {
    const s = this.socket;
    if (!s || s.connected) return;
    this.bus.connection$.next('connecting');
    s.disconnect();
    s.connect();
  }

  private open(token: string): void {
    const generation = ++this.generation;
    this.bus.connection$.next('connecting');
    const made = this.factory(this.url, {
      path: '/socket.io',
      auth: { token },
      withCredentials: true,
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
      reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    });
    if (made instanceof Promise) {
      made.then(
        (socket) => {
          if (generation === this.generation) this.attach(socket);
          else socket.disconnect();
        },
        () => {
          if (generation !== this.generation) return;
          this.lostAt$.next(Date.now());
          this.bus.connection$.next('disconnected');
        },
      );
    } else this.attach(made);
  }

  private attach(socket: Socket): void {
    this.socket = socket;
    socket.on('connect', () => {
      this.lostAt$.next(null);
      this.bus.connection$.next('connected');
    });
    socket.on('disconnect', () => {
      if (this.socket !== socket) return;
      if (this.lostAt$.value === null) this.lostAt$.next(Date.now());
      this.bus.connection$.next(socket.active ? 'reconnecting' : 'disconnected');
    });
    socket.on('connect_error', () => {
      if (this.socket !== socket) return;
      if (this.lostAt$.value === null) this.lostAt$.next(Date.now());
      this.bus.connection$.next(socket.active ? 'reconnecting' : 'disconnected');
    });
    // Every event the server emits goes into the bus, whose names and payloads are typed (shared-kit
    // domain/realtime.ts ServerEvents): a new event costs the shell no bytes.
    socket.onAny((name: string, payload: unknown) => this.bus.publish(name as ServerEventName, payload as never));
  }

  private close(): void {
    this.generation++;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.removeAllListeners();
      s.disconnect();
    }
    this.lostAt$.next(null);
    this.bus.connection$.next('disconnected');
  }
}

/** Server events that change the session: session_update replaces the user, logout ends it. */
export function wireSessionEvents(bus: EventBus, session: SessionService): Subscription {
  const subs = new Subscription();
  subs.add(bus.on('session_update').subscribe((user) => session.replaceUser(user)));
  // A change made before the socket joined its rooms (just after sign-in, or while it was away)
  // sent no event this socket heard: once connected, the user is read again.
  subs.add(bus.connection$.pipe(filter((state) => state === 'connected')).subscribe(() => void session.restore()));
  // The server ended the session (revoked elsewhere, user blocked): like a 401, remember where
  // the user was so signing in again brings them back.
  subs.add(
    bus.on('logout').subscribe(() => {
      rememberPath();
      session.logout({ notifyServer: false });
    }),
  );
  return subs;
}
