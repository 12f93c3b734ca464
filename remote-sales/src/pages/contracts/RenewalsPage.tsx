import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  RENEWAL_BUCKETS,
  RENEWAL_BUCKET_TITLES,
  RENEWAL_OUTCOME_FILTERS,
  RENEWAL_OUTCOME_FILTER_TITLES,
  RENEWAL_OUTCOME_TITLES,
  RENEWAL_PERIODS,
  RENEWAL_PERIOD_TITLES,
  RENEWAL_COMMENT_MAX,
  actsAsStaff,
  agentScope,
  daysLeftText,
  formatDate,
  formatMoney,
  renewalRateText,
  type RenewalItem,
  type RenewalMark,
  type RenewalPeriod,
  type RenewalStats,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, Input } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, ShowMore, errorText, useKeysetList, useLoad, useSessionUser } from '@oyster/shared-kit/ui/screens';
import { listRenewals, markRenewal, renewalStats, undoRenewalMark } from '../../api/renewals';
import './contracts.css';
import './renewals.css';

/** The worklist's URL filters. */
const FILTERS = ['bucket', 'outcome', 'agent'] as const;
const MARK_TITLES: Record<RenewalMark, string> = { lost: 'Клиент потерян', renewed_elsewhere: 'Продлён в другом месте' };

/** The renewal rate over a period: renewed here ÷ ended; per agent for those who see several. */
function RateBlock({ agent, perAgent, onAgent, version }: { agent: string | null; perAgent: boolean; onAgent(id: string): void; version: number }) {
  const [period, setPeriod] = React.useState<RenewalPeriod>('30');
  const { state } = useLoad(() => renewalStats(period, agent), [period, agent, version], { keepPrevious: true });
  const stats: RenewalStats | null = state.status === 'ready' ? state.data : null;
  return (
    <section className="oy-renewals__rate" aria-label="Доля продлений">
      <div className="oy-renewals__rate-head">
        <h2>Продлено у нас</h2>
        <div className="oy-contracts__periods" role="group" aria-label="Период">
          {RENEWAL_PERIODS.map((p) => (
            <Button key={p} size="small" type={period === p ? 'primary' : 'default'} onClick={() => setPeriod(p)}>
              {RENEWAL_PERIOD_TITLES[p]}
            </Button>
          ))}
        </div>
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={1} /> : null}
      {state.status === 'error' ? <p className="oy-contract__error">Не удалось посчитать: {state.message}</p> : null}
      {stats ? (
        <>
          <p className="oy-renewals__rate-line">
            {stats.total.ended ? <strong className="oy-renewals__rate-value">{renewalRateText(stats.total.renewedHere, stats.total.ended)}</strong> : null}
            <span className="oy-contracts__muted">
              {stats.total.ended
                ? ` — ${stats.total.renewedHere} из ${stats.total.ended} полисов, закончившихся с ${formatDate(stats.from)} по ${formatDate(stats.to)}; потеряно ${stats.total.lost}, продлено в другом месте ${stats.total.renewedElsewhere}`
                : `С ${formatDate(stats.from)} по ${formatDate(stats.to)} полисы не заканчивались`}
            </span>
          </p>
          {perAgent && stats.agents.length > 1 ? (
            <table className="oy-renewals__agents" aria-label="По агентам">
              <thead>
                <tr>
                  <th>Агент</th>
                  <th>Закончилось</th>
                  <th>У нас</th>
                  <th>Потеряно</th>
                  <th>В другом месте</th>
                  <th>Доля</th>
                </tr>
              </thead>
              <tbody>
                {stats.agents.slice(0, 10).map((a) => (
                  <tr key={a.agent.id}>
                    <td>
                      <Button type="link" size="small" onClick={() => onAgent(a.agent.id)}>
                        {a.agent.fio}
                      </Button>
                    </td>
                    <td>{a.ended}</td>
                    <td>{a.renewedHere}</td>
                    <td>{a.lost}</td>
                    <td>{a.renewedElsewhere}</td>
                    <td>{renewalRateText(a.renewedHere, a.ended)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function Outcome({ item, onUndo }: { item: RenewalItem; onUndo(): void }) {
  const o = item.outcome;
  if (!o) return null;
  return (
    <div className={`oy-renewals__outcome oy-renewals__outcome--${o.kind}`}>
      <strong>{o.title}</strong>
      {o.renewedBy ? (
        <Link to={`/contracts/${o.renewedBy.id}`} className="oy-renewals__muted-link">
          {o.renewedBy.policyNumber ? `полис ${o.renewedBy.policyNumber}` : 'новый договор'}
        </Link>
      ) : null}
      {o.comment ? <span className="oy-contracts__muted">«{o.comment}»</span> : null}
      {o.by ? <span className="oy-contracts__muted">{o.by.fio}, {formatDate(o.at)}</span> : null}
      {o.canUndo ? (
        <Button type="link" size="small" onClick={onUndo}>
          Отменить
        </Button>
      ) : null}
    </div>
  );
}

/**
 * /app/contracts/renewals: the renewal worklist (issue 25) — the user's policies in force ending within
 * 45 days (buckets 45 / 30 / 7 days) and those ended without an outcome in the last 30 days, soonest
 * first, keyset pages; filters by bucket, outcome and (staff, network owners) agent in the URL.
 * «Пересчитать» opens the product's calculator with the old policy's data; the agent marks a lost client
 * or a renewal elsewhere (taken back within 24 hours); «Продлён у нас» comes with the new contract's
 * payment. The rate (renewed here ÷ ended) over a period above the list. Live: any move of a contract
 * the user hears of, or an outcome changed elsewhere, reloads the list in place.
 */
export default function RenewalsPage() {
  const { params, state, setState, setFilter, more, retry, filtered, resetFilters } = useKeysetList(FILTERS, listRenewals);
  const me = useSessionUser();
  const seesOthers = !!me && agentScope(me) !== 'own';
  const staff = !!me && actsAsStaff(me);
  const [version, setVersion] = React.useState(0);
  const [marking, setMarking] = React.useState<{ item: RenewalItem; outcome: RenewalMark } | null>(null);
  const [comment, setComment] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const agent = params.get('agent');

  const replace = (item: RenewalItem) =>
    setState((s) => (s.status !== 'ready' ? s : { ...s, items: s.items.map((i) => (i.contractId === item.contractId ? item : i)) }));

  // Live: the first page again, in place (no spinner), when a contract the user hears of moves — a renewal
  // paid, a policy ended, a mark made in another tab — and the rate with it.
  const refresh = React.useRef<() => void>(() => undefined);
  refresh.current = () => {
    const q = new URLSearchParams();
    for (const f of FILTERS) if (params.get(f)) q.set(f, params.get(f)!);
    listRenewals(q, null).then(
      (page) => setState((s) => (s.status === 'ready' ? { ...s, items: page.items, next: page.next } : s)),
      () => undefined,
    );
    setVersion((v) => v + 1);
  };
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => refresh.current(), 300);
    };
    const bus = getRuntime().bus;
    // Back after the socket was away: what changed meanwhile sent no event here.
    const subs = [bus.on('contract_status').subscribe(later), bus.on('notification').subscribe(later), bus.back$.subscribe(later)];
    return () => {
      subs.forEach((s) => s.unsubscribe());
      if (timer) clearTimeout(timer);
    };
  }, []);

  async function submitMark() {
    if (!marking) return;
    setBusy(true);
    setProblem(null);
    try {
      replace(await markRenewal(marking.item.contractId, marking.outcome, comment));
      setMarking(null);
      setComment('');
      setVersion((v) => v + 1);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function undo(item: RenewalItem) {
    try {
      replace(await undoRenewalMark(item.contractId));
      setVersion((v) => v + 1);
    } catch (e) {
      getRuntime().toasts.show({ type: 'error', title: 'Не удалось отменить', body: errorText(e) });
    }
  }

  const bucket = params.get('bucket') ?? '';
  const agents = state.status === 'ready' ? [...new Map(state.items.map((i) => [i.agent.id, i.agent.fio])).entries()] : [];
  return (
    <PageFrame title="Продления" back={{ to: '/contracts', label: 'Полисы' }} section="contracts">
      <p className="oy-contracts__muted oy-renewals__lead">
        Полисы, которые заканчиваются в ближайшие 45 дней, и закончившиеся за последние 30 дней без результата. «Пересчитать» откроет калькулятор с данными полиса и датой начала на следующий день после его окончания.
      </p>
      <RateBlock agent={agent} perAgent={seesOthers} onAgent={(id) => setFilter('agent', id)} version={version} />
      <div className="oy-contracts__filters" role="search">
        <div className="oy-contracts__periods" role="group" aria-label="Срок">
          <Button size="small" type={bucket === '' ? 'primary' : 'default'} onClick={() => setFilter('bucket', '')}>
            Все
          </Button>
          {RENEWAL_BUCKETS.map((b) => (
            <Button key={b} size="small" type={bucket === b ? 'primary' : 'default'} onClick={() => setFilter('bucket', bucket === b ? '' : b)}>
              {RENEWAL_BUCKET_TITLES[b]}
            </Button>
          ))}
        </div>
        <select className="oy-contracts__status" aria-label="Результат" value={params.get('outcome') ?? ''} onChange={(e) => setFilter('outcome', e.target.value)}>
          <option value="">Любой результат</option>
          {RENEWAL_OUTCOME_FILTERS.map((o) => (
            <option key={o} value={o}>
              {RENEWAL_OUTCOME_FILTER_TITLES[o]}
            </option>
          ))}
        </select>
        {seesOthers ? (
          <select className="oy-contracts__status" aria-label="Агент" value={agent ?? ''} onChange={(e) => setFilter('agent', e.target.value)}>
            <option value="">Все агенты</option>
            {agent && !agents.some(([id]) => id === agent) ? <option value={agent}>Выбранный агент</option> : null}
            {agents.map(([id, fio]) => (
              <option key={id} value={id}>
                {fio}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={5} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить продления" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        filtered ? (
          <EmptyState text="По этим условиям полисов нет">
            <Button onClick={resetFilters}>Сбросить фильтры</Button>
          </EmptyState>
        ) : (
          <EmptyState text="В ближайшие 45 дней полисы не заканчиваются" />
        )
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <ul className="oy-contracts__list" aria-label="Полисы к продлению">
            {state.items.map((i) => (
              <li key={i.contractId} className="oy-renewals__row" aria-label={`${i.productName} ${i.policyNumber ?? ''}`.trim()}>
                <span className={`oy-renewals__days oy-renewals__days--${i.bucket}`}>{daysLeftText(i.daysLeft)}</span>
                <span className="oy-contracts__main">
                  <Link to={`/contracts/${i.contractId}`} className="oy-renewals__title">
                    {i.productName}
                    {i.policyNumber ? ` ${i.policyNumber}` : ''}
                  </Link>
                  <span className="oy-contracts__muted">{[i.clientName, i.object, i.companyName].filter(Boolean).join(' · ') || '—'}</span>
                  {me && i.agent.id !== me._id ? <span className="oy-contracts__agent">Агент: {i.agent.fio}</span> : null}
                  <Outcome item={i} onUndo={() => void undo(i)} />
                </span>
                <span className="oy-renewals__money">
                  <span className="oy-contracts__money">{i.premium == null ? '—' : formatMoney(i.premium)}</span>
                  <span className="oy-contracts__muted">до {formatDate(i.endDate)}</span>
                </span>
                <span className="oy-renewals__actions">
                  {i.quotePath && i.outcome?.kind !== 'renewed_here' ? (
                    <Link to={i.quotePath} className="oy-renewals__quote">
                      Пересчитать
                    </Link>
                  ) : null}
                  {!staff && i.agent.id === me?._id && i.outcome?.kind !== 'renewed_here' ? (
                    <select
                      className="oy-contracts__status"
                      aria-label={`Результат: ${i.policyNumber ?? i.productName}`}
                      value=""
                      onChange={(e) => {
                        if (!e.target.value) return;
                        setComment('');
                        setProblem(null);
                        setMarking({ item: i, outcome: e.target.value as RenewalMark });
                      }}
                    >
                      <option value="">Отметить…</option>
                      {(Object.keys(MARK_TITLES) as RenewalMark[]).map((m) => (
                        <option key={m} value={m}>
                          {MARK_TITLES[m]}
                        </option>
                      ))}
                    </select>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
      <ConfirmDialog
        open={marking !== null}
        title={marking ? `${RENEWAL_OUTCOME_TITLES[marking.outcome]}: ${marking.item.productName} ${marking.item.policyNumber ?? ''}`.trim() : ''}
        okText="Отметить"
        loading={busy}
        onOk={() => void submitMark()}
        onCancel={() => setMarking(null)}
      >
        <label htmlFor="renewal-comment" className="oy-renewals__label">
          Комментарий (необязательно)
        </label>
        <Input.TextArea id="renewal-comment" value={comment} maxLength={RENEWAL_COMMENT_MAX} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(e) => setComment(e.target.value)} />
        <p className="oy-contracts__muted">Отметку можно отменить в течение суток.</p>
        {problem ? (
          <p className="oy-contract__error" role="alert">
            {problem}
          </p>
        ) : null}
      </ConfirmDialog>
    </PageFrame>
  );
}
