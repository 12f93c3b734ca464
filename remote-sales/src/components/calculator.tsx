import * as React from 'react';
import { useSearchParams } from 'react-router-dom';
import { RENEW_QUERY, formatDate, formatMoney, type RenewalQuote } from '@oyster/shared-kit/domain';
import { Button, Spin } from '@oyster/shared-kit/ui/form';
import { ErrorState, LoadingBlock, PageFrame, useLoad } from '@oyster/shared-kit/ui/screens';
import { renewalQuote } from '../api/renewals';

/**
 * What the product calculators (new-eosago, new-vzr, …) share: the form kept in the tab while the agent
 * works, «Оформить» on an offer, the waiting line, the refusals, the renewal's note.
 */

/** A value kept in the tab's session storage under `key` (a reload loses nothing); `valid` checks what is read back. */
export function tabKeeper<T>(key: string, valid: (x: T) => boolean) {
  return {
    read(): T | null {
      try {
        const raw = window.sessionStorage.getItem(key);
        const kept = raw ? (JSON.parse(raw) as T) : null;
        return kept && valid(kept) ? kept : null;
      } catch {
        return null;
      }
    },
    write(value: T | null) {
      try {
        if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
        else window.sessionStorage.removeItem(key);
      } catch {
        /* storage full or off: the form still works, it is only not kept */
      }
    },
  };
}

/** 12.5 → «12,5%» (Russian decimal comma). */
export const formatPercent = (p: number) => `${String(p).replace('.', ',')}%`;

/**
 * An offer's commission chips: «Ваше КВ» (the api gives it only to whom it may show it — not to sub-agents)
 * and «КВ страховщика». `chip` is the page's chip class (its accent variant is `${chip}--accent`).
 */
export function CommissionChips({ offer, chip = 'oy-offer__chip' }: { offer: { agentCommission?: { amount: number; percent: number } | null; commissionPercent?: number | null }; chip?: string }) {
  return (
    <>
      {offer.agentCommission ? (
        <span className={`${chip} ${chip}--accent`}>
          Ваше КВ {formatMoney(offer.agentCommission.amount)} ({formatPercent(offer.agentCommission.percent)})
        </span>
      ) : null}
      {offer.commissionPercent !== undefined && offer.commissionPercent !== null ? <span className={chip}>КВ страховщика {formatPercent(offer.commissionPercent)}</span> : null}
    </>
  );
}

/** «Оформить»: `issue` answers the error text, or navigates away. */
export function IssueButton<O>({ offer, issue }: { offer: O; issue: (offer: O) => Promise<string | null> }) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    const problem = await issue(offer);
    if (problem) {
      setError(problem);
      setBusy(false);
    }
  }
  return (
    <div className="oy-offer__issue">
      <Button type="primary" onClick={() => void run()} loading={busy}>
        Оформить
      </Button>
      {error ? (
        <p className="oy-offer__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function QuotingSpinner() {
  return (
    <div className="oy-eosago__loading" role="status">
      <Spin /> <span>Запрашиваем страховщиков…</span>
    </div>
  );
}

/** «Отказали»: the insurers that would not quote, each with its reason (every calculator's offers; the class is the page's look). */
export function RefusalsList({
  refusals,
  className = 'oy-eosago__refusals',
}: {
  refusals: readonly { companyId: string; companyName: string; reason: string }[];
  className?: string;
}) {
  if (!refusals.length) return null;
  return (
    <section className={className} aria-label="Отказы страховщиков">
      <h3>Отказали</h3>
      <ul>
        {refusals.map((r) => (
          <li key={r.companyId}>
            <strong>{r.companyName}</strong>: {r.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Above a calculator opened from the renewals worklist: which policy it renews and from when. */
export function RenewalNote({ renews, check }: { renews: RenewalQuote | null; check: string }) {
  if (!renews) return null;
  return (
    <p className="oy-eosago__renewal" role="note">
      Продление полиса {renews.policyNumber ?? ''}
      {renews.companyName ? ` (${renews.companyName})` : ''}, который заканчивается {formatDate(renews.endDate)}: данные взяты из него, начало нового — {formatDate(renews.startDate)}. {check}
    </p>
  );
}

/**
 * A calculator page that may be opened from the renewals worklist (`?renew=<contractId>`, «Пересчитать»):
 * then the old policy's stored calculation is loaded first (loading and error states in the page's frame)
 * and `renewed` draws the calculator from it; otherwise `fresh` draws it.
 */
export function RenewableCalculator({ title, section, fresh, renewed }: { title: string; section: string; fresh(): React.ReactElement; renewed(q: RenewalQuote): React.ReactElement }) {
  const [search] = useSearchParams();
  const renew = search.get(RENEW_QUERY);
  return renew ? <RenewalLoader key={renew} contractId={renew} title={title} section={section} renewed={renewed} /> : fresh();
}

function RenewalLoader({ contractId, title, section, renewed }: { contractId: string; title: string; section: string; renewed(q: RenewalQuote): React.ReactElement }) {
  const { state, reload } = useLoad(() => renewalQuote(contractId), [contractId]);
  if (state.status === 'ready') return renewed(state.data);
  return (
    <PageFrame title={title} section={section}>
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : <ErrorState title="Не удалось открыть полис для продления" message={state.message} onRetry={reload} />}
    </PageFrame>
  );
}
