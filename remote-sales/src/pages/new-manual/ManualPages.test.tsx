import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, MANUAL_SCAN_FILE_TYPE, MANUAL_TEXTS, type ContractDetails } from '@oyster/shared-kit/domain';
import { fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

jest.setTimeout(60_000);

const ID = 'a1'.repeat(12);
const VSK = 'b2'.repeat(12);
const SCAN = {
  _id: 'f'.repeat(24),
  uploadFileName: 'полис.pdf',
  storageFileName: 'x.pdf',
  size: 2048,
  extension: 'pdf',
  mime: 'application/pdf',
  user: null,
  createDate: '2026-11-27T09:00:00.000Z',
  updateDate: '2026-11-27T09:00:00.000Z',
  typeId: 't'.repeat(24),
  typeName: MANUAL_SCAN_FILE_TYPE,
};
const contract = (over: Partial<ContractDetails> = {}): ContractDetails =>
  ({
    id: ID,
    product: 'manual',
    kind: 'ekasko',
    productName: 'Е-КАСКО (вручную)',
    status: 100,
    statusTitle: 'Черновик',
    reportStatus: 'draft',
    policyNumber: 'ААА 0001',
    companyId: VSK,
    companyName: 'ВСК',
    premium: 4_567_890,
    clientName: 'Петров Пётр Петрович',
    plate: 'А123ВС77',
    vin: null,
    startDate: '2026-11-26',
    endDate: '2027-11-25',
    createdAt: '2026-11-27T09:00:00.000Z',
    updatedAt: '2026-11-27T09:00:00.000Z',
    agent: { id: 'c'.repeat(24), fio: 'Агентов Агент' },
    resumeStep: null,
    calculation: { kind: 'ekasko' },
    offer: null,
    details: {
      policy: { series: 'ААА', number: '0001', issueDate: '2026-11-25', startDate: '2026-11-26', endDate: '2027-11-25', premium: 4_567_890, paymentWay: 'insurer', paidAt: '2026-11-25' },
      insurant: { clientId: null, name: 'Петров Пётр Петрович', birthDate: null, phone: null },
      object: { plate: 'А123ВС77' },
    },
    history: [],
    next: [10000],
    paymentUrl: null,
    paymentExpiresAt: null,
    insurerMessage: null,
    documents: [],
    files: [],
    canAttachFiles: true,
    money: null,
    summary: [{ title: 'Страхователь', rows: [{ label: 'Страхователь', value: 'Петров Пётр Петрович' }] }],
    currency: 'RUB',
    foreign: null,
    instalments: [],
    changes: [],
    canCancel: true,
    canEndorse: false,
    canReview: false,
    ...over,
  }) as unknown as ContractDetails;

describe('Ручное оформление полиса (new-manual, manual/contracts/{id}/{step})', () => {
  it('the check step: without the scan «Отправить на проверку» is not offered and says what is left; with it, the policy is sent and its page opens', async () => {
    const sent = contract({ status: 130 as never, statusTitle: 'Проверка', reportStatus: 'execution', files: [SCAN] });
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: contract() } });
    const view = await renderSection(RemoteRoutes, `/manual/contracts/${ID}/check`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByText(`Осталось: ${MANUAL_TEXTS.scanMissing}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MANUAL_TEXTS.send })).toBeDisabled();
    view.unmount();

    const http2 = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: contract({ files: [SCAN] }) }, [`POST /api/v2/products/manual/contracts/${ID}/send`]: { data: sent } });
    await renderSection(RemoteRoutes, `/manual/contracts/${ID}/check`, { http: http2, user: DEMO_USERS.agent });
    const send = await screen.findByRole('button', { name: MANUAL_TEXTS.send });
    expect(send).toBeEnabled();
    http2.routes[`GET /api/v2/contracts/${ID}`] = { data: sent };
    fireEvent.click(send);
    await waitFor(() => expect(http2.calls.some((c) => c.method === 'POST' && c.path === `/api/v2/products/manual/contracts/${ID}/send`)).toBe(true));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/contracts/${ID}`));
  });

  it('the policy step: an end before the start is refused in place, nothing saved', async () => {
    const bad = contract({ details: { policy: { ...(contract().details as any).policy, endDate: '2026-11-20' } } as never });
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: bad } });
    await renderSection(RemoteRoutes, `/manual/contracts/${ID}/policy`, { http, user: DEMO_USERS.agent });
    fireEvent.click(await screen.findByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('дата окончания — позже даты начала')).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('a returned draft shows the reason on the contract page with the way back into the steps', async () => {
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: contract({ insurerMessage: 'Скан нечитаемый' }) } });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByText(MANUAL_TEXTS.returned('Скан нечитаемый'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MANUAL_TEXTS.continueEntry })).toHaveAttribute('href', expect.stringContaining(`/manual/contracts/${ID}/policy`));
  });

  it('staff: «Проверка» with the scan link, «Подтвердить» and «Вернуть агенту» with the reason', async () => {
    const review = contract({ status: 130 as never, statusTitle: 'Проверка', reportStatus: 'execution', files: [SCAN], canReview: true });
    const confirmed = contract({ status: 600 as never, statusTitle: 'Действует', reportStatus: 'in_action', files: [SCAN] });
    const returned = contract({ files: [SCAN], insurerMessage: 'Номер не совпадает со сканом' });
    const http = fakeHttp({
      [`GET /api/v2/contracts/${ID}`]: { data: review },
      [`POST /api/v2/products/manual/contracts/${ID}/confirm`]: { data: confirmed },
      [`POST /api/v2/products/manual/contracts/${ID}/return`]: { data: returned },
    });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.manager });
    expect(await screen.findByRole('heading', { name: MANUAL_TEXTS.reviewHeading })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'полис.pdf' })[0]).toHaveAttribute('href', `/api/v2/contracts/${ID}/files/${SCAN._id}`);

    fireEvent.click(screen.getByRole('button', { name: MANUAL_TEXTS.returnToAgent }));
    const returnButton = screen.getAllByRole('button', { name: MANUAL_TEXTS.returnToAgent })[0];
    expect(returnButton).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Причина возврата/), { target: { value: 'Номер не совпадает со сканом' } });
    fireEvent.click(screen.getAllByRole('button', { name: MANUAL_TEXTS.returnToAgent })[0]);
    await waitFor(() => expect(http.calls.find((c) => c.path.endsWith('/return'))?.body).toEqual({ reason: 'Номер не совпадает со сканом' }));
    expect(await screen.findByText(MANUAL_TEXTS.returned('Номер не совпадает со сканом'))).toBeInTheDocument();
  });

  it('staff confirm: the policy is in force on its page', async () => {
    const review = contract({ status: 130 as never, statusTitle: 'Проверка', reportStatus: 'execution', files: [SCAN], canReview: true });
    const confirmed = contract({ status: 600 as never, statusTitle: 'Действует', reportStatus: 'in_action', files: [SCAN] });
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: review }, [`POST /api/v2/products/manual/contracts/${ID}/confirm`]: { data: confirmed } });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.manager });
    fireEvent.click(await screen.findByRole('button', { name: MANUAL_TEXTS.confirm }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: MANUAL_TEXTS.reviewHeading })).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Договор' })).getAllByText('Действует').length).toBeGreaterThan(0);
  });
});
