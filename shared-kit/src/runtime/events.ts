import { BehaviorSubject, Observable, Subject, filter, map } from 'rxjs';
import type { SessionUser } from '../domain';

/** Events the server sends over the socket (spec §7). */
export interface ServerEvents {
  session_update: SessionUser;
  logout: { reason?: string } | undefined;
  chats: { action: 'update_chats_counts_opened'; result: { chatsOpenedCount: number; clientChats: number; agentChats: number } };
  notification: { _id: string; guid: string; action?: string; actionText?: string; closeDelay?: number; title?: string; body?: string };
  'webinar-notification': Record<string, unknown>;
  'notification-market': { options: { notification: Record<string, unknown> } };
}

/** Events the client sends to the server. */
export interface ClientEvents {
  route: { path: string; href: string; action?: string };
  login: Record<string, never> | undefined;
  logout: Record<string, never> | undefined;
}

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
