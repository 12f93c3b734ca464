import * as React from 'react';
import { HttpError } from '@oyster/shared-kit/runtime';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; /** A newer load is under way; the data shown is the previous one. */ refreshing: boolean }
  | { status: 'error'; message: string; /** The HTTP status when the server answered (404: nothing to retry). */ httpStatus?: number };

export interface UseLoad<T> {
  state: Load<T>;
  /** Load again (the retry button). */
  reload(): void;
  /**
   * Read again in place (the socket came back, a change elsewhere): the data shown stays, marked
   * `refreshing`, until the new arrives — no skeleton, and a form drawn from it keeps what is typed; if the
   * read fails, what is shown stays.
   */
  refresh(): void;
  /** Change the loaded data in place (after a save), without a new request. */
  update(change: (data: T) => T): void;
}

/**
 * What a screen shows for a failed call: the server's `errorMessage` when it gave one, otherwise the
 * error's own message — for an HttpError that is the §8 catalogue text, which for 400 and 403 is the
 * server's message (spec §8: a load error stores errorMessage, a thrown error stores its message).
 */
export function errorText(e: unknown): string {
  if (e instanceof HttpError && e.body && typeof e.body === 'object') {
    const b = e.body as { errorMessage?: unknown; message?: unknown };
    if (typeof b.errorMessage === 'string' && b.errorMessage.trim()) return b.errorMessage;
  }
  if (e instanceof Error && e.message) return e.message;
  return 'Не удалось загрузить данные';
}

/**
 * Loads data for a screen and re-loads when `deps` change. A newer load aborts the older one, so a
 * slow answer never overwrites a fresh one. With `keepPrevious`, data already shown stays on screen
 * (marked `refreshing`) instead of falling back to the skeleton — for pagination and search.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: React.DependencyList,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
): UseLoad<T> {
  const [state, setState] = React.useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = React.useState(0);
  const loadRef = React.useRef(load);
  loadRef.current = load;
  /** The next load was asked by refresh(): it keeps what is shown. */
  const quiet = React.useRef(false);

  React.useEffect(() => {
    const controller = new AbortController();
    const asRefresh = quiet.current;
    quiet.current = false;
    const keep = keepPrevious || asRefresh;
    setState((prev) => (keep && prev.status === 'ready' ? { ...prev, refreshing: true } : { status: 'loading' }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, refreshing: false });
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const failed: Load<T> = { status: 'error', message: errorText(e), httpStatus: e instanceof HttpError ? e.status : undefined };
        // A refresh that fails leaves what is shown (a form stays with what is typed); a load shows why.
        setState((prev) => (asRefresh && prev.status === 'ready' ? { ...prev, refreshing: false } : failed));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = React.useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = React.useCallback(() => {
    quiet.current = true;
    setAttempt((n) => n + 1);
  }, []);
  const update = React.useCallback(
    (change: (data: T) => T) => setState((prev) => (prev.status === 'ready' ? { ...prev, data: change(prev.data) } : prev)),
    [],
  );
  return { state, reload, refresh, update };
}

/** The same value, once it stopped changing for `ms` (search boxes). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
