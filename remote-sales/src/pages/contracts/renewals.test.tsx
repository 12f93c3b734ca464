import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type RenewalItem, type RenewalStats } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = 'c1'.repeat(12);
const ROW: RenewalItem = {
  contractId: ID,
  product: 'eosago',
  productName: 'Е-ОСАГО',
  policyNumber: 'ХХХ0123456789',
  clientName: 'Смирнова Анна Петровна',
  object: 'KIA Rio, А123ВС777',
  companyName: 'ВСК',
  premium: 1_234_567,
  endDate: '2027-01-12',
  daysLeft: 30,
  bucket: '30',
  outcome: null,
  agent: { id: DEMO_USERS.agent._id, fio: 'Иванов Иван' },
  quotePath: `/new-eosago?renew=${ID}`,
};
const STATS: RenewalStats = {
  period: '30',
  from: '2026-11-13',
  to: '2026-12-12',
  total: { ended: 7, renewedHere: 3, lost: 1, renewedElsewhere: 1 },
  agents: [{ agent: { id: DEMO_USERS.agent._id, fio: 'Иванов Иван' }, ended: 7, renewedHere: 3, lost: 1, renewedElsewhere: 1 }],
};

describe('Продления', () => {
  test('rows with days left, client, object, insurer, premium and end date; the rate for the period; «Пересчитать» opens the calculator with ?renew=', async () => {
    const http = fakeHttp({ 'GET /api/v2/renewals': { data: { items: [ROW], next: null, today: '2026-12-13' } }, 'GET /api/v2/renewals/stats': { data: STATS } });
    await renderSection(RemoteRoutes, '/contracts/renewals', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Полисы к продлению' });
    expect(within(list).getByText('Осталось 30 дней')).toBeTruthy();
    expect(within(list).getByText('Смирнова Анна Петровна · KIA Rio, А123ВС777 · ВСК')).toBeTruthy();
    expect(within(list).getByText(/12\s345,67\s₽/)).toBeTruthy();
    expect(within(list).getByText('до 12.01.2027')).toBeTruthy();
    expect(await screen.findByText('42,9 %')).toBeTruthy();
    expect(screen.getByText(/3 из 7 полисов, закончившихся с 13\.11\.2026 по 12\.12\.2026/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('link', { name: 'Пересчитать' }));
    await waitFor(() => expect(currentLocation()).toBe(`/new-eosago?renew=${ID}`));
  });

  test('filters live in the URL: a bucket asks the api with it; the empty state offers to reset', async () => {
    const http = fakeHttp({ 'GET /api/v2/renewals': { data: { items: [], next: null, today: '2026-12-13' } }, 'GET /api/v2/renewals/stats': { data: STATS } });
    await renderSection(RemoteRoutes, '/contracts/renewals', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('В ближайшие 45 дней полисы не заканчиваются')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '7 дней и меньше' }));
    await waitFor(() => expect(http.calls.some((c) => c.path.startsWith('/api/v2/renewals?') && c.path.includes('bucket=7'))).toBe(true));
    expect(currentLocation()).toContain('bucket=7');
    expect(await screen.findByText('По этим условиям полисов нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(currentLocation()).not.toContain('bucket'));
  });

  test('a mark with a comment replaces the row; «Отменить» takes it back; the error of a load shows with a retry', async () => {
    const marked: RenewalItem = { ...ROW, outcome: { kind: 'lost', title: 'Клиент потерян', comment: 'Продал машину', at: '2026-12-13T09:00:00.000Z', by: { id: DEMO_USERS.agent._id, fio: 'Иванов Иван' }, renewedBy: null, canUndo: true } };
    const http = fakeHttp({
      'GET /api/v2/renewals': { data: { items: [ROW], next: null, today: '2026-12-13' } },
      'GET /api/v2/renewals/stats': { data: STATS },
      [`POST /api/v2/renewals/${ID}/outcome`]: { data: marked },
      [`DELETE /api/v2/renewals/${ID}/outcome`]: { data: ROW },
    });
    await renderSection(RemoteRoutes, '/contracts/renewals', { http, user: DEMO_USERS.agent });
    const select = await screen.findByRole('combobox', { name: 'Результат: ХХХ0123456789' });
    fireEvent.change(select, { target: { value: 'lost' } });
    fireEvent.change(await screen.findByLabelText('Комментарий (необязательно)'), { target: { value: 'Продал машину' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отметить' }));
    expect(await screen.findByText('«Продал машину»')).toBeTruthy();
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'lost', comment: 'Продал машину' });
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(screen.queryByText('«Продал машину»')).toBeNull());
  });

  test('a paid renewal elsewhere (the socket) reloads the list in place: «Продлён у нас» with the new policy', async () => {
    let paid = false;
    const here: RenewalItem = { ...ROW, outcome: { kind: 'renewed_here', title: 'Продлён у нас', comment: null, at: '2026-12-13T09:00:00.000Z', by: null, renewedBy: { id: 'd'.repeat(24), policyNumber: 'ХХХ0000000001' }, canUndo: false } };
    const http = fakeHttp({ 'GET /api/v2/renewals': () => ({ data: { items: [paid ? here : ROW], next: null, today: '2026-12-13' } }), 'GET /api/v2/renewals/stats': { data: STATS } });
    const { bus } = await renderSection(RemoteRoutes, '/contracts/renewals', { http, user: DEMO_USERS.agent });
    await screen.findByRole('list', { name: 'Полисы к продлению' });
    paid = true;
    act(() => bus.publish('contract_status', { contractId: 'd'.repeat(24), status: 500, statusTitle: 'Оплачен', policyNumber: null, at: '2026-12-13T09:00:00.000Z' }));
    expect(await screen.findByText('полис ХХХ0000000001')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Полисы к продлению' })).getByText('Продлён у нас')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Пересчитать' })).toBeNull();
  });

  test('a failed load says so with «Повторить»', async () => {
    const http = fakeHttp({ 'GET /api/v2/renewals': () => { throw httpError(500, { message: 'Сервис недоступен' }); }, 'GET /api/v2/renewals/stats': { data: STATS } });
    await renderSection(RemoteRoutes, '/contracts/renewals', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Не удалось загрузить продления')).toBeTruthy();
  });
});
