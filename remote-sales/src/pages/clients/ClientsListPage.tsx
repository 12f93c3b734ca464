import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CLIENT_KIND_TITLES, formatDate } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Input } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, ShowMore, notifySaved, useDebouncedFilter, useKeysetList, useSessionUser } from '@oyster/shared-kit/ui/screens';
import { createClient, listClients } from '../../api/clients';
import { ClientForm } from './ClientForm';
import './clients.css';

const FILTERS = ['search', 'kind'] as const;

/**
 * Клиенты (`/app/contracts/clients`, inside Полисы): the clients of the agents the user sees (the api
 * decides whose), by name, searched by name, phone or plate as the agent types, keyset pages («Показать
 * ещё»); «Новый клиент» opens the form. Live: a client changed anywhere (`client_changed`) reads the list again.
 */
export default function ClientsListPage() {
  const { params, state, setFilter, more, retry, refresh, filtered, resetFilters } = useKeysetList(FILTERS, listClients);
  const me = useSessionUser();
  const navigate = useNavigate();
  const [search, setSearch] = useDebouncedFilter(params, setFilter, 400);
  const [adding, setAdding] = React.useState(false);

  const refreshRef = React.useRef(refresh);
  refreshRef.current = refresh;
  // A client changed, or the socket back after it was away: read again in place (the pages shown stay).
  React.useEffect(() => {
    const sub = getRuntime().bus.on('client_changed').subscribe(() => refreshRef.current());
    sub.add(getRuntime().bus.back$.subscribe(() => refreshRef.current()));
    return () => sub.unsubscribe();
  }, []);

  const kind = params.get('kind') ?? '';
  return (
    <PageFrame
      title="Клиенты"
      back={{ to: '/contracts', label: 'Полисы' }}
      section="contracts"
      extra={
        adding ? null : (
          <Button type="primary" onClick={() => setAdding(true)}>
            Новый клиент
          </Button>
        )
      }
    >
      {adding ? (
        <section className="oy-clients__card" aria-label="Новый клиент">
          <h2>Новый клиент</h2>
          <ClientForm
            client={null}
            submitText="Добавить клиента"
            onCancel={() => setAdding(false)}
            onSave={async (input) => {
              const card = await createClient(input);
              notifySaved('Клиент добавлен');
              navigate(`/contracts/clients/${card.client.id}`);
            }}
          />
        </section>
      ) : null}
      <div className="oy-clients__filters" role="search">
        <Input className="oy-clients__search" aria-label="Поиск клиента" placeholder="ФИО, телефон или госномер" value={search} onChange={(e) => setSearch(e.target.value)} allowClear />
        <select className="oy-clients__kind" aria-label="Тип клиента" value={kind} onChange={(e) => setFilter('kind', e.target.value)}>
          <option value="">Все клиенты</option>
          <option value="person">{CLIENT_KIND_TITLES.person}</option>
          <option value="company">{CLIENT_KIND_TITLES.company}</option>
        </select>
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить клиентов" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        filtered ? (
          <EmptyState text="Никого не нашли">
            <Button
              onClick={() => {
                setSearch('');
                resetFilters();
              }}
            >
              Сбросить поиск
            </Button>
          </EmptyState>
        ) : (
          <EmptyState text="Клиентов пока нет: они появятся после первого оформленного договора или добавьте их сами" />
        )
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <ul className="oy-clients__list" aria-label="Клиенты">
            {state.items.map((c) => (
              <li key={c.id} className="oy-clients__row">
                <Link to={c.id} className="oy-clients__link">
                  <span className="oy-clients__main">
                    <strong>{c.name}</strong>
                    <span className="oy-clients__muted">
                      {[CLIENT_KIND_TITLES[c.kind], c.kind === 'person' && c.birthDate ? `${formatDate(c.birthDate)} г. р.` : c.inn ? `ИНН ${c.inn}` : null].filter(Boolean).join(' · ')}
                    </span>
                    {me && c.agent.id !== me._id ? <span className="oy-clients__muted">Агент: {c.agent.fio}</span> : null}
                  </span>
                  <span className="oy-clients__contact">{c.phone ?? '—'}</span>
                  <span className="oy-clients__plates">{c.plates.length ? c.plates.join(', ') : '—'}</span>
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
