import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type Webinar, type WebinarRegistration } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, sampleWebinar, typeInto } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);
const webinar = (over: Partial<Webinar> = {}) => sampleWebinar({ _id: ID, ...over });
const staffView = (over: Partial<Webinar> = {}) => webinar({ registrations: 3, watched: 0, announcedAt: null, ...over });
const registration: WebinarRegistration = { userId: 'u'.repeat(24), fio: 'Иванов Иван Петрович', email: 'agent@oyster.test', signedUpAt: '2026-11-20T09:05:00.000Z', watchedAt: null };

// Only Date is fixed (20.11.2026, 12:00 МСК): «the start has passed» is about this moment; the timers stay real.
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date('2026-11-20T09:00:00.000Z'),
    doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance', 'hrtime'],
  });
});
afterEach(() => jest.useRealTimers());

describe('«Вебинары»: the list', () => {
  it('an agent reads when, what, where and how long, and signs up: «Записаться» becomes «Вы записаны»', async () => {
    const http = fakeHttp({
      'GET /api/v2/webinars': { data: [webinar(), webinar({ _id: OTHER, title: 'КАСКО для автопарков', removeWebinar: true, registration: true })] },
      [`POST /api/v2/webinars/registration/${ID}`]: { data: webinar({ registration: true }) },
    });
    const { toasts } = await renderSection(RemoteRoutes, '/webinar', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Вебинары' });
    const item = within(list).getByRole('listitem', { name: 'Е-ОСАГО: новые коэффициенты' });
    expect(item).toHaveTextContent('15.12.2026, 11:00 МСК');
    expect(item).toHaveTextContent('Запланирован');
    expect(item).toHaveTextContent('Контур.Толк');
    expect(item).toHaveTextContent('60 мин');
    expect(within(item).getByRole('link', { name: 'Е-ОСАГО: новые коэффициенты' })).toHaveAttribute('href', `/webinar/${ID}`);
    const postponed = within(list).getByRole('listitem', { name: 'КАСКО для автопарков' });
    expect(postponed).toHaveTextContent('Отложен');
    expect(postponed).toHaveTextContent('Дата уточняется');
    expect(postponed).not.toHaveTextContent('15.12.2026');
    expect(within(postponed).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Новый вебинар' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Предстоящие' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(within(item).getByRole('button', { name: 'Записаться' }));
    expect(await within(item).findByText('Вы записаны')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Записаться' })).toBeNull();
    expect(http.calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/api/v2/webinars/registration/${ID}`, body: { status: 'singUp' } });
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Вы записались на вебинар, оповестим за 10 минут до начала!' }));
    expect(http.calls.find((c) => c.path.startsWith('/api/v2/webinars?'))?.path).toBe('/api/v2/webinars?period=upcoming');
  });

  it('a refused sign-up says why and leaves «Записаться» where it was', async () => {
    const http = fakeHttp({
      'GET /api/v2/webinars': { data: [webinar()] },
      [`POST /api/v2/webinars/registration/${ID}`]: () => {
        throw httpError(409, { message: 'Вебинар отложен: запись откроется, когда появится новая дата' });
      },
    });
    await renderSection(RemoteRoutes, '/webinar', { http, user: DEMO_USERS.agent });
    fireEvent.click(await screen.findByRole('button', { name: 'Записаться' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Вебинар отложен: запись откроется, когда появится новая дата');
    expect(screen.getByRole('button', { name: 'Записаться' })).toBeEnabled();
    expect(screen.queryByText('Вы записаны')).toBeNull();
  });

  it('once the start is near, «Подключиться» opens the conference in a new tab and marks the agent joining (watch)', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const http = fakeHttp({
      'GET /api/v2/webinars': { data: [webinar({ registration: true, isSendAnnouncement: true })] },
      [`POST /api/v2/webinars/registration/${ID}`]: { data: webinar({ registration: true, isSendAnnouncement: true }) },
    });
    await renderSection(RemoteRoutes, '/webinar', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Вы записаны')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Подключиться' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://webinar.oyster.test/room/eosago', '_blank', 'noopener'));
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'watch' });
    open.mockRestore();
  });

  it('staff: «Новый вебинар», how many signed up, no sign-up; «Прошедшие» asks for the past ones', async () => {
    const http = fakeHttp({
      'GET /api/v2/webinars?period=upcoming': { data: [staffView()] },
      'GET /api/v2/webinars?period=past': { data: [] },
    });
    await renderSection(RemoteRoutes, '/webinar', { http, user: DEMO_USERS.copywriter });
    const item = await screen.findByRole('listitem', { name: 'Е-ОСАГО: новые коэффициенты' });
    expect(item).toHaveTextContent('Записались: 3');
    expect(within(item).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Новый вебинар' })).toHaveAttribute('href', '/webinar/new');
    fireEvent.click(screen.getByRole('tab', { name: 'Прошедшие' }));
    expect(await screen.findByText('Прошедших вебинаров нет')).toBeInTheDocument();
    expect(currentLocation()).toBe('/webinar?period=past');
  });

  it('nothing planned: «Вебинаров пока нет»; the list follows changes live (webinar_changed)', async () => {
    let data: Webinar[] = [];
    const http = fakeHttp({ 'GET /api/v2/webinars': () => ({ data }) });
    const { bus } = await renderSection(RemoteRoutes, '/webinar', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Вебинаров пока нет')).toBeInTheDocument();
    data = [webinar()];
    act(() => bus.publish('webinar_changed', { webinarId: ID }));
    expect(await screen.findByRole('listitem', { name: 'Е-ОСАГО: новые коэффициенты' })).toBeInTheDocument();
  });
});

describe('«Вебинары»: a webinar’s page', () => {
  it('an agent reads the details and signs up; a postponed one says so and offers nothing', async () => {
    let current = webinar();
    const http = fakeHttp({
      [`GET /api/v2/webinars/${ID}`]: () => ({ data: current }),
      [`POST /api/v2/webinars/registration/${ID}`]: () => ({ data: (current = webinar({ registration: true })) }),
    });
    const { bus } = await renderSection(RemoteRoutes, `/webinar/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByRole('heading', { name: 'Е-ОСАГО: новые коэффициенты' })).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'О вебинаре' });
    expect(about).toHaveTextContent('Когда15.12.2026, 11:00 МСК');
    expect(about).toHaveTextContent('ПлатформаКонтур.Толк');
    expect(about).toHaveTextContent('Длительность60 мин');
    expect(about).toHaveTextContent('Разберём изменения базовых ставок и КБМ.');
    expect(screen.queryByRole('button', { name: 'Изменить' })).toBeNull();
    expect(screen.queryByText(/webinar\.oyster\.test/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Записаться' }));
    expect(await within(about).findByText('Вы записались на вебинар, оповестим за 10 минут до начала!')).toBeInTheDocument();
    expect(within(about).queryByRole('button', { name: 'Записаться' })).toBeNull();

    current = webinar({ registration: true, removeWebinar: true });
    act(() => bus.publish('webinar_changed', { webinarId: OTHER }));
    act(() => bus.publish('webinar_changed', { webinarId: ID }));
    expect(await screen.findByText('Вебинар отложен, о следующем сообщим позже')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'О вебинаре' })).toHaveTextContent('КогдаДата уточняется (было 15.12.2026, 11:00 МСК)');
    expect(screen.getByRole('region', { name: 'О вебинаре' })).toHaveTextContent('СтатусОтложен');
    expect(screen.queryByRole('button', { name: 'Записаться' })).toBeNull();
    expect(http.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('the start is near: the time left and «Подключиться»', async () => {
    const http = fakeHttp({ [`GET /api/v2/webinars/${ID}`]: { data: webinar({ registration: true, isSendAnnouncement: true, untilTime: { minutes: 4, seconds: 5 } }) } });
    await renderSection(RemoteRoutes, `/webinar/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByRole('timer')).toHaveTextContent('04:05');
    expect(screen.getByRole('region', { name: 'О вебинаре' })).toHaveTextContent('До начала 04:05');
    expect(screen.getByRole('button', { name: 'Подключиться' })).toBeInTheDocument();
  });

  it('staff postpone it after the confirm dialog', async () => {
    const http = fakeHttp({
      [`GET /api/v2/webinars/${ID}`]: { data: staffView({ registrations: 1 }) },
      [`GET /api/v2/webinars/${ID}/registrations`]: { data: [registration] },
      [`POST /api/v2/webinars/${ID}/postpone`]: { data: staffView({ registrations: 1, removeWebinar: true }) },
    });
    const { toasts } = await renderSection(RemoteRoutes, `/webinar/${ID}`, { http, user: DEMO_USERS.copywriter });
    const table = await screen.findByRole('table', { name: 'Записавшиеся' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ФИО', 'E-mail', 'Записался', 'Подключился']);
    expect(table).toHaveTextContent('Иванов Иван Петрович');
    expect(table).toHaveTextContent('agent@oyster.test');
    expect(table).toHaveTextContent('20.11.2026, 12:05');
    expect(screen.getByTestId('webinar-counts')).toHaveTextContent('Записались: 1 · Подключились: 0');
    expect(screen.getByRole('link', { name: 'Изменить' })).toHaveAttribute('href', `/webinar/${ID}/edit`);
    expect(screen.getByText('https://webinar.oyster.test/room/eosago')).toHaveAttribute('target', '_blank');

    fireEvent.click(screen.getByRole('button', { name: 'Отложить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Отложить вебинар?');
    expect(dialog).toHaveTextContent('Записавшиеся (1) получат уведомление «Вебинар отложен, о следующем сообщим позже»');
    expect(http.calls.some((c) => c.path.endsWith('/postpone'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отложить' }));
    expect(await screen.findByText('Вебинар отложен, о следующем сообщим позже')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'О вебинаре' })).toHaveTextContent('СтатусОтложен');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Отложить' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Пригласить агентов' })).toBeNull();
    expect(toasts).toContainEqual(expect.objectContaining({ body: 'Вебинар отложен' }));
  });

  it('staff invite the agents: «Приглашение отправлено: N» and when', async () => {
    const http = fakeHttp({
      [`GET /api/v2/webinars/${ID}`]: { data: staffView({ registrations: 0 }) },
      [`GET /api/v2/webinars/${ID}/registrations`]: { data: [] },
      [`POST /api/v2/webinars/${ID}/announce`]: { data: { ...staffView({ registrations: 0, announcedAt: '2026-11-20T09:00:00.000Z' }), invited: 12 } },
    });
    const { toasts } = await renderSection(RemoteRoutes, `/webinar/${ID}`, { http, user: DEMO_USERS.admin });
    expect(await screen.findByText('Пока никто не записался')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить агентов' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Пригласить агентов?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Пригласить' }));
    await waitFor(() => expect(screen.getByTestId('webinar-invited')).toHaveTextContent('Приглашение отправлено: 12. Агентов пригласили 20.11.2026, 12:00 (МСК)'));
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Приглашение отправлено: 12' }));
  });

  it('staff see the server’s refusal in place', async () => {
    const http = fakeHttp({
      [`GET /api/v2/webinars/${ID}`]: { data: staffView() },
      [`GET /api/v2/webinars/${ID}/registrations`]: { data: [] },
      [`POST /api/v2/webinars/${ID}/announce`]: () => {
        throw httpError(409, { message: 'Вебинар отложен: сначала назначьте новую дату' });
      },
    });
    await renderSection(RemoteRoutes, `/webinar/${ID}`, { http, user: DEMO_USERS.copywriter });
    fireEvent.click(await screen.findByRole('button', { name: 'Пригласить агентов' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Пригласить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Вебинар отложен: сначала назначьте новую дату');
  });

  it('an unknown webinar: «Вебинар не найден»', async () => {
    const http = fakeHttp({
      [`GET /api/v2/webinars/${ID}`]: () => {
        throw httpError(404, { message: 'Вебинар не найден' });
      },
    });
    await renderSection(RemoteRoutes, `/webinar/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByRole('heading', { name: 'Вебинар не найден' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вебинары' })).toBeInTheDocument();
  });
});

describe('«Вебинары»: the form', () => {
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  async function typeDate(input: HTMLInputElement, digits: string) {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    typeInto(input, digits);
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
  }

  it('says what is missing or wrong, in Russian, then sends the Moscow date and time as ISO with +03:00', async () => {
    const http = fakeHttp({
      'POST /api/v2/webinars': (body) => ({ data: webinar({ ...(body as object), _id: ID }) }),
      [`GET /api/v2/webinars/${ID}`]: { data: staffView() },
      [`GET /api/v2/webinars/${ID}/registrations`]: { data: [] },
    });
    const { toasts } = await renderSection(RemoteRoutes, '/webinar/new', { http, user: DEMO_USERS.copywriter });
    expect(await screen.findByRole('heading', { name: 'Новый вебинар' })).toBeInTheDocument();
    fireEvent.change(field(/Длительность, мин/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать вебинар' }));
    const form = screen.getByRole('form', { name: 'Вебинар' });
    expect(within(form).getAllByText('Обязательное поле')).toHaveLength(6);
    expect(http.calls).toHaveLength(0);

    fireEvent.change(field(/Название/), { target: { value: 'Е-ОСАГО: новые коэффициенты' } });
    fireEvent.change(field(/Описание/), { target: { value: '  Разберём изменения.\n\nОтветы на вопросы.  ' } });
    await typeDate(field(/Дата \(МСК\)/), '20112026');
    typeInto(field(/Время \(МСК\)/), '1100');
    fireEvent.change(field(/Длительность, мин/), { target: { value: '5' } });
    fireEvent.change(field(/Платформа/), { target: { value: 'Контур.Толк' } });
    fireEvent.change(field(/Ссылка на конференцию/), { target: { value: 'http://webinar.oyster.test/room/eosago' } });
    expect(await within(form).findByText('Время начала уже прошло')).toBeInTheDocument();
    expect(within(form).getByText('От 10 до 480 минут')).toBeInTheDocument();
    expect(within(form).getByText('Адрес конференции: https://…')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Создать вебинар' }));
    expect(http.calls).toHaveLength(0);

    await typeDate(field(/Дата \(МСК\)/), '15122026');
    fireEvent.change(field(/Длительность, мин/), { target: { value: '90' } });
    fireEvent.change(field(/Ссылка на конференцию/), { target: { value: 'https://webinar.oyster.test/room/eosago' } });
    await waitFor(() => expect(screen.queryByText('Время начала уже прошло')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Создать вебинар' }));
    await waitFor(() => expect(currentLocation()).toBe(`/webinar/${ID}`));
    expect(http.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v2/webinars',
      body: {
        title: 'Е-ОСАГО: новые коэффициенты',
        description: 'Разберём изменения.\n\nОтветы на вопросы.',
        startsAt: '2026-12-15T11:00:00+03:00',
        duration: 90,
        platform: 'Контур.Толк',
        conferenceLink: 'https://webinar.oyster.test/room/eosago',
      },
    });
    expect(toasts).toContainEqual(expect.objectContaining({ body: 'Вебинар создан' }));
  });

  it('changing one: the form holds its Moscow date and time; the server’s 400 is shown as it says it', async () => {
    const http = fakeHttp({
      [`GET /api/v2/webinars/${ID}`]: { data: staffView({ startsAt: '2026-12-15T08:00:00.000Z', removeWebinar: true }) },
      [`PUT /api/v2/webinars/${ID}`]: () => {
        throw httpError(400, { message: 'Поле «startsAt»: время начала уже прошло' });
      },
    });
    await renderSection(RemoteRoutes, `/webinar/${ID}/edit`, { http, user: DEMO_USERS.copywriter });
    expect(await screen.findByRole('heading', { name: 'Вебинар: изменить' })).toBeInTheDocument();
    expect(screen.getByText(/Вебинар отложен\. Сохраните его с новой датой/)).toBeInTheDocument();
    expect(field(/Дата \(МСК\)/).value).toBe('15.12.2026');
    expect(field(/Время \(МСК\)/).value).toBe('11:00');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Поле «startsAt»: время начала уже прошло');
    expect(http.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ startsAt: '2026-12-15T11:00:00+03:00', duration: 60 });
  });

  it('an agent cannot plan webinars', async () => {
    await renderSection(RemoteRoutes, '/webinar/new', { http: fakeHttp({}), user: DEMO_USERS.agent });
    expect(await screen.findByText('Нет доступа')).toBeInTheDocument();
    expect(screen.getByText('Планировать вебинары могут копирайтеры и администраторы.')).toBeInTheDocument();
  });
});
