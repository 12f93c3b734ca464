import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type ClientCard, type ClientListItem } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const AGENT = { id: DEMO_USERS.agent._id, fio: 'Иванов Иван Петрович' };
const ID = '1'.repeat(24);
const ROW: ClientListItem = { id: ID, kind: 'person', name: 'Петрова Мария Игоревна', phone: '+7 (916) 555-44-33', email: null, birthDate: '1990-04-12', inn: null, plates: ['А777МР77'], agent: AGENT, updatedAt: '2026-11-20T09:00:00.000Z' };
const CARD: ClientCard = {
  client: {
    id: ID,
    kind: 'person',
    name: ROW.name,
    lastName: 'Петрова',
    firstName: 'Мария',
    middleName: 'Игоревна',
    birthDate: '1990-04-12',
    passport: { series: '4511', number: '654321', issuedAt: '2010-05-01', issuer: 'ОУФМС', unitCode: '770-001' },
    companyName: null,
    inn: null,
    kpp: null,
    ogrn: null,
    contactPerson: null,
    address: { value: 'г Москва, ул Арбат, д 10', data: null },
    phone: ROW.phone,
    email: 'maria@example.ru',
    agent: AGENT,
    createdAt: ROW.updatedAt,
    updatedAt: ROW.updatedAt,
  },
  vehicles: [{ id: '2'.repeat(24), clientId: ID, ownerName: ROW.name, make: 'Kia', model: 'Rio', year: 2018, vin: 'Z94CB41AAJR123456', bodyNumber: null, plate: 'А777МР77', powerHp: 123, category: 'B', document: { type: 'STS', series: '77ХА', number: '654321', issuedAt: '2018-06-01' }, agent: AGENT, updatedAt: ROW.updatedAt }],
  contracts: [],
  canDelete: true,
};

describe('Клиенты (/contracts/clients)', () => {
  test('the list: name, phone, plates; the search goes to the api; nothing found offers a reset; live on client_changed', async () => {
    const http = fakeHttp({ 'GET /api/v2/clients': (_b: unknown, call: { path: string }) => ({ data: { items: call.path.includes('search=') ? [] : [ROW], next: null } }) });
    const { bus } = await renderSection(RemoteRoutes, '/contracts/clients', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Клиенты' });
    expect(within(list).getByText('Петрова Мария Игоревна')).toBeTruthy();
    expect(within(list).getByText('+7 (916) 555-44-33')).toBeTruthy();
    expect(within(list).getByText('А777МР77')).toBeTruthy();
    expect(within(list).getByText('Физлицо · 12.04.1990 г. р.')).toBeTruthy();
    const before = http.calls.length;
    act(() => bus.publish('client_changed', { clientId: ID, exists: true }));
    await screen.findByRole('list', { name: 'Клиенты' });
    expect(http.calls.length).toBe(before + 1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Поиск клиента' }), { target: { value: 'Сидоров' } });
    expect(await screen.findByText('Никого не нашли', {}, { timeout: 2000 })).toBeTruthy();
    expect(http.calls[http.calls.length - 1].path).toContain('search=%D0%A1%D0%B8%D0%B4%D0%BE%D1%80%D0%BE%D0%B2');
  });

  test('an empty book and a failure', async () => {
    let fail = false;
    const http = fakeHttp({
      'GET /api/v2/clients': () => {
        if (fail) throw httpError(500);
        return { data: { items: [], next: null } };
      },
    });
    await renderSection(RemoteRoutes, '/contracts/clients', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText(/Клиентов пока нет/)).toBeTruthy();
    fail = true;
    fireEvent.change(screen.getByRole('combobox', { name: 'Тип клиента' }), { target: { value: 'company' } });
    expect(await screen.findByText('Не удалось загрузить клиентов')).toBeTruthy();
  });

  test('the card: the passport in full, the vehicle with its STS; editing checks by the shared rule and sends the change', async () => {
    const http = fakeHttp({
      [`GET /api/v2/clients/${ID}`]: { data: CARD },
      [`PATCH /api/v2/clients/${ID}`]: (body: unknown) => ({ data: { ...CARD, client: { ...CARD.client, ...(body as object) } } }),
    });
    await renderSection(RemoteRoutes, `/contracts/clients/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByRole('heading', { name: 'Петрова Мария Игоревна' })).toBeTruthy();
    expect(screen.getByText('4511 654321')).toBeTruthy();
    expect(screen.getByText(/СТС 77ХА 654321 от 01\.06\.2018/)).toBeTruthy();
    expect(screen.getByText('Договоров пока нет')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Изменить' })[0]);
    const form = await screen.findByRole('form', { name: 'Данные клиента' });
    const first = within(form).getByRole('combobox', { name: /Имя/ });
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Заполните поле «Имя»')).toBeTruthy();
    expect(http.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(first, { target: { value: 'Марина' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Данные клиента' })).toBeNull(), { timeout: 10_000 });
    const patch = http.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ kind: 'person', firstName: 'Марина', lastName: 'Петрова', passport: { series: '4511', number: '654321', issuedAt: '2010-05-01' } });
  }, 120_000);

  test('another agent\'s client (a 404) is «Клиент не найден»', async () => {
    const http = fakeHttp({ [`GET /api/v2/clients/${ID}`]: () => { throw httpError(404); } });
    await renderSection(RemoteRoutes, `/contracts/clients/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Клиент не найден')).toBeTruthy();
  });
});
