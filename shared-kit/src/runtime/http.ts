/** The contract of the one HTTP client; the shell implements it, harnesses and tests fake it. */
export interface RequestOptions {
  /** Do not show the §8 toast for a failure (the caller shows its own). */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * POST a multipart form (files) with the same headers, timeout and §8 handling as the other calls;
   * the browser sets the multipart Content-Type. Optional so older test doubles still type-check.
   */
  upload?<T>(path: string, form: FormData, options?: RequestOptions): Promise<T>;
}

/** A failed call: any non-200 answer, a timeout (status 0, timedOut) or no network (status 0). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
