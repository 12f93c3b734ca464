import * as React from 'react';
import type { PayoutRow } from '@oyster/shared-kit/domain';
import { useKeysetList } from '@oyster/shared-kit/ui/screens';
import { payoutsPage } from '../api/payouts';
import { usePayoutLive } from './payouts';

/**
 * The payouts of the viewer's scope filtered through the URL (`filters`; `asked` adds defaults such as the
 * period), read by keyset pages, and live: `payout_changed` reads the first page again in place (the rows stay
 * on screen meanwhile; an answer for filters already left is dropped). `replace` puts a changed row in place.
 */
export function usePayoutList(filters: readonly string[], asked: (q: URLSearchParams) => URLSearchParams = (q) => q) {
  const list = useKeysetList<PayoutRow, string>(filters, (q, after) => payoutsPage(asked(q), after));
  const query = new URLSearchParams();
  for (const f of filters) if (list.params.get(f)) query.set(f, list.params.get(f)!);
  const key = asked(query).toString();
  const shownKey = React.useRef(key);
  shownKey.current = key;

  usePayoutLive(() => {
    const asking = key;
    payoutsPage(new URLSearchParams(asking), null).then(
      (page) => {
        if (asking !== shownKey.current) return;
        list.setState((s) => (s.status === 'ready' ? { ...s, items: page.items, next: page.next, moreError: null } : s));
      },
      () => undefined,
    );
  });

  const replace = (row: PayoutRow) => list.setState((s) => (s.status === 'ready' ? { ...s, items: s.items.map((r) => (r.id === row.id ? row : r)) } : s));
  return { ...list, replace };
}
