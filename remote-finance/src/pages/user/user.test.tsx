import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, ROLE_TEXTS, USER_TEXTS, type ManagedUser } from '@oyster/shared-kit/domain';
import { currentLocation, emptyInitState, fakeHttp, httpError, renderSection, type TestInitState } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = 'ab'.repeat(12);
const NORTH = { _id: 'e'.repeat(24), name: 'Брокерская сеть «Север»' };
const sample = (over: Partial<ManagedUser> = {}): ManagedUser => ({
  _id: ID,
  fio: 'Жукова Вера Константиновна',
  firstName: 'Вера',
  secondName: 'Жукова',
  middleName: 'Константиновна',
  email: 'agent13@oyster.test',
  phone: null,
  roles: ['agent'],
  role: 'agent',
  kind: 'agent',
  opf: 'FL',
  network: null,
  isBlocked: false,
  isPersonal: false,
  canChatWithAgents: false,
  canChatWithClients: false,
  canViewOnlyAppointedAgents: false,
  canAnalyticsView: false,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
/** A field by its label (a required one's label starts with the «*» marker). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^\\*?${label.replace(/[()]/g, '\\$&')}$`));
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const patches = (http: ReturnType<typeof fakeHttp>) => http.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('a user’s page (user/{userId})', () => {
  test('only administrators: anyone else reads «Нет доступа» and nothing is asked', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, `/user/${ID}`, { http, user: DEMO_USERS.finance });
    expect(await screen.findByText('Пользователей ведут администраторы.')).toBeTruthy();
    expect(http.calls).toEqual([]);
  });

  test('shows who the user is; the roles offered are the agent options of §6 in display priority; only what changed is sent', async () => {
    let current = sample();
    const http = fakeHttp({
      [`GET /api/v2/users/${ID}`]: () => ({ data: current }),
      [`PATCH /api/v2/users/${ID}`]: (body) => {
        current = { ...current, ...(body as object), updatedAt: '2026-11-02T10:00:00.000Z' };
        return { user: {}, isBlocked: false };
      },
    });
    const { toasts } = await renderSection(RemoteRoutes, `/user/${ID}`, { http, user: DEMO_USERS.admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Жукова Вера Константиновна' })).toBeTruthy();
    expect(screen.getByText('agent13@oyster.test')).toBeTruthy();
    expect(screen.getByText('Агент, Физическое лицо')).toBeTruthy();
    const roles = within(screen.getByRole('group', { name: 'Роли' })).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent);
    expect(roles).toEqual(['Брокер', 'Владелец сети', 'Субагент', 'Агент']);
    expect((screen.getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Отчество'), { target: { value: 'Ивановна' } });
    fireEvent.click(checkbox('Субагент'));
    fireEvent.click(checkbox('Доступ к аналитике'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches(http)).toEqual([{ middleName: 'Ивановна', roles: ['sub_agent', 'agent'], canAnalyticsView: true }]));
    await waitFor(() => expect(toasts.map((t) => t.body)).toContain('Изменения сохранены'));
    await waitFor(() => expect((screen.getByLabelText('Отчество') as HTMLInputElement).value).toBe('Ивановна'));
  });

  test('a role change after a long session asks for the administrator’s password and sends it with the roles', async () => {
    let asked = 0;
    const http = fakeHttp({
      [`GET /api/v2/users/${ID}`]: { data: sample() },
      [`PATCH /api/v2/users/${ID}`]: (body) => {
        if (!(body as { password?: string }).password) {
          asked++;
          throw httpError(403, { message: ROLE_TEXTS.reauth, field: 'password' });
        }
        return { user: {}, isBlocked: false };
      },
    });
    await renderSection(RemoteRoutes, `/user/${ID}`, { http, user: DEMO_USERS.admin });
    await screen.findByRole('heading', { level: 1, name: 'Жукова Вера Константиновна' });
    fireEvent.click(checkbox('Владелец сети'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROLE_TEXTS.reauth);
    fireEvent.change(field('Ваш пароль (подтверждение смены ролей)'), { target: { value: 'demo-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches(http).pop()).toEqual({ roles: ['network_agent_owner', 'agent'], password: 'demo-password' }));
    expect(asked).toBe(1);
  });

  test('«Заблокировать» asks first, then sends isBlocked; «Сбросить пароль» shows the one-time link', async () => {
    let current = sample();
    const http = fakeHttp({
      [`GET /api/v2/users/${ID}`]: () => ({ data: current }),
      [`PATCH /api/v2/users/${ID}`]: (body) => {
        current = { ...current, ...(body as object), updatedAt: '2026-11-03T10:00:00.000Z' };
        return { user: {}, isBlocked: true };
      },
      [`POST /api/v2/users/${ID}/password-link`]: { link: 'http://localhost/set-password/TOKEN123' },
    });
    await renderSection(RemoteRoutes, `/user/${ID}`, { http, user: DEMO_USERS.admin });
    await screen.findByRole('heading', { level: 1, name: 'Жукова Вера Константиновна' });
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить пароль' }));
    expect(((await screen.findByLabelText('Одноразовая ссылка для пароля')) as HTMLInputElement).value).toBe('http://localhost/set-password/TOKEN123');

    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    expect(await screen.findByText(USER_TEXTS.blockConfirm)).toBeTruthy();
    expect(patches(http)).toEqual([]);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() => expect(patches(http)).toEqual([{ isBlocked: true }]));
    expect(await screen.findByRole('button', { name: 'Разблокировать' })).toBeTruthy();
    expect(screen.getAllByText('Заблокирован').length).toBeGreaterThan(0);
  });

  test('an unknown user: «Пользователи» is the way back', async () => {
    const http = fakeHttp({ [`GET /api/v2/users/${ID}`]: () => Promise.reject(httpError(404, { message: 'Не найдено' })) });
    await renderSection(RemoteRoutes, `/user/${ID}`, { http, user: DEMO_USERS.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Пользователи' }));
    await waitFor(() => expect(currentLocation()).toBe('/manage/users'));
  });
});

describe('«Новый пользователь» (user/create)', () => {
  const initState = { ...emptyInitState(), networkList: [NORTH] } as TestInitState;

  test('staff by default with the five staff roles; says what is missing before asking the api', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/user/create', { http, user: DEMO_USERS.admin, initState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новый пользователь' })).toBeTruthy();
    const roles = within(screen.getByRole('group', { name: 'Роли' })).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent);
    expect(roles).toEqual(['Администратор', 'Финансовый контролёр', 'Супервайзер', 'Менеджер', 'Копирайтер']);
    fireEvent.change(field('Email'), { target: { value: 'плохой' } });
    fireEvent.change(screen.getByLabelText('Начальный пароль'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать пользователя' }));
    expect(await screen.findByText('Неправильный email')).toBeTruthy();
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(2);
    expect(screen.getByText('Выберите хотя бы одну роль')).toBeTruthy();
    expect(screen.getByText('Минимальная длина пароля 8 символов')).toBeTruthy();
    expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  test('an agent: legal form and network; the api’s refusal shows at its field; success opens the new user’s page', async () => {
    let taken = true;
    const http = fakeHttp({
      'POST /api/v2/users': () => {
        if (taken) throw httpError(400, { message: USER_TEXTS.emailTaken, field: 'email' });
        return { data: sample({ _id: 'cd'.repeat(12), fio: 'Агентов Глеб' }) };
      },
      [`GET /api/v2/users/${'cd'.repeat(12)}`]: { data: sample({ _id: 'cd'.repeat(12), fio: 'Агентов Глеб' }) },
    });
    const { toasts } = await renderSection(RemoteRoutes, '/user/create', { http, user: DEMO_USERS.admin, initState });
    await screen.findByRole('heading', { level: 1, name: 'Новый пользователь' });
    fireEvent.click(screen.getByRole('radio', { name: 'Агент' }));
    const roles = within(screen.getByRole('group', { name: 'Роли' })).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent);
    expect(roles).toEqual(['Брокер', 'Владелец сети', 'Субагент', 'Агент']);
    fireEvent.change(field('Фамилия'), { target: { value: 'Агентов' } });
    fireEvent.change(field('Имя'), { target: { value: 'Глеб' } });
    fireEvent.change(field('Email'), { target: { value: 'gleb@oyster.test' } });
    fireEvent.click(checkbox('Агент'));
    fireEvent.change(field('Организационная форма'), { target: { value: 'SZ' } });
    await screen.findByRole('option', { name: NORTH.name });
    fireEvent.change(screen.getByLabelText('Брокерская сеть'), { target: { value: NORTH._id } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать пользователя' }));
    expect(await screen.findByText(USER_TEXTS.emailTaken)).toBeTruthy();
    const sent = http.calls.find((c) => c.method === 'POST')!.body;
    expect(sent).toMatchObject({ email: 'gleb@oyster.test', firstName: 'Глеб', secondName: 'Агентов', roles: ['agent'], opf: 'SZ', networkId: NORTH._id, canAnalyticsView: false });
    expect(sent).not.toHaveProperty('password');
    taken = false;
    // antd's Button drops its spinner a render after the refusal shows: wait for it as a user does.
    fireEvent.click(await screen.findByRole('button', { name: 'Создать пользователя' }));
    await waitFor(() => expect(currentLocation()).toBe(`/user/${'cd'.repeat(12)}`));
    expect(toasts.map((t) => t.body)).toContain('Пользователь Агентов Глеб создан');
  });
});
