import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  isContractEditable,
  CONTRACT_STATUS,
  CONTRACT_STATUS_TITLES,
  CONTRACT_PRODUCTS,
  CONTRACT_PRODUCT_TITLES,
  QUICK_PERIODS,
  QUICK_PERIOD_TITLES,
  formatDate,
  formatMoney,
  reportStatusOf,
  sectionOf,
  type ContractParty,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Input, StatusIcon } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, useDebounced, ShowMore, useKeysetList, useSessionUser } from '@oyster/shared-kit/ui/screens';
import { listContracts } from '../../api/contracts';
import { InsurerSelect } from '../../components/InsurerSelect';
import './contracts.css';

/**
 * The §3 URL filters the list reads; anything else in the query is left alone. `agentId`: one agent's
 * contracts (the agent card's link, `/contracts?agentId=…`), shown as a removable chip with the name the
 * api gives back.
 */
const FILTERS = ['status', 'period', 'company', 'product', 'search', 'agentId'] as const;
const STATUS_OPTIONS = Object.entries(CONTRACT_STATUS_TITLES) as [string, string][];

/**
 * Полисы: the user's contracts (the api decides whose), newest first, filtered through the URL,
 * keyset pages («Показать ещё»); a contract's status moves in place when the socket says so.
 */
export default function ContractsListPage() {
  /** The agent of the `agentId` filter, as the last page named them. */
  const [agent, setAgent] = React.useState<ContractParty | null>(null);
  const fetchPage = React.useCallback(async (query: URLSearchParams, after: string | null) => {
    const page = await listContracts(query, after);
    setAgent(page.agent ?? null);
    return page;
  }, []);
  const { params, state, setState, setFilter, more, retry, refresh, filtered, resetFilters } = useKeysetList(FILTERS, fetchPage);
  const agentId = params.get('agentId') ?? '';
  const me = useSessionUser();
  const [search, setSearch] = React.useState(params.get('search') ?? '');
  const debounced = useDebounced(search, 400);

  // The search box writes to the URL once the typing pauses.
  React.useEffect(() => {
    if ((params.get('search') ?? '') === debounced.trim()) return;
    setFilter('search', debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const refreshRef = React.useRef(refresh);
  refreshRef.current = refresh;
  // Live: a moved contract changes its row in place.
  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('contract_status')
      .subscribe((e) =>
        setState((s) =>
          s.status !== 'ready'
            ? s
            : {
                ...s,
                items: s.items.map((i) =>
                  i.id === e.contractId
                    ? { ...i, status: e.status, statusTitle: e.statusTitle, policyNumber: e.policyNumber ?? i.policyNumber, reportStatus: reportStatusOf(e.status), resumeStep: isContractEditable(e.status) ? (i.resumeStep ?? 'vehicle') : null }
                    : i,
                ),
              },
        ),
      );
    // Back after the socket was away: read again in place (as many rows as are shown, which stay meanwhile).
    sub.add(getRuntime().bus.back$.subscribe(() => refreshRef.current()));
    return () => sub.unsubscribe();
  }, []);

  const period = params.get('period') ?? '';
  return (
    <PageFrame
      title={sectionOf('/contracts')?.heading ?? 'Полисы'}
      section="contracts"
      extra={
        <Link to="clients" className="oy-contracts__clients-link">
          Клиенты
        </Link>
      }
    >
      <Link to="/contracts/renewals" className="oy-contracts__renewals-link">
        Продления: полисы, которые скоро заканчиваются →
      </Link>
      <div className="oy-contracts__filters" role="search">
        <div className="oy-contracts__periods" role="group" aria-label="Период">
          {QUICK_PERIODS.map((p) => (
            <Button key={p} size="small" type={period === p ? 'primary' : 'default'} onClick={() => setFilter('period', period === p ? '' : p)}>
              {QUICK_PERIOD_TITLES[p]}
            </Button>
          ))}
        </div>
        <select className="oy-contracts__status" aria-label="Статус" value={params.get('status') ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">Все статусы</option>
          {STATUS_OPTIONS.map(([n, title]) => (
            <option key={n} value={n}>
              {title}
            </option>
          ))}
        </select>
        <InsurerSelect className="oy-contracts__status" value={params.get('company') ?? ''} onChange={(v) => setFilter('company', v)} />
        <select className="oy-contracts__status" aria-label="Продукт" value={params.get('product') ?? ''} onChange={(e) => setFilter('product', e.target.value)}>
          <option value="">Все продукты</option>
          {CONTRACT_PRODUCTS.map((p) => (
            <option key={p} value={p}>
              {CONTRACT_PRODUCT_TITLES[p]}
            </option>
          ))}
        </select>
        <Input className="oy-contracts__search" aria-label="Поиск" placeholder="Номер полиса, госномер, VIN или клиент" value={search} onChange={(e) => setSearch(e.target.value)} allowClear />
        {agentId ? (
          <span className="oy-contracts__chip" role="group" aria-label="Фильтр по агенту">
            <span className="oy-contracts__chip-text">Агент: {agent?.id === agentId ? agent.fio : '…'}</span>
            <button type="button" className="oy-contracts__chip-remove" aria-label="Убрать фильтр по агенту" title="Убрать фильтр по агенту" onClick={() => setFilter('agentId', '')}>
              ×
            </button>
          </span>
        ) : null}
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить договоры" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        filtered ? (
          <EmptyState text="По этим условиям договоров нет">
            <Button onClick={() => { setSearch(''); resetFilters(); }}>Сбросить фильтры</Button>
          </EmptyState>
        ) : (
          <EmptyState text="Договоров пока нет" />
        )
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <ul className="oy-contracts__list" aria-label="Договоры">
            {state.items.map((c) => (
              <li key={c.id} className="oy-contracts__row">
                {/* A draft opens where its documents stop; the others open the contract. */}
                <Link to={c.resumeStep ? `${c.id}/${c.resumeStep}` : c.id} className="oy-contracts__link">
                  <span className="oy-contracts__status-cell">
                    <StatusIcon status={c.reportStatus} size={18} />
                    <span>{c.statusTitle}</span>
                  </span>
                  <span className="oy-contracts__main">
                    <strong>{c.productName}{c.policyNumber ? ` ${c.policyNumber}` : ''}</strong>
                    <span className="oy-contracts__muted">{[c.companyName, c.clientName, c.plate ?? c.vin].filter(Boolean).join(' · ') || '—'}</span>
                    {/* A network owner and staff see others' sales too: whose it is. */}
                    {me && c.agent.id !== me._id ? <span className="oy-contracts__agent">Агент: {c.agent.fio}</span> : null}
                  </span>
                  <span className="oy-contracts__money">{c.premium == null ? '—' : formatMoney(c.premium)}</span>
                  <span className="oy-contracts__date">{formatDate(c.createdAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </PageFrame>
  );
}
