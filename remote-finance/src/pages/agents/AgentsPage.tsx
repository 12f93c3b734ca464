import * as React from 'react';
import { Link } from 'react-router-dom';
import { AGENT_LEVEL_TITLES, AGENT_OPFS, AGENT_OPF_TITLES, AGENT_SEARCH_DEBOUNCE_MS, AGENT_STATUS_TITLES, formatDate } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Input } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, ShowMore, countText, useDebouncedFilter, useKeysetList } from '@oyster/shared-kit/ui/screens';
import { listAgentsPage } from '../../api/agents';
import { agentPath } from './paths';
import './agents.css';

const FILTERS = ['search', 'opf', 'status', 'byNetwork'] as const;

export const AGENTS_TEXTS = {
  title: 'Агенты',
  searchLabel: 'Поиск агента',
  searchPlaceholder: 'ФИО или email',
  anyOpf: 'Все формы',
  anyStatus: 'Все статусы',
  byNetwork: 'Только в брокерских сетях',
  empty: 'Агентов пока нет',
  notFound: 'Никого не нашли',
  reset: 'Сбросить фильтры',
  loadError: 'Не удалось загрузить агентов',
  blocked: 'Заблокирован',
} as const;

/**
 * Агенты (`/app/agents`, §2; §7 POST /api/v2/agents/): the agents of the viewer's scope (the api decides
 * whose — an appointed-only supervisor sees only their appointed agents), newest first (§9), filtered by
 * search (§5: as typed, 300 ms after the last key), legal form, status (§4: 0 active, 1 blocked) and
 * broker network; keyset pages («Показать ещё»). Live: `agent_changed` reads the list again.
 */
export default function AgentsPage() {
  const [total, setTotal] = React.useState<{ n: number; capped: boolean } | null>(null);
  const fetchPage = React.useCallback(async (q: URLSearchParams, after: string | null) => {
    const page = await listAgentsPage(q, after);
    if (!after) setTotal(page.total === null ? null : { n: page.total, capped: page.totalCapped });
    return page;
  }, []);
  const { params, state, setFilter, more, retry, refresh, filtered, resetFilters } = useKeysetList(FILTERS, fetchPage);
  const [search, setSearch] = useDebouncedFilter(params, setFilter, AGENT_SEARCH_DEBOUNCE_MS);

  const refreshRef = React.useRef(refresh);
  refreshRef.current = refresh;
  // An agent changed, or the socket back after it was away: read again in place (the pages shown stay).
  React.useEffect(() => {
    const sub = getRuntime().bus.on('agent_changed').subscribe(() => refreshRef.current());
    sub.add(getRuntime().bus.back$.subscribe(() => refreshRef.current()));
    return () => sub.unsubscribe();
  }, []);

  return (
    <PageFrame title={AGENTS_TEXTS.title} section="agents">
      <div className="oy-agents__filters" role="search">
        <Input className="oy-agents__search" aria-label={AGENTS_TEXTS.searchLabel} placeholder={AGENTS_TEXTS.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} allowClear />
        <select aria-label="Правовая форма" className="oy-agents__select" value={params.get('opf') ?? ''} onChange={(e) => setFilter('opf', e.target.value)}>
          <option value="">{AGENTS_TEXTS.anyOpf}</option>
          {AGENT_OPFS.map((o) => (
            <option key={o} value={o}>
              {AGENT_OPF_TITLES[o]}
            </option>
          ))}
        </select>
        <select aria-label="Статус" className="oy-agents__select" value={params.get('status') ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">{AGENTS_TEXTS.anyStatus}</option>
          <option value="0">{AGENT_STATUS_TITLES[0]}</option>
          <option value="1">{AGENT_STATUS_TITLES[1]}</option>
        </select>
        <label className="oy-agents__check">
          <input type="checkbox" checked={params.get('byNetwork') === '1'} onChange={(e) => setFilter('byNetwork', e.target.checked ? '1' : '')} /> {AGENTS_TEXTS.byNetwork}
        </label>
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={8} /> : null}
      {state.status === 'error' ? <ErrorState title={AGENTS_TEXTS.loadError} message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        filtered ? (
          <EmptyState text={AGENTS_TEXTS.notFound}>
            <Button
              onClick={() => {
                setSearch('');
                resetFilters();
              }}
            >
              {AGENTS_TEXTS.reset}
            </Button>
          </EmptyState>
        ) : (
          <EmptyState text={AGENTS_TEXTS.empty} />
        )
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          {total !== null ? <p className="oy-agents__total">{total.capped ? `более ${countText(total.n, ['агента', 'агентов', 'агентов'])}` : countText(total.n, ['агент', 'агента', 'агентов'])}</p> : null}
          <ul className="oy-agents__list" aria-label="Агенты">
            {state.items.map((a) => (
              <li key={a._id} className={a.isBlocked ? 'oy-agents__row oy-agents__row--blocked' : 'oy-agents__row'}>
                <Link to={agentPath(a._id)} className="oy-agents__link">
                  <span className="oy-agents__main">
                    <strong>{a.fio || a.email}</strong>
                    <span className="oy-agents__muted">{a.email}</span>
                  </span>
                  <span className="oy-agents__cell">{a.opf ? AGENT_OPF_TITLES[a.opf] : '—'}</span>
                  <span className="oy-agents__cell">{AGENT_LEVEL_TITLES[a.level]}</span>
                  <span className="oy-agents__cell">{a.network?.name ?? '—'}</span>
                  <span className="oy-agents__cell oy-agents__muted">с {formatDate(a.createDate)}</span>
                  {a.isBlocked ? <span className="oy-agents__badge">{AGENTS_TEXTS.blocked}</span> : <span />}
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
