import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type ContractDetails } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

/** «Изменения у страховщика» on the contract page (issue 25): «Внести изменение», the dialog, the list with the extra payment or the return. */
const ID = 'e1'.repeat(12);
const CHANGE_ID = 'c'.repeat(24);
const KASKO: ContractDetails = {
  id: ID,
  product: 'ekasko',
  productName: 'Е-КАСКО',
  status: 510,
  statusTitle: 'Полис выпущен',
  reportStatus: 'payment_complete',
  policyNumber: 'ХХХ0123456789',
  companyId: 'a'.repeat(24),
  companyName: 'Ингосстрах',
  premium: 8_712_000,
  clientName: 'Смирнова Анна Петровна',
  plate: 'А123ВС777',
  vin: 'Z94CB41AAGR323020',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  agent: { id: 'b'.repeat(24), fio: 'Иванов Иван' },
  resumeStep: null,
  calculation: {
    vehicle: { make: 'Kia', model: 'Rio', year: 2024, plate: 'А123ВС777', highTheft: false },
    sumInsured: 180_000_000,
    drivers: [{ birthDate: '1985-09-30', experienceSince: '2005-01-01' }],
    deductible: 'rub30000',
    antiTheft: 'standard',
    instalments: 1,
    region: 'capitals',
    startDate: '2026-12-01',
  } as unknown as ContractDetails['calculation'],
  offer: null,
  details: { driverNames: ['Смирнова Анна Петровна'] } as unknown as ContractDetails['details'],
  history: [],
  next: [],
  paymentUrl: null,
  paymentExpiresAt: null,
  insurerMessage: null,
  documents: ['policy'],
  files: [],
  canAttachFiles: false,
  money: null,
  summary: [],
  currency: 'RUB',
  foreign: null,
  instalments: [],
  changes: [],
  canCancel: false,
  canEndorse: true,
  canReview: false,
  kind: 'ekasko',
};
const CHANGED: ContractDetails = {
  ...KASKO,
  premium: 8_712_000 + 493_644,
  changes: [{ id: CHANGE_ID, kind: 'endorsement', at: '2026-11-27T10:00:00.000Z', description: 'Страховая сумма 1 800 000,00 ₽ → 2 000 000,00 ₽ с 27.11.2026', premiumDelta: 493_644, by: { id: 'b'.repeat(24), fio: 'Иванов Иван' } }],
  instalments: [{ number: 1, of: 0, purpose: 'endorsement', changeId: CHANGE_ID, dueDate: '2026-11-27', amount: 493_644, state: 'waiting', overdue: false, paymentUrl: 'http://x/pay/endorsementtoken01', paymentExpiresAt: null, paidAt: null }],
};

const post = (http: ReturnType<typeof fakeHttp>) => http.calls.filter((c) => c.method === 'POST' && c.path === `/api/v2/contracts/${ID}/endorsements`);

describe('Изменения у страховщика', () => {
  test('KASKO: the dialog is filled from the policy; a raised sum is sent as the change; the list shows «Доплата» with the link for the client; the server’s refusal is shown in the dialog', async () => {
    let refuse = true;
    const http = fakeHttp({
      [`GET /api/v2/contracts/${ID}`]: { data: KASKO },
      [`POST /api/v2/contracts/${ID}/endorsements`]: () => {
        if (refuse) throw httpError(400, { message: 'Поле «change.drivers»: страховщик не принимает изменение — Не страхуем водителей со стажем менее 1 года', field: 'change.drivers' });
        return { data: CHANGED };
      },
    });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    const block = await screen.findByRole('region', { name: 'Изменения договора' });
    expect(within(block).getByText('Изменений не было.')).toBeTruthy();
    fireEvent.click(within(block).getByRole('button', { name: 'Внести изменение' }));

    const dialog = await screen.findByRole('dialog', { name: 'Изменение договора' });
    const sum = within(dialog).getByLabelText('Страховая сумма') as HTMLInputElement;
    expect(sum.value).toBe('1 800 000,00');
    expect((within(dialog).getByLabelText('ФИО') as HTMLInputElement).value).toBe('Смирнова Анна Петровна');
    expect((within(dialog).getByLabelText('Дата рождения') as HTMLInputElement).value).toBe('30.09.1985');
    expect(within(dialog).getByText('30 000 ₽')).toBeTruthy();

    // Nothing changed: said in the dialog, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Рассчитать и внести' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Измените хотя бы одно условие полиса');
    expect(post(http)).toHaveLength(0);

    fireEvent.change(sum, { target: { value: '2 000 000,00' } });
    fireEvent.blur(sum);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Рассчитать и внести' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Поле «change.drivers»: страховщик не принимает изменение — Не страхуем водителей со стажем менее 1 года'));
    expect(post(http)[0].body).toMatchObject({ change: { sumInsured: 200_000_000 } });
    expect(Object.keys((post(http)[0].body as { change: object }).change)).toEqual(['sumInsured']);

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Рассчитать и внести' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Изменение договора' })).toBeNull());
    const list = screen.getByRole('region', { name: 'Изменения договора' });
    expect(within(list).getByText(/Страховая сумма 1 800 000,00 ₽ → 2 000 000,00 ₽ с 27\.11\.2026/)).toBeTruthy();
    expect(within(list).getByText(/Доплата 4\s936,44\s₽ — ожидает оплаты/)).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'ссылка на оплату' }).getAttribute('href')).toBe('http://x/pay/endorsementtoken01');
    expect(within(list).getByRole('button', { name: 'Скопировать ссылку' })).toBeTruthy();
  });

  test('property: the cover sums as the form’s fields; a change made in another window appears live with «Возврат клиенту»; no button for a policy that takes no change now', async () => {
    const flat: ContractDetails = {
      ...KASKO,
      product: 'ifl',
      productName: 'Страхование квартиры',
      calculation: { kind: 'apartment', cover: { structure: 100_000_000, finishing: 50_000_000, contents: 30_000_000, liability: 50_000_000 } } as unknown as ContractDetails['calculation'],
      details: {} as ContractDetails['details'],
    };
    let current = flat;
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: () => ({ data: current }) });
    const { bus } = await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    const block = await screen.findByRole('region', { name: 'Изменения договора' });
    fireEvent.click(within(block).getByRole('button', { name: 'Внести изменение' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменение договора' });
    expect((within(dialog).getByLabelText('Движимое имущество') as HTMLInputElement).value).toBe('300 000,00');
    expect((within(dialog).getByLabelText('Гражданская ответственность перед соседями') as HTMLInputElement).value).toBe('500 000,00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    current = {
      ...flat,
      changes: [{ id: CHANGE_ID, kind: 'endorsement', at: '2026-11-27T10:00:00.000Z', description: 'Движимое имущество 300 000,00 ₽ → 100 000,00 ₽ с 27.11.2026', premiumDelta: -100_000, by: null }],
    };
    act(() => bus.publish('contract_status', { contractId: ID, status: 510, statusTitle: 'Полис выпущен', policyNumber: 'ХХХ0123456789', at: '2026-11-27T10:00:00.000Z' }));
    const changes = screen.getByRole('region', { name: 'Изменения договора' });
    expect(await within(changes).findByText(/Возврат клиенту 1\s000,00\s₽/)).toBeTruthy();
    // The return's amount once: the money line, not the change's description too.
    expect(changes.textContent?.match(/1\s000,00\s₽/g)).toHaveLength(1);

    current = { ...current, canEndorse: false };
    act(() => bus.publish('contract_status', { contractId: ID, status: 10000, statusTitle: 'Отменён', policyNumber: 'ХХХ0123456789', at: '2026-11-27T11:00:00.000Z' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Внести изменение' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Изменения договора' })).toBeTruthy();
  });
});
