import * as React from 'react';
import { Link } from 'react-router-dom';
import { INSURER_CALL_FILTERS, INSURER_CALL_METHODS, INSURER_CALL_METHOD_TITLES, INSURER_LOG_MASK, INSURER_LOG_MASKED_NOTE, formatMoscowDateTime, sectionOf, type InsurerCallLogItem, type InsurerCallMethod } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, ShowMore, useKeysetList } from '@oyster/shared-kit/ui/screens';
import { listInsurerCalls } from '../../api/soapLogs';
import { InsurerSelect } from '../../components/InsurerSelect';
import './soap-logs.css';

const methodTitle = (m: string) => INSURER_CALL_METHOD_TITLES[m as InsurerCallMethod] ?? m;
const json = (v: unknown) => (v == null ? '—' : JSON.stringify(v, null, 2));
/** Whether the api masked a secret somewhere in the call (a payment token, a passport's series or number). */
const masked = (call: InsurerCallLogItem) => [JSON.stringify(call.request), JSON.stringify(call.response), call.error ?? ''].some((t) => t?.includes(INSURER_LOG_MASK));

/** One call: when, to whom, what for, how long, how it ended — and, opened, what was sent and what came back. */
function CallRow({ call }: { call: InsurerCallLogItem }) {
  const [open, setOpen] = React.useState(false);
  const id = `soap-call-${call.id}`;
  return (
    <li className={`oy-soap__row${call.error ? ' oy-soap__row--error' : ''}`}>
      <button type="button" className="oy-soap__summary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span className="oy-soap__time">{formatMoscowDateTime(call.at, { seconds: true })}</span>
        <span className="oy-soap__company">{call.companyName ?? '—'}</span>
        <span className="oy-soap__method">{methodTitle(call.method)}</span>
        <span className="oy-soap__duration">{call.durationMs.toLocaleString('ru-RU')} мс</span>
        <span className="oy-soap__outcome">{call.error ? `Ошибка: ${call.error}` : 'Успешно'}</span>
      </button>
      {open ? (
        <div id={id} className="oy-soap__details">
          <div className="oy-soap__meta">
            <span>Метод: <code>{call.method}</code></span>
            {call.contractId ? <Link to={`/contracts/${call.contractId}`}>Открыть договор</Link> : null}
          </div>
          <div className="oy-soap__payloads">
            <section aria-label="Запрос">
              <h3>Запрос</h3>
              <pre>{json(call.request)}</pre>
            </section>
            <section aria-label={call.error ? 'Ошибка' : 'Ответ'}>
              <h3>{call.error ? 'Ошибка' : 'Ответ'}</h3>
              <pre>{call.error ?? json(call.response)}</pre>
            </section>
          </div>
          {masked(call) ? <p className="oy-soap__masked">{INSURER_LOG_MASKED_NOTE}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * SOAP-логи (staff: administrators, supervisors, finance controllers — the api refuses others): every
 * call the product made to an insurer, newest first, filtered through the URL (insurer, method, one
 * contract, errors only), pages by «Показать ещё».
 */
export default function SoapLogsPage() {
  const { params, state, setFilter, more, retry, filtered, resetFilters } = useKeysetList(INSURER_CALL_FILTERS, listInsurerCalls);

  const contract = params.get('contract');
  return (
    <PageFrame title={sectionOf('/soap-logs')?.heading ?? 'SOAP-логи'} section="soap-logs">
      <div className="oy-soap__filters" role="search">
        <InsurerSelect value={params.get('company') ?? ''} onChange={(v) => setFilter('company', v)} />
        <select aria-label="Метод" value={params.get('method') ?? ''} onChange={(e) => setFilter('method', e.target.value)}>
          <option value="">Все методы</option>
          {INSURER_CALL_METHODS.map((m) => (
            <option key={m} value={m}>
              {INSURER_CALL_METHOD_TITLES[m]}
            </option>
          ))}
        </select>
        <label className="oy-soap__check">
          <input type="checkbox" checked={params.get('errors') === '1'} onChange={(e) => setFilter('errors', e.target.checked ? '1' : '')} /> Только ошибки
        </label>
        {contract ? (
          <span className="oy-soap__chip">
            Договор <Link to={`/contracts/${contract}`}>{contract.slice(-6)}</Link>
            <Button size="small" type="text" aria-label="Все договоры" onClick={() => setFilter('contract', '')}>
              ×
            </Button>
          </span>
        ) : null}
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить журнал" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        filtered ? (
          <EmptyState text="По этим условиям обращений нет">
            <Button onClick={resetFilters}>Сбросить фильтры</Button>
          </EmptyState>
        ) : (
          <EmptyState text="Обращений к страховщикам пока не было" />
        )
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <div className="oy-soap__table">
            <div className="oy-soap__head" aria-hidden="true">
              <span>Время (МСК)</span>
              <span>Страховщик</span>
              <span>Метод</span>
              <span>Длительность</span>
              <span>Результат</span>
            </div>
            <ul className="oy-soap__list" aria-label="Обращения к страховщикам">
              {state.items.map((c) => (
                <CallRow key={c.id} call={c} />
              ))}
            </ul>
          </div>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </PageFrame>
  );
}
