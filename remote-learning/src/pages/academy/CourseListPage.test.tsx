import { fireEvent, screen, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, never, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { oid } from '../../testing';

const USER_LIST = 'POST /api/v2/academy/courses/get-list-user';
const ADMIN_LIST = 'POST /api/v2/academy/courses/get-list-admin';

const course = (over: Record<string, unknown> = {}) => ({
  _id: oid(),
  title: 'Основы продаж ОСАГО',
  description: 'Курс для начинающих агентов',
  coverImageUrl: null,
  status: 'published',
  lessonsCount: 4,
  progress: { completed: 2, total: 4 },
  ...over,
});

describe('Academy course list (academy)', () => {
  it('shows placeholders while the courses load', async () => {
    await renderSection(RemoteRoutes, '/academy', { http: fakeHttp({ [USER_LIST]: () => never() }) });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Обучение' })).toBeInTheDocument();
  });

  it('an agent gets the user list with progress per course', async () => {
    const http = fakeHttp({
      [USER_LIST]: { data: { courses: [course(), course({ title: 'Ипотечное страхование', lessonsCount: 1, progress: { completed: 1, total: 1 } })] } },
    });
    await renderSection(RemoteRoutes, '/academy', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Курсы' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Основы продаж ОСАГО' })).toHaveAttribute('href', expect.stringMatching(/^\/academy\/[0-9a-f]{24}$/));
    expect(within(first).getByText('4 урока')).toBeInTheDocument();
    expect(within(first).getByText('Пройдено 2 из 4')).toBeInTheDocument();
    expect(within(second).getByText('1 урок')).toBeInTheDocument();
    expect(within(second).getByText('Курс пройден')).toBeInTheDocument();
    expect(http.calls.map((c) => c.path)).toEqual(['/api/v2/academy/courses/get-list-user']);
    expect(http.calls[0].body).toEqual({ agentId: DEMO_USERS.agent._id });
    expect(screen.queryByRole('button', { name: 'Добавить курс' })).not.toBeInTheDocument();
  });

  it('personal (staff) users get the admin list', async () => {
    const http = fakeHttp({ [ADMIN_LIST]: { data: { courses: [course({ status: 'draft', title: 'Новый курс' })] } } });
    await renderSection(RemoteRoutes, '/academy', { http, user: DEMO_USERS.manager });
    expect(await screen.findByRole('link', { name: 'Новый курс' })).toBeInTheDocument();
    expect(http.calls.map((c) => c.path)).toEqual(['/api/v2/academy/courses/get-list-admin']);
    expect(http.calls[0].body).toEqual({});
  });

  it('says so when there are no courses', async () => {
    await renderSection(RemoteRoutes, '/academy', { http: fakeHttp({ [USER_LIST]: { data: { courses: [] } } }) });
    expect(await screen.findByText('Курсов пока нет')).toBeInTheDocument();
  });

  it('shows a failed load in place and loads again on «Повторить»', async () => {
    let fail = true;
    const http = fakeHttp({
      [USER_LIST]: () => {
        if (fail) throw httpError(500);
        return { data: { courses: [course({ title: 'Курс после ошибки' })] } };
      },
    });
    await renderSection(RemoteRoutes, '/academy', { http });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить курсы');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Курс после ошибки' })).toBeInTheDocument();
  });

  it('editors can add a course', async () => {
    await renderSection(RemoteRoutes, '/academy', { http: fakeHttp({ [ADMIN_LIST]: { data: { courses: [] } } }), user: DEMO_USERS.copywriter });
    expect(await screen.findAllByRole('button', { name: 'Добавить курс' })).toHaveLength(2); // header and empty state
  });
});
