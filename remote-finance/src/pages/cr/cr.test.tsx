import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type LedgerPage, type LedgerPeriod, type LedgerRow, type LedgerTotals } from '@oyster/shared-kit/domain';
import { currentLocation, emptyInitState, fakeHttp, httpError, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const PERIODS: LedgerPeriod[] = [
  { value: '2026-11', title: 'Ноябрь 2026' },
  { value: '2026-10', title: 'Октябрь 2026' },
];
const AGENT = { id: 'a1'.repeat(12), fio: 'Иванов Иван Петрович' };
const CONTRACT = { id: 'c1'.repeat(12), policyNumber: 'ХХХ0123456789', productName: 'Е-ОСАГО', companyName: 'ВСК', clientName: 'Смирнова Анна Петровна', premium: 1_234_567 };

/** An accrual of 10% on a paid policy, written at 00:30 on 21 November in Moscow (still the 20th in UTC). */
const ACCRUAL: LedgerRow = {
  id: 'l1'.repeat(12),
  at: '2026-11-20T21:30:00.000Z',
  kind: 'commission',
  kindTitle: 'КВ агента',
  agent: AGENT,
  contract: CONTRACT,
  rateBp: 1000,
  rateReason: 'Уровень «Агент»: 10% с 01.01.2025',
  note: null,
  baseKopecks: 1_234_567,
  amountKopecks: 123_457,
  status: 'expected',
  statusTitle: 'Ожидается',
  payout: null,
};
/** A sale no rate was in force for: a line of 0, «нет ставки». */
const NO_RATE: LedgerRow = {
  ...ACCRUAL,
  id: 'l2'.repeat(12),
  at: '2026-11-18T09:00:00.000Z',
  contract: { ...CONTRACT, id: 'c2'.repeat(12), policyNumber: null, clientName: 'Петров Пётр' },
  rateBp: null,
  amountKopecks: 0,
};
/** The paid policy cancelled: the accrual taken back, a negative line. */
const REVERSAL: LedgerRow = {
  ...ACCRUAL,
  id: 'l3'.repeat(12),
  at: '2026-11-25T10:00:00.000Z',
  kind: 'commission_reversal',
  kindTitle: 'Сторно КВ агента',
  amountKopecks: -123_457,
};
const TOTALS: LedgerTotals = {
  period: '2026-11',
  openingKopecks: 50_000,
  accruedKopecks: 123_457,
  reversedKopecks: -123_457,
  netKopecks: 0,
  paidKopecks: 20_000,
  closingKopecks: 30_000,
  noRateLines: 1,
  lines: 3,
};
const page = (items: LedgerRow[], over: Partial<LedgerPage> = {}): { data: LedgerPage } => ({ data: { items, next: null, totals: TOTALS, ...over } });

const ledgerCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/v2/finance/ledger'));
const lastLedgerQuery = (calls: Call[]) => new URLSearchParams(ledgerCalls(calls).at(-1)!.path.split('?')[1]);
const figure = (title: string) => within(screen.getByRole('region', { name: 'Итоги за период' })).getByText(title).nextSibling?.textContent;
const rows = () => within(screen.getByRole('list', { name: 'Начисления' })).getAllByRole('listitem');
const money = (text: string) => text.replace(/\u00a0/g, ' ');

function http(ledger: (call: Call) => unknown = () => page([ACCRUAL, NO_RATE, REVERSAL]), extra: Record<string, unknown> = {}) {
  return fakeHttp({
    'GET /api/v2/payments/period-filters-pay-lists': { data: PERIODS },
    'GET /api/v2/finance/ledger': (_b: unknown, call: Call) => ledger(call),
    ...(extra as Record<string, never>),
  });
}

describe('Мое КВ / КВ всех', () => {
  test('an agent sees «Мое КВ»: the current month’s totals and lines — the rate, «нет ставки» marked, a reversal negative — and no agent filter', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.agent });
    expect(await screen.findByRole('heading', { level: 1, name: 'Мое КВ' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Начисления' });

    // The current month (the first of the periods) is asked for and chosen.
    expect(lastLedgerQuery(h.calls).get('period')).toBe('2026-11');
    expect((screen.getByRole('combobox', { name: 'Период' }) as HTMLSelectElement).value).toBe('2026-11');
    expect(within(screen.getByRole('combobox', { name: 'Период' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ноябрь 2026', 'Октябрь 2026']);

    expect(money(figure('Начислено')!)).toBe('1 234,57 ₽');
    expect(money(figure('Сторно')!)).toBe('−1 234,57 ₽');
    expect(money(figure('Итого за период')!)).toBe('0,00 ₽');
    expect(money(figure('Остаток на начало')!)).toBe('500,00 ₽');
    expect(money(figure('Выплачено')!)).toBe('200,00 ₽');
    expect(money(figure('К выплате')!)).toBe('300,00 ₽');
    expect(screen.getByText('Без ставки: 1')).toBeTruthy();

    const [accrual, noRate, reversal] = rows();
    // The Moscow day: 21:30 UTC on the 20th is the 21st in Moscow.
    expect(within(accrual).getByText('21.11.2026')).toBeTruthy();
    expect(within(accrual).getByText('КВ агента')).toBeTruthy();
    expect(within(accrual).getByRole('link', { name: 'ХХХ0123456789' }).getAttribute('href')).toBe(`/contracts/${CONTRACT.id}`);
    expect(within(accrual).getByText('Е-ОСАГО · ВСК · Смирнова Анна Петровна')).toBeTruthy();
    expect(money(within(accrual).getByText(/% от/).textContent!)).toBe('10% от 12 345,67 ₽');
    // Why this rate, under it.
    expect(within(accrual).getByText('Уровень «Агент»: 10% с 01.01.2025')).toBeTruthy();
    expect(money(accrual.querySelector('.oy-cr__amount')!.textContent!)).toBe('1 234,57 ₽');
    expect(within(accrual).getByText('Ожидается')).toBeTruthy();

    expect(within(noRate).getByRole('link', { name: 'Договор без номера' }).getAttribute('href')).toBe(`/contracts/${'c2'.repeat(12)}`);
    const mark = within(noRate).getByText('нет ставки');
    expect(mark.className).toContain('oy-cr__no-rate');
    expect(money(noRate.querySelector('.oy-cr__amount')!.textContent!)).toBe('0,00 ₽');

    expect(within(reversal).getByText('Сторно КВ агента')).toBeTruthy();
    expect(money(reversal.querySelector('.oy-cr__amount')!.textContent!)).toBe('−1 234,57 ₽');

    // Their own lines: no agent filter, no agent's name on the lines.
    expect(screen.queryByRole('combobox', { name: 'Агент' })).toBeNull();
    expect(screen.queryByText(AGENT.fio)).toBeNull();
    expect(lastLedgerQuery(h.calls).has('agent')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  test('staff see «КВ всех» with the filters; period, insurer, product and kind go to the URL and to the api', async () => {
    const h = http();
    const initState = { ...emptyInitState(), companies: [{ _id: 'b'.repeat(24), shortName: 'СОГАЗ' }, { _id: 'a'.repeat(24), shortName: 'ВСК' }] };
    await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.finance, initState });
    expect(await screen.findByRole('heading', { level: 1, name: 'КВ всех' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Начисления' });
    // Whose each line is.
    expect(within(rows()[0]).getByText(AGENT.fio)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Агент' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Период' }), { target: { value: '2026-10' } });
    await waitFor(() => expect(lastLedgerQuery(h.calls).get('period')).toBe('2026-10'));
    expect(currentLocation()).toContain('period=2026-10');

    const insurer = screen.getByRole('combobox', { name: 'Страховщик' });
    await waitFor(() => expect(within(insurer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все страховщики', 'ВСК', 'СОГАЗ']));
    fireEvent.change(insurer, { target: { value: 'b'.repeat(24) } });
    await waitFor(() => expect(lastLedgerQuery(h.calls).get('company')).toBe('b'.repeat(24)));

    const product = screen.getByRole('combobox', { name: 'Продукт' });
    expect(within(product).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все продукты', 'Е-ОСАГО', 'Е-КАСКО', 'Страхование квартиры', 'Страхование дома', 'ВЗР', 'Ипотека', 'Полис, оформленный вручную']);
    fireEvent.change(product, { target: { value: 'eosago' } });
    await waitFor(() => expect(lastLedgerQuery(h.calls).get('product')).toBe('eosago'));

    const kind = screen.getByRole('combobox', { name: 'Вид начисления' });
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все начисления', 'КВ агента', 'КВ владельца сети', 'Сторно КВ агента', 'Сторно КВ владельца сети', 'Корректировка']);
    fireEvent.change(kind, { target: { value: 'commission_reversal' } });
    await waitFor(() => expect(lastLedgerQuery(h.calls).get('kind')).toBe('commission_reversal'));

    const status = screen.getByRole('combobox', { name: 'Статус' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все статусы', 'Ожидается', 'Выплачено']);
    fireEvent.change(status, { target: { value: 'paid' } });
    await waitFor(() => expect(lastLedgerQuery(h.calls).get('status')).toBe('paid'));
    fireEvent.change(status, { target: { value: '' } });
    await waitFor(() => expect(lastLedgerQuery(h.calls).get('status')).toBeNull());

    const asked = lastLedgerQuery(h.calls);
    expect(Object.fromEntries(asked)).toEqual({ period: '2026-10', company: 'b'.repeat(24), product: 'eosago', kind: 'commission_reversal', limit: '50' });
    const address = new URLSearchParams(currentLocation().split('?')[1]);
    expect(Object.fromEntries(address)).toEqual({ period: '2026-10', company: 'b'.repeat(24), product: 'eosago', kind: 'commission_reversal' });
    // «Скачать XLSX / CSV»: what is on screen — the same period and filters — as a file.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Скачать XLSX' }).getAttribute('href')).toContain('kind=commission_reversal'));
    const file = (name: string) => Object.fromEntries(new URLSearchParams(screen.getByRole('link', { name }).getAttribute('href')!.split('?')[1]));
    expect(screen.getByRole('link', { name: 'Скачать XLSX' }).getAttribute('href')!.startsWith('/api/v2/finance/ledger/export?')).toBe(true);
    expect(file('Скачать XLSX')).toEqual({ period: '2026-10', company: 'b'.repeat(24), product: 'eosago', kind: 'commission_reversal', format: 'xlsx' });
    expect(file('Скачать CSV')).toMatchObject({ kind: 'commission_reversal', format: 'csv' });
  });

  test('the agent filter searches the scope’s agents (300 ms after typing), a chosen agent goes to the URL and the api; an agent in the URL gets their name back', async () => {
    const search = jest.fn((_call: Call) => [{ _id: AGENT.id, fio: AGENT.fio, email: 'agent@oyster.test', isBlocked: false }]);
    const h = http(undefined, { 'GET /api/v2/agents/search': (_b: unknown, call: Call) => search(call) });
    const view = await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.broker });
    // A broker-network owner reads everyone of their network: «КВ всех».
    expect(await screen.findByRole('heading', { level: 1, name: 'КВ всех' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Начисления' });
    const input = screen.getByRole('combobox', { name: 'Агент' });
    fireEvent.change(input, { target: { value: 'Иван' } });
    expect(search).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('option', { name: /Иванов Иван Петрович/ }));
    expect(search.mock.calls[0][0].path).toBe(`/api/v2/agents/search?search=${encodeURIComponent('Иван')}`);
    await waitFor(() => expect(lastLedgerQuery(h.calls).get('agent')).toBe(AGENT.id));
    expect(currentLocation()).toContain(`agent=${AGENT.id}`);
    view.unmount();

    // Opened from an address with the agent: the field names them.
    const again = http(undefined, { 'GET /api/v2/agents/search': (_b: unknown, call: Call) => search(call) });
    await renderSection(RemoteRoutes, `/cr?period=2026-10&agent=${AGENT.id}`, { http: again, user: DEMO_USERS.finance });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Агент' }) as HTMLInputElement).value).toBe(AGENT.fio));
    expect(search.mock.calls.at(-1)![0].path).toBe(`/api/v2/agents/search?agentId=${AGENT.id}`);
    expect(Object.fromEntries(lastLedgerQuery(again.calls))).toMatchObject({ period: '2026-10', agent: AGENT.id });
  });

  test('the totals are those of the filters on screen: a slower answer for a period already left never shows', async () => {
    let releaseNovember!: () => void;
    const h = http((call) =>
      call.path.includes('period=2026-11')
        ? new Promise((resolve) => (releaseNovember = () => resolve(page([ACCRUAL], { totals: { ...TOTALS, closingKopecks: 111_111 } }))))
        : page([REVERSAL], { totals: { ...TOTALS, period: '2026-10', closingKopecks: 222_222 } }),
    );
    await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.agent });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Период' }), { target: { value: '2026-10' } });
    await screen.findByRole('list', { name: 'Начисления' });
    expect(money(figure('К выплате')!)).toBe('2 222,22 ₽');
    await act(async () => releaseNovember());
    expect(money(figure('К выплате')!)).toBe('2 222,22 ₽');
    expect(within(rows()[0]).getByText('Сторно КВ агента')).toBeTruthy();
  });

  test('«Показать ещё» asks for the next page with the cursor and adds its lines', async () => {
    const h = http((call) => (call.path.includes('after=cursor1') ? page([REVERSAL]) : page([ACCRUAL, NO_RATE], { next: 'cursor1' })));
    await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.agent });
    await screen.findByRole('list', { name: 'Начисления' });
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(Object.fromEntries(lastLedgerQuery(h.calls))).toEqual({ period: '2026-11', after: 'cursor1', limit: '50' });
    expect(within(rows()[2]).getByText('Сторно КВ агента')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  test('a month without lines says so (with its totals); narrowed by a filter it offers to reset it and keeps the period', async () => {
    const h = http(() => page([], { totals: { ...TOTALS, accruedKopecks: 0, reversedKopecks: 0, netKopecks: 0, paidKopecks: 0, closingKopecks: 50_000, noRateLines: 0, lines: 0 } }));
    await renderSection(RemoteRoutes, '/cr?period=2026-10&kind=override', { http: h, user: DEMO_USERS.agent });
    expect(await screen.findByText('За этот период начислений нет')).toBeTruthy();
    expect(money(figure('Остаток на начало')!)).toBe('500,00 ₽');
    expect(screen.queryByText(/Без ставки/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(Object.fromEntries(lastLedgerQuery(h.calls))).toEqual({ period: '2026-10', limit: '50' }));
    expect(currentLocation()).toBe('/cr?period=2026-10');
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).toBeNull();
  });

  test('a failed load says so with the server’s reason and «Повторить» asks again', async () => {
    let fail = true;
    const h = http(() => {
      if (fail) throw httpError(400, { message: 'Поле «period»: месяц в формате ГГГГ-ММ', field: 'period' });
      return page([ACCRUAL]);
    });
    await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.agent });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить начисления')).toBeTruthy();
    expect(within(alert).getByText('Поле «period»: месяц в формате ГГГГ-ММ')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Начисления' })).toBeTruthy();
  });

  test('the periods failing to load say so and «Повторить» asks again', async () => {
    let fail = true;
    const h = fakeHttp({
      'GET /api/v2/payments/period-filters-pay-lists': () => {
        if (fail) throw httpError(500);
        return { data: PERIODS };
      },
      'GET /api/v2/finance/ledger': page([ACCRUAL]),
    });
    await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.agent });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить периоды начислений')).toBeTruthy();
    expect(ledgerCalls(h.calls)).toHaveLength(0);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Начисления' })).toBeTruthy();
  });

  test('live: ledger_changed and contract_money read the first page and the totals again, the lines staying on screen meanwhile', async () => {
    let answer: () => Promise<unknown> = async () => page([ACCRUAL]);
    const h = http(() => answer());
    const { bus } = await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.agent });
    await screen.findByRole('list', { name: 'Начисления' });
    expect(rows()).toHaveLength(1);
    const before = ledgerCalls(h.calls).length;

    let release!: () => void;
    answer = () => new Promise((resolve) => (release = () => resolve(page([REVERSAL, ACCRUAL], { totals: { ...TOTALS, closingKopecks: 0 } }))));
    act(() => bus.publish('ledger_changed', { agentId: DEMO_USERS.agent._id }));
    await waitFor(() => expect(ledgerCalls(h.calls)).toHaveLength(before + 1));
    // No flash: the lines and totals stay while the page is read again.
    expect(screen.queryByRole('status', { name: 'Загрузка' })).toBeNull();
    expect(rows()).toHaveLength(1);
    await act(async () => release());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(money(figure('К выплате')!)).toBe('0,00 ₽');
    expect(lastLedgerQuery(h.calls).has('after')).toBe(false);

    answer = async () => page([NO_RATE, REVERSAL, ACCRUAL]);
    act(() => bus.publish('contract_money', { contractId: CONTRACT.id }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  test('finance staff record an adjustment: the agent, «Удержать» 500 ₽ and a reason go to the api as −50 000 kopecks; the api’s refusal shows under its field; the line reads «Без договора» and its reason; agents have no button', async () => {
    const ADJUSTMENT: LedgerRow = { ...ACCRUAL, id: 'l9'.repeat(12), kind: 'adjustment', kindTitle: 'Корректировка', contract: null, rateBp: null, rateReason: null, note: 'Удержание: возврат премии', baseKopecks: 0, amountKopecks: -50_000 };
    let answer: unknown = { data: { id: '1' } };
    const post = jest.fn((body: unknown) => {
      if (answer instanceof Error) throw answer;
      return { ...(answer as object), body };
    });
    const search = () => [{ _id: AGENT.id, fio: AGENT.fio, email: 'agent@oyster.test', isBlocked: false }];
    const h = http(() => page([ADJUSTMENT]), { 'POST /api/v2/finance/ledger/adjustments': (body: unknown) => post(body), 'GET /api/v2/agents/search': search });
    const { toasts } = await renderSection(RemoteRoutes, '/cr', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('list', { name: 'Начисления' });
    expect(within(rows()[0]).getByText('Без договора')).toBeTruthy();
    expect(within(rows()[0]).getByText('Удержание: возврат премии')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Корректировка' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Записать' }));
    expect(await within(dialog).findAllByText('Обязательное поле')).toHaveLength(2);
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Агент корректировки' }), { target: { value: 'Иван' } });
    fireEvent.click(await screen.findByRole('option', { name: /Иванов Иван Петрович/ }));
    expect(await within(dialog).findByText(AGENT.fio)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Что сделать/), { target: { value: 'minus' } });
    fireEvent.change(within(dialog).getByLabelText(/^\*?Сумма$/), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText(/Причина \(её увидит агент\)/), { target: { value: '  Удержание: возврат премии  ' } });

    answer = httpError(400, { error: true, message: 'Поле «amountKopecks»: не больше 100 000 000 ₽ по модулю', field: 'amountKopecks' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Записать' }));
    expect(await within(dialog).findByText('Поле «amountKopecks»: не больше 100 000 000 ₽ по модулю')).toBeTruthy();
    expect(post.mock.calls[0][0]).toEqual({ agentId: AGENT.id, amountKopecks: -50_000, reason: 'Удержание: возврат премии' });

    answer = { data: { id: '1' } };
    // antd's Button drops its spinner one render after `loading` turns false: wait for «Записать» as a user does.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Записать' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', body: 'Корректировка записана: Иванов Иван Петрович, −500,00\u00a0₽' }));
  });

  test('a line names the payout it went into: «Выплачено» with its act, or the payout’s status while unpaid — a link to «Выплаты и акты» of that month', async () => {
    const PAID: LedgerRow = { ...ACCRUAL, status: 'paid', statusTitle: 'Выплачено', payout: { id: '7', actNumber: 'А-2026-10-000025', period: '2026-10', status: 'paid', statusTitle: 'Выплачено' } };
    const IN_REGISTER: LedgerRow = { ...REVERSAL, payout: { id: '8', actNumber: 'А-2026-10-000026', period: '2026-10', status: 'in_register', statusTitle: 'В реестре на выплату' } };
    await renderSection(RemoteRoutes, '/cr', { http: http(() => page([PAID, IN_REGISTER])), user: DEMO_USERS.agent });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const paid = within(rows()[0]).getByRole('link', { name: 'Акт А-2026-10-000025' });
    expect(paid.getAttribute('href')).toBe('/cr/payouts?period=2026-10');
    expect(within(rows()[0]).getByText('Выплачено')).toBeTruthy();
    expect(within(rows()[1]).getByRole('link', { name: 'В реестре на выплату · акт А-2026-10-000026' })).toBeTruthy();
  });

  test('an agent has no «Корректировка»', async () => {
    await renderSection(RemoteRoutes, '/cr', { http: http(), user: DEMO_USERS.agent });
    await screen.findByRole('list', { name: 'Начисления' });
    expect(screen.queryByRole('button', { name: 'Корректировка' })).toBeNull();
  });
});
