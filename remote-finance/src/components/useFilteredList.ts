import { useSearchParams } from 'react-router-dom';
import { useLoad } from '@oyster/shared-kit/ui/screens';

/**
 * A list filtered through the URL (the finance lists: templates, tariff periods): `names` are the query's
 * filters, read as '' when absent; the list loads again whenever one changes (the previous rows stay on
 * screen meanwhile) and `list.reload()` after a change made on the page. `setFilter` writes one filter
 * (empty removes it), `reset` all of them, both replacing the history entry.
 */
export function useFilteredList<F extends string, T>(names: readonly F[], load: (filters: Record<F, string>, signal: AbortSignal) => Promise<T>) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(names.map((f) => [f, params.get(f) ?? ''])) as Record<F, string>;
  const list = useLoad((signal) => load(filters, signal), names.map((f) => filters[f]), { keepPrevious: true });
  const setFilter = (name: F, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const reset = () => setParams(new URLSearchParams(), { replace: true });
  return { filters, list, setFilter, reset, narrowed: names.some((f) => filters[f]) };
}
