import * as React from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  CONTRACT_PRODUCTS,
  CONTRACT_PRODUCT_TITLES,
  LEDGER_KINDS,
  LEDGER_KIND_TITLES,
  LEDGER_LINE_STATUSES,
  LEDGER_LINE_STATUS_TITLES,
  LEDGER_PERIOD_PATTERN,
  ledgerRateText,
  formatMoney,
  ledgerPeriodTitle,
  moscowParts,
  sectionOf,
  sectionTitle,
  type LedgerPage,
  type LedgerPeriod,
  type LedgerRow,
  type LedgerTotals,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, Loaded, LoadingBlock, PageFrame, ShowMore, useAccess, useKeysetList, useLoad } from '@oyster/shared-kit/ui/screens';
import { ledgerExportUrl, ledgerPage, ledgerPeriods } from '../../api/ledger';
import { AdjustmentDialog } from '../../components/AdjustmentDialog';
import { AgentFilter } from '../../components/AgentFilter';
import { CrTabs } from '../../components/CrTabs';
import { InsurerSelect } from '../../components/InsurerSelect';
import './cr.css';

/** The URL's filters (GET /api/v2/finance/ledger's names); `agent` only for those who may list agents. */
const FILTERS = ['period', 'company', 'product', 'kind', 'status'] as const;
const FILTERS_WITH_AGENT = [...FILTERS, 'agent'] as const;
/** A burst of live events reads the first page once. */
const LIVE_REFRESH_MS = 300;
const NO_LINES_TEXT = 'За этот период начислений нет';
const NO_POLICY_NUMBER_TEXT = 'Договор без номера';

/** An adjustment not tied to a contract. */
const NO_CONTRACT_TEXT = 'Без договора';
const rateText = (row: LedgerRow) => ledgerRateText(row.rateBp, row.baseKopecks);

/**
 * Мое КВ / КВ всех (`/app/cr`, issue 24): the commission ledger's lines of a period (a Moscow month;
 * the current one unless the URL names another) and the period's totals, in the viewer's scope (the api
 * decides whose: an agent's own, a network owner's and their sub-agents', staff's scope); filtered through
 * the URL by insurer, product, kind of line and — for those who may list agents — agent; «Показать ещё» by
 * keyset; live: a ledger or contract-money event reads the first page and the totals again in place.
 */
export default function CommissionsPage() {
  const a = useAccess();
  const periods = useLoad(() => ledgerPeriods(), []);
  const section = sectionOf('/cr');
  const [adjusting, setAdjusting] = React.useState(false);
  // Finance staff correct an agent's commission here (a new line; the page follows it live on ledger_changed).
  const adjust = a.canManageCommissionRates ? (
    <Button onClick={() => setAdjusting(true)}>Корректировка</Button>
  ) : null;
  return (
    <PageFrame title={section ? sectionTitle(section, a) : a.commissionsTitle} section="cr" extra={adjust}>
      {a.canManageCommissionRates ? (
        <AdjustmentDialog
          open={adjusting}
          onClose={() => setAdjusting(false)}
          onDone={(message) => {
            setAdjusting(false);
            getRuntime().toasts.show({ type: 'success', body: message });
          }}
        />
      ) : null}
      <CrTabs active="ledger">
        <Loaded load={periods} loading={{ rows: 6 }} errorTitle="Не удалось загрузить периоды начислений">
          {(list) => <Ledger periods={list} showAgents={a.canListAgents} />}
        </Loaded>
      </CrTabs>
    </PageFrame>
  );
}

function Ledger({ periods, showAgents }: { periods: LedgerPeriod[]; showAgents: boolean }) {
  const filters = showAgents ? FILTERS_WITH_AGENT : FILTERS;
  const current = periods[0]?.value ?? '';
  /** The query the api gets: the URL's filters, the current month unless the URL names a period. */
  const asked = (q: URLSearchParams) => {
    const full = new URLSearchParams(q);
    if (!full.get('period')) full.set('period', current);
    return full;
  };

  // The totals of the query on screen: an answer for filters already left is never shown.
  const [totals, setTotals] = React.useState<{ key: string; totals: LedgerTotals } | null>(null);
  const shownKey = React.useRef('');
  const keep = (key: string, page: LedgerPage) => {
    if (key === shownKey.current) setTotals({ key, totals: page.totals });
  };
  const { params, state, setState, setFilter, more, retry } = useKeysetList(filters, async (q, after: string | null) => {
    const page = await ledgerPage(asked(q), after);
    if (!after) keep(asked(q).toString(), page);
    return page;
  });
  const query = new URLSearchParams();
  for (const f of filters) if (params.get(f)) query.set(f, params.get(f)!);
  const key = asked(query).toString();
  shownKey.current = key;

  // Live: lines written or a contract's money changed — the first page and the totals again, rows kept meanwhile.
  const refreshRef = React.useRef<() => void>(() => undefined);
  refreshRef.current = () => {
    ledgerPage(asked(query), null).then(
      (page) => {
        if (key !== shownKey.current) return;
        keep(key, page);
        setState((s) => (s.status === 'ready' ? { ...s, items: page.items, next: page.next, moreError: null } : s));
      },
      () => undefined,
    );
  };
  React.useEffect(() => {
    const bus = getRuntime().bus;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        refreshRef.current();
      }, LIVE_REFRESH_MS);
    };
    // Back after the socket was away: what was written meanwhile sent no event here.
    const subs = [bus.on('ledger_changed').subscribe(refresh), bus.on('contract_money').subscribe(refresh), bus.back$.subscribe(refresh)];
    return () => {
      subs.forEach((s) => s.unsubscribe());
      if (timer) clearTimeout(timer);
    };
  }, []);

  const [, setParams] = useSearchParams();
  const period = params.get('period') || current;
  const narrowed = filters.some((f) => f !== 'period' && params.get(f));
  // Only the period stays: back to every line of the month.
  const resetFilters = () => setParams(params.get('period') ? new URLSearchParams({ period }) : new URLSearchParams(), { replace: true });
  const periodOptions = periods.some((p) => p.value === period) || !LEDGER_PERIOD_PATTERN.test(period) ? periods : [...periods, { value: period, title: ledgerPeriodTitle(period) }];

  return (
    <>
      <div className="oy-cr__filters" role="search">
        <select aria-label="Период" value={period} onChange={(e) => setFilter('period', e.target.value)}>
          {periodOptions.map((p) => (
            <option key={p.value} value={p.value}>
              {p.title}
            </option>
          ))}
        </select>
        {showAgents ? <AgentFilter className="oy-cr__agent" value={params.get('agent') ?? ''} onChange={(id) => setFilter('agent', id)} /> : null}
        <InsurerSelect value={params.get('company') ?? ''} onChange={(id) => setFilter('company', id)} />
        <select aria-label="Продукт" value={params.get('product') ?? ''} onChange={(e) => setFilter('product', e.target.value)}>
          <option value="">Все продукты</option>
          {CONTRACT_PRODUCTS.map((p) => (
            <option key={p} value={p}>
              {CONTRACT_PRODUCT_TITLES[p]}
            </option>
          ))}
        </select>
        <select aria-label="Вид начисления" value={params.get('kind') ?? ''} onChange={(e) => setFilter('kind', e.target.value)}>
          <option value="">Все начисления</option>
          {LEDGER_KINDS.map((k) => (
            <option key={k} value={k}>
              {LEDGER_KIND_TITLES[k]}
            </option>
          ))}
        </select>
        <select aria-label="Статус" value={params.get('status') ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">Все статусы</option>
          {LEDGER_LINE_STATUSES.map((st) => (
            <option key={st} value={st}>
              {LEDGER_LINE_STATUS_TITLES[st]}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить начисления" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && totals?.key === key ? <Totals totals={totals.totals} exportQuery={new URLSearchParams(key)} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        <EmptyState text={NO_LINES_TEXT}>{narrowed ? <Button onClick={resetFilters}>Сбросить фильтры</Button> : null}</EmptyState>
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <div className="oy-cr__table">
            <div className="oy-cr__head oy-cr__line" aria-hidden="true">
              <span>Дата</span>
              <span>Начисление</span>
              <span>Договор</span>
              <span>Ставка</span>
              <span className="oy-cr__amount">Сумма</span>
              <span>Статус</span>
            </div>
            <ul className="oy-cr__list" aria-label="Начисления">
              {state.items.map((row) => (
                <LineRow key={row.id} row={row} showAgent={showAgents} />
              ))}
            </ul>
          </div>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </>
  );
}

/** The period's figures: what it added and took back, what came in owed, what was paid, what is owed after it. */
function Totals({ totals: t, exportQuery }: { totals: LedgerTotals; exportQuery: URLSearchParams }) {
  const figures: [string, number][] = [
    ['Начислено', t.accruedKopecks],
    ['Сторно', t.reversedKopecks],
    ['Итого за период', t.netKopecks],
    ['Остаток на начало', t.openingKopecks],
    ['Выплачено', t.paidKopecks],
    ['К выплате', t.closingKopecks],
  ];
  return (
    <section className="oy-cr__totals" aria-label="Итоги за период">
      <dl>
        {figures.map(([title, kopecks]) => (
          <div key={title} className={title === 'К выплате' ? 'oy-cr__figure oy-cr__figure--due' : 'oy-cr__figure'}>
            <dt>{title}</dt>
            <dd>{formatMoney(kopecks)}</dd>
          </div>
        ))}
      </dl>
      {t.noRateLines > 0 ? <p className="oy-cr__no-rate">Без ставки: {t.noRateLines}</p> : null}
      {t.lines > 0 ? (
        <p className="oy-cr__export">
          {/* What is on screen — the period, the filters — as a file for a spreadsheet. */}
          <a href={ledgerExportUrl(exportQuery, 'xlsx')} download>
            Скачать XLSX
          </a>
          <a href={ledgerExportUrl(exportQuery, 'csv')} download>
            Скачать CSV
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** One line: when, what and whose, for which contract, how it was counted, how much, where it stands. */
function LineRow({ row, showAgent }: { row: LedgerRow; showAgent: boolean }) {
  const c = row.contract;
  return (
    <li className={`oy-cr__line${row.amountKopecks < 0 ? ' oy-cr__line--reversal' : ''}`}>
      <span className="oy-cr__when">{moscowParts(row.at).date}</span>
      <span className="oy-cr__what">
        <strong>{row.kindTitle}</strong>
        {showAgent ? <span className="oy-cr__muted">{row.agent.fio}</span> : null}
      </span>
      <span className="oy-cr__contract">
        {c ? (
          <>
            <Link to={`/contracts/${c.id}`}>{c.policyNumber ?? NO_POLICY_NUMBER_TEXT}</Link>
            <span className="oy-cr__muted">{[c.productName, c.companyName, c.clientName].filter(Boolean).join(' · ')}</span>
          </>
        ) : (
          <span className="oy-cr__muted">{NO_CONTRACT_TEXT}</span>
        )}
      </span>
      <span className="oy-cr__how">
        {row.kind === 'adjustment' ? (
          // An adjustment has no rate: finance's reason is why.
          <span className="oy-cr__reason">{row.note}</span>
        ) : (
          <>
            <span className={row.rateBp === null ? 'oy-cr__no-rate' : undefined}>{rateText(row)}</span>
            {/* Why this rate (template, segment, level, override): every amount can be followed to its rule. */}
            {row.rateReason ? <span className="oy-cr__reason">{row.rateReason}</span> : null}
          </>
        )}
      </span>
      <span className="oy-cr__amount">{formatMoney(row.amountKopecks)}</span>
      <span className="oy-cr__status">
        {row.statusTitle}
        {/* The payout the line went into: its act, and the payout's own status while it is not paid. */}
        {row.payout ? (
          <Link className="oy-cr__payout" to={`/cr/payouts?period=${row.payout.period}`}>
            {row.payout.status === 'paid' ? `Акт ${row.payout.actNumber}` : `${row.payout.statusTitle} · акт ${row.payout.actNumber}`}
          </Link>
        ) : null}
      </span>
    </li>
  );
}
