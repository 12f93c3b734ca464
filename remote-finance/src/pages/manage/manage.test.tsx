import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type AuditRow, type ManagedUserListItem } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, typeInto } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const user = (n: number, over: Partial<ManagedUserListItem> = {}): ManagedUserListItem => ({
  _id: String(n).padStart(24, 'a'),
  fio: `Пользователь ${n}`,
  email: `u${n}@oyster.test`,
  roles: ['agent'],
  role: 'agent',
  kind: 'agent',
  opf: 'FL',
  network: null,
  isBlocked: false,
  createdAt: '2026-11-20T09:05:00.000Z',
  ...over,
});
const ADMIN = { _id: 'ad'.repeat(12), fio: 'Смирнов Алексей Викторович' };
const auditRow = (over: Partial<AuditRow> = {}): AuditRow => ({
  id: 'e1'.repeat(12),
  at: '2026-11-27T21:30:00.000Z',
  actor: ADMIN,
  action: 'update',
  objectType: 'user',
  objectId: user(1)._id,
  objectTitle: 'Жукова Вера Константиновна',
  before: { roles: ['agent'], isBlocked: false },
  after: { roles: ['agent', 'sub_agent'], isBlocked: true },
  ...over,
});
const rows = () => within(screen.getByRole('list', { name: 'Пользователи' })).getAllByRole('listitem');

describe('«Управление»', () => {
  test('an administrator gets the four tabs and lands on «Пользователи»; «Маппинг тарифов» opens its own list', async () => {
    const http = fakeHttp({ 'GET /api/v2/users': { data: { items: [user(1)], next: null } } });
    await renderSection(RemoteRoutes, '/manage', { http, user: DEMO_USERS.admin });
    await waitFor(() => expect(currentLocation()).toBe('/manage/users'));
    const tabs = within(screen.getByRole('tablist', { name: 'Управление' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Пользователи', 'Маппинг тарифов', 'Партнёры', 'Журнал изменений']);
    expect(screen.getByRole('heading', { level: 1, name: 'Управление' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Маппинг тарифов' }));
    await waitFor(() => expect(currentLocation()).toBe('/manage/tariffs'));
    await waitFor(() => expect(http.calls.some((c) => c.path.startsWith('/api/v2/tariff-mappings'))).toBe(true));
    expect(screen.queryByText('Раздел готовится')).toBeNull();
  });

  test('a finance controller sees no users tab and no audit log: Управление opens at tariff mapping', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/manage/users', { http, user: DEMO_USERS.finance });
    await waitFor(() => expect(currentLocation()).toBe('/manage/tariffs'));
    const tabs = within(screen.getByRole('tablist', { name: 'Управление' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Маппинг тарифов', 'Партнёры']);
    expect(http.calls.filter((c) => c.path.startsWith('/api/v2/users'))).toEqual([]);
  });
});

describe('«Пользователи» (manage/users)', () => {
  test('each row: name to the user page, email, role by §6 priority, kind and legal form, network, status, date', async () => {
    const http = fakeHttp({
      'GET /api/v2/users': {
        data: {
          items: [
            user(1, { fio: 'Волков Андрей Геннадьевич', roles: ['agent', 'network_brokers_owner'], role: 'network_brokers_owner', opf: 'YL', network: { _id: 'n'.repeat(24), name: 'Брокерская сеть «Север»' } }),
            user(2, { fio: 'Соколова Марина Павловна', roles: ['finance_controller'], role: 'finance_controller', kind: 'staff', opf: null, isBlocked: true }),
          ],
          next: null,
        },
      },
    });
    await renderSection(RemoteRoutes, '/manage/users', { http, user: DEMO_USERS.admin });
    await screen.findByRole('list', { name: 'Пользователи' });
    const [broker, finance] = rows();
    expect(within(broker).getByRole('link', { name: 'Волков Андрей Геннадьевич' }).getAttribute('href')).toBe(`/user/${user(1)._id}`);
    expect(broker).toHaveTextContent('u1@oyster.test');
    expect(broker).toHaveTextContent('Брокер');
    expect(broker).toHaveTextContent('Агент, ЮЛ');
    expect(broker).toHaveTextContent('Брокерская сеть «Север»');
    expect(broker).toHaveTextContent('Активен');
    expect(broker).toHaveTextContent('20.11.2026');
    expect(finance).toHaveTextContent('Финансовый контролёр');
    expect(finance).toHaveTextContent('Сотрудник');
    expect(finance).toHaveTextContent('Заблокирован');
  });

  test('filters go to the api: role, status 1 (blocked), kind, and the search after 300 ms; nothing found offers to reset', async () => {
    jest.useFakeTimers();
    try {
      const http = fakeHttp({ 'GET /api/v2/users': (_b, call) => ({ data: { items: call.path.includes('search=') ? [] : [user(1)], next: null } }) });
      await renderSection(RemoteRoutes, '/manage/users', { http, user: DEMO_USERS.admin });
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      await screen.findByRole('list', { name: 'Пользователи' });
      fireEvent.change(screen.getByLabelText('Роль'), { target: { value: 'agent_supervisor' } });
      fireEvent.change(screen.getByLabelText('Статус'), { target: { value: '1' } });
      fireEvent.change(screen.getByLabelText('Вид'), { target: { value: 'staff' } });
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      const last = () => http.calls[http.calls.length - 1].path;
      expect(last()).toMatch(/role=agent_supervisor/);
      expect(last()).toMatch(/blocked=1/);
      expect(last()).toMatch(/kind=staff/);
      const before = http.calls.length;
      fireEvent.change(screen.getByLabelText('Поиск по ФИО или email'), { target: { value: 'Жук' } });
      await act(async () => {
        jest.advanceTimersByTime(299);
      });
      expect(http.calls.length).toBe(before);
      await act(async () => {
        jest.advanceTimersByTime(1);
        await jest.runOnlyPendingTimersAsync();
      });
      expect(last()).toMatch(/search=%D0%96%D1%83%D0%BA/);
      expect(await screen.findByText('Пользователей не найдено')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Сбросить фильтры' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  test('«Показать ещё» reads the next page by its cursor; «Новый пользователь» opens user/create; a failure says why', async () => {
    const http = fakeHttp({
      'GET /api/v2/users': (_b, call) => ({ data: call.path.includes('after=C1') ? { items: [user(3)], next: null } : { items: [user(1), user(2)], next: 'C1' } }),
    });
    await renderSection(RemoteRoutes, '/manage/users', { http, user: DEMO_USERS.admin });
    await screen.findByRole('list', { name: 'Пользователи' });
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Новый пользователь' }));
    await waitFor(() => expect(currentLocation()).toBe('/user/create'));

    const failing = fakeHttp({ 'GET /api/v2/users': () => Promise.reject(httpError(500, null)) });
    await renderSection(RemoteRoutes, '/manage/users', { http: failing, user: DEMO_USERS.admin });
    expect(await screen.findByText('Не удалось загрузить пользователей')).toBeTruthy();
  });
});

describe('«Журнал изменений» (manage/audit)', () => {
  test('who, when (Moscow), what, which object, the changed fields before → after; a new row reloads it live', async () => {
    let items = [auditRow()];
    const http = fakeHttp({
      'GET /api/v2/audit': () => ({ data: { items, next: null } }),
      'GET /api/v2/users': { data: { items: [user(9, { _id: ADMIN._id, fio: ADMIN.fio, kind: 'staff', roles: ['admin'], role: 'admin' })], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, '/manage/audit', { http, user: DEMO_USERS.admin });
    const list = await screen.findByRole('list', { name: 'Журнал изменений' });
    const [row] = within(list).getAllByRole('listitem', { name: /Изменение/ });
    expect(row).toHaveTextContent('28.11.2026, 00:30');
    expect(row).toHaveTextContent(ADMIN.fio);
    expect(within(row).getByRole('link', { name: 'Жукова Вера Константиновна' }).getAttribute('href')).toBe(`/user/${user(1)._id}`);
    const changes = within(row).getByRole('list', { name: 'Изменённые поля' });
    expect(changes).toHaveTextContent('Роли: Агент → Агент, Субагент');
    expect(changes).toHaveTextContent('Заблокирован: нет → да');

    items = [auditRow({ id: 'e2'.repeat(12), action: 'create', before: null, after: { email: 'new@oyster.test' }, objectTitle: 'Новый Сотрудник' }), ...items];
    act(() => bus.publish('audit_added', { objectType: 'user' }));
    expect(await screen.findByRole('listitem', { name: 'Создание: Новый Сотрудник' })).toHaveTextContent('Email: new@oyster.test');
  });

  test('filters by object, who and period go to the api; an empty log says so', async () => {
    const http = fakeHttp({
      'GET /api/v2/audit': { data: { items: [], next: null } },
      'GET /api/v2/users': { data: { items: [user(9, { _id: ADMIN._id, fio: ADMIN.fio, kind: 'staff', roles: ['admin'], role: 'admin' })], next: null } },
    });
    await renderSection(RemoteRoutes, '/manage/audit', { http, user: DEMO_USERS.admin });
    expect(await screen.findByText('Изменений не найдено')).toBeTruthy();
    await screen.findByRole('option', { name: ADMIN.fio });
    fireEvent.change(screen.getByLabelText('Объект'), { target: { value: 'partner' } });
    fireEvent.change(screen.getByLabelText('Кто изменил'), { target: { value: ADMIN._id } });
    typeInto(screen.getByLabelText('Период с'), '01112026');
    typeInto(screen.getByLabelText('Период по'), '30112026');
    fireEvent.keyDown(screen.getByLabelText('Период по'), { key: 'Enter' });
    await waitFor(() => {
      const path = http.calls.filter((c) => c.path.startsWith('/api/v2/audit')).pop()!.path;
      expect(path).toMatch(/objectType=partner/);
      expect(path).toContain(`actorId=${ADMIN._id}`);
      expect(path).toMatch(/from=2026-11-01/);
      expect(path).toMatch(/to=2026-11-30/);
    });
  });
});
