import { httpErrorReaction } from '@oyster/shared-kit/domain/platform';
import { createFetchHttpClient, HttpError, type FetchHttpClient, type RequestOptions, type Toasts } from '@oyster/shared-kit/runtime';
import { rememberPath } from './storage';

/** Shell-only extras on top of the shared RequestOptions. */
export interface ShellRequestOptions extends RequestOptions {
  /** A 401 on this call does not end the session (sign-in screens probe tokens). */
  noLogout?: boolean;
}

export interface HttpClientDeps {
  /** Backend base address; same origin by default. */
  baseUrl?: string;
  getToken(): string | null;
  sessionId: string;
  toasts: Toasts;
  /** Called on 401 after the path is remembered and the toast shown. */
  onUnauthorized(): void;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The one HTTP client (spec §7, §8): the shared fetch core (credentials cookie, x-api-token, JSON,
 * 30 s timeout, any non-200 is a failure) with the x-session-id header, the catalogue's toasts and
 * the 401 logout.
 */
export function createHttpClient(deps: HttpClientDeps): FetchHttpClient<ShellRequestOptions> {
  let loggingOut = false;

  return createFetchHttpClient<ShellRequestOptions>({
    baseUrl: deps.baseUrl,
    getToken: deps.getToken,
    headers: { 'x-session-id': deps.sessionId },
    fetchImpl: deps.fetchImpl,
    timeoutMs: deps.timeoutMs,
    onFailure({ status, body, serverMessage, timedOut }, options) {
      const reaction = httpErrorReaction(status, serverMessage, timedOut);
      if (reaction.kind === 'logout' && !options.noLogout) {
        rememberPath();
        if (!loggingOut) {
          loggingOut = true;
          // The session ends whoever called: the user is always told why (spec §8), even for silent calls.
          deps.toasts.show({ type: 'error', body: reaction.text, durationSec: reaction.durationSec });
          try {
            deps.onUnauthorized();
          } finally {
            // Several calls failing together end the session once.
            setTimeout(() => (loggingOut = false), 1000);
          }
        }
      } else if (reaction.kind === 'toast' && !options.silent) {
        deps.toasts.show({ type: reaction.type, body: reaction.text, durationSec: reaction.durationSec });
      }
      return new HttpError(status, reaction.text, body, timedOut);
    },
  });
}
