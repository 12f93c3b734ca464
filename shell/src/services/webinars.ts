import { BehaviorSubject } from 'rxjs';
import { access, type SessionUser } from '@oyster/shared-kit/domain/platform';
import type { Webinar } from '@oyster/shared-kit/domain/popups';
import type { EventBus, HttpClient } from '@oyster/shared-kit/runtime';

/** The webinar toasts due now for the signed-in agent (their webinar starts within 10 minutes). */
export const WEBINAR_TOASTS_PATH = '/api/v2/webinars/toasts';

type WebinarToastsChunk = typeof import('../webinars/chunk');
let chunk: Promise<WebinarToastsChunk> | null = null;
/** The toasts' chunk (their rule and the cards) comes with the first toast, not with every page. */
export const loadWebinarToasts = (): Promise<WebinarToastsChunk> =>
  (chunk ??= import(/* webpackChunkName: "webinar-toasts" */ '../webinars/chunk').catch((e) => {
    chunk = null;
    throw e;
  }));

/**
 * §2/§4 webinar toasts: one per webinar for the signed-in user, from the socket's
 * `webinar-notification` (an invitation, a postponement, the reminder before the start) and, at sign-in,
 * the reminders that went while the app was closed. The layout shows them (webinars/WebinarToastHost;
 * the cards come in a lazy chunk with the first toast). Not connected in the chat's frame page.
 */
export class WebinarToastService {
  readonly toasts$ = new BehaviorSubject<Webinar[]>([]);
  private userId: string | null = null;
  private last: Promise<unknown> = Promise.resolve();

  /** `http` is the cards' too (sign-up and joining). */
  constructor(readonly deps: { http: HttpClient; session$: BehaviorSubject<SessionUser | null> }) {}

  connect(bus: EventBus): void {
    this.deps.session$.subscribe((user) => this.setUser(user));
    bus.on('webinar-notification').subscribe((w) => void this.show(w));
  }

  /** A newer word about a webinar replaces its toast in place; a new webinar's goes first. */
  show(w: Webinar | undefined): Promise<unknown> {
    const id = this.userId;
    if (!id || !w?._id) return this.last;
    // Each change after the one before, once the chunk is here (so the cards never wait for it).
    return (this.last = this.last
      .then(loadWebinarToasts)
      .then((m) => id === this.userId && this.toasts$.next(m.webinarToastsAdd(this.toasts$.value, w)))
      .catch(() => undefined));
  }

  dismiss(webinarId: string): void {
    this.toasts$.next(this.toasts$.value.filter((w) => w._id !== webinarId));
  }

  private setUser(user: SessionUser | null): void {
    const id = user?._id ?? null;
    if (id === this.userId) return;
    this.userId = id;
    this.toasts$.next([]);
    if (id && access(user).canSignUpForWebinars) {
      this.deps.http
        .get<{ data?: Webinar[] } | null>(WEBINAR_TOASTS_PATH, { silent: true })
        .then((res) => id === this.userId && res?.data?.forEach((w) => void this.show(w)))
        .catch(() => undefined);
    }
  }
}
