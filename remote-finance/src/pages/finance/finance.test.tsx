import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

describe('«Финансы»', () => {
  test('finance staff: links to «Выплаты агентам», «Реестры выплат», «Сегментатор КВ», «Персональные шаблоны КВ» and «Сверка со страховщиками»', async () => {
    await renderSection(RemoteRoutes, '/finance', { http: fakeHttp({ 'GET /api/v2/finance/templates': { data: [] } }), user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Финансы' })).toBeTruthy();
    const parts = screen.getByRole('list', { name: 'Разделы финансов' });
    expect(within(parts).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Выплаты агентам', '/finance/payouts'],
      ['Реестры выплат', '/finance/registers'],
      ['Сегментатор КВ', '/finance/segments'],
      ['Персональные шаблоны КВ', '/finance/templates'],
      ['Сверка со страховщиками', '/finance/reconciliation'],
    ]);
    fireEvent.click(within(parts).getByRole('link', { name: 'Персональные шаблоны КВ' }));
    await waitFor(() => expect(currentLocation()).toBe('/finance/templates'));
  });

  test('a supervisor who sees Финансы but does not set rates gets no links to them', async () => {
    await renderSection(RemoteRoutes, '/finance', { http: fakeHttp({}), user: DEMO_USERS.supervisor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Финансы' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Разделы финансов' })).toBeNull();
    expect(screen.getByText('Выплаты, реестры, сверки со страховщиками и ставки КВ ведут администраторы и финансовые контролёры.')).toBeTruthy();
  });

  test('Финансы has no placeholder left: an unknown part or a deeper unknown path is not found', async () => {
    const view = await renderSection(RemoteRoutes, '/finance/acts', { http: fakeHttp({}), user: DEMO_USERS.finance });
    expect(await screen.findByText('Страница не найдена')).toBeTruthy();
    view.unmount();
    await renderSection(RemoteRoutes, '/finance/reconciliations/1/2', { http: fakeHttp({}), user: DEMO_USERS.finance });
    expect(await screen.findByText('Страница не найдена')).toBeTruthy();
  });
});
