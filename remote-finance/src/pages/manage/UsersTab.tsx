import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  AGENT_ROLE_OPTIONS,
  BLOCKED_TITLES,
  OPF_SHORT,
  ROLE_DISPLAY_PRIORITY,
  ROLE_TITLES,
  STAFF_ROLE_OPTIONS,
  USER_KIND_TITLES,
  moscowParts,
  type ManagedUserListItem,
} from '@oyster/shared-kit/domain';
import { Button, Input } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, ShowMore, useKeysetList } from '@oyster/shared-kit/ui/screens';
import { usersPage } from '../../api/users';
import { managePaths } from './manage';

const FILTERS = ['search', 'role', 'blocked', 'kind'] as const;
/** §5's debounce of a typed search. */
const SEARCH_DEBOUNCE_MS = 300;
export const NO_USERS_TEXT = 'Пользователей не найдено';

/** The roles a filter offers: the assignable options of §6 in display priority. */
const ROLE_FILTER = ROLE_DISPLAY_PRIORITY.filter((r) => [...STAFF_ROLE_OPTIONS, ...AGENT_ROLE_OPTIONS].includes(r));

/**
 * «Пользователи» (`/app/manage/users`, administrators): staff and agents, newest first — name (the
 * user's page), email, the role shown by §6 priority, kind and legal form, network, active or blocked
 * (§4), since when; search by name or email, role, state (0 active, 1 blocked), kind; «Показать ещё»;
 * «Новый пользователь».
 */
export default function UsersTab() {
  const navigate = useNavigate();
  const { params, state, setFilter, more, retry, filtered, resetFilters } = useKeysetList(FILTERS, usersPage);
  const [search, setSearch] = React.useState(params.get('search') ?? '');
  const typed = React.useRef(false);
  React.useEffect(() => {
    if (!typed.current) return;
    const t = setTimeout(() => setFilter('search', search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  return (
    <div className="oy-manage">
      <div className="oy-manage__filters">
        <Input
          aria-label="Поиск по ФИО или email"
          placeholder="ФИО или email"
          allowClear
          className="oy-manage__search"
          value={search}
          onChange={(e) => {
            typed.current = true;
            setSearch(e.target.value);
          }}
        />
        <select aria-label="Роль" className="oy-manage__select" value={params.get('role') ?? ''} onChange={(e) => setFilter('role', e.target.value)}>
          <option value="">Все роли</option>
          {ROLE_FILTER.map((r) => (
            <option key={r} value={r}>
              {ROLE_TITLES[r]}
            </option>
          ))}
        </select>
        <select aria-label="Статус" className="oy-manage__select" value={params.get('blocked') ?? ''} onChange={(e) => setFilter('blocked', e.target.value)}>
          <option value="">Все</option>
          <option value="0">Активные</option>
          <option value="1">Заблокированные</option>
        </select>
        <select aria-label="Вид" className="oy-manage__select" value={params.get('kind') ?? ''} onChange={(e) => setFilter('kind', e.target.value)}>
          <option value="">Сотрудники и агенты</option>
          <option value="staff">Сотрудники</option>
          <option value="agent">Агенты</option>
        </select>
        <Button type="primary" className="oy-manage__new" onClick={() => navigate(managePaths.newUser())}>
          Новый пользователь
        </Button>
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={8} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить пользователей" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? (
        <EmptyState text={NO_USERS_TEXT}>
          {filtered ? (
            <Button
              onClick={() => {
                typed.current = false;
                setSearch('');
                resetFilters();
              }}
            >
              Сбросить фильтры
            </Button>
          ) : null}
        </EmptyState>
      ) : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <Users rows={state.items} />
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </div>
  );
}

function Users({ rows }: { rows: ManagedUserListItem[] }) {
  return (
    <div className="oy-manage__table">
      <div className="oy-manage__head oy-user-row" aria-hidden="true">
        <span>Пользователь</span>
        <span>Роль</span>
        <span>Вид</span>
        <span>Брокерская сеть</span>
        <span>Статус</span>
        <span>Создан</span>
      </div>
      <ul className="oy-manage__list" aria-label="Пользователи">
        {rows.map((u) => (
          <li key={u._id} className="oy-user-row" aria-label={u.fio}>
            <span className="oy-user-row__who">
              <Link to={managePaths.user(u._id)}>{u.fio || u.email}</Link>
              <span className="oy-manage__muted">{u.email}</span>
            </span>
            <span>{u.role ? ROLE_TITLES[u.role] : '—'}</span>
            <span>
              {USER_KIND_TITLES[u.kind]}
              {u.opf ? `, ${OPF_SHORT[u.opf]}` : ''}
            </span>
            <span>{u.network?.name ?? '—'}</span>
            <span>
              <span className={`oy-manage__badge${u.isBlocked ? ' oy-manage__badge--blocked' : ''}`}>{BLOCKED_TITLES[u.isBlocked ? 1 : 0]}</span>
            </span>
            <span className="oy-manage__muted">{moscowParts(u.createdAt).date}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
