import { fireEvent, screen, within } from '@testing-library/react';
import { DEMO_USERS, INSURER_LOG_MASKED_NOTE, type InsurerCallLogItem } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const CONTRACT = 'c1'.repeat(12);
const CALL: InsurerCallLogItem = {
  id: 42,
  companyId: 'a'.repeat(24),
  companyName: 'ВСК',
  contractId: CONTRACT,
  method: 'checkOsago',
  request: { ref: 'VSK-1', vehicle: { vin: 'XTA21140064123456' } },
  response: { kind: 'fix', message: 'Дата выдачи СТС раньше года выпуска' },
  error: null,
  durationMs: 1234,
  at: '2026-11-20T09:00:05.000Z',
};

describe('SOAP-логи', () => {
  test('calls newest first with insurer, method title, duration and outcome; opening one shows request and answer; «Показать ещё» asks before the last id', async () => {
    const http = fakeHttp({
      'GET /api/v2/soap-logs': (_b: unknown, call: { path: string }) =>
        call.path.includes('before=41')
          ? { data: { items: [{ ...CALL, id: 40, method: 'prepareOsago', error: 'Страховщик не ответил за 30 с', response: null }], next: null } }
          : { data: { items: [CALL, { ...CALL, id: 41, method: 'paymentLink' }], next: 41 } },
    });
    await renderSection(RemoteRoutes, '/soap-logs', { http, user: DEMO_USERS.admin });
    const list = await screen.findByRole('list', { name: 'Обращения к страховщикам' });
    const first = within(list).getAllByRole('button')[0];
    expect(first).toHaveTextContent('20.11.2026, 12:00:05');
    expect(first).toHaveTextContent('ВСК');
    expect(first).toHaveTextContent('Проверка данных');
    expect(first).toHaveTextContent(/1\s234 мс/);
    expect(first).toHaveTextContent('Успешно');
    fireEvent.click(first);
    expect(within(screen.getByRole('region', { name: 'Запрос' })).getByText(/XTA21140064123456/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Ответ' })).getByText(/Дата выдачи СТС раньше года выпуска/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть договор' }).getAttribute('href')).toBe(`/contracts/${CONTRACT}`);

    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Ошибка: Страховщик не ответил за 30 с')).toBeTruthy();
    expect(http.calls[http.calls.length - 1].path).toContain('before=41');
  });

  test('a call whose payment token the api masked shows the token’s last characters and says why the rest is hidden; a call with nothing masked says nothing', async () => {
    const link = { ...CALL, id: 43, method: 'paymentLink', request: { ref: 'VSK-1', premium: 812300 }, response: { token: '••••x7Qk', path: '/pay/••••x7Qk' } };
    const http = fakeHttp({ 'GET /api/v2/soap-logs': () => ({ data: { items: [link, CALL], next: null } }) });
    await renderSection(RemoteRoutes, '/soap-logs', { http, user: DEMO_USERS.supervisor });
    const [linkRow, checkRow] = within(await screen.findByRole('list', { name: 'Обращения к страховщикам' })).getAllByRole('button');
    fireEvent.click(linkRow);
    expect(within(screen.getByRole('region', { name: 'Ответ' })).getByText(/"path": "\/pay\/••••x7Qk"/)).toBeTruthy();
    expect(screen.getByText(INSURER_LOG_MASKED_NOTE)).toBeTruthy();
    fireEvent.click(linkRow);
    fireEvent.click(checkRow);
    expect(screen.getByRole('region', { name: 'Запрос' })).toBeTruthy();
    expect(screen.queryByText(INSURER_LOG_MASKED_NOTE)).toBeNull();
  });

  test('filters go to the query; nothing found offers a reset; a failure offers a retry', async () => {
    let fail = false;
    const http = fakeHttp({
      'GET /api/v2/soap-logs': () => {
        if (fail) throw httpError(500);
        return { data: { items: [], next: null } };
      },
    });
    await renderSection(RemoteRoutes, `/soap-logs?contract=${CONTRACT}`, { http, user: DEMO_USERS.finance });
    expect(await screen.findByText('По этим условиям обращений нет')).toBeTruthy();
    expect(http.calls[0].path).toContain(`contract=${CONTRACT}`);
    fireEvent.change(screen.getByRole('combobox', { name: 'Метод' }), { target: { value: 'issue' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Только ошибки' }));
    await screen.findByText('По этим условиям обращений нет');
    const last = http.calls[http.calls.length - 1].path;
    expect(last).toContain('method=issue');
    expect(last).toContain('errors=1');
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(await screen.findByText('Обращений к страховщикам пока не было')).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Только ошибки' }));
    expect(await screen.findByText('Не удалось загрузить журнал')).toBeTruthy();
  });
});
