import * as React from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { fakeHttp, renderWidget } from '@oyster/shared-kit/testing';
import StatisticsWidget from './StatisticsWidget';

const STATS = { date: '2026-11-25T10:00:00.000Z', month: 'ноябрь', previousMonth: 'октябрь', statistics: [{ name: 'Запросов в работе', value: 3 }, { name: 'Расчёт', value: 1 }] };

describe('home’s «Статистика запросов» (remote_broker_requests/StatisticsWidget)', () => {
  it('shows the manager’s figures with the date and month, and reads them again when a request moves', async () => {
    const http = fakeHttp({ 'GET /api/v2/statistics/widget': { statistics: STATS } });
    const { bus } = renderWidget(<StatisticsWidget />, { http, user: DEMO_USERS.manager });
    const widget = await screen.findByRole('region', { name: 'Статистика запросов' });
    await waitFor(() => expect(within(widget).getByText('Запросов в работе')).toBeInTheDocument());
    expect(within(widget).getByText('на 25.11.2026, ноябрь')).toBeInTheDocument();
    const reads = http.calls.length;
    act(() => bus.publish('broker_request', { requestId: 'a'.repeat(24), number: 1, status: 125, statusTitle: 'Подготовлен', change: 'status' }));
    await waitFor(() => expect(http.calls.length).toBe(reads + 1));
  });

  it('says so when there is nothing, and shows a failure in place', async () => {
    renderWidget(<StatisticsWidget />, { http: fakeHttp({ 'GET /api/v2/statistics/widget': { statistics: null } }), user: DEMO_USERS.manager });
    expect(await screen.findByText('Нет данных за этот период')).toBeInTheDocument();
  });
});
