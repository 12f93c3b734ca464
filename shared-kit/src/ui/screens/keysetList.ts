import * as React from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText, useDebounced } from '@oyster/shared-kit/ui/screens/widgets';

/**
 * A keyset-paged list as a page shows it; `more` while «Показать ещё» is asking, `moreError` when it
 * failed (the rows already shown stay: ShowMore says why and can be pressed again).
 */
export type KeysetListState<T, C> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; next: C | null; more: boolean; moreError?: string | null };

export interface KeysetPage<T, C> {
  items: T[];
  /** The cursor of the next page; null on the last one. */
  next: C | null;
}

/**
 * A list filtered through the URL and read in keyset pages: `filters` are the query's names it reads
 * (anything else in the query is left alone); a change of them reads the first page again, `more()`
 * appends the next one by its cursor. `setState` lets a page change rows in place (socket events).
 */
/** A refresh reads at most this many pages to show again what «Показать ещё» had added. */
const REFRESH_MAX_PAGES = 10;

export function useKeysetList<T, C>(filters: readonly string[], fetchPage: (query: URLSearchParams, after: C | null) => Promise<KeysetPage<T, C>>) {
  const [params, setParams] = useSearchParams();
  const filterKey = filters.map((f) => `${f}=${params.get(f) ?? ''}`).join('&');
  const [state, setState] = React.useState<KeysetListState<T, C>>({ status: 'loading' });
  const [attempt, setAttempt] = React.useState(0);
  const fetchRef = React.useRef(fetchPage);
  fetchRef.current = fetchPage;

  const query = React.useMemo(() => {
    const q = new URLSearchParams();
    for (const f of filters) if (params.get(f)) q.set(f, params.get(f)!);
    return q;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  /** The next read was asked by refresh(): the rows shown stay until the new ones come. */
  const quiet = React.useRef(false);
  /** How many rows are shown: a refresh reads as many again, so pages added by «Показать ещё» stay. */
  const shown = React.useRef(0);
  shown.current = state.status === 'ready' ? state.items.length : 0;
  React.useEffect(() => {
    let live = true;
    const keep = quiet.current;
    quiet.current = false;
    const want = keep ? shown.current : 0;
    setState((s) => (keep && s.status === 'ready' ? s : { status: 'loading' }));
    (async () => {
      let page = await fetchRef.current(query, null);
      const items = [...page.items];
      for (let pages = 1; items.length < want && page.next !== null && pages < REFRESH_MAX_PAGES; pages++) {
        page = await fetchRef.current(query, page.next);
        items.push(...page.items);
      }
      return { items, next: page.next };
    })().then(
      (read) => live && setState({ status: 'ready', items: read.items, next: read.next, more: false }),
      (e) => live && setState((s) => (keep && s.status === 'ready' ? s : { status: 'error', message: errorText(e) })),
    );
    return () => {
      live = false;
    };
  }, [query, attempt]);

  function setFilter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  async function more() {
    if (state.status !== 'ready' || !state.next) return;
    setState({ ...state, more: true, moreError: null });
    try {
      const page = await fetchRef.current(query, state.next);
      setState((s) => (s.status === 'ready' ? { status: 'ready', items: [...s.items, ...page.items], next: page.next, more: false } : s));
    } catch (e) {
      // The rows shown stay; ShowMore says why.
      setState((s) => (s.status === 'ready' ? { ...s, more: false, moreError: errorText(e) } : s));
    }
  }

  return {
    params,
    state,
    setState,
    setFilter,
    more,
    retry: () => setAttempt((n) => n + 1),
    /** Read again in place (the socket came back): as many rows as are shown, which stay until they come; a failure keeps them. */
    refresh: () => {
      quiet.current = true;
      setAttempt((n) => n + 1);
    },
    /** Some filter is set (the empty state offers to reset them). */
    filtered: filters.some((f) => params.get(f)),
    resetFilters: () => setParams(new URLSearchParams(), { replace: true }),
  };
}

/**
 * A search box over a URL filter (the agents list, the clients list): what is typed shows at once and
 * reaches the URL's `name` filter `ms` after the last key, trimmed (§5: the agent search waits 300 ms).
 * `params` and `setFilter` are the list's (useKeysetList). Returns the box's text and its setter.
 */
export function useDebouncedFilter(
  params: URLSearchParams,
  setFilter: (name: string, value: string) => void,
  ms: number,
  name = 'search',
): [string, (text: string) => void] {
  const [text, setText] = React.useState(params.get(name) ?? '');
  const debounced = useDebounced(text, ms);
  React.useEffect(() => {
    if ((params.get(name) ?? '') === debounced.trim()) return;
    setFilter(name, debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [text, setText];
}
