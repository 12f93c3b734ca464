import * as React from 'react';
import { PAYOUT_STATUSES, PAYOUT_STATUS_TITLES, type LedgerPeriod, type PayoutCalculation } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, Loaded, LoadingBlock, PageFrame, ShowMore, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { ledgerPeriods } from '../../api/ledger';
import { calculatePayouts } from '../../api/payouts';
import { AgentFilter } from '../../components/AgentFilter';
import { PayoutTable } from '../../components/PayoutTable';
import { finishedPeriods, periodInText } from '../../components/payouts';
import { usePayoutList } from '../../components/usePayoutList';
import { FINANCE_BACK, PAYOUTS_TITLE } from '../../paths';
import '../../components/payouts.css';

const FILTERS = ['period', 'status', 'agent'] as const;

/**
 * «Выплаты агентам» (`/app/finance/payouts`, finance staff): a finished month's payouts — «Рассчитать выплаты за
 * <месяц>» makes them from the ledger (and says what it did: created, carried to the next period, waiting for a
 * receipt) —, the list filtered by status and agent, SZ agents past the self-employed limit flagged, the acts.
 */
export default function PayoutsAdminPage() {
  const periods = useLoad(() => ledgerPeriods(), []);
  return (
    <PageFrame title={PAYOUTS_TITLE} back={FINANCE_BACK}>
      <Loaded load={periods} loading={{ rows: 6 }} errorTitle="Не удалось загрузить периоды">
        {(list) => <Payouts periods={finishedPeriods(list)} />}
      </Loaded>
    </PageFrame>
  );
}

function Payouts({ periods }: { periods: LedgerPeriod[] }) {
  const last = periods[0]?.value ?? '';
  const asked = (q: URLSearchParams) => {
    const full = new URLSearchParams(q);
    if (!full.get('period') && last) full.set('period', last);
    return full;
  };
  const { params, state, setFilter, more, retry } = usePayoutList(FILTERS, asked);
  const period = params.get('period') || last;
  const narrowed = !!(params.get('status') || params.get('agent'));

  return (
    <>
      <div className="oy-pay-filters" role="search">
        <select aria-label="Период" className="oy-pay-select" value={period} onChange={(e) => setFilter('period', e.target.value)}>
          {periods.map((p) => (
            <option key={p.value} value={p.value}>
              {p.title}
            </option>
          ))}
        </select>
        <select aria-label="Статус" className="oy-pay-select" value={params.get('status') ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">Все статусы</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYOUT_STATUS_TITLES[s]}
            </option>
          ))}
        </select>
        <AgentFilter className="oy-pay-filters__agent" value={params.get('agent') ?? ''} onChange={(id) => setFilter('agent', id)} />
      </div>
      {period ? <Calculate key={period} period={period} onDone={retry} /> : null}
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить выплаты" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        <EmptyState text={narrowed ? 'Таких выплат за этот период нет' : 'Выплат за этот период нет — рассчитайте их'} />
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <PayoutTable rows={state.items} showAgent finance />
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </>
  );
}

/** «Рассчитать выплаты за <месяц>» and what the calculation did, or why the api refused. */
function Calculate({ period, onDone }: { period: string; onDone(): void }) {
  const [busy, setBusy] = React.useState(false);
  const [result, setResult] = React.useState<PayoutCalculation | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      setResult(await calculatePayouts(period));
      onDone();
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="oy-pay-panel" aria-label="Расчёт выплат">
      <div className="oy-pay-panel__row">
        <Button type="primary" loading={busy} onClick={() => void run()}>
          Рассчитать выплаты за {periodInText(period)}
        </Button>
        <span className="oy-pay-muted">Выплата на агента за месяц из его начислений; меньше минимальной — переносится на следующий период.</span>
      </div>
      {result ? (
        <dl className="oy-pay-figures" aria-label="Итог расчёта">
          <div>
            <dt>Создано выплат</dt>
            <dd>{result.created}</dd>
          </div>
          <div>
            <dt>Перенесено на следующий период</dt>
            <dd>{result.carried}</dd>
          </div>
          <div>
            <dt>Ждут чек «Мой налог»</dt>
            <dd>{result.awaitingReceipt}</dd>
          </div>
        </dl>
      ) : null}
      {problem ? (
        <p className="oy-pay-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
