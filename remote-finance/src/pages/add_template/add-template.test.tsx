import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { initStateWithInsurers, IVANOV, sampleTemplate, SOGAZ, typeDate } from '../../testing';

const EXISTING = sampleTemplate();
const CREATED = sampleTemplate({ id: 'd9'.repeat(12), companyId: SOGAZ._id, companyName: 'СОГАЗ', rateBp: 1250, validFrom: '2027-01-01', validTo: '2027-12-31' });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const form = () => screen.getByRole('form', { name: 'Шаблон КВ' });

function http(post: (body: unknown) => unknown = () => ({ data: CREATED }), templates: unknown[] = [EXISTING]) {
  return fakeHttp({
    [`GET /api/v2/agents/search?agentId=${IVANOV._id}`]: [IVANOV],
    'GET /api/v2/agents/search': [],
    'GET /api/v2/finance/templates': { data: templates },
    'POST /api/v2/finance/templates': (body: unknown) => post(body),
  });
}

async function open(h: ReturnType<typeof http>, agentId = IVANOV._id) {
  const view = await renderSection(RemoteRoutes, `/add_template/${agentId}`, { http: h, user: DEMO_USERS.finance, initState: initStateWithInsurers() });
  return view;
}

async function fill() {
  const insurer = field(/Страховщик/) as unknown as HTMLSelectElement;
  await waitFor(() => expect(within(insurer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Выберите страховщика', 'ВСК', 'СОГАЗ']));
  fireEvent.change(insurer, { target: { value: SOGAZ._id } });
  fireEvent.change(field(/Ставка, %/), { target: { value: '12.5' } });
  await typeDate(field(/Действует с/), '01012027');
  await typeDate(field(/Действует по/), '31122027');
}

describe('«Новый персональный шаблон КВ» (add_template/{agentId})', () => {
  test('the agent’s name, the form and the agent’s templates below; saved: basis points and the days sent, the template opened with a toast', async () => {
    const post = jest.fn((_body: unknown) => ({ data: CREATED }));
    const h = http(post);
    const { toasts } = await open(h);
    expect(await screen.findByRole('heading', { level: 1, name: 'Новый персональный шаблон КВ' })).toBeTruthy();
    expect(screen.getByText(IVANOV.fio)).toBeTruthy();
    expect(h.calls.find((c) => c.path.startsWith('/api/v2/finance/templates'))!.path).toBe(`/api/v2/finance/templates?agent=${IVANOV._id}`);
    const theirs = within(screen.getByRole('list', { name: 'Шаблоны агента' })).getAllByRole('listitem');
    expect(theirs).toHaveLength(1);
    expect(within(theirs[0]).getByText('12,5%')).toBeTruthy();
    expect(within(theirs[0]).getByRole('link', { name: 'Шаблон от 01.01.2026' }).getAttribute('href')).toBe(`/edit_template/${EXISTING.id}`);

    // Every product of the registry (a rate may be set ahead of its calculator); the rate field takes percent with two decimals at most.
    expect(within(field(/Продукт/) as unknown as HTMLElement).getAllByRole('option').map((o) => o.textContent)).toEqual(['Е-ОСАГО', 'Е-КАСКО', 'Страхование квартиры', 'Страхование дома', 'ВЗР', 'Ипотека', 'Полис, оформленный вручную']);
    fireEvent.change(field(/Ставка, %/), { target: { value: '12,345' } });
    expect(field(/Ставка, %/).value).toBe('12,34');

    await fill();
    expect(field(/Ставка, %/).value).toBe('12,5');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    await waitFor(() => expect(currentLocation()).toBe(`/edit_template/${CREATED.id}`));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][0]).toEqual({ agentId: IVANOV._id, companyId: SOGAZ._id, product: 'eosago', rateBp: 1250, validFrom: '2027-01-01', validTo: '2027-12-31' });
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Шаблон сохранён' }));
  });

  test('an open-ended template sends validTo null; the rate’s decimals are counted exactly (0,07% → 7, 100% → 10000)', async () => {
    // The api refuses each (so the form stays): what matters here is what was sent.
    const post = jest.fn((_body: unknown) => {
      throw httpError(409, { message: 'Уже есть' });
    });
    await open(http(post));
    await screen.findByRole('form', { name: 'Шаблон КВ' });
    const insurer = field(/Страховщик/) as unknown as HTMLSelectElement;
    await waitFor(() => expect(within(insurer).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(insurer, { target: { value: SOGAZ._id } });
    fireEvent.change(field(/Ставка, %/), { target: { value: '0,07' } });
    await typeDate(field(/Действует с/), '01012027');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][0]).toMatchObject({ rateBp: 7, validFrom: '2027-01-01', validTo: null });

    // 100% is the most a rate can be.
    fireEvent.change(field(/Ставка, %/), { target: { value: '100,01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    expect(await within(form()).findByText('Ставка не больше 100%')).toBeTruthy();
    fireEvent.change(field(/Ставка, %/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1][0]).toMatchObject({ rateBp: 10000 });
  });

  test('what is missing is said before anything is sent; a «по» before «с» too', async () => {
    const h = http();
    await open(h);
    await screen.findByRole('form', { name: 'Шаблон КВ' });
    fireEvent.change(field(/Ставка, %/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    expect(within(form()).getAllByText('Обязательное поле')).toHaveLength(2);
    await typeDate(field(/Действует с/), '01022027');
    await typeDate(field(/Действует по/), '31012027');
    expect(within(form()).getByText('Дата окончания не может быть раньше даты начала')).toBeTruthy();
    expect(h.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  test('the api’s 400 is shown at the field it names (a rate above what the insurer pays), and goes once the field changes', async () => {
    const message = 'Поле «rateBp»: агенту выплачивают больше, чем платит страховщик (10% на 01.01.2027)';
    let answer: () => unknown = () => {
      throw httpError(400, { message, field: 'rateBp' });
    };
    await open(http(() => answer()));
    await screen.findByRole('form', { name: 'Шаблон КВ' });
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    const shown = await within(form()).findByText(message);
    // Under the rate: the rate's field is described by it and drawn as wrong.
    expect(shown.id).toBe('tpl-rate-error');
    expect(field(/Ставка, %/).getAttribute('aria-invalid')).toBe('true');
    expect(currentLocation()).toBe(`/add_template/${IVANOV._id}`);

    fireEvent.change(field(/Ставка, %/), { target: { value: '9' } });
    expect(within(form()).queryByText(message)).toBeNull();

    // A refusal that names no field of the form is said above the buttons.
    answer = () => {
      throw httpError(409, { message: 'У агента уже есть шаблон на этого страховщика и продукт с 01.01.2027' });
    };
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('У агента уже есть шаблон на этого страховщика и продукт с 01.01.2027');
  });

  test('an agent nobody can find: «Агент не найден» and the way back', async () => {
    const other = 'c9'.repeat(12);
    await renderSection(RemoteRoutes, `/add_template/${other}`, { http: http(), user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { name: 'Агент не найден' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Персональные шаблоны КВ' })).toBeTruthy();
  });

  test('an agent (not finance) reads «Нет доступа»', async () => {
    const h = http();
    await renderSection(RemoteRoutes, `/add_template/${IVANOV._id}`, { http: h, user: DEMO_USERS.agent });
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
    expect(h.calls).toHaveLength(0);
  });
});
