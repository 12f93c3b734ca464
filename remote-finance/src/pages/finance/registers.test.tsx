import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, PAYOUT_STATUS_TITLES, REGISTER_STATUS_TITLES, type LedgerPeriod, type RegisterDetail, type RegisterRow } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { FINANCE, IVANOV, sampleRegister } from '../../testing';

const PERIODS: LedgerPeriod[] = [
  { value: '2026-11', title: 'Ноябрь 2026' },
  { value: '2026-10', title: 'Октябрь 2026' },
];
const DRAFT = sampleRegister();
const ID = DRAFT.id;
const OTHER_FINANCE = { id: 'f1'.repeat(12), fio: 'Контролёрова Мария' };
const paidLine = (p: RegisterDetail['payouts'][number]) => ({ ...p, status: 'paid' as const, statusTitle: PAYOUT_STATUS_TITLES.paid, paidAt: '2026-11-27T10:00:00.000Z' });
const APPROVED: RegisterDetail = { ...DRAFT, status: 'approved', statusTitle: REGISTER_STATUS_TITLES.approved, approvedBy: OTHER_FINANCE, approvedAt: '2026-11-04T09:00:00.000Z' };
const summary = ({ payouts: _p, skipped: _s, ...row }: RegisterDetail): RegisterRow => row;
const text = (el: Element) => el.textContent!.replace(/\u00a0/g, ' ');
const lines = () => within(screen.getByRole('list', { name: 'Строки реестра' })).getAllByRole('listitem');

describe('«Реестры выплат»', () => {
  test('the list: title, status, total, lines and paid lines, who built and who approved; a title opens the register', async () => {
    const h = fakeHttp({
      'GET /api/v2/payments/period-filters-pay-lists': { data: PERIODS },
      'GET /api/v2/finance/registers': { data: [summary(APPROVED), summary({ ...DRAFT, id: 'r2'.repeat(12), number: 4 })] },
      [`GET /api/v2/finance/registers/${ID}`]: { data: APPROVED },
    });
    await renderSection(RemoteRoutes, '/finance/registers', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Реестры выплат' })).toBeTruthy();
    const [approved, draft] = within(await screen.findByRole('list', { name: 'Реестры' })).getAllByRole('listitem');
    expect(within(approved).getByRole('link', { name: 'Реестр № 3 за октябрь 2026' }).getAttribute('href')).toBe(`/finance/registers/${ID}`);
    expect(within(approved).getByText('Утверждён')).toBeTruthy();
    expect(text(approved.querySelector('.oy-reg-total')!)).toBe('15 740,67 ₽');
    expect(text(within(approved).getByText(/оплачено/))).toBe('2 выплаты, оплачено 0');
    expect(within(approved).getByText(FINANCE.fio)).toBeTruthy();
    expect(within(approved).getByText(OTHER_FINANCE.fio)).toBeTruthy();
    expect(within(approved).getByText('04.11.2026')).toBeTruthy();
    expect(within(draft).getByText('На проверке')).toBeTruthy();
    expect(within(draft).getByText('—')).toBeTruthy();
    fireEvent.click(within(approved).getByRole('link', { name: 'Реестр № 3 за октябрь 2026' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Реестр № 3 за октябрь 2026' })).toBeTruthy();
  });

  test('«Собрать реестр» for a finished month opens the new register; a refusal (nothing to pay) is shown; no registers: «Реестров пока нет»', async () => {
    let answer: unknown = httpError(400, { message: 'За октябрь 2026 нет выплат «К выплате» вне реестров', field: 'period' });
    const build = jest.fn((body: unknown) => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const h = fakeHttp({
      'GET /api/v2/payments/period-filters-pay-lists': { data: PERIODS },
      'GET /api/v2/finance/registers': { data: [] },
      'POST /api/v2/finance/registers': (body: unknown) => build(body),
      [`GET /api/v2/finance/registers/${ID}`]: { data: DRAFT },
    });
    const { toasts } = await renderSection(RemoteRoutes, '/finance/registers', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByText('Реестров пока нет')).toBeTruthy();
    const period = screen.getByRole('combobox', { name: 'Период реестра' });
    expect(within(period).getAllByRole('option').map((o) => o.textContent)).toEqual(['Октябрь 2026']);
    fireEvent.click(screen.getByRole('button', { name: 'Собрать реестр' }));
    expect((await screen.findByRole('alert')).textContent).toBe('За октябрь 2026 нет выплат «К выплате» вне реестров');
    expect(build.mock.calls[0][0]).toEqual({ period: '2026-10' });

    answer = { data: DRAFT };
    fireEvent.click(await screen.findByRole('button', { name: 'Собрать реестр' }));
    await waitFor(() => expect(currentLocation()).toBe(`/finance/registers/${ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Реестр № 3 за октябрь 2026' })).toBeTruthy();
    expect(toasts).toContainEqual({ type: 'success', body: 'Реестр № 3 за октябрь 2026 собран' });
  });

  test('a draft: the lines, the totals row equal to the register’s total, the skipped with reasons; «Утвердить» by its builder shows the api’s refusal; another approves it', async () => {
    const withSkipped = { ...DRAFT, skipped: [{ agent: { id: 'c3'.repeat(12), fio: 'Сидоров Олег' }, reason: 'Нет банковских реквизитов' }] };
    let answer: unknown = httpError(403, { message: 'Утвердить реестр должен другой сотрудник: вы его сформировали' });
    const approve = jest.fn(() => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const h = fakeHttp({
      [`GET /api/v2/finance/registers/${ID}`]: { data: withSkipped },
      [`POST /api/v2/finance/registers/${ID}/approve`]: () => approve(),
    });
    const { toasts } = await renderSection(RemoteRoutes, `/finance/registers/${ID}`, { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Реестр № 3 за октябрь 2026' })).toBeTruthy();
    expect(screen.getByText('На проверке')).toBeTruthy();
    const [ivanov, petrova] = lines();
    expect(within(ivanov).getByText(IVANOV.fio)).toBeTruthy();
    expect(within(ivanov).getByText('Физическое лицо')).toBeTruthy();
    expect(within(ivanov).getByText('В реестре на выплату')).toBeTruthy();
    expect([...ivanov.querySelectorAll('.oy-pay-num')].map(text)).toEqual(['12 345,67 ₽', '1 605,00 ₽', '10 740,67 ₽']);
    expect(within(petrova).getByText('Индивидуальный предприниматель')).toBeTruthy();
    const totals = screen.getByRole('group', { name: 'Итого по реестру' });
    expect([...totals.querySelectorAll('.oy-pay-num')].map(text)).toEqual(['17 345,67 ₽', '1 605,00 ₽', '15 740,67 ₽']);
    expect(text(screen.getByText('Сумма к выплате').nextSibling as Element)).toBe('15 740,67 ₽');
    expect(screen.queryByText(/Итог реестра не равен сумме строк/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Не вошли в реестр' })).getByText(/Нет банковских реквизитов/)).toBeTruthy();
    // Not for the bank until approved; no paid marks on a draft.
    expect(screen.queryByRole('link', { name: 'Скачать для банка (1С)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отметить оплаченным' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Утвердить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Утвердить реестр должен другой сотрудник: вы его сформировали');
    expect(screen.getByText('На проверке')).toBeTruthy();

    answer = { data: { ...APPROVED, skipped: withSkipped.skipped } };
    fireEvent.click(await screen.findByRole('button', { name: 'Утвердить' }));
    expect(await screen.findByText('Утверждён')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(`${OTHER_FINANCE.fio}, 04.11.2026`)).toBeTruthy();
    expect(toasts).toContainEqual({ type: 'success', body: 'Реестр утверждён' });
  });

  test('a payout left out for want of bank details: «Реквизиты» opens the agent’s details; the api’s refusal shows under its field; saved, the dialog closes', async () => {
    const SIDOROV = { id: 'c3'.repeat(12), fio: 'Сидоров Олег' };
    const withSkipped = { ...DRAFT, skipped: [{ agent: SIDOROV, reason: 'Нет банковских реквизитов агента' }] };
    const saved = jest.fn<unknown, [unknown]>(() => {
      throw httpError(400, { message: 'Поле «account»: счёт не сходится с БИК банка — проверьте цифры', field: 'account' });
    });
    const h = fakeHttp({
      [`GET /api/v2/finance/registers/${ID}`]: { data: withSkipped },
      [`GET /api/v2/finance/billing/${SIDOROV.id}`]: { data: null },
      [`PUT /api/v2/finance/billing/${SIDOROV.id}`]: (body: unknown) => saved(body),
    });
    const { toasts } = await renderSection(RemoteRoutes, `/finance/registers/${ID}`, { http: h, user: DEMO_USERS.finance });
    const skipped = await screen.findByRole('region', { name: 'Не вошли в реестр' });
    expect(within(skipped).getByText('Когда реквизиты заполнены, а баланс агента покрывает выплату, она войдёт в следующий реестр за этот месяц.')).toBeTruthy();
    fireEvent.click(within(skipped).getByRole('button', { name: 'Реквизиты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Реквизиты: Сидоров Олег' });
    expect(((await within(dialog).findByLabelText(/Получатель/)) as HTMLInputElement).value).toBe('Сидоров Олег');
    fireEvent.change(within(dialog).getByLabelText(/ИНН/), { target: { value: '500100732259' } });
    fireEvent.change(within(dialog).getByLabelText('Банк'), { target: { value: 'АО «Банк»' } });
    fireEvent.change(within(dialog).getByLabelText('БИК'), { target: { value: '044525225' } });
    fireEvent.change(within(dialog).getByLabelText('Расчётный счёт'), { target: { value: '40817810-0000-0000-0001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Поле «account»: счёт не сходится с БИК банка — проверьте цифры')).toBeTruthy();
    expect(saved.mock.calls[0][0]).toEqual({ legalName: 'Сидоров Олег', inn: '500100732259', kpp: null, bankName: 'АО «Банк»', bik: '044525225', account: '40817810000000000001', corrAccount: null, vatMode: 'exempt' });

    saved.mockImplementation((body) => ({ data: { agentId: SIDOROV.id, ...(body as object) } }));
    // The refusal can show a moment before the button stops spinning («loading Сохранить»): wait for it.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Реквизиты: Сидоров Олег' })).toBeNull());
    expect(toasts).toContainEqual({ type: 'success', body: 'Реквизиты сохранены' });
  });

  test('a register whose total is not the sum of its lines says so', async () => {
    const h = fakeHttp({ [`GET /api/v2/finance/registers/${ID}`]: { data: { ...DRAFT, totalKopecks: DRAFT.totalKopecks + 1 } } });
    await renderSection(RemoteRoutes, `/finance/registers/${ID}`, { http: h, user: DEMO_USERS.finance });
    expect(text(await screen.findByText(/Итог реестра не равен сумме строк/))).toBe('Итог реестра не равен сумме строк — проверьте реестр: 15 740,68 ₽ ≠ 15 740,67 ₽');
  });

  test('«Удалить черновик» asks first, deletes and goes back to the list', async () => {
    const remove = jest.fn(() => ({}));
    const h = fakeHttp({
      [`GET /api/v2/finance/registers/${ID}`]: { data: DRAFT },
      [`DELETE /api/v2/finance/registers/${ID}`]: () => remove(),
      'GET /api/v2/finance/registers': { data: [] },
      'GET /api/v2/payments/period-filters-pay-lists': { data: PERIODS },
    });
    const { toasts } = await renderSection(RemoteRoutes, `/finance/registers/${ID}`, { http: h, user: DEMO_USERS.finance });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить черновик' }));
    expect((await screen.findAllByText('Удалить черновик реестра? Его выплаты вернутся в «К выплате».')).length).toBeGreaterThan(0);
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(currentLocation()).toBe('/finance/registers'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(toasts).toContainEqual({ type: 'success', body: 'Черновик реестра удалён' });
  });

  test('approved: the bank files, a line marked paid, then the whole register after a confirm', async () => {
    const paid = jest.fn((body: unknown) => {
      const ids = (body as { payoutIds?: string[] }).payoutIds;
      const payouts = APPROVED.payouts.map((p) => (!ids || ids.includes(p.id) ? paidLine(p) : p));
      const all = payouts.every((p) => p.status === 'paid');
      return { data: { ...APPROVED, payouts, paidLines: payouts.filter((p) => p.status === 'paid').length, ...(all ? { status: 'paid', statusTitle: REGISTER_STATUS_TITLES.paid } : {}) } };
    });
    const h = fakeHttp({
      [`GET /api/v2/finance/registers/${ID}`]: { data: APPROVED },
      [`POST /api/v2/finance/registers/${ID}/paid`]: (body: unknown) => paid(body),
    });
    await renderSection(RemoteRoutes, `/finance/registers/${ID}`, { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByText('Утверждён')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Скачать для банка (1С)' }).getAttribute('href')).toBe(`/api/v2/finance/registers/${ID}/export?format=1c`);
    expect(screen.getByRole('link', { name: 'Скачать XLSX' }).getAttribute('href')).toBe(`/api/v2/finance/registers/${ID}/export?format=xlsx`);
    expect(screen.queryByRole('button', { name: 'Утвердить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить черновик' })).toBeNull();

    fireEvent.click(within(lines()[0]).getByRole('button', { name: 'Отметить оплаченным' }));
    await waitFor(() => expect(within(lines()[0]).getByText('Выплачено')).toBeTruthy());
    expect(paid.mock.calls[0][0]).toEqual({ payoutIds: [APPROVED.payouts[0].id] });
    expect(within(lines()[0]).queryByRole('button', { name: 'Отметить оплаченным' })).toBeNull();
    expect(within(lines()[1]).getByRole('button', { name: 'Отметить оплаченным' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Отметить весь реестр оплаченным' }));
    expect(await screen.findByText('Отметить оплаченными все выплаты реестра? Агенты увидят «Выплачено».')).toBeTruthy();
    expect(paid).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(screen.getByText('Оплачен')).toBeTruthy());
    expect(paid.mock.calls[1][0]).toEqual({});
    expect(within(lines()[1]).getByText('Выплачено')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отметить весь реестр оплаченным' })).toBeNull();
  });

  test('live: payout_changed of this register reads it again; another register’s event is ignored', async () => {
    let detail: RegisterDetail = APPROVED;
    const h = fakeHttp({ [`GET /api/v2/finance/registers/${ID}`]: () => ({ data: detail }) });
    const { bus } = await renderSection(RemoteRoutes, `/finance/registers/${ID}`, { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByText('Утверждён')).toBeTruthy();
    const reads = () => h.calls.filter((c) => c.path === `/api/v2/finance/registers/${ID}`).length;
    act(() => bus.publish('payout_changed', { agentId: null, payoutId: null, registerId: 'ff'.repeat(12) }));
    await act(async () => void (await new Promise((r) => setTimeout(r, 400))));
    expect(reads()).toBe(1);
    detail = { ...APPROVED, status: 'paid', statusTitle: REGISTER_STATUS_TITLES.paid, payouts: APPROVED.payouts.map(paidLine), paidLines: 2 };
    act(() => bus.publish('payout_changed', { agentId: null, payoutId: null, registerId: ID }));
    expect(await screen.findByText('Оплачен')).toBeTruthy();
    expect(reads()).toBe(2);
  });

  test('a register that is not there says so with the way back; the list failing says why with «Повторить»', async () => {
    const view = await renderSection(RemoteRoutes, `/finance/registers/${ID}`, {
      http: fakeHttp({ [`GET /api/v2/finance/registers/${ID}`]: () => { throw httpError(404, { message: 'Реестр не найден' }); } }),
      user: DEMO_USERS.finance,
    });
    // The shell's catalogue text for a 404.
    expect(await screen.findByRole('heading', { level: 1, name: 'Запрашиваемый ресурс не найден' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Реестры выплат' })).toBeTruthy();
    view.unmount();

    let fail = true;
    await renderSection(RemoteRoutes, '/finance/registers', {
      http: fakeHttp({
        'GET /api/v2/payments/period-filters-pay-lists': { data: PERIODS },
        'GET /api/v2/finance/registers': () => {
          if (fail) throw httpError(500);
          return { data: [summary(DRAFT)] };
        },
      }),
      user: DEMO_USERS.finance,
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить реестры')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Реестры' })).toBeTruthy();
  });
});
