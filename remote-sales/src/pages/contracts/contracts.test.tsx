import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type ContractDetails, type ContractListItem } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = 'c1'.repeat(12);
const ROW: ContractListItem = {
  id: ID,
  product: 'eosago',
  productName: 'Е-ОСАГО',
  status: 250,
  statusTitle: 'Ожидает оплаты',
  reportStatus: 'wait_payment',
  policyNumber: null,
  companyId: 'a'.repeat(24),
  companyName: 'ВСК',
  premium: 1_234_567,
  clientName: 'Смирнова Анна Петровна',
  plate: 'А123ВС777',
  vin: null,
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  agent: { id: 'b'.repeat(24), fio: 'Иванов Иван' },
};
const DETAILS: ContractDetails = {
  ...ROW,
  status: 106,
  statusTitle: 'Расчёт получен',
  reportStatus: 'draft',
  calculation: { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' }, owner: { address: { value: 'г Москва', data: {} } }, unrestricted: true, periodMonths: 12, startDate: '2026-12-01' },
  offer: null,
  details: {},
  history: [{ from: 105, to: 106, at: '2026-11-20T09:00:00.000Z', actor: 'system', by: null, note: 'ВСК: 12345.67 ₽' }],
  next: [10000],
  paymentUrl: null,
  insurerMessage: null,
  documents: ['draft'],
};

describe('Полисы', () => {
  test('rows with the status, insurer, client and premium in roubles; «Показать ещё» asks with the cursor; a socket move changes the row in place', async () => {
    const http = fakeHttp({
      'GET /api/v2/contracts': (_b: unknown, call: { path: string }) =>
        call.path.includes('after=next1') ? { data: { items: [{ ...ROW, id: 'd'.repeat(24), clientName: 'Петров Пётр' }], next: null } } : { data: { items: [ROW], next: 'next1' } },
    });
    const { bus } = await renderSection(RemoteRoutes, '/contracts', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Договоры' });
    expect(within(list).getAllByText('Ожидает оплаты').length).toBeGreaterThan(0);
    expect(within(list).getByText(/ВСК · Смирнова Анна Петровна · А123ВС777/)).toBeTruthy();
    expect(within(list).getByText(/12\s345,67\s₽/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText(/Петров Пётр/)).toBeTruthy();
    const listed = http.calls.filter((c) => c.path.startsWith('/api/v2/contracts')).length;
    act(() => bus.publish('contract_status', { contractId: ID, status: 510, statusTitle: 'Полис выпущен', policyNumber: 'ХХХ0123456789', at: '2026-11-20T10:00:00.000Z' }));
    expect((await screen.findAllByText('Полис выпущен')).length).toBeGreaterThan(0);
    expect(screen.getByText('Е-ОСАГО ХХХ0123456789')).toBeTruthy();
    expect(http.calls.filter((c) => c.path.startsWith('/api/v2/contracts')).length).toBe(listed);
  });

  test('a quick period goes to the query; nothing found offers to reset the filters; a failure offers a retry', async () => {
    let fail = false;
    const http = fakeHttp({
      'GET /api/v2/contracts': () => {
        if (fail) throw httpError(500);
        return { data: { items: [], next: null } };
      },
    });
    await renderSection(RemoteRoutes, '/contracts', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Договоров пока нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Последние 7 дней' }));
    expect(await screen.findByText('По этим условиям договоров нет')).toBeTruthy();
    expect(http.calls[http.calls.length - 1].path).toContain('period=7');
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(await screen.findByText('Не удалось загрузить договоры')).toBeTruthy();
  });

  test('the contract: history, the documents form saved as typed, the server’s 400 on sending shown in place', async () => {
    const http = fakeHttp({
      [`GET /api/v2/contracts/${ID}`]: { data: DETAILS },
      [`PATCH /api/v2/contracts/${ID}/details`]: { data: DETAILS },
      [`POST /api/v2/contracts/${ID}/send`]: () => {
        throw httpError(400, { message: 'Заполните поле «Модель»', field: 'details.vehicle.model' });
      },
    });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByRole('region', { name: 'История статусов' })).toBeTruthy();
    expect(screen.getByText('Черновик полиса (PDF)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Марка'), { target: { value: 'LADA' } });
    await waitFor(() => expect(http.calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    expect(http.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ details: { vehicle: { make: 'LADA' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить страховщику' }));
    expect(await screen.findByText('Заполните поле «Модель»')).toBeTruthy();
  });
});
