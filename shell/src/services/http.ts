import { httpErrorReaction, REQUEST_TIMEOUT_MS } from '@oyster/shared-kit/domain';
import { HttpError, type HttpClient, type RequestOptions, type Toasts } from '@oyster/shared-kit/runtime';
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
 * The one HTTP client (spec §7, §8): credentials cookie, x-api-token and x-session-id headers,
 * JSON, 30 s timeout, any non-200 is a failure turned into the catalogue's toast.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient & {
  request<T>(method: string, path: string, body?: unknown, options?: ShellRequestOptions): Promise<T>;
  upload<T>(path: string, form: FormData, options?: RequestOptions): Promise<T>;
} {
  const baseUrl = (deps.baseUrl ?? '').replace(/\/$/, '');
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let loggingOut = false;

  async function request<T>(method: string, path: string, body?: unknown, options: ShellRequestOptions = {}): Promise<T> {
    const fetchImpl = deps.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Accept: 'application/json', 'x-session-id': deps.sessionId };
    const token = deps.getToken();
    if (token) headers['x-api-token'] = token;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    Object.assign(headers, options.headers);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort);

    const url = /^https?:\/\//.test(path) ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (e) {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
      if (options.signal?.aborted && !timedOut) throw e; // the caller cancelled: nothing to show
      return fail(0, null, timedOut, options);
    }
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);

    const data = await readBody(res);
    if (res.status !== 200) return fail(res.status, data, false, options);
    return data as T;
  }

  function fail(status: number, data: unknown, timedOut: boolean, options: ShellRequestOptions): never {
    const serverMessage =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : null;
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
    throw new HttpError(status, reaction.text, data, timedOut);
  }

  return {
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    upload: (path, form, options) => request('POST', path, form, options),
  };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
