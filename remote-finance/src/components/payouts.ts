import * as React from 'react';
import { LEDGER_PERIOD_PATTERN, ledgerPeriodTitle, type LedgerPeriod, type PayoutChangedEvent } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** A burst of live events reads the list once. */
export const LIVE_REFRESH_MS = 300;

/**
 * Live: on `payout_changed` (a payout or a register the user sees changed) calls `refresh` once per burst,
 * `LIVE_REFRESH_MS` after the first event; `accept` filters the events (a register's page: its own).
 * `refresh` is read when it runs, so it sees the page's current filters.
 */
export function usePayoutLive(refresh: () => void, accept: (e: PayoutChangedEvent) => boolean = () => true): void {
  const refreshRef = React.useRef(refresh);
  refreshRef.current = refresh;
  const acceptRef = React.useRef(accept);
  acceptRef.current = accept;
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = getRuntime()
      .bus.on('payout_changed')
      .subscribe((e) => {
        if (timer || !acceptRef.current(e)) return;
        timer = setTimeout(() => {
          timer = null;
          refreshRef.current();
        }, LIVE_REFRESH_MS);
      });
    // Back after the socket was away: what changed meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => refreshRef.current()));
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, []);
}

/** The month before 'YYYY-MM'. */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The finished months of `period-filters-pay-lists` (its first entry is the current Moscow month), newest
 * first; the month just finished is always there, so finance can calculate it even before it has lines.
 */
export function finishedPeriods(periods: LedgerPeriod[]): LedgerPeriod[] {
  const current = periods[0]?.value;
  if (!current || !LEDGER_PERIOD_PATTERN.test(current)) return periods;
  const last = previousPeriod(current);
  const finished = periods.filter((p) => p.value < current);
  return finished.some((p) => p.value === last) ? finished : [{ value: last, title: ledgerPeriodTitle(last) }, ...finished];
}

/** «октябрь 2026» for a button's text («Рассчитать выплаты за октябрь 2026»). */
export const periodInText = (period: string) => ledgerPeriodTitle(period).toLowerCase();
