/** localStorage keys of the shell (one place, so logout clears them all). */
export const STORAGE_KEYS = {
  token: 'oyster.token',
  user: 'oyster.user',
  loggedIn: 'oyster.isLoggedIn',
  redirectAfterLogin: 'oyster.redirectAfterLogin',
  initState: 'oyster.initState',
  sessionId: 'oyster.sessionId',
} as const;

/** Router base path: every shell route sits under /app/ (spec §2). */
export const APP_BASENAME = '/app';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the session still works for this tab */
  }
}

/** The current location relative to /app (what the router understands), e.g. '/contracts?x=1'. */
export function currentAppPath(loc: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  let path = loc.pathname;
  if (path === APP_BASENAME || path.startsWith(`${APP_BASENAME}/`)) path = path.slice(APP_BASENAME.length) || '/';
  return `${path}${loc.search}${loc.hash}`;
}

/** Paths never worth coming back to after sign-in. */
export function isPublicPath(path: string): boolean {
  return /^\/(login|oyster|sing-in|password)(\/|\?|$)/.test(path);
}

/** Remember where the user was (401 or a protected page without a session). */
export function rememberPath(path: string = currentAppPath()): void {
  if (!path || isPublicPath(path)) return;
  writeStorage(STORAGE_KEYS.redirectAfterLogin, path);
}

/** The remembered path, cleared once taken. */
export function takeRememberedPath(): string | null {
  const path = readStorage(STORAGE_KEYS.redirectAfterLogin);
  writeStorage(STORAGE_KEYS.redirectAfterLogin, null);
  return path && path.startsWith('/') && !path.startsWith('//') && !isPublicPath(path) ? path : null;
}

/** A per-tab id sent as x-session-id (sessionStorage survives reloads of the same tab only). */
export function tabSessionId(): string {
  try {
    const existing = window.sessionStorage.getItem(STORAGE_KEYS.sessionId);
    if (existing) return existing;
    const id = randomId();
    window.sessionStorage.setItem(STORAGE_KEYS.sessionId, id);
    return id;
  } catch {
    return randomId();
  }
}

function randomId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
