import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  AUDIT_ACTION_TITLES,
  AUDIT_FIELD_TITLES,
  AUDIT_OBJECT_TITLES,
  OPF_SHORT,
  ROLE_TITLES,
  formatMoscowDateTime,
  type AuditRow,
  type Opf,
  type Role,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, DateInput } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, ShowMore, useKeysetList, useLoad } from '@oyster/shared-kit/ui/screens';
import { auditPage, usersPage } from '../../api/users';
import { managePaths } from './manage';

const FILTERS = ['objectType', 'actorId', 'from', 'to'] as const;
export const NO_AUDIT_TEXT = 'Изменений не найдено';

const FIELD_ORDER = ['secondName', 'firstName', 'middleName', 'email', 'phone', 'roles', 'opf', 'networkId', 'isPersonal', 'canChatWithAgents', 'canChatWithClients', 'canViewOnlyAppointedAgents', 'canAnalyticsView', 'isBlocked'];

const ruDay = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('.') : '');

/** A value of a changed field as a person reads it. */
export function auditValue(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  if (field === 'roles' && Array.isArray(v)) return v.map((r) => ROLE_TITLES[r as Role] ?? String(r)).join(', ');
  if (field === 'opf' && typeof v === 'string') return OPF_SHORT[v as Opf] ?? v;
  if (Array.isArray(v)) return v.map(String).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * «Журнал изменений» (`/app/manage/audit`, administrators): every change made in Управление, newest
 * first — when (Moscow), who, what was done, to which object, and the changed fields before → after;
 * filters by kind of object, who, days; «Показать ещё»; a new change reloads the first page (audit_added).
 */
export default function AuditTab() {
  const { params, state, setFilter, more, retry, refresh, filtered, resetFilters } = useKeysetList(FILTERS, auditPage);
  // Who may have changed something: the staff (administrators above all), for the filter.
  // The period in the URL as YYYY-MM-DD (the api's), on screen dd.mm.yyyy (§5); a half-typed date changes nothing.
  const dayFilter = (name: 'from' | 'to', v: string) => {
    if (!v) setFilter(name, '');
    else if (/^\d{2}\.\d{2}\.\d{4}$/.test(v)) setFilter(name, v.split('.').reverse().join('-'));
  };
  const staff = useLoad(() => usersPage(new URLSearchParams({ kind: 'staff' }), null), []);
  React.useEffect(() => {
    // A new record, or back after the socket was away: read again in place (the pages shown stay).
    const sub = getRuntime().bus.on('audit_added').subscribe(() => refresh());
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="oy-manage">
      <div className="oy-manage__filters">
        <select aria-label="Объект" className="oy-manage__select" value={params.get('objectType') ?? ''} onChange={(e) => setFilter('objectType', e.target.value)}>
          <option value="">Все объекты</option>
          {Object.entries(AUDIT_OBJECT_TITLES).map(([k, title]) => (
            <option key={k} value={k}>
              {title}
            </option>
          ))}
        </select>
        <select aria-label="Кто изменил" className="oy-manage__select" value={params.get('actorId') ?? ''} onChange={(e) => setFilter('actorId', e.target.value)}>
          <option value="">Все сотрудники</option>
          {(staff.state.status === 'ready' ? staff.state.data.items : []).map((u) => (
            <option key={u._id} value={u._id}>
              {u.fio}
            </option>
          ))}
        </select>
        <div className="oy-manage__date">
          <DateInput aria-label="Период с" placeholder="с дд.мм.гггг" value={ruDay(params.get('from'))} onChange={(v) => dayFilter('from', v)} />
        </div>
        <div className="oy-manage__date">
          <DateInput aria-label="Период по" placeholder="по дд.мм.гггг" value={ruDay(params.get('to'))} onChange={(v) => dayFilter('to', v)} />
        </div>
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={8} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить журнал изменений" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        <EmptyState text={NO_AUDIT_TEXT}>{filtered ? <Button onClick={resetFilters}>Сбросить фильтры</Button> : null}</EmptyState>
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <div className="oy-manage__table">
            <div className="oy-manage__head oy-audit-row" aria-hidden="true">
              <span>Когда</span>
              <span>Кто</span>
              <span>Действие</span>
              <span>Объект</span>
              <span>Было → стало</span>
            </div>
            <ul className="oy-manage__list" aria-label="Журнал изменений">
              {state.items.map((row) => (
                <Entry key={row.id} row={row} />
              ))}
            </ul>
          </div>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </div>
  );
}

function Entry({ row }: { row: AuditRow }) {
  // In the order of the user's page (names first), fields the viewer has no title for last.
  const rank = (f: string) => (FIELD_ORDER.includes(f) ? FIELD_ORDER.indexOf(f) : FIELD_ORDER.length);
  const fields = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])].sort((a, b) => rank(a) - rank(b));
  const kind = AUDIT_OBJECT_TITLES[row.objectType] ?? row.objectType;
  const name = row.objectTitle ?? row.objectId;
  return (
    <li className="oy-audit-row" aria-label={`${AUDIT_ACTION_TITLES[row.action] ?? row.action}: ${name}`}>
      <span className="oy-manage__muted">{formatMoscowDateTime(row.at)}</span>
      <span>{row.actor?.fio ?? 'Система'}</span>
      <span>{AUDIT_ACTION_TITLES[row.action] ?? row.action}</span>
      <span>
        <span className="oy-manage__muted">{kind}</span>{' '}
        {row.objectType === 'user' || row.objectType === 'agent' ? <Link to={managePaths.user(row.objectId)}>{name}</Link> : name}
      </span>
      <ul className="oy-audit-changes" aria-label="Изменённые поля">
        {fields.map((f) => {
          const title = AUDIT_FIELD_TITLES[f] ?? f;
          const before = row.before ? auditValue(f, row.before[f]) : null;
          const after = row.after ? auditValue(f, row.after[f]) : null;
          return (
            <li key={f}>
              <b>{title}:</b>{' '}
              {before !== null ? <span className="oy-audit-before">{before}</span> : null}
              {before !== null && after !== null ? ' → ' : null}
              {after !== null ? <span className="oy-audit-after">{after}</span> : null}
            </li>
          );
        })}
      </ul>
    </li>
  );
}
