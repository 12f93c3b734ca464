import { BehaviorSubject, Observable, Subject, filter, map } from 'rxjs';
import type { ClientEvents, ServerEvents } from '../domain/realtime';

export type { ServerEvents, ClientEvents, ServerEventName } from '../domain/realtime';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface BusMessage<E, K extends keyof E = keyof E> {
  name: K;
  payload: E[K];
}

/** Typed RxJS bus between the one socket connection (owned by the shell) and every screen. */
export class EventBus {
  private readonly incoming = new Subject<BusMessage<ServerEvents>>();
  private readonly outgoing = new Subject<BusMessage<ClientEvents>>();
  readonly connection$ = new BehaviorSubject<ConnectionState>('disconnected');

  /** Server events of one name. */
  on<K extends keyof ServerEvents>(name: K): Observable<ServerEvents[K]> {
    return this.incoming.pipe(
      filter((m) => m.name === name),
      map((m) => m.payload as ServerEvents[K]),
    );
  }

  /**
   * The connection is back after being away, as this subscriber saw it: connected again after a loss, or
   * connected at last when it subscribed while away. What the server sent meanwhile never arrived, so a screen
   * that follows server events reads its data again on it (connection$ replays the current state first:
   * connected at subscription is not a return).
   */
  get back$(): Observable<void> {
    return new Observable<void>((subscriber) => {
      let away = false;
      return this.connection$.subscribe((state) => {
        if (state !== 'connected') away = true;
        else if (away) {
          away = false;
          subscriber.next();
        }
      });
    });
  }

  /** Used by the socket owner to feed what the server sent. */
  publish<K extends keyof ServerEvents>(name: K, payload: ServerEvents[K]): void {
    this.incoming.next({ name, payload });
  }

  /** Ask the socket owner to send an event to the server. */
  emit<K extends keyof ClientEvents>(name: K, payload: ClientEvents[K]): void {
    this.outgoing.next({ name, payload });
  }

  /** What screens asked to send; the socket owner subscribes once. */
  get toServer$(): Observable<BusMessage<ClientEvents>> {
    return this.outgoing.asObservable();
  }
}
