import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { FINANCE, initStateWithInsurers, IVANOV, party, PETROVA, sampleTemplate, SOGAZ } from '../../testing';

const STARTED = sampleTemplate();
const ENDED = sampleTemplate({ id: 'd2'.repeat(12), agent: party(PETROVA), companyId: SOGAZ._id, companyName: 'СОГАЗ', rateBp: 1005, validFrom: '2025-01-01', validTo: '2025-06-30', createdBy: null, createdAt: '2024-12-31T22:30:00.000Z' });

const templateCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/v2/finance/templates'));
const lastQuery = (calls: Call[]) => Object.fromEntries(new URLSearchParams(templateCalls(calls).at(-1)!.path.split('?')[1] ?? ''));
const rows = () => within(screen.getByRole('list', { name: 'Шаблоны' })).getAllByRole('listitem');

function http(templates: (call: Call) => unknown = () => ({ data: [STARTED, ENDED] })) {
  return fakeHttp({
    'GET /api/v2/finance/templates': (_b: unknown, call: Call) => templates(call),
    'GET /api/v2/agents/search': (_b: unknown, call: Call) => (call.path.includes('agentId=') ? [IVANOV] : [IVANOV, PETROVA]),
  });
}

describe('«Персональные шаблоны КВ»', () => {
  test('the list: agent, insurer and product, the rate in percent, its days («бессрочно» when open), where it stands, who made it; a row opens the template', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/finance/templates', { http: h, user: DEMO_USERS.finance, initState: initStateWithInsurers() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Персональные шаблоны КВ' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Шаблоны' });
    expect(lastQuery(h.calls)).toEqual({});

    const [started, ended] = rows();
    expect(within(started).getByRole('link', { name: IVANOV.fio }).getAttribute('href')).toBe(`/edit_template/${STARTED.id}`);
    expect(within(started).getByText('ВСК · Е-ОСАГО')).toBeTruthy();
    expect(within(started).getByText('12,5%')).toBeTruthy();
    expect(within(started).getByText('с 01.01.2026, бессрочно')).toBeTruthy();
    expect(within(started).getByText('Действует')).toBeTruthy();
    expect(within(started).getByText(`${FINANCE.fio}, 20.12.2025`)).toBeTruthy();

    expect(within(ended).getByText('10,05%')).toBeTruthy();
    expect(within(ended).getByText('с 01.01.2025 по 30.06.2025')).toBeTruthy();
    expect(within(ended).getByText('Завершён')).toBeTruthy();
    // Made at 01:30 on 1 January in Moscow: the Moscow day, and nobody named when the api names nobody.
    expect(within(ended).getByText('01.01.2025')).toBeTruthy();

    fireEvent.click(within(started).getByRole('link', { name: IVANOV.fio }));
    expect(currentLocation()).toBe(`/edit_template/${STARTED.id}`);
  });

  test('the filters (agent, insurer, product) go to the URL and to the api; a filtered address is read back; «Сбросить фильтры» on an empty answer', async () => {
    const h = http((call) => (call.path.includes('company=') ? { data: [] } : { data: [STARTED] }));
    await renderSection(RemoteRoutes, '/finance/templates', { http: h, user: DEMO_USERS.finance, initState: initStateWithInsurers() });
    await screen.findByRole('list', { name: 'Шаблоны' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Агент' }), { target: { value: 'Иван' } });
    fireEvent.click(await screen.findByRole('option', { name: /Иванов Иван Петрович/ }));
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({ agent: IVANOV._id }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Продукт' }), { target: { value: 'eosago' } });
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({ agent: IVANOV._id, product: 'eosago' }));
    const insurer = screen.getByRole('combobox', { name: 'Страховщик' });
    await waitFor(() => expect(within(insurer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все страховщики', 'ВСК', 'СОГАЗ']));
    fireEvent.change(insurer, { target: { value: SOGAZ._id } });
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({ agent: IVANOV._id, product: 'eosago', company: SOGAZ._id }));
    expect(Object.fromEntries(new URLSearchParams(currentLocation().split('?')[1]))).toEqual({ agent: IVANOV._id, product: 'eosago', company: SOGAZ._id });

    expect(await screen.findByText('Персональных шаблонов нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(currentLocation()).toBe('/finance/templates'));
    await waitFor(() => expect(lastQuery(h.calls)).toEqual({}));
    expect(await screen.findByRole('list', { name: 'Шаблоны' })).toBeTruthy();
  });

  test('opened from an address with filters: the api is asked for them and the agent is named', async () => {
    const h = http(() => ({ data: [STARTED] }));
    await renderSection(RemoteRoutes, `/finance/templates?agent=${IVANOV._id}&company=${SOGAZ._id}`, { http: h, user: DEMO_USERS.admin, initState: initStateWithInsurers() });
    await screen.findByRole('list', { name: 'Шаблоны' });
    expect(lastQuery(h.calls)).toEqual({ agent: IVANOV._id, company: SOGAZ._id });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Агент' }) as HTMLInputElement).value).toBe(IVANOV.fio));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Страховщик' }) as HTMLSelectElement).value).toBe(SOGAZ._id));
  });

  test('«Новый шаблон» asks whose and opens add_template/{agentId}', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/finance/templates', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('list', { name: 'Шаблоны' });
    fireEvent.click(screen.getByRole('button', { name: 'Новый шаблон' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Агент нового шаблона' }), { target: { value: 'Петр' } });
    fireEvent.click(await screen.findByRole('option', { name: /Петрова Анна Сергеевна/ }));
    expect(currentLocation()).toBe(`/add_template/${PETROVA._id}`);
  });

  test('no templates at all: said plainly, nothing to reset', async () => {
    await renderSection(RemoteRoutes, '/finance/templates', { http: http(() => ({ data: [] })), user: DEMO_USERS.finance });
    expect(await screen.findByText('Персональных шаблонов нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).toBeNull();
  });

  test('a failed load says so with the api’s reason (403) and «Повторить» asks again', async () => {
    let fail = true;
    const h = http(() => {
      if (fail) throw httpError(403, { message: 'Нет доступа к данному ресурсу' });
      return { data: [STARTED] };
    });
    await renderSection(RemoteRoutes, '/finance/templates', { http: h, user: DEMO_USERS.finance });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить шаблоны')).toBeTruthy();
    expect(within(alert).getByText('Нет доступа к данному ресурсу')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Шаблоны' })).toBeTruthy();
  });

  test('a supervisor sees Финансы but not the rates: «Нет доступа», nothing asked', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/finance/templates', { http: h, user: DEMO_USERS.supervisor });
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
    expect(screen.getByText('Ставки КВ ведут администраторы и финансовые контролёры.')).toBeTruthy();
    expect(h.calls).toHaveLength(0);
  });
});
