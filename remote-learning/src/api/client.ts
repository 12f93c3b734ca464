/**
 * What the learning domain's calls (src/api/<area>.ts) share: the base path, the shell's HTTP client and
 * how an item answer is read. The HTTP client comes from the shell through getRuntime(): it carries the
 * headers, the 30 s timeout and the §8 error toasts. Calls whose failure a screen shows in place pass
 * `{ silent: true }`. The wire types (NewsItem, CourseDetails, Banner, …) are @oyster/shared-kit/domain's.
 */
import { isObjectId } from '@oyster/shared-kit/domain/platform';
import { getRuntime, HttpError } from '@oyster/shared-kit/runtime';

export const API = '/api/v2';

export function http() {
  return getRuntime().http;
}

export interface ListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  /** Editors only: drafts too. */
  includeDrafts?: boolean;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /posts/news/:id and /posts/knowledge/:id answer error, errorMessage and data (spec §7). */
export interface ItemAnswer<K extends string, T> {
  error?: boolean;
  errorMessage?: string | null;
  data: ({ [key in K]: T } & Record<string, unknown>) | null;
}

/** An item answer with error: true (whatever its status) is a failure carrying errorMessage. */
export function unwrapItem<K extends string, T>(answer: ItemAnswer<K, T>, key: K, fallback: string): T {
  const item = answer?.data?.[key];
  if (answer?.error || !item) throw new Error(answer?.errorMessage || fallback);
  return item as T;
}

/**
 * An id that cannot exist (a mistyped address) is simply not found: the page says so without asking
 * the server, which would answer a 400 about the id's format.
 */
export function notFoundUnlessId(id: string, message: string): void {
  if (!isObjectId(id)) throw new HttpError(404, message, { error: true, errorMessage: message, data: null });
}
