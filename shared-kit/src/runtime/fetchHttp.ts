/**
 * The one fetch-based HTTP client core: JSON in and out, the credentials cookie, the session token
 * header, a timeout, any non-200 a failure. What a failure shows (the shell's §8 toasts and 401
 * logout, a harness's plain toast) is the caller's `onFailure`; the shell's client and the
 * standalone harness are both made with it.
 */
import { REQUEST_TIMEOUT_MS } from '@oyster/shared-kit/domain/platform';
import type { HttpClient, RequestOptions } from './http';

/** A call that failed: a non-200 answer, or no answer at all (status 0: timeout or no network). */
export interface HttpFailure {
  status: number;
  /** The answer's body (parsed JSON, else its text; null when empty or unanswered). */
  body: unknown;
  /** The body's `message` when the server sent one. */
  serverMessage: string | null;
  timedOut: boolean;
}

export interface FetchHttpClientOptions<O extends RequestOptions = RequestOptions> {
  /** Backend base address; same origin by default. */
  baseUrl?: string;
  /** The session token sent as x-api-token (none when null). */
  getToken(): string | null;
  /** Headers sent with every call (the shell's x-session-id). */
  headers?: Record<string, string>;
  fetchImpl?: typeof fetch;
  /** Default REQUEST_TIMEOUT_MS (30 s). */
  timeoutMs?: number;
  /** Shows what a failure must show and returns the error the call rejects with. */
  onFailure(failure: HttpFailure, options: O): Error;
}

export type FetchHttpClient<O extends RequestOptions = RequestOptions> = HttpClient & {
  request<T>(method: string, path: string, body?: unknown, options?: O): Promise<T>;
  upload<T>(path: string, form: FormData, options?: O): Promise<T>;
};

export function createFetchHttpClient<O extends RequestOptions = RequestOptions>(deps: FetchHttpClientOptions<O>): FetchHttpClient<O> {
  const baseUrl = (deps.baseUrl ?? '').replace(/\/$/, '');
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T>(method: string, path: string, body?: unknown, options: O = {} as O): Promise<T> {
    const fetchImpl = deps.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Accept: 'application/json', ...deps.headers };
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
      throw deps.onFailure({ status: 0, body: null, serverMessage: null, timedOut }, options);
    }
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);

    // A body cut off (the page is being left, the connection dropped) is no answer: a network
    // failure, never an empty 200 — the session read an empty get-user as «signed out» once.
    let data: unknown;
    try {
      data = await readBody(res);
    } catch {
      throw deps.onFailure({ status: 0, body: null, serverMessage: null, timedOut }, options);
    }
    if (res.status !== 200) throw deps.onFailure({ status: res.status, body: data, serverMessage: messageOf(data), timedOut: false }, options);
    return data as T;
  }

  return {
    request,
    get: (path, options) => request('GET', path, undefined, options as O),
    post: (path, body, options) => request('POST', path, body, options as O),
    patch: (path, body, options) => request('PATCH', path, body, options as O),
    put: (path, body, options) => request('PUT', path, body, options as O),
    delete: (path, options) => request('DELETE', path, undefined, options as O),
    upload: (path, form, options) => request('POST', path, form, options as O),
  };
}

function messageOf(data: unknown): string | null {
  return data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : null;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
