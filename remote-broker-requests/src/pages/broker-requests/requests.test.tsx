import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type BrokerRequestListItem } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const row = (n: number, over: Partial<BrokerRequestListItem> = {}): BrokerRequestListItem => ({
  id: String(n).padStart(24, 'a'),
  number: n,
  productType: 'iyl_yl',
  productTitle: 'Имущество: ИЮЛ',
  status: 110,
  statusTitle: 'Запрос отправлен',
  step: 'calc',
  agent: { id: 'd'.repeat(24), fio: 'Иванов Иван Петрович' },
  executor: null,
  clientName: 'ООО «Северный склад»',
  createdAt: hoursAgo(3),
  sentAt: hoursAgo(3),
  updatedAt: hoursAgo(3),
  slaHours: 24,
  slaDueAt: null,
  closedAt: null,
  ...over,
});

describe('«Запросы» (broker-requests)', () => {
  it('an agent: their requests with number, product, client, status and the SLA clock; «Новый запрос»; no queue tabs', async () => {
    const http = fakeHttp({ 'GET /api/v2/broker-requests': { data: { items: [row(1042), row(1001, { status: 500, statusTitle: 'Завершён', step: 'completed', executor: { id: 'e'.repeat(24), fio: 'Кузнецова Ольга Сергеевна' } })], next: null } } });
    await renderSection(RemoteRoutes, '/broker-requests', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Запросы' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Запрос № 1042');
    expect(first).toHaveTextContent('ООО «Северный склад»');
    expect(first).toHaveTextContent('Запрос отправлен');
    expect(first).toHaveTextContent(/осталось \d+ р\.ч\./);
    expect(second).toHaveTextContent('Исполнитель: Кузнецова Ольга Сергеевна');
    expect(second).not.toHaveTextContent(/осталось|просрочен/); // closed: no clock
    expect(screen.getAllByRole('link', { name: 'Новый запрос' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('the executors’ queue: «Новые», «Мои», «Все» in the URL; an overdue request is flagged; a pushed change reads the list again', async () => {
    const overdue = row(1003, { sentAt: hoursAgo(24 * 8), slaHours: 4, executor: { id: DEMO_USERS.manager._id, fio: 'Кузнецова Ольга Сергеевна' } });
    const http = fakeHttp({ 'GET /api/v2/broker-requests': { data: { items: [overdue], next: null } } });
    const { bus } = await renderSection(RemoteRoutes, '/broker-requests', { http, user: DEMO_USERS.manager });
    expect(await screen.findByRole('tab', { name: 'Все' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Мои' }));
    await waitFor(() => expect(currentLocation()).toBe('/broker-requests?view=mine'));
    await waitFor(() => expect(http.calls.some((c) => c.path.includes('view=mine'))).toBe(true));
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent(/⚠ просрочен на \d+ р\.ч\./);
    expect(screen.queryByRole('link', { name: 'Новый запрос' })).toBeNull(); // managers do not send requests
    const reads = http.calls.length;
    act(() => bus.publish('broker_request', { requestId: overdue.id, number: 1003, status: 125, statusTitle: 'Подготовлен', change: 'status' }));
    await waitFor(() => expect(http.calls.length).toBe(reads + 1));
  });

  it('filters through the URL: status, product, period; the empty result offers to reset them', async () => {
    const http = fakeHttp({ 'GET /api/v2/broker-requests': { data: { items: [], next: null } } });
    await renderSection(RemoteRoutes, '/broker-requests', { http, user: DEMO_USERS.agent });
    await screen.findByText('Запросов пока нет');
    fireEvent.change(screen.getByRole('combobox', { name: 'Статус' }), { target: { value: '300' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Продукт' }), { target: { value: 'iyl_yl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Последние 7 дней' }));
    await waitFor(() => expect(currentLocation()).toBe('/broker-requests?status=300&product=iyl_yl&period=7'));
    fireEvent.click(await screen.findByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(currentLocation()).toBe('/broker-requests'));
  });
});
