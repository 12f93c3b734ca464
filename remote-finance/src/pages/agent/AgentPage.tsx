import * as React from 'react';
import { Link, useParams } from 'react-router-dom';
import { AGENT_LEVELS, AGENT_LEVEL_TITLES, AGENT_OPF_TITLES, ROLE_TITLES, formatDate, formatMoney, formatMoscowDateTime, type AgentBilling, type AgentCard, type Role } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { ErrorState, LoadingBlock, PageFrame, errorText, useAccess, useItemPage, useLoad } from '@oyster/shared-kit/ui/screens';
import { appointCurator, getAgentBilling, getAgentCard, getAgentOptions, patchAgent, removeCurator } from '../../api/agents';
import { agentContractsPath, agentRequestsPath, agentsPath, subAgentsPath } from '../agents/paths';
import '../agents/agents.css';

export const AGENT_CARD_TEXTS = {
  active: 'Активен',
  blocked: 'Заблокирован',
  block: 'Заблокировать',
  unblock: 'Разблокировать',
  blockConfirm: 'Заблокировать агента? Все его сеансы закончатся сразу.',
  unblockConfirm: 'Разблокировать агента?',
  noCurators: 'Кураторов нет',
  appoint: 'Назначить куратора',
  remove: 'Снять',
  noSessions: 'Открытых сеансов нет',
  billingHidden: 'Реквизиты ведут финансовые контролёры',
  noBilling: 'Реквизиты не заполнены',
  noNetwork: 'Не в сети',
} as const;

/**
 * Карточка агента (`/app/agent/{agentId}`): profile, legal form and billing details (finance staff see
 * them), level, network, curators, contracts, broker requests, the ledger summary, open sessions (senior
 * staff). Actions as the api allows the viewer (`can` of the card; the server checks each again):
 * administrators block/unblock, change the level, move to a network, appoint and remove curators; a
 * network owner blocks their own sub-agents. Live: `agent_changed` of this agent reads the card again.
 */
export default function AgentPage() {
  const { agentId = '' } = useParams();
  const a = useAccess();
  const back = a.canListAgents && !a.canSeeSubAgents ? { to: agentsPath(), label: 'Агенты' } : a.canSeeSubAgents ? { to: subAgentsPath(), label: 'Субагенты' } : { to: agentsPath(), label: 'Агенты' };
  const page = useItemPage((signal) => getAgentCard(agentId, signal), [agentId], { back, keepPrevious: true });
  const reload = React.useRef(page.reload);
  reload.current = page.reload;
  const { refresh } = page;
  React.useEffect(() => {
    const sub = getRuntime().bus.on('agent_changed').subscribe((e) => e.agentId === agentId && reload.current());
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [agentId, refresh]);
  if (!page.ready) return page.placeholder;
  const card = page.data;
  const set = (next: AgentCard) => page.update(() => next);
  return (
    <PageFrame
      title={card.fio || card.email}
      back={back}
      extra={card.can.block ? <BlockButton card={card} onDone={set} /> : null}
    >
      <div className="oy-agent__grid">
        <Profile card={card} />
        <Billing card={card} finance={a.canManageCommissionRates} />
        <Placement card={card} onDone={set} />
        <Curators card={card} onDone={set} />
        <Work card={card} />
        <Sessions card={card} />
      </div>
    </PageFrame>
  );
}

function Status({ blocked }: { blocked: boolean }) {
  return <span className={blocked ? 'oy-agent__status oy-agent__status--blocked' : 'oy-agent__status'}>{blocked ? AGENT_CARD_TEXTS.blocked : AGENT_CARD_TEXTS.active}</span>;
}

/** A call of an action: busy while it runs, the server's refusal shown in place. */
function useAction() {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function run<T>(call: () => Promise<T>, done: (v: T) => void) {
    setBusy(true);
    setError(null);
    try {
      done(await call());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

function BlockButton({ card, onDone }: { card: AgentCard; onDone: (c: AgentCard) => void }) {
  const [asking, setAsking] = React.useState(false);
  const act = useAction();
  return (
    <>
      <Button danger={!card.isBlocked} onClick={() => setAsking(true)}>
        {card.isBlocked ? AGENT_CARD_TEXTS.unblock : AGENT_CARD_TEXTS.block}
      </Button>
      {act.error ? <span role="alert" className="oy-subagents__error">{act.error}</span> : null}
      <ConfirmDialog
        open={asking}
        title={card.isBlocked ? AGENT_CARD_TEXTS.unblockConfirm : AGENT_CARD_TEXTS.blockConfirm}
        okText={card.isBlocked ? AGENT_CARD_TEXTS.unblock : AGENT_CARD_TEXTS.block}
        loading={act.busy}
        onCancel={() => setAsking(false)}
        onOk={() => void act.run(() => patchAgent(card._id, { isBlocked: !card.isBlocked }), (c) => {
          setAsking(false);
          onDone(c);
        })}
      />
    </>
  );
}

function Profile({ card }: { card: AgentCard }) {
  return (
    <section className="oy-agent__card" aria-label="Профиль">
      <h2>Профиль</h2>
      <dl className="oy-agent__facts">
        <dt>Статус</dt>
        <dd><Status blocked={card.isBlocked} /></dd>
        <dt>Email</dt>
        <dd>{card.email}</dd>
        <dt>Телефон</dt>
        <dd>{card.phone ?? '—'}</dd>
        <dt>Роли</dt>
        <dd>{card.roles.map((r) => ROLE_TITLES[r as Role] ?? r).join(', ')}</dd>
        {card.parent ? (
          <>
            <dt>Владелец сети</dt>
            <dd>{card.parent.fio}</dd>
          </>
        ) : null}
        <dt>Зарегистрирован</dt>
        <dd>{formatDate(card.createDate)}</dd>
      </dl>
    </section>
  );
}

function Billing({ card, finance }: { card: AgentCard; finance: boolean }) {
  const billing = useLoad<AgentBilling | null>(() => (finance ? getAgentBilling(card._id) : Promise.resolve(null)), [card._id, finance]);
  return (
    <section className="oy-agent__card" aria-label="Правовая форма и реквизиты">
      <h2>Правовая форма и реквизиты</h2>
      <dl className="oy-agent__facts">
        <dt>Правовая форма</dt>
        <dd>{card.opf ? AGENT_OPF_TITLES[card.opf] : '—'}</dd>
        {card.opf === 'SZ' ? (
          <>
            <dt>Самозанятый</dt>
            <dd>чек «Мой налог» к каждой выплате</dd>
          </>
        ) : null}
      </dl>
      {!finance ? <p className="oy-agents__muted">{AGENT_CARD_TEXTS.billingHidden}</p> : null}
      {finance && billing.state.status === 'loading' ? <LoadingBlock rows={3} /> : null}
      {finance && billing.state.status === 'error' ? <ErrorState title="Не удалось загрузить реквизиты" message={billing.state.message} onRetry={billing.reload} /> : null}
      {finance && billing.state.status === 'ready' ? (
        billing.state.data ? (
          <dl className="oy-agent__facts">
            <dt>Получатель</dt>
            <dd>{billing.state.data.legalName}</dd>
            <dt>ИНН</dt>
            <dd>{billing.state.data.inn}</dd>
            {billing.state.data.kpp ? (
              <>
                <dt>КПП</dt>
                <dd>{billing.state.data.kpp}</dd>
              </>
            ) : null}
            <dt>Банк</dt>
            <dd>{billing.state.data.bankName ?? '—'}</dd>
            <dt>БИК</dt>
            <dd>{billing.state.data.bik ?? '—'}</dd>
            <dt>Счёт</dt>
            <dd>{billing.state.data.account ?? '—'}</dd>
          </dl>
        ) : (
          <p className="oy-agents__muted">{AGENT_CARD_TEXTS.noBilling}</p>
        )
      ) : null}
    </section>
  );
}

/** Level and network, with an administrator's controls. */
function Placement({ card, onDone }: { card: AgentCard; onDone: (c: AgentCard) => void }) {
  const admin = card.can.changeLevel || card.can.moveNetwork;
  const options = useLoad(() => (card.can.moveNetwork ? getAgentOptions() : Promise.resolve(null)), [card.can.moveNetwork]);
  const act = useAction();
  const networks = options.state.status === 'ready' ? options.state.data?.networks ?? [] : [];
  return (
    <section className="oy-agent__card" aria-label="Уровень и сеть">
      <h2>Уровень и сеть</h2>
      <dl className="oy-agent__facts">
        <dt>Уровень</dt>
        <dd>{card.level} — {AGENT_LEVEL_TITLES[card.level]}</dd>
        <dt>Брокерская сеть</dt>
        <dd>{card.network?.name ?? AGENT_CARD_TEXTS.noNetwork}</dd>
      </dl>
      {admin ? (
        <div className="oy-agent__control">
          {card.can.changeLevel ? (
            <select aria-label="Уровень" className="oy-agents__select" value={card.level} disabled={act.busy} onChange={(e) => void act.run(() => patchAgent(card._id, { level: Number(e.target.value) }), onDone)}>
              {AGENT_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l} — {AGENT_LEVEL_TITLES[l]}
                </option>
              ))}
            </select>
          ) : null}
          {card.can.moveNetwork ? (
            <select aria-label="Брокерская сеть" className="oy-agents__select" value={card.network?._id ?? ''} disabled={act.busy || options.state.status !== 'ready'} onChange={(e) => void act.run(() => patchAgent(card._id, { networkId: e.target.value || null }), onDone)}>
              <option value="">{AGENT_CARD_TEXTS.noNetwork}</option>
              {networks.map((n) => (
                <option key={n._id} value={n._id}>
                  {n.name}
                </option>
              ))}
            </select>
          ) : null}
        </div>
      ) : null}
      {act.error ? <p role="alert" className="oy-subagents__error">{act.error}</p> : null}
    </section>
  );
}

function Curators({ card, onDone }: { card: AgentCard; onDone: (c: AgentCard) => void }) {
  const options = useLoad(() => (card.can.appointCurator ? getAgentOptions() : Promise.resolve(null)), [card.can.appointCurator]);
  const act = useAction();
  const [chosen, setChosen] = React.useState('');
  const free = options.state.status === 'ready' ? (options.state.data?.curators ?? []).filter((c) => !card.curators.some((x) => x._id === c._id)) : [];
  return (
    <section className="oy-agent__card" aria-label="Кураторы">
      <h2>Кураторы</h2>
      {card.curators.length ? (
        <ul className="oy-agent__plain">
          {card.curators.map((c) => (
            <li key={c._id} className="oy-agent__row">
              <span>{c.fio}</span>
              {card.can.appointCurator ? (
                <Button size="small" disabled={act.busy} onClick={() => void act.run(() => removeCurator(card._id, c._id), onDone)}>
                  {AGENT_CARD_TEXTS.remove}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="oy-agents__muted">{AGENT_CARD_TEXTS.noCurators}</p>
      )}
      {card.can.appointCurator ? (
        <div className="oy-agent__control">
          <select aria-label="Куратор" className="oy-agents__select" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Выбрать</option>
            {free.map((c) => (
              <option key={c._id} value={c._id}>
                {c.fio}
              </option>
            ))}
          </select>
          <Button disabled={!chosen} loading={act.busy} onClick={() => void act.run(() => appointCurator(card._id, chosen), (c) => {
            setChosen('');
            onDone(c);
          })}>
            {AGENT_CARD_TEXTS.appoint}
          </Button>
        </div>
      ) : null}
      {act.error ? <p role="alert" className="oy-subagents__error">{act.error}</p> : null}
    </section>
  );
}

/**
 * Contracts, broker requests and the ledger: what the agent sold and earned. The counts open the lists
 * they count: Полисы filtered by the agent (`/contracts?agentId=…`), the requests by `agent`.
 */
function Work({ card }: { card: AgentCard }) {
  return (
    <section className="oy-agent__card" aria-label="Продажи и начисления">
      <h2>Продажи и начисления</h2>
      <dl className="oy-agent__facts">
        <dt>Договоры</dt>
        <dd>
          {card.contracts.total ? (
            <Link className="oy-agent__count-link" to={agentContractsPath(card._id)} title="Полисы агента">
              {card.contracts.total}, оплачено {card.contracts.paid}
            </Link>
          ) : (
            <>{card.contracts.total}, оплачено {card.contracts.paid}</>
          )}
        </dd>
        <dt>Премия по оплаченным</dt>
        <dd>{formatMoney(card.contracts.premium)}</dd>
        <dt>Запросы брокеру</dt>
        <dd>
          {card.brokerRequests.total ? (
            <Link className="oy-agent__count-link" to={agentRequestsPath(card._id)} title="Запросы агента">
              {card.brokerRequests.total}, в работе {card.brokerRequests.open}
            </Link>
          ) : (
            <>{card.brokerRequests.total}, в работе {card.brokerRequests.open}</>
          )}
        </dd>
        <dt>КВ начислено</dt>
        <dd>{formatMoney(card.ledger.commission)}</dd>
        <dt>Оверрайд</dt>
        <dd>{formatMoney(card.ledger.override)}</dd>
        <dt>Итого по журналу</dt>
        <dd>{formatMoney(card.ledger.total)}</dd>
      </dl>
    </section>
  );
}

function Sessions({ card }: { card: AgentCard }) {
  const a = useAccess();
  if (!a.isSeniorStaff) return null;
  return (
    <section className="oy-agent__card" aria-label="Сеансы">
      <h2>Сеансы</h2>
      {card.sessions.length ? (
        <ul className="oy-agent__plain">
          {card.sessions.map((s) => (
            <li key={s._id} className="oy-agent__row">
              <span>вход {formatMoscowDateTime(s.createdAt)}</span>
              <span className="oy-agents__muted">{s.lastRoute ?? '—'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="oy-agents__muted">{AGENT_CARD_TEXTS.noSessions}</p>
      )}
    </section>
  );
}
