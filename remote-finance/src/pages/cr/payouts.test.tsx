import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, PAYOUT_STATUS_TITLES, PAYOUT_WAITS_FOR_RECEIPT, type LedgerPeriod, type PayoutRow } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { dialogTitled, IVANOV, party, samplePayout, typeDate } from '../../testing';

const PERIODS: LedgerPeriod[] = [
  { value: '2026-11', title: 'Ноябрь 2026' },
  { value: '2026-10', title: 'Октябрь 2026' },
];
const SZ_AGENT = DEMO_USERS.newagent;
const ME = { id: SZ_AGENT._id, fio: 'Самозанятова Вера' };

/** The SZ agent's own October payout, waiting for its receipt. */
const WAITING: PayoutRow = samplePayout({
  id: 'p3'.repeat(12),
  agent: ME,
  opf: 'SZ',
  opfTitle: 'Самозанятый',
  grossKopecks: 700_000,
  taxKopecks: 0,
  netKopecks: 700_000,
  status: 'awaiting_receipt',
  statusTitle: PAYOUT_STATUS_TITLES.awaiting_receipt,
  waitingReason: PAYOUT_WAITS_FOR_RECEIPT,
  actNumber: 'А-2026-10-000003',
});
/** Their September payout, paid through register № 2 on 15 October (Moscow). */
const PAID: PayoutRow = samplePayout({
  id: 'p4'.repeat(12),
  agent: ME,
  period: '2026-09',
  periodTitle: 'Сентябрь 2026',
  opf: 'SZ',
  opfTitle: 'Самозанятый',
  grossKopecks: 250_000,
  taxKopecks: 0,
  netKopecks: 250_000,
  status: 'paid',
  statusTitle: PAYOUT_STATUS_TITLES.paid,
  receipt: { number: '200abc1', date: '2026-10-05', amountKopecks: 250_000, inn: '771234567890', link: null },
  register: { id: 'r2'.repeat(12), number: 2 },
  paidAt: '2026-10-14T21:30:00.000Z',
  actNumber: 'А-2026-09-000007',
});
const BALANCE = { data: { unpaidKopecks: 123_456, minPayoutKopecks: 100_000 } };

const payoutCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/v2/finance/payouts?'));
const lastQuery = (calls: Call[]) => Object.fromEntries(new URLSearchParams(payoutCalls(calls).at(-1)!.path.split('?')[1]));
const rows = () => within(screen.getByRole('list', { name: 'Выплаты' })).getAllByRole('listitem');
const text = (el: Element) => el.textContent!.replace(/\u00a0/g, ' ');

function http(payouts: (call: Call) => unknown = () => ({ data: { items: [WAITING, PAID], next: null } }), extra: Record<string, unknown> = {}) {
  return fakeHttp({
    'GET /api/v2/payments/period-filters-pay-lists': { data: PERIODS },
    'GET /api/v2/finance/payouts/balance': BALANCE,
    'GET /api/v2/finance/payouts': (_b: unknown, call: Call) => payouts(call),
    ...(extra as Record<string, never>),
  });
}

describe('«Выплаты и акты»', () => {
  test('an SZ agent: the tabs, the balance with the minimum payout, their payouts — sums, status, why it waits in full, the receipt, register and paid day, the act', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/cr/payouts', { http: h, user: SZ_AGENT });
    expect(await screen.findByRole('heading', { level: 1, name: 'Мое КВ' })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Комиссионное вознаграждение' });
    expect(within(tabs).getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Начисления', 'false'],
      ['Выплаты и акты', 'true'],
    ]);
    await screen.findByRole('list', { name: 'Выплаты' });
    expect(text(await screen.findByText(/Не вошло в выплаты/))).toBe('Не вошло в выплаты: 1 234,56 ₽; минимальная выплата 1 000,00 ₽ — остаток переносится на следующий период');

    const [waiting, paid] = rows();
    expect(within(waiting).getByText('Октябрь 2026')).toBeTruthy();
    expect(within(waiting).getByText('Самозанятый')).toBeTruthy();
    expect(text(waiting.querySelector('.oy-pay-gross')!)).toBe('7 000,00 ₽');
    expect(text(waiting.querySelector('.oy-pay-tax')!)).toBe('0,00 ₽');
    expect(text(waiting.querySelector('.oy-pay-net')!)).toBe('7 000,00 ₽');
    expect(within(waiting).getByText('Ждёт чек «Мой налог»')).toBeTruthy();
    // Why it waits, in full.
    expect(within(waiting).getByText(PAYOUT_WAITS_FOR_RECEIPT)).toBeTruthy();
    expect(within(waiting).getByRole('link', { name: 'Скачать акт' }).getAttribute('href')).toBe(`/api/v2/finance/payouts/${WAITING.id}/act`);
    expect(within(waiting).getByRole('button', { name: 'Прикрепить чек' })).toBeTruthy();

    expect(within(paid).getByText('Выплачено')).toBeTruthy();
    expect(within(paid).getByText('Чек № 200abc1 от 05.10.2026')).toBeTruthy();
    expect(within(paid).getByText('Реестр № 2')).toBeTruthy();
    // The Moscow day: 21:30 UTC on the 14th is the 15th in Moscow.
    expect(within(paid).getByText('Выплачено 15.10.2026')).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: 'Прикрепить чек' })).toBeNull();

    // Their own payouts: no agent filter, every period.
    expect(screen.queryByRole('combobox', { name: 'Агент' })).toBeNull();
    expect(lastQuery(h.calls)).toEqual({ limit: '50' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Период' }), { target: { value: '2026-10' } });
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({ period: '2026-10', limit: '50' }));
    expect(currentLocation()).toBe('/cr/payouts?period=2026-10');

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Начисления' }));
    await waitFor(() => expect(currentLocation()).toBe('/cr'));
  });

  test('«Мое КВ» has the same tabs: «Выплаты и акты» opens /cr/payouts', async () => {
    const h = http(undefined, { 'GET /api/v2/finance/ledger': { data: { items: [], next: null, totals: { period: '2026-11', openingKopecks: 0, accruedKopecks: 0, reversedKopecks: 0, netKopecks: 0, paidKopecks: 0, closingKopecks: 0, noRateLines: 0, lines: 0 } } } });
    await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.agent });
    const tab = await screen.findByRole('tab', { name: 'Начисления' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Выплаты и акты' }));
    await waitFor(() => expect(currentLocation()).toBe('/cr/payouts'));
    expect(await screen.findByRole('list', { name: 'Выплаты' })).toBeTruthy();
  });

  test('«Прикрепить чек»: the amount is the payout’s, required fields are asked for, the api’s refusal shows under its field, the receipt goes as kopecks and an ISO day; the row changes in place', async () => {
    const ATTACHED: PayoutRow = { ...WAITING, status: 'ready', statusTitle: PAYOUT_STATUS_TITLES.ready, waitingReason: null, receipt: { number: '20abcd', date: '2026-11-20', amountKopecks: 700_000, inn: '771234567890', link: null } };
    let answer: unknown = httpError(400, { message: 'Поле «inn»: ИНН чека должен быть вашим', field: 'inn' });
    const post = jest.fn((body: unknown) => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const h = http(undefined, { [`POST /api/v2/finance/payouts/${WAITING.id}/receipt`]: (body: unknown) => post(body) });
    const { toasts } = await renderSection(RemoteRoutes, '/cr/payouts', { http: h, user: SZ_AGENT });
    await screen.findByRole('list', { name: 'Выплаты' });
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Прикрепить чек' }));
    const dialog = await dialogTitled('Чек «Мой налог»');
    expect((within(dialog).getByLabelText(/^\*?Сумма$/) as HTMLInputElement).value.replace(/\u00a0/g, ' ')).toBe('7 000,00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Прикрепить' }));
    expect(await within(dialog).findAllByText('Обязательное поле')).toHaveLength(3);
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/Номер чека/), { target: { value: ' 20abcd ' } });
    await typeDate(within(dialog).getByLabelText(/Дата чека/), '20112026');
    fireEvent.change(within(dialog).getByLabelText(/ИНН/), { target: { value: '7712 3456 7890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Прикрепить' }));
    expect(await within(dialog).findByText('Поле «inn»: ИНН чека должен быть вашим')).toBeTruthy();
    expect(within(dialog).getByText('Поле «inn»: ИНН чека должен быть вашим').closest('.oy-field')!.querySelector('#receipt-inn')).toBeTruthy();
    expect(post.mock.calls[0][0]).toEqual({ number: '20abcd', date: '2026-11-20', amountKopecks: 700_000, inn: '771234567890', link: null });

    answer = { data: ATTACHED };
    // The button wakes up (its spinner gone) once the refusal is shown.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Прикрепить' }));
    await waitFor(() => expect(within(rows()[0]).getByText('К выплате')).toBeTruthy());
    expect(within(rows()[0]).queryByText(PAYOUT_WAITS_FOR_RECEIPT)).toBeNull();
    expect(within(rows()[0]).getByText('Чек № 20abcd от 20.11.2026')).toBeTruthy();
    expect(toasts).toContainEqual({ type: 'success', body: 'Чек прикреплён: выплата пойдёт в реестр на выплату' });
  });

  test('staff see whose each payout is and filter by agent; no balance of their own, no receipt to attach to another’s payout', async () => {
    const search = () => [{ _id: IVANOV._id, fio: IVANOV.fio, email: IVANOV.email, isBlocked: false }];
    const h = http(() => ({ data: { items: [{ ...WAITING, agent: party(IVANOV) }], next: null } }), { 'GET /api/v2/agents/search': search });
    await renderSection(RemoteRoutes, '/cr/payouts', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'КВ всех' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Выплаты' });
    expect(within(rows()[0]).getByText(IVANOV.fio)).toBeTruthy();
    expect(within(rows()[0]).queryByRole('button', { name: 'Прикрепить чек' })).toBeNull();
    expect(screen.queryByText(/Не вошло в выплаты/)).toBeNull();
    expect(h.calls.some((c) => c.path === '/api/v2/finance/payouts/balance')).toBe(false);

    fireEvent.change(screen.getByRole('combobox', { name: 'Агент' }), { target: { value: 'Иван' } });
    fireEvent.click(await screen.findByRole('option', { name: /Иванов Иван Петрович/ }));
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({ agent: IVANOV._id, limit: '50' }));
  });

  test('a network owner sees their sub-agents’ payouts with the agent filter, and their own balance', async () => {
    const h = http(() => ({ data: { items: [samplePayout()], next: null } }), { 'GET /api/v2/agents/search': () => [] });
    await renderSection(RemoteRoutes, '/cr/payouts', { http: h, user: DEMO_USERS.broker });
    await screen.findByRole('list', { name: 'Выплаты' });
    expect(within(rows()[0]).getByText(IVANOV.fio)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Агент' })).toBeTruthy();
    expect(await screen.findByText(/Не вошло в выплаты/)).toBeTruthy();
  });

  test('no payouts: «Выплат пока нет»; narrowed by a period it offers to reset it', async () => {
    const h = http(() => ({ data: { items: [], next: null } }));
    await renderSection(RemoteRoutes, '/cr/payouts?period=2026-10', { http: h, user: SZ_AGENT });
    expect(await screen.findByText('Выплат пока нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(currentLocation()).toBe('/cr/payouts'));
  });

  test('a failed load says so with the server’s reason; «Повторить» asks again; a failed balance says so on its own', async () => {
    let fail = true;
    const h = http(() => {
      if (fail) throw httpError(400, { message: 'Поле «period»: месяц в формате ГГГГ-ММ', field: 'period' });
      return { data: { items: [WAITING], next: null } };
    }, { 'GET /api/v2/finance/payouts/balance': () => { throw httpError(500); } });
    await renderSection(RemoteRoutes, '/cr/payouts', { http: h, user: SZ_AGENT });
    const alert = await waitFor(() => screen.getAllByRole('alert').find((a) => a.textContent!.includes('Не удалось загрузить выплаты'))!);
    expect(within(alert).getByText('Поле «period»: месяц в формате ГГГГ-ММ')).toBeTruthy();
    expect(screen.getByText('Не удалось загрузить остаток')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Выплаты' })).toBeTruthy();
  });

  test('live: payout_changed reads the payouts and the balance again, the rows staying on screen meanwhile', async () => {
    let items = [WAITING];
    let unpaid = 123_456;
    const h = http(() => ({ data: { items, next: null } }), { 'GET /api/v2/finance/payouts/balance': () => ({ data: { unpaidKopecks: unpaid, minPayoutKopecks: 100_000 } }) });
    const { bus } = await renderSection(RemoteRoutes, '/cr/payouts', { http: h, user: SZ_AGENT });
    await screen.findByRole('list', { name: 'Выплаты' });
    expect(within(rows()[0]).getByText('Ждёт чек «Мой налог»')).toBeTruthy();
    const before = payoutCalls(h.calls).length;

    items = [{ ...WAITING, status: 'paid', statusTitle: 'Выплачено', waitingReason: null, paidAt: '2026-11-27T10:00:00.000Z' }];
    unpaid = 0;
    act(() => bus.publish('payout_changed', { agentId: SZ_AGENT._id, payoutId: WAITING.id, registerId: 'r1'.repeat(12) }));
    await waitFor(() => expect(within(rows()[0]).getByText('Выплачено 27.11.2026')).toBeTruthy());
    expect(payoutCalls(h.calls)).toHaveLength(before + 1);
    expect(screen.queryByRole('status', { name: 'Загрузка' })).toBeNull();
    await waitFor(() => expect(text(screen.getByText(/Не вошло в выплаты/))).toContain('Не вошло в выплаты: 0,00 ₽'));
  });
});
