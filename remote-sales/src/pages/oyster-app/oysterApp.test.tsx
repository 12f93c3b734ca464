import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEMO_USERS, OYSTER_APP_TEXTS as T, type OysterAppClient } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const CODE = '0123456789abcdef';
const AGENT = 'a'.repeat(24);
const CLIENT: OysterAppClient = {
  id: 'c'.repeat(24),
  name: 'Громова Вера',
  phone: '9161234567',
  registeredAt: '2026-11-20T09:00:00.000Z',
  agent: { id: AGENT, name: 'Иванов Иван Петрович' },
  chatId: 'd'.repeat(24),
  purchases: [{ contractId: 'e'.repeat(24), product: 'eosago', policyNumber: 'ХХХ 0123456789', premiumKopecks: 812345, status: 600, paidAt: '2026-11-21T10:00:00.000Z' }],
};
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('Oyster.app', () => {
  test('the agent’s link, its QR code (SVG), the counts; «Обновить ссылку» asks first, then sends the code it shows; a registration re-reads live', async () => {
    let code = CODE;
    let registered = 2;
    const http = fakeHttp({
      'GET /api/v2/oyster-app/summary': () => ({ data: { code, registered, thisMonth: 1 } }),
      'POST /api/v2/oyster-app/link': () => {
        code = 'fedcba9876543210';
        return { data: { code } };
      },
    });
    const { bus, toasts } = await renderSection(RemoteRoutes, '/oyster-app', { http, user: DEMO_USERS.agent });
    const link = await screen.findByRole('region', { name: T.linkTitle });
    expect((within(link).getByLabelText('Ссылка') as HTMLInputElement).value).toBe(`${window.location.origin}/oyster-app/i/${CODE}`);
    await screen.findByText(T.copy);
    // The QR code is the library's SVG, in the page.
    await act(async () => undefined);
    expect(screen.getByRole('img', { name: 'QR-код ссылки на Oyster.app' }).querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('button', { name: T.downloadPng })).toBeTruthy();
    const counts = screen.getByRole('region', { name: 'Клиенты в приложении' });
    expect(counts).toHaveTextContent(`2${T.registered}`);
    expect(counts).toHaveTextContent(`1${T.thisMonth}`);
    expect(within(counts).getByRole('link', { name: `${T.clientsLink} →` }).getAttribute('href')).toBe('/oyster-app/clients');
    for (const line of T.instruction) expect(screen.getByText(line)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: T.rotate }));
    expect(await screen.findByText(T.rotateConfirm)).toBeTruthy();
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);
    const dialog = screen.getByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: T.rotate })));
    expect(http.calls.find((c) => c.method === 'POST')!.body).toEqual({ previousCode: CODE });
    await wait(10);
    expect(toasts.map((t) => t.body)).toContain(T.rotated);
    expect((screen.getByLabelText('Ссылка') as HTMLInputElement).value).toBe(`${window.location.origin}/oyster-app/i/fedcba9876543210`);

    registered = 3;
    act(() => bus.publish('app_client_registered', { agentId: AGENT, clientId: CLIENT.id }));
    await wait(400);
    expect(screen.getByRole('region', { name: 'Клиенты в приложении' })).toHaveTextContent(`3${T.registered}`);
  });

  test('staff have no link of their own: the note, and the counts of their scope', async () => {
    const http = fakeHttp({ 'GET /api/v2/oyster-app/summary': { data: { code: null, registered: 7, thisMonth: 0 } } });
    await renderSection(RemoteRoutes, '/oyster-app', { http, user: DEMO_USERS.admin });
    expect(await screen.findByText(T.noLink)).toBeTruthy();
    expect(screen.queryByRole('region', { name: T.linkTitle })).toBeNull();
  });

  test('clients: when registered, what each bought (a link to the contract), the agent to filter by; «Показать ещё» by the cursor; a new registration appears without reload', async () => {
    let items = [CLIENT];
    const http = fakeHttp({
      'GET /api/v2/oyster-app/registrations': (_b: unknown, call: { path: string }) =>
        call.path.includes('after=') ? { data: { items: [{ ...CLIENT, id: 'f'.repeat(24), name: 'Кравец Мария', phone: null, purchases: [], chatId: null }], next: null } } : { data: { items, next: 'cursor-1' } },
    });
    const { bus } = await renderSection(RemoteRoutes, '/oyster-app/clients', { http, user: DEMO_USERS.admin });
    const list = await screen.findByRole('list', { name: T.clientsTitle });
    expect(list).toHaveTextContent('Громова Вера');
    expect(list).toHaveTextContent(`${T.registeredAt} 20.11.2026 · +7 (916) 123-45-67`);
    const bought = within(list).getByRole('list', { name: `${T.bought}: Громова Вера` });
    expect(within(bought).getByRole('link', { name: 'Е-ОСАГО № ХХХ 0123456789' }).getAttribute('href')).toBe(`/contracts/${'e'.repeat(24)}`);
    expect(bought).toHaveTextContent('8 123,45 ₽');
    // The admin does not answer clients' chats (canChatWithClients): no chat link.
    expect(within(list).queryByRole('link', { name: T.chat })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' })));
    expect(http.calls.some((c) => c.path.includes('after=cursor-1'))).toBe(true);
    expect(await screen.findByText(T.noPhone)).toBeTruthy();

    items = [{ ...CLIENT, id: '1'.repeat(24), name: 'Новиков Павел', purchases: [] }, CLIENT];
    act(() => bus.publish('app_client_registered', { agentId: AGENT, clientId: '1'.repeat(24) }));
    await wait(400);
    expect(screen.getByRole('list', { name: T.clientsTitle })).toHaveTextContent('Новиков Павел');
    expect(screen.getByText(T.nothingBought)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Иванов Иван Петрович' })[0]));
    expect(http.calls[http.calls.length - 1].path).toContain(`agent=${AGENT}`);
  });

  test('who answers clients’ chats gets the link to the client’s chat', async () => {
    const http = fakeHttp({ 'GET /api/v2/oyster-app/registrations': { data: { items: [CLIENT], next: null } } });
    await renderSection(RemoteRoutes, '/oyster-app/clients', { http, user: { ...DEMO_USERS.manager, canChatWithClients: true } });
    expect((await screen.findByRole('link', { name: T.chat })).getAttribute('href')).toBe(`/chats/${'d'.repeat(24)}`);
  });

  test('empty, nothing found and error states', async () => {
    const http = fakeHttp({ 'GET /api/v2/oyster-app/registrations': { data: { items: [], next: null } } });
    await renderSection(RemoteRoutes, '/oyster-app/clients', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText(T.noClients)).toBeTruthy();
    const searched = fakeHttp({ 'GET /api/v2/oyster-app/registrations': { data: { items: [], next: null } } });
    await renderSection(RemoteRoutes, '/oyster-app/clients?search=zzz', { http: searched, user: DEMO_USERS.agent });
    expect(await screen.findByText(T.noClientsFound)).toBeTruthy();
    const failing = fakeHttp({ 'GET /api/v2/oyster-app/registrations': () => Promise.reject(httpError(500, { message: 'Сервер недоступен' })) });
    await renderSection(RemoteRoutes, '/oyster-app/clients', { http: failing, user: DEMO_USERS.agent });
    expect(await screen.findByText('Не удалось загрузить клиентов')).toBeTruthy();
  });
});
