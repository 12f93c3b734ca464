import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, formatMoney, type ReconLine, type ReconOverview, type ReconStatementPage } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { dialogTitled } from '../../testing';
import { periodInName, recentPeriods } from './ReconciliationPage';

const INGOS = { id: 'a1'.repeat(12), name: 'Ингосстрах', demo: true };
const VSK = { id: 'a2'.repeat(12), name: 'ВСК', demo: false };
const STATEMENT_ID = 'b1'.repeat(12);
/** Text as toHaveTextContent compares it (any run of blanks, a no-break space too, is one space). */
const spaced = (s: string) => s.replace(/\s+/g, ' ');
const progress = { lines: 5, matched: 2, exceptions: 3, resolved: 1, disputed: 1, open: 2 };
const statement = { id: STATEMENT_ID, companyId: INGOS.id, companyName: INGOS.name, period: '2026-10', fileName: 'demo-ingos-2026-10.xlsx', createdAt: '2026-11-20T09:00:00.000Z', createdBy: 'Финансова Ольга', progress, statementKopecks: 1_000_000, expectedKopecks: 1_010_000 };
const overview: ReconOverview = {
  statements: [statement],
  insurers: [{ companyId: INGOS.id, companyName: INGOS.name, statements: 1, progress }],
  companies: [VSK, INGOS],
};
const margin = [{ companyId: INGOS.id, companyName: INGOS.name, product: 'eosago', productName: 'Е-ОСАГО', contracts: 4, insurerExpectedKopecks: 1_010_000, adjustmentsKopecks: -10_000, agentsKopecks: 720_000, marginKopecks: 280_000 }];

function line(over: Partial<ReconLine>): ReconLine {
  return {
    id: 'c0'.repeat(12), row: 1, status: 'matched', statusTitle: 'Сошлось', matchedBy: 'policy',
    contract: { id: 'd0'.repeat(12), policyNumber: 'ХХХ 0000000001', clientName: 'Иванов Иван Иванович', premiumKopecks: 1_000_000, startDate: '2026-10-05' },
    policyNumber: 'ХХХ 0000000001', clientName: 'Иванов Иван Иванович', premiumKopecks: 1_000_000, rateBp: 1400, amountKopecks: 140_000, expectedRateBp: 1400, expectedKopecks: 140_000, differenceKopecks: 0,
    resolution: null, resolutionTitle: null, note: null, resolvedBy: null, resolvedAt: null, adjustmentKopecks: null,
    ...over,
  };
}
const differs = line({ id: 'c1'.repeat(12), status: 'amount_differs', statusTitle: 'Сумма отличается', policyNumber: 'ХХХ 0000000002', contract: { id: 'd2'.repeat(12), policyNumber: 'ХХХ 0000000002', clientName: 'Петров Пётр', premiumKopecks: 1_000_000, startDate: '2026-10-06' }, amountKopecks: 130_000, differenceKopecks: -10_000 });
const disputed = line({ id: 'c2'.repeat(12), row: 3, status: 'rate_differs', statusTitle: 'Ставка отличается', policyNumber: 'ХХХ 0000000003', contract: null, rateBp: 1300, amountKopecks: 130_000, differenceKopecks: -10_000, resolution: 'dispute', resolutionTitle: 'Оспорено', note: 'Письмо страховщику', resolvedBy: 'Финансова Ольга', resolvedAt: '2026-11-21T10:00:00.000Z' });
const unknown = line({ id: 'c3'.repeat(12), row: 4, status: 'unknown', statusTitle: 'Неизвестный договор', matchedBy: null, contract: null, policyNumber: 'ХХХ 9900000005', expectedKopecks: null, expectedRateBp: null, differenceKopecks: 140_000, resolution: 'ignore', resolutionTitle: 'Игнорировано', note: 'Не наш полис', resolvedBy: 'Финансова Ольга', resolvedAt: '2026-11-21T10:00:00.000Z' });
const page: ReconStatementPage = { statement, lines: [line({}), differs, disputed, unknown] };

describe('«Сверка со страховщиками»', () => {
  test('the statements with their progress, per insurer, and the margin per insurer × product', async () => {
    const h = fakeHttp({ 'GET /api/v2/finance/reconciliation': { data: overview }, 'GET /api/v2/finance/reconciliation/margin': { data: margin } });
    await renderSection(RemoteRoutes, '/finance/reconciliation', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Сверка со страховщиками' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Ингосстрах · Октябрь 2026' });
    expect(link.getAttribute('href')).toBe(`/finance/reconciliation/${STATEMENT_ID}`);
    expect(screen.getAllByText('Решено 1 из 3 · оспорено 1 · ждут решения 1')).toHaveLength(2);
    const table = await screen.findByRole('table', { name: 'Маржа по страховщикам и продуктам' });
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['Ингосстрах', 'Е-ОСАГО', '4', formatMoney(1_010_000), formatMoney(-10_000), formatMoney(720_000), formatMoney(280_000)]);
    // The margin of the month before the current one, by default.
    expect(h.calls.find((c) => c.path.startsWith('/api/v2/finance/reconciliation/margin'))!.path).toBe(`/api/v2/finance/reconciliation/margin?period=${recentPeriods()[1]}`);
  });

  test('empty and failed states', async () => {
    const h = fakeHttp({ 'GET /api/v2/finance/reconciliation': { data: { statements: [], insurers: [], companies: [] } }, 'GET /api/v2/finance/reconciliation/margin': () => { throw httpError(500, { message: 'Ошибка сервера' }); } });
    await renderSection(RemoteRoutes, '/finance/reconciliation', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByText('Выписок пока нет: загрузите выписку страховщика')).toBeTruthy();
    expect(await screen.findByText('Не удалось посчитать маржу')).toBeTruthy();
  });

  test('«Загрузить выписку»: the insurer’s saved mapping prefilled, a demo statement to download, the month from the file name, the api’s refusal in the dialog, then the statement opens', async () => {
    const uploads: FormData[] = [];
    let refuse = true;
    const h = fakeHttp({
      'GET /api/v2/finance/reconciliation': { data: overview },
      'GET /api/v2/finance/reconciliation/margin': { data: margin },
      [`GET /api/v2/finance/reconciliation/mappings/${INGOS.id}`]: { data: { policyNumber: 'Серия и номер полиса', commission: 'Сумма КВ, руб.' } },
      'POST /api/v2/finance/reconciliation/statements': (form: unknown) => {
        uploads.push(form as FormData);
        if (refuse) throw httpError(400, { message: 'Строка 2: «Сумма КВ, ₽» — не сумма в рублях: «abc»', field: 'file' });
        return { data: { id: STATEMENT_ID } };
      },
      [`GET /api/v2/finance/reconciliation/statements/${STATEMENT_ID}`]: { data: page },
    });
    await renderSection(RemoteRoutes, '/finance/reconciliation', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('link', { name: 'Ингосстрах · Октябрь 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить выписку' }));
    const dialog = await dialogTitled('Загрузить выписку страховщика');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Загрузить и сверить' }));
    expect(within(dialog).getByText('Обязательное поле')).toBeTruthy();
    expect(within(dialog).getByText('Выберите файл XLSX или CSV')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Страховщик/), { target: { value: INGOS.id } });
    await waitFor(() => expect((within(dialog).getByLabelText(/Номер полиса/) as HTMLInputElement).value).toBe('Серия и номер полиса'));
    expect(within(dialog).getByRole('link', { name: 'Скачать демо-выписку' }).getAttribute('href')).toBe(`/api/v2/finance/reconciliation/demo/${INGOS.id}`);
    const period = recentPeriods()[3];
    const file = new File(['x'], `demo-ingos-${period}.xlsx`);
    fireEvent.change(within(dialog).getByLabelText(/Файл выписки/), { target: { files: [file] } });
    expect((within(dialog).getByLabelText(/Месяц выписки/) as HTMLSelectElement).value).toBe(period);
    fireEvent.change(within(dialog).getByLabelText(/Ставка КВ/), { target: { value: 'Ставка, %' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Загрузить и сверить' }));
    expect(await within(dialog).findByText('Строка 2: «Сумма КВ, ₽» — не сумма в рублях: «abc»')).toBeTruthy();
    const sent = uploads[0];
    expect([...sent.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name])).toEqual([
      ['companyId', INGOS.id],
      ['period', period],
      ['mapping.policyNumber', 'Серия и номер полиса'],
      ['mapping.commission', 'Сумма КВ, руб.'],
      ['mapping.rate', 'Ставка, %'],
      ['file', file.name],
    ]);
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Загрузить и сверить' }));
    await waitFor(() => expect(currentLocation()).toBe(`/finance/reconciliation/${STATEMENT_ID}`));
  });

  test('a period in a file name', () => {
    expect(['demo-ingos-2026-10.xlsx', 'акт 2026-03 РЕСО.csv', 'акт.csv', 'x-2026-13.csv'].map(periodInName)).toEqual(['2026-10', '2026-03', null, null]);
  });
});

describe('a statement’s lines', () => {
  test('lines by status with filters; who decided, when and why; the actions only on open exceptions', async () => {
    const h = fakeHttp({ [`GET /api/v2/finance/reconciliation/statements/${STATEMENT_ID}`]: { data: page } });
    await renderSection(RemoteRoutes, `/finance/reconciliation/${STATEMENT_ID}`, { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ингосстрах · Октябрь 2026' })).toBeTruthy();
    const lines = () => within(screen.getByLabelText('Строки выписки', { selector: 'ul' })).getAllByRole('listitem');
    expect(lines()).toHaveLength(4);
    const chips = within(screen.getByRole('group', { name: 'Статус строк' })).getAllByRole('button').map((b) => b.textContent);
    expect(chips).toEqual(['Все 4', 'Ждут решения 2', 'Сошлось 1', 'Сумма отличается 1', 'Ставка отличается 1', 'Нет в выписке 0', 'Неизвестный договор 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Ждут решения 2' }));
    await waitFor(() => expect(currentLocation()).toBe(`/finance/reconciliation/${STATEMENT_ID}?status=open`));
    expect(lines().map((li) => li.getAttribute('aria-label'))).toEqual(['Строка ХХХ 0000000002', 'Строка ХХХ 0000000003']);
    const [open, dispute] = lines();
    expect(within(open).getAllByRole('button').map((b) => b.textContent)).toEqual(['Принять сумму страховщика', 'Оспорить', 'Игнорировать']);
    // A disputed line stays open: accept or ignore, not dispute again; the note and who are shown.
    expect(within(dispute).getAllByRole('button').map((b) => b.textContent)).toEqual(['Принять сумму страховщика', 'Игнорировать']);
    expect(dispute).toHaveTextContent('Оспорено · Финансова Ольга, 21.11.2026, 13:00«Письмо страховщику»');
    fireEvent.click(screen.getByRole('button', { name: 'Неизвестный договор 1' }));
    expect(lines()[0]).toHaveTextContent('Игнорировано');
    expect(within(lines()[0]).queryAllByRole('button')).toHaveLength(0);
  });

  test('a decision through its dialog: the reason required for dispute and ignore, the 409 shown, the page updated; live reload on reconciliation_changed', async () => {
    const resolved = { ...page, lines: page.lines.map((l) => (l.id === differs.id ? { ...l, resolution: 'accept' as const, resolutionTitle: 'Принято', adjustmentKopecks: -10_000, resolvedBy: 'Финансова Ольга', resolvedAt: '2026-11-22T10:00:00.000Z' } : l)) };
    const posts: unknown[] = [];
    let conflict = true;
    const h = fakeHttp({
      [`GET /api/v2/finance/reconciliation/statements/${STATEMENT_ID}`]: { data: page },
      [`POST /api/v2/finance/reconciliation/lines/${differs.id}/resolve`]: (body: unknown) => {
        posts.push(body);
        if (conflict) throw httpError(409, { message: 'Строка уже решена («Принято»): повторно решить нельзя' });
        return { data: resolved };
      },
    });
    const { bus, toasts } = await renderSection(RemoteRoutes, `/finance/reconciliation/${STATEMENT_ID}?status=amount_differs`, { http: h, user: DEMO_USERS.finance });
    await screen.findByLabelText('Строка ХХХ 0000000002');
    fireEvent.click(screen.getByRole('button', { name: 'Игнорировать' }));
    let dialog = await dialogTitled('Игнорировать: ХХХ 0000000002');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Игнорировать' }).at(-1)!);
    expect(await within(dialog).findByText('Причина: от 5 до 500 символов')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    fireEvent.click(screen.getByRole('button', { name: 'Принять сумму страховщика' }));
    dialog = await dialogTitled('Принять сумму страховщика: ХХХ 0000000002');
    expect(dialog).toHaveTextContent(spaced(`корректировка на стороне брокера ${formatMoney(-10_000)}. КВ агентов не меняется.`));
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Принять сумму страховщика' }).at(-1)!);
    expect(await within(dialog).findByText('Строка уже решена («Принято»): повторно решить нельзя')).toBeTruthy();
    conflict = false;
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Принять сумму страховщика' }).at(-1)!);
    await waitFor(() => expect(screen.getByLabelText('Строка ХХХ 0000000002')).toHaveTextContent(spaced(`Принято · корректировка ${formatMoney(-10_000)} · Финансова Ольга`)));
    expect(posts).toEqual([{ action: 'accept', note: null }, { action: 'accept', note: null }]);
    expect(toasts.length).toBeGreaterThan(0);

    const before = h.calls.filter((c) => c.method === 'GET').length;
    act(() => bus.publish('reconciliation_changed', { statementId: 'ff'.repeat(12) }));
    act(() => bus.publish('reconciliation_changed', { statementId: STATEMENT_ID }));
    await waitFor(() => expect(h.calls.filter((c) => c.method === 'GET').length).toBe(before + 1), { timeout: 2000 });
  });
});
