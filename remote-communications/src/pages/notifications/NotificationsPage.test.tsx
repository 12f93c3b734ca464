import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type NotificationItem } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const note = (n: number, over: Partial<NotificationItem> = {}): NotificationItem => ({
  _id: String(n).padStart(24, 'a'),
  title: `Уведомление ${n}`,
  body: `Текст ${n}`,
  isRead: false,
  createdAt: '2026-11-20T09:05:00.000Z',
  action: null,
  actionText: null,
  ...over,
});

describe('«Уведомления» (notifications)', () => {
  it('lists the user’s own with the Moscow date and time, marks the unread ones «Новое», and links where one leads', async () => {
    const http = fakeHttp({
      'GET /api/v2/notifications': { data: { items: [note(1, { title: 'Предложения по запросу № 1042', action: '/request-broker/abc', actionText: 'Открыть запрос' }), note(2, { isRead: true })], next: null, unread: 1 } },
    });
    await renderSection(RemoteRoutes, '/notifications', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Уведомления' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Новое');
    expect(first).toHaveTextContent('20.11.2026, 12:05');
    expect(first).toHaveTextContent('Предложения по запросу № 1042');
    expect(within(first).getByRole('link', { name: 'Открыть запрос' })).toHaveAttribute('href', '/request-broker/abc');
    expect(second).not.toHaveTextContent('Новое');
    expect(within(second).queryByRole('button', { name: 'Прочитано' })).toBeNull();
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('«Прочитано» marks one read; «Прочитать все» the rest, and goes away when nothing is unread', async () => {
    const http = fakeHttp({
      'GET /api/v2/notifications': { data: { items: [note(1), note(2), note(3)], next: null, unread: 3 } },
      [`POST /api/v2/notifications/${note(1)._id}/read`]: { data: { unread: 2 } },
      'POST /api/v2/notifications/read-all': { data: { unread: 0 } },
    });
    await renderSection(RemoteRoutes, '/notifications', { http, user: DEMO_USERS.agent });
    const [first] = within(await screen.findByRole('list', { name: 'Уведомления' })).getAllByRole('listitem');
    fireEvent.click(within(first).getByRole('button', { name: 'Прочитано' }));
    await waitFor(() => expect(first).not.toHaveTextContent('Новое'));
    expect(screen.getAllByRole('button', { name: 'Прочитано' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Прочитать все' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Прочитано' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Прочитать все' })).toBeNull();
    expect(screen.queryByText('Новое')).toBeNull();
  });

  it('following a link marks the notification read and goes there', async () => {
    const http = fakeHttp({
      'GET /api/v2/notifications': { data: { items: [note(1, { action: '/request-broker/abc' })], next: null, unread: 1 } },
      [`POST /api/v2/notifications/${note(1)._id}/read`]: { data: { unread: 0 } },
    });
    await renderSection(RemoteRoutes, '/notifications', { http, user: DEMO_USERS.agent });
    fireEvent.click(await screen.findByRole('link', { name: 'Открыть' }));
    await waitFor(() => expect(currentLocation()).toBe('/request-broker/abc'));
    expect(http.calls.some((c) => c.method === 'POST' && c.path.endsWith('/read'))).toBe(true);
  });

  it('«Показать ещё» reads the next page after the cursor; a failure keeps what is shown and says why', async () => {
    let fail = false;
    const http = fakeHttp({
      'GET /api/v2/notifications': (_b, call) => {
        if (call.path.includes('after=')) {
          if (fail) throw httpError(500, null);
          return { data: { items: [note(3)], next: null, unread: 3 } };
        }
        return { data: { items: [note(1), note(2)], next: 'CURSOR', unread: 3 } };
      },
    });
    await renderSection(RemoteRoutes, '/notifications', { http, user: DEMO_USERS.agent });
    await screen.findByText('Уведомление 2');
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Системная ошибка. Обратитесь к администратору');
    expect(screen.getByText('Уведомление 1')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await screen.findByText('Уведомление 3');
    expect(http.calls.at(-1)!.path).toContain('after=CURSOR');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('empty: «Уведомлений нет»; a failed load offers to try again; a new notification on the socket shows without reload', async () => {
    let items: NotificationItem[] = [];
    let down = true;
    const http = fakeHttp({
      'GET /api/v2/notifications': () => {
        if (down) throw httpError(500, { message: 'Внутренняя ошибка сервера' });
        return { data: { items, next: null, unread: items.length } };
      },
    });
    const { bus } = await renderSection(RemoteRoutes, '/notifications', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Не удалось загрузить уведомления')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(await screen.findByText('Уведомлений нет')).toBeInTheDocument();
    items = [note(9, { title: 'Запрос № 7 завершён' })];
    act(() => bus.publish('notification', { _id: note(9)._id, guid: note(9)._id, title: 'Запрос № 7 завершён', body: '' }));
    expect(await screen.findByText('Запрос № 7 завершён')).toBeInTheDocument();
  });

  it('a new notification while two pages are shown: it comes on top and the page added with «Показать ещё» stays', async () => {
    let all = [note(1), note(2), note(3)];
    // Two a page, the cursor an index into the list as it is at the time of the read.
    const http = fakeHttp({
      'GET /api/v2/notifications': (_b, call) => {
        const from = Number(/after=(\d+)/.exec(call.path)?.[1] ?? 0);
        return { data: { items: all.slice(from, from + 2), next: from + 2 < all.length ? String(from + 2) : null, unread: all.length } };
      },
    });
    const { bus } = await renderSection(RemoteRoutes, '/notifications', { http, user: DEMO_USERS.agent });
    await screen.findByText('Уведомление 2');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await screen.findByText('Уведомление 3');
    all = [note(4, { title: 'Новое поступление' }), ...all];
    act(() => bus.publish('notification', { _id: note(4)._id, guid: note(4)._id, title: 'Новое поступление', body: '' }));
    // No skeleton meanwhile: the rows stay until the new ones come.
    expect(screen.getByText('Уведомление 3')).toBeInTheDocument();
    expect(await screen.findByText('Новое поступление')).toBeInTheDocument();
    expect(screen.getByText('Уведомление 3')).toBeInTheDocument();
    expect(screen.getAllByText(/^(Уведомление \d|Новое поступление)$/).map((e) => e.textContent)).toEqual(['Новое поступление', 'Уведомление 1', 'Уведомление 2', 'Уведомление 3']);
  });

  it('the socket back after being away: the list is read again, the rows staying meanwhile, and what came shows', async () => {
    let items = [note(1)];
    const http = fakeHttp({ 'GET /api/v2/notifications': () => ({ data: { items, next: null, unread: items.length } }) });
    const { bus } = await renderSection(RemoteRoutes, '/notifications', { http, user: DEMO_USERS.agent });
    act(() => bus.connection$.next('connected'));
    await screen.findByText('Уведомление 1');
    const reads = () => http.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/v2/notifications')).length;
    const before = reads();
    act(() => bus.connection$.next('reconnecting'));
    items = [note(2, { title: 'Пока вас не было' }), note(1)];
    act(() => bus.connection$.next('connected'));
    expect(screen.getByText('Уведомление 1')).toBeInTheDocument();
    expect(await screen.findByText('Пока вас не было')).toBeInTheDocument();
    expect(reads()).toBe(before + 1);
  });
});

