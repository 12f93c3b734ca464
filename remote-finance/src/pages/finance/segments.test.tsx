import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type CommissionSegment } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { chooseAgent, dialogTitled, initStateWithInsurers, IVANOV, party, PETROVA, sampleSegment, SOGAZ, typeDate } from '../../testing';

const BIG = sampleSegment();
const NEWCOMERS = sampleSegment({ id: 'e2'.repeat(12), name: 'Новички', members: [party(PETROVA)], rates: [] });
const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
/** A list by its label, and its rows. */
const list = (name: string) => screen.getByLabelText(name, { selector: 'ul' });
const items = (name: string) => within(list(name)).getAllByRole('listitem');

function http(segments: CommissionSegment[] = [BIG, NEWCOMERS], extra: Record<string, unknown> = {}) {
  return fakeHttp({
    'GET /api/v2/finance/segments': { data: segments },
    'GET /api/v2/agents/search': [IVANOV, PETROVA],
    ...(extra as Record<string, never>),
  });
}

describe('«Сегментатор КВ»', () => {
  test('the segments with their members and the rates in force or to come; each opens', async () => {
    await renderSection(RemoteRoutes, '/finance/segments', { http: http(), user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Сегментатор КВ' })).toBeTruthy();
    await screen.findByText('Крупные агенты');
    const [big, newcomers] = [...list('Сегменты').children] as HTMLElement[];
    expect(within(big).getByRole('link', { name: 'Крупные агенты' }).getAttribute('href')).toBe(`/finance/segments/${BIG.id}`);
    expect(big).toHaveTextContent('1 агент: Иванов Иван Петрович');
    // In force (14% since 2026) and to come (15% from 2099); the replaced 13% is not listed.
    const rates = items('Ставки сегмента «Крупные агенты»').map((li) => li.textContent);
    expect(rates).toEqual(['ВСК · Е-ОСАГО: 15% с 01.01.2099 (с будущей даты)', 'ВСК · Е-ОСАГО: 14% с 01.01.2026']);
    expect(newcomers).toHaveTextContent('Ставок пока нет');
  });

  test('«Новый сегмент»: a name, POST, the new segment opened with a toast; the api’s refusal stays in the dialog', async () => {
    const created = sampleSegment({ id: 'e3'.repeat(12), name: 'Партнёры', members: [], rates: [] });
    let refuse = true;
    const post = jest.fn((body: unknown) => {
      if (refuse) throw httpError(400, { message: 'Сегмент «Новички» уже есть', field: 'name' });
      return { data: { ...created, ...(body as object) } };
    });
    const h = http([BIG, NEWCOMERS], { 'POST /api/v2/finance/segments': (body: unknown) => post(body) });
    const { toasts } = await renderSection(RemoteRoutes, '/finance/segments', { http: h, user: DEMO_USERS.finance });
    await screen.findByText('Крупные агенты');
    fireEvent.click(screen.getByRole('button', { name: 'Новый сегмент' }));
    const dialog = await dialogTitled('Новый сегмент');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(within(dialog).getByText('Обязательное поле')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/Название сегмента/), { target: { value: '  Новички ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('Сегмент «Новички» уже есть')).toBeTruthy();

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/Название сегмента/), { target: { value: 'Партнёры' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(currentLocation()).toBe(`/finance/segments/${created.id}`));
    expect(post.mock.calls.map((c) => c[0])).toEqual([{ name: 'Новички' }, { name: 'Партнёры' }]);
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Сегмент создан' }));
  });

  test('a segment opened: its rate versions (in force, to come, replaced); a new rate sends basis points and the day; the api’s 400 at the rate field', async () => {
    const message = 'Поле «rateBp»: агентам сегмента выплачивают больше, чем платит страховщик (12% с 01.01.2027)';
    const put = jest.fn((body: unknown): unknown => {
      throw httpError(400, { message, field: 'rateBp' });
    });
    const h = http([BIG, NEWCOMERS], { [`PUT /api/v2/finance/segments/${BIG.id}/rates`]: (body: unknown) => put(body) });
    const { toasts } = await renderSection(RemoteRoutes, `/finance/segments/${BIG.id}`, { http: h, user: DEMO_USERS.finance, initState: initStateWithInsurers() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Крупные агенты' })).toBeTruthy();
    const versions = items('Версии ставок').map((li) => li.textContent);
    expect(versions).toEqual(['ВСК · Е-ОСАГО15%с 01.01.2099С будущей даты', 'ВСК · Е-ОСАГО14%с 01.01.2026Действует', 'ВСК · Е-ОСАГО13%с 01.01.2025Заменена']);

    const form = screen.getByLabelText('Новая ставка', { selector: 'form' });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить ставку' }));
    expect(within(form).getAllByText('Обязательное поле')).toHaveLength(2);
    expect(put).not.toHaveBeenCalled();

    const insurer = field(/Страховщик/) as unknown as HTMLSelectElement;
    await waitFor(() => expect(within(insurer).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(insurer, { target: { value: SOGAZ._id } });
    fireEvent.change(field(/Ставка, %/), { target: { value: '16,5' } });
    await typeDate(field(/Действует с/), '01012027');
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить ставку' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0][0]).toEqual({ companyId: SOGAZ._id, product: 'eosago', rateBp: 1650, validFrom: '2027-01-01' });
    expect((await within(form).findByText(message)).id).toBe('seg-rate-error');

    const saved = { ...BIG, rates: [{ companyId: SOGAZ._id, companyName: 'СОГАЗ', product: 'eosago', productName: 'Е-ОСАГО', rateBp: 1150, validFrom: '2027-01-01' }, ...BIG.rates] };
    put.mockImplementation(() => ({ data: saved }));
    fireEvent.change(field(/Ставка, %/), { target: { value: '11,5' } });
    expect(within(form).queryByText(message)).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить ставку' }));
    await waitFor(() => expect(items('Версии ставок')).toHaveLength(4));
    expect(put.mock.calls[1][0]).toEqual({ companyId: SOGAZ._id, product: 'eosago', rateBp: 1150, validFrom: '2027-01-01' });
    expect(screen.getByText('11,5%')).toBeTruthy();
    expect(field(/Ставка, %/).value).toBe('');
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Ставка сегмента сохранена' }));
  });

  test('members: adding one PUTs the whole list; one of another segment is moved after a confirm that says so; removing PUTs the list without them', async () => {
    const bodies: unknown[] = [];
    const h = http([BIG, NEWCOMERS], {
      [`PUT /api/v2/finance/segments/${BIG.id}/members`]: (body: unknown) => {
        bodies.push(body);
        const ids = (body as { agentIds: string[] }).agentIds;
        return { data: { ...BIG, members: [IVANOV, PETROVA].filter((a) => ids.includes(a._id)).map(party) } };
      },
    });
    const { toasts } = await renderSection(RemoteRoutes, `/finance/segments/${BIG.id}`, { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('heading', { level: 1, name: 'Крупные агенты' });
    const members = () => items('Агенты сегмента').map((li) => li.firstChild?.textContent);
    expect(members()).toEqual([IVANOV.fio]);

    // Already here: nothing sent.
    await chooseAgent(field('Добавить агента'), 'Иван', IVANOV.fio);
    expect(await screen.findByText('Иванов Иван Петрович уже в этом сегменте')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    // Петрова is in «Новички»: the confirm says she moves.
    await chooseAgent(field('Добавить агента'), 'Петр', PETROVA.fio);
    let dialog = await dialogTitled('Перенести агента в этот сегмент?');
    expect(dialog).toHaveTextContent('Петрова Анна Сергеевна сейчас в сегменте «Новички». Агент может быть только в одном сегменте: он перейдёт в «Крупные агенты»');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Перенести' }));
    await waitFor(() => expect(members()).toEqual([IVANOV.fio, PETROVA.fio]));
    expect(bodies).toEqual([{ agentIds: [IVANOV._id, PETROVA._id] }]);
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Состав сегмента сохранён' }));

    // Removing: the whole list without Иванов.
    fireEvent.click(screen.getByRole('button', { name: `Убрать ${IVANOV.fio}` }));
    dialog = await dialogTitled('Убрать агента из сегмента?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(members()).toEqual([PETROVA.fio]));
    expect(bodies[1]).toEqual({ agentIds: [PETROVA._id] });
  });

  test('an agent of no segment is added at once; a refusal of the api is said', async () => {
    const lonely = sampleSegment({ members: [] });
    let refuse = false;
    const bodies: unknown[] = [];
    const h = http([lonely], {
      [`PUT /api/v2/finance/segments/${lonely.id}/members`]: (body: unknown) => {
        bodies.push(body);
        if (refuse) throw httpError(400, { message: 'Поле «agentIds»: агент не найден', field: 'agentIds' });
        return { data: { ...lonely, members: [party(PETROVA)] } };
      },
    });
    await renderSection(RemoteRoutes, `/finance/segments/${lonely.id}`, { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByText('В сегменте пока нет агентов')).toBeTruthy();
    await chooseAgent(field('Добавить агента'), 'Петр', PETROVA.fio);
    await waitFor(() => expect(bodies).toEqual([{ agentIds: [PETROVA._id] }]));
    expect(screen.queryByText('Перенести агента в этот сегмент?')).toBeNull();
    await waitFor(() => expect(items('Агенты сегмента')).toHaveLength(1));

    refuse = true;
    await chooseAgent(field('Добавить агента'), 'Иван', IVANOV.fio);
    expect(await screen.findByText('Поле «agentIds»: агент не найден')).toBeTruthy();
    expect(bodies[1]).toEqual({ agentIds: [PETROVA._id, IVANOV._id] });
  });

  test('rename: PATCH with the name, the heading follows', async () => {
    const patch = jest.fn((_body: unknown) => ({ data: { ...BIG, name: 'Лучшие' } }));
    const h = http([BIG], { [`PATCH /api/v2/finance/segments/${BIG.id}`]: (body: unknown) => patch(body) });
    await renderSection(RemoteRoutes, `/finance/segments/${BIG.id}`, { http: h, user: DEMO_USERS.admin });
    await screen.findByRole('heading', { level: 1, name: 'Крупные агенты' });
    fireEvent.click(screen.getByRole('button', { name: 'Переименовать' }));
    const dialog = await dialogTitled('Переименовать сегмент');
    const name = within(dialog).getByLabelText(/Название сегмента/) as HTMLInputElement;
    expect(name.value).toBe('Крупные агенты');
    fireEvent.change(name, { target: { value: 'Лучшие' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Лучшие' })).toBeTruthy();
    expect(patch.mock.calls[0][0]).toEqual({ name: 'Лучшие' });
  });

  test('a segment that is not there: «Сегмент не найден» and the way back', async () => {
    await renderSection(RemoteRoutes, `/finance/segments/${'e9'.repeat(12)}`, { http: http(), user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { name: 'Сегмент не найден' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сегментатор КВ' }));
    await waitFor(() => expect(currentLocation()).toBe('/finance/segments'));
    expect(await screen.findByText('Крупные агенты')).toBeTruthy();
  });

  test('the list failing (403) says so with «Повторить»; no segments yet says so too', async () => {
    let answer: () => unknown = () => {
      throw httpError(403, { message: 'Нет доступа к данному ресурсу' });
    };
    await renderSection(RemoteRoutes, '/finance/segments', { http: fakeHttp({ 'GET /api/v2/finance/segments': () => answer() }), user: DEMO_USERS.finance });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить сегменты')).toBeTruthy();
    expect(within(alert).getByText('Нет доступа к данному ресурсу')).toBeTruthy();
    answer = () => ({ data: [] });
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Сегментов пока нет')).toBeTruthy();
  });

  test('a supervisor reads «Нет доступа» on the segmenter', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/finance/segments', { http: h, user: DEMO_USERS.supervisor });
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
    expect(h.calls).toHaveLength(0);
  });
});
