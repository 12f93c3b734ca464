import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  BROKER_PRODUCTS,
  BROKER_REQUEST_STATUS_TITLES,
  BROKER_REQUEST_VIEWS,
  BROKER_REQUEST_VIEW_TITLES,
  QUICK_PERIODS,
  QUICK_PERIOD_TITLES,
  formatDate,
  sectionOf,
  type BrokerRequestListItem,
  type BrokerRequestView,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Input } from '@oyster/shared-kit/ui/form';
import { TabSwitch } from '@oyster/shared-kit/ui/parts';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, useAccess, useDebounced, ShowMore, useKeysetList } from '@oyster/shared-kit/ui/screens';
import { listRequests } from '../../api/requests';
import { SlaClock } from '../../components/SlaClock';
import './requests.css';

/** The URL filters the list reads (§3 list filters, the executors' view). */
const FILTERS = ['view', 'status', 'product', 'agent', 'network', 'period', 'search'] as const;
const STATUS_OPTIONS = Object.entries(BROKER_REQUEST_STATUS_TITLES).filter(([n]) => Number(n) !== 50) as [string, string][];

function RequestRow({ r, showAgent, onAgent }: { r: BrokerRequestListItem; showAgent: boolean; onAgent(id: string, fio: string): void }) {
  return (
    <li className="oy-breqs__row">
      <Link to={`/request-broker/${r.id}`} className="oy-breqs__link">
        <span className="oy-breqs__title">
          <strong>Запрос № {r.number}</strong> · {r.productTitle}
        </span>
        <span className="oy-breqs__muted">{r.clientName ?? 'Клиент не указан'}</span>
      </Link>
      <span className="oy-breqs__status">{r.statusTitle}</span>
      <span className="oy-breqs__people">
        {showAgent ? (
          <button type="button" className="oy-breqs__agent" onClick={() => onAgent(r.agent.id, r.agent.fio)} title="Показать запросы этого агента">
            Агент: {r.agent.fio}
          </button>
        ) : null}
        <span className="oy-breqs__muted">{r.executor ? `Исполнитель: ${r.executor.fio}` : r.sentAt ? 'Исполнитель не назначен' : 'Не отправлен'}</span>
      </span>
      <span className="oy-breqs__time">
        <span className="oy-breqs__muted">{formatDate(r.createdAt)}</span>
        <SlaClock request={r} />
      </span>
    </li>
  );
}

/**
 * «Запросы» (`/app/broker-requests`): an agent's requests (and their network's), newest first; the
 * executors' queue — «Новые» (sent, nobody's yet), «Мои» (open ones they execute), «Все» — the working
 * views by deadline, overdue first and flagged, the SLA clock on every card; filters by status, product,
 * period, agent, network and search in the URL; «Показать ещё» by keyset; live over the socket.
 */
export default function BrokerRequestsPage() {
  const a = useAccess();
  const executor = a.canExecuteBrokerRequests;
  const { params, state, setFilter, more, retry, refresh, filtered, resetFilters } = useKeysetList(FILTERS, listRequests);
  const [search, setSearch] = React.useState(params.get('search') ?? '');
  const debounced = useDebounced(search, 400);
  const [agentName, setAgentName] = React.useState<string | null>(null);
  const view = (params.get('view') as BrokerRequestView | null) ?? 'all';

  React.useEffect(() => {
    if ((params.get('search') ?? '') === debounced.trim()) return;
    setFilter('search', debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // Live: a request sent, taken, moved or given offers changes the list; it is read again in place
  // (as many rows as are shown, which stay until the new ones come) — and so when the socket is back.
  React.useEffect(() => {
    const sub = getRuntime().bus.on('broker_request').subscribe(() => refresh());
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [networks, setNetworks] = React.useState<{ _id: string; name: string }[]>([]);
  React.useEffect(() => {
    if (!executor) return;
    void getRuntime()
      .initState()
      .then((s) => setNetworks(s.networkList ?? []))
      .catch(() => undefined);
  }, [executor]);

  const period = params.get('period') ?? '';
  const agent = params.get('agent');
  const list = (
    <>
      <div className="oy-breqs__filters" role="search">
        <div className="oy-breqs__periods" role="group" aria-label="Период">
          {QUICK_PERIODS.map((p) => (
            <Button key={p} size="small" type={period === p ? 'primary' : 'default'} onClick={() => setFilter('period', period === p ? '' : p)}>
              {QUICK_PERIOD_TITLES[p]}
            </Button>
          ))}
        </div>
        <select aria-label="Статус" value={params.get('status') ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">Все статусы</option>
          {STATUS_OPTIONS.map(([n, title]) => (
            <option key={n} value={n}>
              {title}
            </option>
          ))}
        </select>
        <select aria-label="Продукт" value={params.get('product') ?? ''} onChange={(e) => setFilter('product', e.target.value)}>
          <option value="">Все продукты</option>
          {BROKER_PRODUCTS.map((p) => (
            <option key={p.type} value={p.type}>
              {p.audience === 'YL' ? p.title : `${p.title} (ФЛ)`}
            </option>
          ))}
        </select>
        {executor && networks.length ? (
          <select aria-label="Сеть" value={params.get('network') ?? ''} onChange={(e) => setFilter('network', e.target.value)}>
            <option value="">Все сети</option>
            {networks.map((n) => (
              <option key={n._id} value={n._id}>
                {n.name}
              </option>
            ))}
          </select>
        ) : null}
        <Input className="oy-breqs__search" aria-label="Поиск" placeholder="Номер запроса или клиент" value={search} onChange={(e) => setSearch(e.target.value)} allowClear />
        {agent ? (
          <Button size="small" onClick={() => setFilter('agent', '')} aria-label="Показать всех агентов">
            Агент: {agentName ?? 'выбран'} ×
          </Button>
        ) : null}
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить запросы" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        filtered && (view === 'all' ? params.toString() !== '' : [...params.keys()].some((k) => k !== 'view')) ? (
          <EmptyState text="По этим условиям запросов нет">
            <Button
              onClick={() => {
                setSearch('');
                resetFilters();
              }}
            >
              Сбросить фильтры
            </Button>
          </EmptyState>
        ) : (
          <EmptyState text={executor ? (view === 'unassigned' ? 'Новых запросов нет' : view === 'mine' ? 'У вас нет запросов в работе' : 'Запросов пока нет') : 'Запросов пока нет'}>
            {a.canSendBrokerRequests ? (
              <Link to="/new-request-broker">
                <Button type="primary">Новый запрос</Button>
              </Link>
            ) : null}
          </EmptyState>
        )
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <ul className="oy-breqs__list" aria-label="Запросы">
            {state.items.map((r) => (
              <RequestRow
                key={r.id}
                r={r}
                showAgent={executor || a.isNetworkAgentOwner || a.isBrokersOwnerAgent}
                onAgent={(id, fio) => {
                  setAgentName(fio);
                  setFilter('agent', id);
                }}
              />
            ))}
          </ul>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </>
  );
  return (
    <PageFrame
      title={sectionOf('/broker-requests')?.heading ?? 'Запросы'}
      section="broker-requests"
      extra={
        a.canSendBrokerRequests ? (
          <Link to="/new-request-broker">
            <Button type="primary">Новый запрос</Button>
          </Link>
        ) : undefined
      }
    >
      {executor ? (
        <TabSwitch
          label="Очередь запросов"
          activeKey={view}
          onChange={(k) => setFilter('view', k === 'all' ? '' : k)}
          items={BROKER_REQUEST_VIEWS.map((v) => ({ key: v, label: BROKER_REQUEST_VIEW_TITLES[v], children: view === v ? list : null }))}
        />
      ) : (
        list
      )}
    </PageFrame>
  );
}
