import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, PAYOUT_STATUS_TITLES, type LedgerPeriod } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { PETROVA, party, samplePayout } from '../../testing';

/** Today is in November: October and September are finished. */
const PERIODS: LedgerPeriod[] = [
  { value: '2026-11', title: 'Ноябрь 2026' },
  { value: '2026-10', title: 'Октябрь 2026' },
  { value: '2026-09', title: 'Сентябрь 2026' },
];
const READY = samplePayout();
const OVER_LIMIT = samplePayout({
  id: 'p5'.repeat(12),
  agent: party(PETROVA),
  opf: 'SZ',
  opfTitle: 'Самозанятый',
  taxKopecks: 0,
  netKopecks: 1_234_567,
  status: 'awaiting_receipt',
  statusTitle: PAYOUT_STATUS_TITLES.awaiting_receipt,
  selfEmployedLimitExceeded: true,
  register: null,
});
const IN_REGISTER = samplePayout({ id: 'p6'.repeat(12), status: 'in_register', statusTitle: PAYOUT_STATUS_TITLES.in_register, register: { id: 'r1'.repeat(12), number: 3 } });

const payoutCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/v2/finance/payouts?'));
const lastQuery = (calls: Call[]) => Object.fromEntries(new URLSearchParams(payoutCalls(calls).at(-1)!.path.split('?')[1]));
const rows = () => within(screen.getByRole('list', { name: 'Выплаты' })).getAllByRole('listitem');

function http(payouts: (call: Call) => unknown = () => ({ data: { items: [READY, OVER_LIMIT, IN_REGISTER], next: null } }), extra: Record<string, unknown> = {}) {
  return fakeHttp({
    'GET /api/v2/payments/period-filters-pay-lists': { data: PERIODS },
    'GET /api/v2/finance/payouts': (_b: unknown, call: Call) => payouts(call),
    'GET /api/v2/agents/search': () => [],
    ...(extra as Record<string, never>),
  });
}

describe('«Выплаты агентам»', () => {
  test('finance staff: the finished months only, the last one by default; the list by status; the SZ-limit flag; the act; the register links to its page', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/finance/payouts', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Выплаты агентам' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Финансы' }).getAttribute('href')).toBe('/finance');
    await screen.findByRole('list', { name: 'Выплаты' });
    const period = screen.getByRole('combobox', { name: 'Период' }) as HTMLSelectElement;
    expect(within(period).getAllByRole('option').map((o) => o.textContent)).toEqual(['Октябрь 2026', 'Сентябрь 2026']);
    expect(period.value).toBe('2026-10');
    expect(lastQuery(h.calls)).toEqual({ period: '2026-10', limit: '50' });
    expect(screen.getByRole('button', { name: 'Рассчитать выплаты за октябрь 2026' })).toBeTruthy();

    const [ready, overLimit, inRegister] = rows();
    expect(within(ready).getByText('Иванов Иван Петрович')).toBeTruthy();
    expect(within(ready).queryByText(/Доход за год больше/)).toBeNull();
    expect(within(overLimit).getByText('Доход за год больше 2 400 000 ₽ — проверьте статус самозанятого')).toBeTruthy();
    expect(within(overLimit).getByRole('link', { name: 'Скачать акт' }).getAttribute('href')).toBe(`/api/v2/finance/payouts/${OVER_LIMIT.id}/act`);
    // Finance attaches no receipt: only the agent does.
    expect(within(overLimit).queryByRole('button', { name: 'Прикрепить чек' })).toBeNull();
    expect(within(inRegister).getByRole('link', { name: 'Реестр № 3' }).getAttribute('href')).toBe(`/finance/registers/${'r1'.repeat(12)}`);

    const status = screen.getByRole('combobox', { name: 'Статус' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все статусы', 'Ждёт чек «Мой налог»', 'К выплате', 'В реестре на выплату', 'Выплачено']);
    fireEvent.change(status, { target: { value: 'awaiting_receipt' } });
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({ period: '2026-10', status: 'awaiting_receipt', limit: '50' }));
    fireEvent.change(period, { target: { value: '2026-09' } });
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({ period: '2026-09', status: 'awaiting_receipt', limit: '50' }));
    expect(currentLocation()).toBe('/finance/payouts?status=awaiting_receipt&period=2026-09');
    expect(screen.getByRole('button', { name: 'Рассчитать выплаты за сентябрь 2026' })).toBeTruthy();
  });

  test('«Рассчитать выплаты за …» posts the period, says what it did and reads the list again; a refusal is shown in the api’s words', async () => {
    let answer: unknown = { data: { period: '2026-10', created: 3, carried: 2, awaitingReceipt: 1 } };
    const calculate = jest.fn((body: unknown) => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const h = http(undefined, { 'POST /api/v2/finance/payouts/calculate': (body: unknown) => calculate(body) });
    await renderSection(RemoteRoutes, '/finance/payouts', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('list', { name: 'Выплаты' });
    const before = payoutCalls(h.calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать выплаты за октябрь 2026' }));
    const result = await screen.findByLabelText('Итог расчёта');
    expect(calculate.mock.calls[0][0]).toEqual({ period: '2026-10' });
    const figure = (title: string) => within(result).getByText(title).nextSibling?.textContent;
    expect(figure('Создано выплат')).toBe('3');
    expect(figure('Перенесено на следующий период')).toBe('2');
    expect(figure('Ждут чек «Мой налог»')).toBe('1');
    await waitFor(() => expect(payoutCalls(h.calls).length).toBe(before + 1));

    answer = httpError(400, { message: 'Период ещё не закончился: выплаты считаются за прошедшие месяцы', field: 'period' });
    fireEvent.click(await screen.findByRole('button', { name: 'Рассчитать выплаты за октябрь 2026' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Период ещё не закончился: выплаты считаются за прошедшие месяцы');
    expect(screen.queryByLabelText('Итог расчёта')).toBeNull();
  });

  test('an empty period offers to calculate it; a failed load says why and «Повторить» asks again', async () => {
    let fail = true;
    const h = http(() => {
      if (fail) throw httpError(500);
      return { data: { items: [], next: null } };
    });
    await renderSection(RemoteRoutes, '/finance/payouts', { http: h, user: DEMO_USERS.finance });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить выплаты')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Выплат за этот период нет — рассчитайте их')).toBeTruthy();
  });

  test('live: payout_changed reads the list again in place', async () => {
    let items = [OVER_LIMIT];
    const h = http(() => ({ data: { items, next: null } }));
    const { bus } = await renderSection(RemoteRoutes, '/finance/payouts', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('list', { name: 'Выплаты' });
    expect(within(rows()[0]).getByText('Ждёт чек «Мой налог»')).toBeTruthy();
    items = [{ ...OVER_LIMIT, status: 'ready', statusTitle: PAYOUT_STATUS_TITLES.ready }];
    act(() => bus.publish('payout_changed', { agentId: PETROVA._id, payoutId: OVER_LIMIT.id, registerId: null }));
    await waitFor(() => expect(within(rows()[0]).getByText('К выплате')).toBeTruthy());
    expect(lastQuery(h.calls)).toEqual({ period: '2026-10', limit: '50' });
  });

  test('only those who set rates: a supervisor reads «Нет доступа»', async () => {
    await renderSection(RemoteRoutes, '/finance/payouts', { http: http(), user: DEMO_USERS.supervisor });
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Выплаты' })).toBeNull();
  });
});
