import { BehaviorSubject } from 'rxjs';
import { access, type SessionUser } from '@oyster/shared-kit/domain/platform';
import type { EventBus, HttpClient } from '@oyster/shared-kit/runtime';
import type { CommunicationLog, CommunicationNotification, CommunicationReaction } from './campaigns';

/** §7 the communication log, and what the user was sent while offline (oldest first). */
export const COMMUNICATION_LOG_PATH = '/api/v2/set-logs/communication';
export const PENDING_POPUPS_PATH = '/api/v2/communications/pending';

/** What a log line is about: the campaign and this delivery of it. */
export interface CommunicationIds {
  communicationId: string;
  guid: string;
}

type PopupsChunk = typeof import('../popups/chunk');
let chunk: Promise<PopupsChunk> | null = null;
/**
 * The popups' chunk: the queue's rules (the domain's queueAdd, queueCloseFirst) and the modal come with
 * the first popup, not with every page. The queue changes only once it is here, so the modal never waits.
 */
export const loadPopups = (): Promise<PopupsChunk> =>
  (chunk ??= import(/* webpackChunkName: "popups" */ '../popups/chunk').catch((e) => {
    chunk = null;
    throw e;
  }));

export interface PopupServiceDeps {
  http: HttpClient;
  session$: BehaviorSubject<SessionUser | null>;
}

/**
 * §4 popup communications (socket `notification-market`): the queue of popups for the signed-in user,
 * the newest first; the layout shows its first one (PopupHost; the modal and the queue's rules are in
 * the popups' lazy chunk), which registers the show and the user's reaction in the communication logs
 * through `log` and closes it through `change`. At sign-in (and on start) what came while the user was
 * offline is fetched and queued. Not connected in the chat's frame page.
 */
export class PopupService {
  readonly queue$ = new BehaviorSubject<CommunicationNotification[]>([]);
  private userId: string | null = null;
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: PopupServiceDeps) {}

  connect(bus: EventBus): void {
    this.deps.session$.subscribe((user) => this.setUser(user));
    bus.on('notification-market').subscribe((payload) => this.add(payload?.options?.notification));
  }

  /** A popup for the signed-in user goes first (the same delivery never twice: queued, or shown before). */
  add(n: CommunicationNotification | undefined): void {
    const id = this.userId;
    if (id && n?.guid && n.message) this.change((r, queue) => (id === this.userId ? r.addPopup(queue, n) : queue));
  }

  /** Changes the queue with the rules of the popups' chunk, each change after the one before. */
  change(next: (rules: PopupsChunk, queue: CommunicationNotification[]) => CommunicationNotification[]): Promise<unknown> {
    return (this.last = this.last
      .then(loadPopups)
      .then((r) => this.queue$.next(next(r, this.queue$.value)))
      .catch(() => undefined));
  }

  /**
   * §3/§9 communication log: a popup or a campaign's toast shown, closed (4) or its button pressed
   * (1–3). Not for personal users (staff); silent, and a failure never stops the user.
   */
  log(ids: CommunicationIds, reaction: CommunicationReaction): void {
    const user = this.deps.session$.value;
    if (user?._id && access(user).canLogCommunications) {
      const body: CommunicationLog = { ...ids, agentId: user._id, reaction };
      this.deps.http.post(COMMUNICATION_LOG_PATH, body, { silent: true }).catch(() => undefined);
    }
  }

  private setUser(user: SessionUser | null): void {
    const id = user?._id ?? null;
    if (id === this.userId) return;
    this.userId = id;
    this.queue$.next([]);
    // What was sent while the user was offline, oldest first: each goes first in turn.
    if (id) {
      this.deps.http
        .get<{ data?: CommunicationNotification[] } | null>(PENDING_POPUPS_PATH, { silent: true })
        .then((res) => id === this.userId && res?.data?.forEach((n) => this.add(n)))
        .catch(() => undefined);
    }
  }
}
