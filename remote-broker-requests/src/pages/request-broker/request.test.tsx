import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type BrokerRequestDetails, type BrokerRequestListItem } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = 'b1'.repeat(12);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const ROW: BrokerRequestListItem = {
  id: ID,
  number: 1042,
  productType: 'iyl_yl',
  productTitle: 'Имущество: ИЮЛ',
  status: 100,
  statusTitle: 'Черновик',
  step: 'draft',
  agent: { id: DEMO_USERS.agent._id, fio: 'Иванов Иван Петрович' },
  executor: null,
  clientName: null,
  createdAt: hoursAgo(1),
  sentAt: null,
  updatedAt: hoursAgo(1),
  slaHours: 24,
  slaDueAt: null,
  closedAt: null,
};
const details = (over: Partial<BrokerRequestDetails> = {}): BrokerRequestDetails => ({
  ...ROW,
  values: {},
  offers: [],
  files: [],
  history: [{ from: null, to: 100, toTitle: 'Черновик', actor: 'agent', by: 'Иванов Иван Петрович', note: 'Создан', at: hoursAgo(1) }],
  closeReason: null,
  actor: 'agent',
  next: [110, 11000],
  ...over,
});
const OFFER = { id: 'o1'.repeat(12), companyId: 'c'.repeat(24), companyName: 'СОГАЗ', premium: 41_250_000, commissionPercent: 15, conditions: 'Здание и оборудование', createdAt: hoursAgo(1), accepted: false, files: [] };

const STATUS = `POST /api/v2/broker-requests/${ID}/status`;

describe('a broker request’s page (request-broker/{id}/{step})', () => {
  it('a draft: the product’s form, saved as typed; «Отправить запрос» names what is missing under its field and sends only a complete form', async () => {
    const http = fakeHttp({
      [`GET /api/v2/broker-requests/${ID}`]: { data: details() },
      [`PATCH /api/v2/broker-requests/${ID}/values`]: (body: unknown) => ({ data: details({ values: (body as { values: Record<string, string> }).values }) }),
      [STATUS]: { data: details({ status: 110, statusTitle: 'Запрос отправлен', step: 'calc', sentAt: hoursAgo(0), next: [11000] }) },
    });
    await renderSection(RemoteRoutes, `/request-broker/${ID}/draft`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByRole('heading', { name: 'Запрос № 1042 · Имущество: ИЮЛ' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Наименование организации', { exact: false }), { target: { value: 'ООО «Северный склад»' } });
    await waitFor(() => expect(http.calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    expect(http.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ values: { companyName: 'ООО «Северный склад»' } });

    fireEvent.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    expect(await screen.findAllByText('Заполните поле «ИНН»')).not.toHaveLength(0);
    expect(http.calls.some((c) => `${c.method} ${c.path}` === STATUS)).toBe(false);
  });

  it('the executor takes a sent request («Взять в работу»); the page follows the server’s answer', async () => {
    const sent = details({ status: 110, statusTitle: 'Запрос отправлен', step: 'calc', sentAt: hoursAgo(2), actor: 'executor', next: [125, 11000] });
    const http = fakeHttp({
      [`GET /api/v2/broker-requests/${ID}`]: { data: sent },
      [STATUS]: { data: { ...sent, status: 125, statusTitle: 'Подготовлен', executor: { id: DEMO_USERS.manager._id, fio: 'Кузнецова Ольга Сергеевна' }, next: [150, 11000] } },
    });
    await renderSection(RemoteRoutes, `/request-broker/${ID}`, { http, user: DEMO_USERS.manager });
    await waitFor(() => expect(currentLocation()).toBe(`/request-broker/${ID}/calc`));
    expect(screen.getByText(/осталось \d+ р\.ч\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Взять в работу' }));
    await waitFor(() => expect(http.calls.find((c) => `${c.method} ${c.path}` === STATUS)?.body).toEqual({ status: 125 }));
    expect(await screen.findByRole('button', { name: 'Начать расчёт' })).toBeInTheDocument();
    expect(screen.getByText('Кузнецова Ольга Сергеевна')).toBeInTheDocument();
  });

  it('the agent chooses an offer: its premium and commission, «Выбрать это предложение» sends the offer', async () => {
    const waiting = details({ status: 300, statusTitle: 'Ожидает согласия клиента', step: 'execution', sentAt: hoursAgo(5), offers: [OFFER], next: [150, 325, 11000] });
    const http = fakeHttp({
      [`GET /api/v2/broker-requests/${ID}`]: { data: waiting },
      [STATUS]: { data: { ...waiting, status: 325, statusTitle: 'Ожидает согласия исполнителя', offers: [{ ...OFFER, accepted: true }], next: [] } },
    });
    await renderSection(RemoteRoutes, `/request-broker/${ID}/execution`, { http, user: DEMO_USERS.agent });
    const offer = await screen.findByRole('article', { name: 'СОГАЗ' });
    expect(within(offer).getByText(/412\s500,00\s₽/)).toBeInTheDocument();
    expect(within(offer).getByText('КВ 15%')).toBeInTheDocument();
    fireEvent.click(within(offer).getByRole('button', { name: 'Выбрать это предложение' }));
    await waitFor(() => expect(http.calls.find((c) => `${c.method} ${c.path}` === STATUS)?.body).toEqual({ status: 325, offerId: OFFER.id }));
    expect(await screen.findByText('Выбрано')).toBeInTheDocument();
  });

  it('«Не состоялся…» asks for the reason first; a change pushed over the socket is read again', async () => {
    const sent = details({ status: 110, statusTitle: 'Запрос отправлен', step: 'calc', sentAt: hoursAgo(2), next: [11000] });
    const http = fakeHttp({
      [`GET /api/v2/broker-requests/${ID}`]: { data: sent },
      [STATUS]: { data: { ...sent, status: 11000, statusTitle: 'Не состоялся', step: 'completed', closeReason: 'Клиент передумал', next: [] } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/request-broker/${ID}/calc`, { http, user: DEMO_USERS.agent });
    fireEvent.click(await screen.findByRole('button', { name: 'Не состоялся…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Запрос не состоялся?' });
    expect(within(dialog).getByRole('button', { name: 'Закрыть запрос' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/Причина/), { target: { value: 'Клиент передумал' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть запрос' }));
    await waitFor(() => expect(http.calls.find((c) => `${c.method} ${c.path}` === STATUS)?.body).toEqual({ status: 11000, reason: 'Клиент передумал' }));
    expect(await screen.findByText('Запрос не состоялся: Клиент передумал.')).toBeInTheDocument();

    const reads = () => http.calls.filter((c) => c.method === 'GET').length;
    const before = reads();
    act(() => bus.publish('broker_request', { requestId: ID, number: 1042, status: 11000, statusTitle: 'Не состоялся', change: 'status' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});
