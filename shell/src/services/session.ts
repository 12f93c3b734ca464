import { BehaviorSubject } from 'rxjs';
import { access, type SessionUser } from '@oyster/shared-kit/domain/platform';
import type { EventBus, HttpClient } from '@oyster/shared-kit/runtime';
import type { ShellRequestOptions } from './http';
import { APP_BASENAME, readStorage, STORAGE_KEYS, writeStorage } from './storage';

export interface SessionDeps {
  bus: EventBus;
  /** Lazy: the HTTP client needs the session for its token and 401 handling. */
  http(): HttpClient;
}

type Navigate = (path: string) => void;

/**
 * The signed-in user (spec §3, §4): token, user and a flag kept in localStorage, restored on
 * start with a silent get-user, replaced by session_update, cleared by logout.
 */
export class SessionService {
  readonly session$: BehaviorSubject<SessionUser | null>;
  readonly token$: BehaviorSubject<string | null>;
  /** False only while a stored token without a stored user is being checked. */
  readonly ready$: BehaviorSubject<boolean>;
  /**
   * Until the router registers its navigate, a move is kept and done once it does: a full page
   * load here would drop what the user must still see (the «Вы не авторизованы» toast).
   */
  private pendingPath: string | null = null;
  private navigate: Navigate = (path) => {
    this.pendingPath = path;
  };
  /**
   * True after logout() sent the user to /oyster: pages that need a session must not race it
   * with their own redirect to /login (and must not remember the path of a deliberate logout).
   */
  endedByLogout = false;
  /** Counts session_update events and sign-ins: a restore() answer asked before one of them is dropped. */
  private changes = 0;
  /** restore() calls so far, and the latest whose answer was taken: an older answer arriving late is dropped. */
  private restores = 0;
  private restoredBy = 0;

  constructor(private readonly deps: SessionDeps) {
    const token = readStorage(STORAGE_KEYS.token);
    const flagged = readStorage(STORAGE_KEYS.loggedIn) === '1';
    const user = token || flagged ? parseUser(readStorage(STORAGE_KEYS.user)) : null;
    this.token$ = new BehaviorSubject<string | null>(token);
    this.session$ = new BehaviorSubject<SessionUser | null>(user);
    this.ready$ = new BehaviorSubject<boolean>(!(token || flagged) || !!user);
  }

  get token(): string | null {
    return this.token$.value;
  }
  get user(): SessionUser | null {
    return this.session$.value;
  }
  /** Signed in with a real (non-anonymous) user (the token may live only in the httpOnly cookie). */
  get isSignedIn(): boolean {
    return access(this.user).isAuthenticated;
  }

  /** The router registers its navigate so logout stays a client-side transition. */
  setNavigator(navigate: Navigate | null): void {
    if (!navigate) return;
    this.navigate = navigate;
    const pending = this.pendingPath;
    this.pendingPath = null;
    if (pending) navigate(pending);
  }

  /** On start: a stored token is checked with get-user (silent); anonymous or missing → logout. */
  async restore(): Promise<void> {
    if (!this.token && !this.user) {
      this.ready$.next(true);
      return;
    }
    const changesBefore = this.changes;
    const mine = ++this.restores;
    try {
      const res = await this.deps.http().get<{ user?: SessionUser | null } | null>('/api/v2/auth/get-user', { silent: true });
      // A session_update (or a sign-in) came while this read was on its way, or a read asked later has
      // answered: either is at least as new as this answer, which may have been read before the change (an
      // admin's grant undone by a late answer).
      if (this.changes !== changesBefore || mine < this.restoredBy) return;
      this.restoredBy = mine;
      // Only the server's word ends the session: an answer without `user` (none at all) is not a «no».
      if (!res || typeof res !== 'object' || !('user' in res)) {
        if (!this.user) this.logout({ redirect: false });
        return;
      }
      const user = res.user ?? null;
      if (!user || access(user).isAnonymous) this.logout();
      else this.applyUser(user);
    } catch (e) {
      // 401 already logged out through the HTTP client; a network failure keeps the stored user.
      if (!this.user) this.logout({ redirect: false });
    } finally {
      this.ready$.next(true);
    }
  }

  /** After a successful login or sign-in by token. */
  acceptLogin(token: string | null, user: SessionUser): void {
    this.changes++;
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    writeStorage(STORAGE_KEYS.loggedIn, '1');
    this.token$.next(token);
    this.session$.next(user);
    this.ready$.next(true);
    this.endedByLogout = false;
    this.deps.bus.emit('login', {});
  }

  /** session_update from the server replaces the user (an anonymous or empty one ends the session). */
  replaceUser(user: SessionUser | null | undefined): void {
    this.changes++;
    this.applyUser(user);
  }

  private applyUser(user: SessionUser | null | undefined): void {
    if (!user || access(user).isAnonymous) {
      this.logout();
      return;
    }
    const text = JSON.stringify(user);
    // The same user read again (the socket's catch-up) changes nothing, so nothing re-renders.
    if (this.user && text === JSON.stringify(this.user)) return;
    writeStorage(STORAGE_KEYS.user, text);
    writeStorage(STORAGE_KEYS.loggedIn, '1');
    this.session$.next(user);
  }

  /** Clears cookies, stored user/flag/token, tells the server and the socket, goes to /oyster. */
  logout(options: { redirect?: boolean; notifyServer?: boolean } = {}): void {
    const hadSession = !!this.token || !!this.user;
    if (hadSession && options.notifyServer !== false) {
      const opts: ShellRequestOptions = { silent: true, noLogout: true };
      this.deps.http().post('/api/v2/auth/logout', {}, opts).catch(() => undefined);
      this.deps.bus.emit('logout', {});
    }
    if (options.redirect !== false) this.endedByLogout = true;
    clearTokenCookie();
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.user, null);
    writeStorage(STORAGE_KEYS.loggedIn, null);
    writeStorage(STORAGE_KEYS.initState, null);
    this.session$.next(null);
    this.token$.next(null);
    this.ready$.next(true);
    if (options.redirect !== false) this.navigate('/oyster');
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as SessionUser;
    return u && Array.isArray(u.roles) ? u : null;
  } catch {
    return null;
  }
}

export function clearTokenCookie(): void {
  for (const path of ['/', APP_BASENAME, `${APP_BASENAME}/`]) {
    document.cookie = `x-api-token=; Max-Age=0; path=${path}`;
  }
}

export function readTokenCookie(): string | null {
  const m = document.cookie.match(/(?:^|;\s*)x-api-token=([^;]*)/);
  return m && m[1] ? decodeURIComponent(m[1]) : null;
}
