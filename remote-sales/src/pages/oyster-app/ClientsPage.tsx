import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  CONTRACT_PRODUCT_TITLES,
  OYSTER_APP_TEXTS as T,
  formatDate,
  formatMoney,
  formatNationalPhone,
  type ContractProduct,
  type OysterAppClient,
} from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, ShowMore, useAccess, useKeysetList, useSessionUser } from '@oyster/shared-kit/ui/screens';
import { oysterAppClients } from '../../api/oysterApp';
import { useRegistrationsLive } from './live';
import './oyster-app.css';

const FILTERS = ['search', 'agent'] as const;
const productTitle = (p: string) => CONTRACT_PRODUCT_TITLES[p as ContractProduct] ?? p;

/**
 * «Клиенты в приложении» (`/app/oyster-app/clients`, issue 25): the clients registered in Oyster.app through
 * the agents the user sees (the api decides: an agent's own, a network owner's and their sub-agents', staff's
 * scope), newest first by keyset pages — when each registered, what each bought (their agent's paid contracts
 * with the client's phone, each a link to the contract) and their chat (for who answers clients' chats).
 * Search by name and (staff, owners) the agent — a click on the agent's name — in the URL. Live: a new
 * registration reads the first page again in place.
 */
export default function ClientsPage() {
  const a = useAccess();
  // A client's chat is answered by staff who chat with clients (§6): only they can open it (/chats, a 404 to others).
  const answersClients = !!useSessionUser()?.canChatWithClients;
  const list = useKeysetList<OysterAppClient, string>(FILTERS, oysterAppClients);
  const { params, state, setFilter, more, retry, filtered, resetFilters, setState } = list;
  const [typed, setTyped] = React.useState(params.get('search') ?? '');
  const key = FILTERS.map((f) => `${f}=${params.get(f) ?? ''}`).join('&');
  const shown = React.useRef(key);
  shown.current = key;

  React.useEffect(() => {
    const t = setTimeout(() => {
      if ((params.get('search') ?? '') !== typed.trim()) setFilter('search', typed.trim());
    }, 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  useRegistrationsLive(() => {
    const asking = key;
    const q = new URLSearchParams();
    for (const f of FILTERS) if (params.get(f)) q.set(f, params.get(f)!);
    oysterAppClients(q, null).then(
      (page) => asking === shown.current && setState((s) => (s.status === 'ready' ? { ...s, items: page.items, next: page.next, moreError: null } : s)),
      () => undefined,
    );
  });

  const agent = params.get('agent');
  const agentName = state.status === 'ready' ? state.items.find((c) => c.agent.id === agent)?.agent.name : undefined;
  const showAgent = a.canListAgents;
  return (
    <PageFrame title={T.clientsTitle} section="oyster-app" back={{ to: '/oyster-app', label: 'Oyster.app' }}>
      <div className="oy-app__filters" role="search">
        <input className="oy-app__search" type="search" aria-label={T.searchPlaceholder} placeholder={T.searchPlaceholder} value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
        {agent ? (
          <span className="oy-app__chip">
            Агент: {agentName ?? '…'}
            <Button size="small" type="text" aria-label="Все агенты" onClick={() => setFilter('agent', '')}>
              ×
            </Button>
          </span>
        ) : null}
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={5} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить клиентов" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        filtered ? (
          <EmptyState text={T.noClientsFound}>
            <Button
              onClick={() => {
                setTyped('');
                resetFilters();
              }}
            >
              Сбросить фильтры
            </Button>
          </EmptyState>
        ) : (
          <EmptyState text={T.noClients}>
            <Link to="/oyster-app">Ссылка и QR-код для клиентов</Link>
          </EmptyState>
        )
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <ul className="oy-app__clients" aria-label={T.clientsTitle}>
            {state.items.map((c) => (
              <ClientRow key={c.id} client={c} showAgent={showAgent} chats={answersClients} onAgent={(id) => setFilter('agent', id)} />
            ))}
          </ul>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </PageFrame>
  );
}

function ClientRow({ client: c, showAgent, chats, onAgent }: { client: OysterAppClient; showAgent: boolean; chats: boolean; onAgent(id: string): void }) {
  return (
    <li className="oy-app__client">
      <div className="oy-app__client-head">
        <strong className="oy-app__client-name">{c.name}</strong>
        <span className="oy-app__client-meta">
          {T.registeredAt} {formatDate(c.registeredAt)}
          {c.phone ? ` · ${formatNationalPhone(c.phone)}` : ''}
        </span>
        {showAgent ? (
          <button type="button" className="oy-app__agent" title="Показать клиентов этого агента" onClick={() => onAgent(c.agent.id)}>
            {c.agent.name}
          </button>
        ) : null}
        {c.chatId && chats ? (
          <Link className="oy-app__chat" to={`/chats/${c.chatId}`}>
            {T.chat}
          </Link>
        ) : null}
      </div>
      <div className="oy-app__purchases">
        {!c.phone ? (
          <span className="oy-app__muted">{T.noPhone}</span>
        ) : c.purchases.length ? (
          <ul aria-label={`${T.bought}: ${c.name}`}>
            {c.purchases.map((p) => (
              <li key={p.contractId}>
                <Link to={`/contracts/${p.contractId}`}>
                  {productTitle(p.product)}
                  {p.policyNumber ? ` № ${p.policyNumber}` : ''}
                </Link>
                <span>{p.premiumKopecks !== null ? formatMoney(p.premiumKopecks) : ''}</span>
                <span className="oy-app__muted">{formatDate(p.paidAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <span className="oy-app__muted">{T.nothingBought}</span>
        )}
      </div>
    </li>
  );
}
