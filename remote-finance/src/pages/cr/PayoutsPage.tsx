import * as React from 'react';
import { formatMoney, sectionOf, sectionTitle, type LedgerPeriod, type PayoutRow } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, Loaded, LoadingBlock, PageFrame, ShowMore, useAccess, useLoad, useSessionUser } from '@oyster/shared-kit/ui/screens';
import { ledgerPeriods } from '../../api/ledger';
import { payoutBalance } from '../../api/payouts';
import { AgentFilter } from '../../components/AgentFilter';
import { CrTabs } from '../../components/CrTabs';
import { PayoutTable } from '../../components/PayoutTable';
import { usePayoutLive } from '../../components/payouts';
import { RECEIPT_TEXTS, ReceiptDialog } from '../../components/ReceiptDialog';
import { usePayoutList } from '../../components/usePayoutList';
import '../../components/payouts.css';

export const NO_PAYOUTS_TEXT = 'Выплат пока нет';

/**
 * «Выплаты и акты» (`/app/cr/payouts`, issue 24), the КВ section's second tab: the signed-in agent's money not
 * yet in a payout against the minimum payout, then the payouts of the viewer's scope (the api decides whose: an
 * agent's own, a network owner's and their sub-agents', staff's scope) — period, legal form, начислено / НДФЛ /
 * к выплате, the status and why it waits, the register and the paid day, the act as a PDF. An SZ agent's own
 * payout «Ждёт чек» takes its «Мой налог» receipt here. Those who list agents filter by one. Live on payout_changed.
 */
export default function PayoutsPage() {
  const a = useAccess();
  const section = sectionOf('/cr');
  const periods = useLoad(() => ledgerPeriods(), []);
  // Only an agent has money of their own (staff see others' payouts).
  const ownMoney = a.isAgent || a.isNewAgent;
  return (
    <PageFrame title={section ? sectionTitle(section, a) : a.commissionsTitle} section="cr">
      <CrTabs active="payouts">
        {ownMoney ? <Balance /> : null}
        <Loaded load={periods} loading={{ rows: 4 }} errorTitle="Не удалось загрузить периоды">
          {(list) => <Payouts periods={list} showAgents={a.canListAgents} finance={a.canManageCommissionRates} />}
        </Loaded>
      </CrTabs>
    </PageFrame>
  );
}

/** «Не вошло в выплаты»: the agent's lines no payout took yet, and the minimum a payout needs. */
function Balance() {
  const balance = useLoad((signal) => payoutBalance(signal), [], { keepPrevious: true });
  usePayoutLive(balance.reload);
  return (
    <section className="oy-pay-balance" aria-label="Остаток">
      <Loaded load={balance} loading={{ rows: 1 }} errorTitle="Не удалось загрузить остаток" compact>
        {(b) => (
          <p>
            Не вошло в выплаты: <strong>{formatMoney(b.unpaidKopecks)}</strong>; минимальная выплата {formatMoney(b.minPayoutKopecks)} — остаток переносится на следующий период
          </p>
        )}
      </Loaded>
    </section>
  );
}

const FILTERS = ['period'] as const;
const FILTERS_WITH_AGENT = ['period', 'agent'] as const;

function Payouts({ periods, showAgents, finance }: { periods: LedgerPeriod[]; showAgents: boolean; finance: boolean }) {
  const me = useSessionUser();
  const { params, state, setFilter, more, retry, filtered, resetFilters, replace } = usePayoutList(showAgents ? FILTERS_WITH_AGENT : FILTERS);
  const [attaching, setAttaching] = React.useState<PayoutRow | null>(null);
  const period = params.get('period') ?? '';
  // Only the agent attaches a receipt, to their own payout that waits for one.
  const canAttach = (row: PayoutRow) => row.status === 'awaiting_receipt' && !!me && row.agent.id === me._id;

  return (
    <>
      <div className="oy-pay-filters" role="search">
        <select aria-label="Период" className="oy-pay-select" value={period} onChange={(e) => setFilter('period', e.target.value)}>
          <option value="">Все периоды</option>
          {periods.map((p) => (
            <option key={p.value} value={p.value}>
              {p.title}
            </option>
          ))}
        </select>
        {showAgents ? <AgentFilter className="oy-pay-filters__agent" value={params.get('agent') ?? ''} onChange={(id) => setFilter('agent', id)} /> : null}
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={4} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить выплаты" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        <EmptyState text={NO_PAYOUTS_TEXT}>{filtered ? <Button onClick={resetFilters}>Сбросить фильтры</Button> : null}</EmptyState>
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <PayoutTable
            rows={state.items}
            showAgent={showAgents}
            finance={finance}
            action={(row) =>
              canAttach(row) ? (
                <Button size="small" type="primary" onClick={() => setAttaching(row)}>
                  {RECEIPT_TEXTS.open}
                </Button>
              ) : null
            }
          />
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
      {attaching ? (
        <ReceiptDialog
          payout={attaching}
          onClose={() => setAttaching(null)}
          onDone={(row) => {
            setAttaching(null);
            replace(row);
            getRuntime().toasts.show({ type: 'success', body: RECEIPT_TEXTS.done });
          }}
        />
      ) : null}
    </>
  );
}
