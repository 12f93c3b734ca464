import * as React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, quickRange, type AnalyticsReport, type AnalyticsRow } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, typeInto, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

// The charts as data: chart.js draws on a canvas jsdom has not; what each chart is given is what it draws.
jest.mock('react-chartjs-2', () => ({
  Bar: ({ data, 'aria-label': label }: { data: { labels: string[]; datasets: { label: string; data: number[] }[] }; 'aria-label': string }) => (
    <figure aria-label={label}>
      {data.datasets.map((d) => (
        <p key={d.label}>
          {d.label}: {data.labels.map((l, i) => `${l}=${d.data[i]}`).join('; ')}
        </p>
      ))}
    </figure>
  ),
}));

const row = (key: string | null, title: string, over: Partial<AnalyticsRow> = {}): AnalyticsRow => ({
  key, title, quotes: 0, created: 10, policies: 4, premiumKopecks: 1_200_000, cancelled: 1, cancelledPremiumKopecks: 200_000, commissionKopecks: 120_000, ...over,
});
const AGENT_ID = 'a1'.repeat(12);
const REPORT: AnalyticsReport = {
  query: { from: '2026-10-30', to: '2026-11-28', bucket: 'day' },
  scope: 'all',
  totals: { quotes: 7, created: 20, policies: 8, premiumKopecks: 2_400_000, cancelled: 1, cancelledPremiumKopecks: 200_000, commissionKopecks: 240_000, conversionBp: 4000 },
  series: [row('2026-11-27', '27.11.2026'), row('2026-11-28', '28.11.2026', { premiumKopecks: 1_200_000, commissionKopecks: 120_000, policies: 4 })],
  byProduct: [row('eosago', 'Е-ОСАГО', { premiumKopecks: 2_400_000 })],
  byInsurer: [row('i1'.repeat(12), 'ВСК'), row('i2'.repeat(12), 'Ингосстрах')],
  byNetwork: [row(null, 'Без сети')],
  byAgent: [row(AGENT_ID, 'Иванов Иван Петрович')],
  renewals: { ended: 10, renewedHere: 6, renewedElsewhere: 1, lost: 2, renewalRateBp: 6000, lostRateBp: 2000 },
};
const FILTERS = { data: { insurers: [{ id: 'i1'.repeat(12), name: 'ВСК' }], networks: [{ id: 'n1'.repeat(12), name: 'Север' }] } };

const reportCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/v2/analytics?'));
const lastQuery = (calls: Call[]) => new URLSearchParams(reportCalls(calls).at(-1)!.path.split('?')[1]);
const figure = (title: string) => within(screen.getByRole('region', { name: 'Итоги за период' })).getByText(title).nextSibling?.textContent?.replace(/\u00a0/g, ' ');

function http(report: () => unknown = () => ({ data: REPORT })) {
  return fakeHttp({
    'GET /api/v2/analytics': () => report(),
    'GET /api/v2/analytics/filters': FILTERS,
  });
}

describe('Аналитика', () => {
  test('a finance controller sees the last 30 days: the figures (net of cancelled), the charts with the data, the tables and the XLSX link', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/analytics', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Аналитика' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Итоги за период' });
    expect(Object.fromEntries([...lastQuery(h.calls)])).toEqual({ ...quickRange('last30'), bucket: 'day' });
    expect(screen.getByRole('button', { name: 'Последние 30 дней' }).getAttribute('aria-pressed')).toBe('true');
    expect(figure('Премии')).toBe('22 000,00 ₽');
    expect(figure('Полисы')).toBe('7');
    expect(figure('КВ')).toBe('2 400,00 ₽');
    expect(figure('Конверсия')).toBe('40 %');
    expect(figure('Продлено у нас')).toBe('60 %');
    expect(figure('Клиент потерян')).toBe('20 %');
    const series = screen.getByRole('figure', { name: 'Динамика продаж' });
    expect(series.textContent).toContain('Премии: 27.11.2026=12000; 28.11.2026=12000');
    expect(series.textContent).toContain('Полисы: 27.11.2026=4; 28.11.2026=4');
    expect(screen.getByRole('figure', { name: 'Премии по страховщикам' }).textContent).toContain('ВСК=12000; Ингосстрах=12000');
    const agents = screen.getByRole('region', { name: 'По агентам' });
    expect(within(agents).getByRole('rowheader', { name: 'Иванов Иван Петрович' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'По сетям' })).getByText('Без сети')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Выгрузить в XLSX' });
    expect(link.getAttribute('href')).toBe(`/api/v2/analytics/export?${new URLSearchParams({ ...quickRange('last30'), bucket: 'day', format: 'xlsx' })}`);
  });

  test('the quick filters of §9, the dates, the buckets, the filters and an agent picked from the table go to the api and the URL', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/analytics', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('region', { name: 'Итоги за период' });
    for (const [name, key] of [['Сегодня', 'today'], ['Вчера', 'yesterday'], ['Последние 7 дней', 'last7'], ['Последние 14 дней', 'last14']] as const) {
      fireEvent.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(Object.fromEntries([...lastQuery(h.calls)])).toEqual({ ...quickRange(key), bucket: 'day' }));
    }
    fireEvent.change(screen.getByRole('combobox', { name: 'Группировка' }), { target: { value: 'week' } });
    await waitFor(() => expect(lastQuery(h.calls).get('bucket')).toBe('week'));
    expect((screen.getByLabelText('Начало периода') as HTMLInputElement).value).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    fireEvent.change(screen.getByLabelText('Начало периода'), { target: { value: '' } });
    typeInto(screen.getByLabelText('Начало периода'), '01012026');
    fireEvent.keyDown(screen.getByLabelText('Начало периода'), { key: 'Enter' });
    await waitFor(() => expect(lastQuery(h.calls).get('from')).toBe('2026-01-01'));
    expect(screen.getByRole('button', { name: 'Последние 14 дней' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Страховщик' })).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'Страховщик' }), { target: { value: 'i1'.repeat(12) } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Сеть' }), { target: { value: 'n1'.repeat(12) } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Продукт' }), { target: { value: 'eosago' } });
    await screen.findByRole('region', { name: 'По агентам' });
    fireEvent.click(within(screen.getByRole('region', { name: 'По агентам' })).getByRole('button', { name: 'Иванов Иван Петрович' }));
    await waitFor(() => expect(lastQuery(h.calls).get('agent')).toBe(AGENT_ID));
    const q = lastQuery(h.calls);
    expect([q.get('company'), q.get('network'), q.get('product')]).toEqual(['i1'.repeat(12), 'n1'.repeat(12), 'eosago']);
    expect(currentLocation()).toContain(`agent=${AGENT_ID}`);
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(lastQuery(h.calls).get('agent')).toBeNull());
    expect(lastQuery(h.calls).get('from')).toBe('2026-01-01');
  });

  test('nothing sold: «За этот период продаж нет», no charts; a personal user sees that the figures are their own', async () => {
    const empty: AnalyticsReport = {
      ...REPORT,
      scope: 'own',
      totals: { quotes: 0, created: 0, policies: 0, premiumKopecks: 0, cancelled: 0, cancelledPremiumKopecks: 0, commissionKopecks: 0, conversionBp: null },
      series: [], byProduct: [], byInsurer: [], byNetwork: [], byAgent: [],
      renewals: { ended: 0, renewedHere: 0, renewedElsewhere: 0, lost: 0, renewalRateBp: null, lostRateBp: null },
    };
    await renderSection(RemoteRoutes, '/analytics', { http: http(() => ({ data: empty })), user: { ...DEMO_USERS.manager, canAnalyticsView: true } });
    expect(await screen.findByText('За этот период продаж нет')).toBeTruthy();
    expect(screen.getByText('Показаны ваши продажи, продажи ваших субагентов и вашей сети')).toBeTruthy();
    expect(figure('Конверсия')).toBe('—');
    expect(screen.queryByRole('figure')).toBeNull();
  });

  test('a failure shows in place with «Повторить»', async () => {
    let fail = true;
    await renderSection(RemoteRoutes, '/analytics', { http: http(() => (fail ? Promise.reject(httpError(500, { message: 'Сервис недоступен' })) : { data: REPORT })), user: DEMO_USERS.admin });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить аналитику')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Итоги за период' })).toBeTruthy();
  });

  test('live: a sale paid or a ledger line written reads the figures again once, after a second of quiet, figures kept meanwhile', async () => {
    let report = REPORT;
    const h = http(() => ({ data: report }));
    const { bus } = await renderSection(RemoteRoutes, '/analytics', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('region', { name: 'Итоги за период' });
    const before = reportCalls(h.calls).length;
    report = { ...REPORT, totals: { ...REPORT.totals, policies: 9 } };
    act(() => {
      bus.publish('contract_status', { contractId: 'c1'.repeat(12), status: 500, statusTitle: 'Оплачен', policyNumber: null, at: new Date().toISOString() });
      bus.publish('ledger_changed', { agentId: AGENT_ID });
      bus.publish('ledger_changed', { agentId: AGENT_ID });
    });
    expect(screen.getByRole('region', { name: 'Итоги за период' })).toBeTruthy();
    await waitFor(() => expect(figure('Полисы')).toBe('8'), { timeout: 3000 });
    expect(reportCalls(h.calls)).toHaveLength(before + 1);
  });
});
