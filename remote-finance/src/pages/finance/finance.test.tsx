import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

describe('«Финансы»', () => {
  test('finance staff: links to «Сегментатор КВ», «Персональные шаблоны КВ» and «Сверка со страховщиками»; the parts to come are said to be coming', async () => {
    await renderSection(RemoteRoutes, '/finance', { http: fakeHttp({ 'GET /api/v2/finance/templates': { data: [] } }), user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Финансы' })).toBeTruthy();
    const parts = screen.getByRole('list', { name: 'Разделы финансов' });
    expect(within(parts).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Сегментатор КВ', '/finance/segments'],
      ['Персональные шаблоны КВ', '/finance/templates'],
      ['Сверка со страховщиками', '/finance/reconciliation'],
    ]);
    expect(screen.getByText('Реестры выплат и акты — раздел готовится.')).toBeTruthy();
    fireEvent.click(within(parts).getByRole('link', { name: 'Персональные шаблоны КВ' }));
    await waitFor(() => expect(currentLocation()).toBe('/finance/templates'));
  });

  test('a supervisor who sees Финансы but does not set rates gets no links to them', async () => {
    await renderSection(RemoteRoutes, '/finance', { http: fakeHttp({}), user: DEMO_USERS.supervisor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Финансы' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Разделы финансов' })).toBeNull();
  });

  test('the other tabs (registers, acts) stay «Раздел готовится»; a deeper unknown path is not found', async () => {
    const view = await renderSection(RemoteRoutes, '/finance/registers', { http: fakeHttp({}), user: DEMO_USERS.finance });
    expect(await screen.findByText('Раздел готовится')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Финансы' })).toBeTruthy();
    view.unmount();
    await renderSection(RemoteRoutes, '/finance/registers/1/2', { http: fakeHttp({}), user: DEMO_USERS.finance });
    expect(await screen.findByText('Страница не найдена')).toBeTruthy();
  });
});
