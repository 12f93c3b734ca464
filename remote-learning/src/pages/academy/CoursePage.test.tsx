import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeHttp, httpError, never, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = '6b02bfe86da9071e42fa9900';
const L1 = '6b02bfe86da9071e42fa9901';
const L2 = '6b02bfe86da9071e42fa9902';
const L3 = '6b02bfe86da9071e42fa9903';
const GET = `GET /api/v2/academy/courses/${ID}`;

const lesson = (id: string, position: number, over: Record<string, unknown> = {}) => ({
  _id: id,
  title: `Урок ${position}`,
  text: `<p>Текст урока ${position}</p>`,
  videoUrl: null,
  attachments: [],
  position,
  completed: false,
  ...over,
});

const answer = () => ({
  data: {
    course: {
      _id: ID,
      title: 'Основы продаж ОСАГО',
      description: 'Курс для начинающих агентов',
      coverImageUrl: null,
      status: 'published',
      lessonsCount: 3,
      progress: { completed: 1, total: 3 },
      // the server's order is not trusted: lessons are shown by position
      lessons: [
        lesson(L2, 2, {
          title: 'Работа с возражениями',
          videoUrl: 'https://video.example/objections',
          attachments: [{ name: 'Шпаргалка.pdf', url: '/media/courses/cheat.pdf', size: 53_248 }],
        }),
        lesson(L1, 1, { title: 'Продукт ОСАГО', completed: true }),
        lesson(L3, 3, { title: 'Пролонгация' }),
      ],
    },
  },
});

describe('Course (academy/:courseId)', () => {
  it('shows placeholders while the course loads', async () => {
    await renderSection(RemoteRoutes, `/academy/${ID}`, { http: fakeHttp({ [GET]: () => never() }) });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
  });

  it('shows the lessons in order with the first unfinished one open: text, video in a new tab, PDFs with size', async () => {
    await renderSection(RemoteRoutes, `/academy/${ID}`, { http: fakeHttp({ [GET]: answer() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Основы продаж ОСАГО' })).toBeInTheDocument();
    expect(screen.getByText('Пройдено 1 из 3')).toBeInTheDocument();
    const lessons = within(screen.getByRole('list', { name: 'Уроки' }));
    const heads = lessons.getAllByRole('button', { expanded: false }).concat(lessons.getAllByRole('button', { expanded: true }));
    expect(heads.map((b) => b.textContent)).toEqual(expect.arrayContaining(['✓Продукт ОСАГОПройден▾', '3Пролонгация▾', '2Работа с возражениями▴']));
    expect(lessons.getByRole('button', { expanded: true })).toHaveTextContent('Работа с возражениями');
    expect(screen.getByText('Текст урока 2')).toBeInTheDocument();
    expect(screen.queryByText('Текст урока 1')).not.toBeInTheDocument();
    const video = screen.getByRole('link', { name: /Смотреть видео/ });
    expect(video).toHaveAttribute('href', 'https://video.example/objections');
    expect(video).toHaveAttribute('target', '_blank');
    expect(video).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const pdf = screen.getByRole('link', { name: /Шпаргалка\.pdf/ });
    expect(pdf).toHaveAttribute('href', '/media/courses/cheat.pdf');
    expect(pdf).toHaveTextContent('52 КБ');
  });

  it('marking a lesson done saves it on the server and updates the progress', async () => {
    const http = fakeHttp({
      [GET]: answer(),
      [`POST /api/v2/academy/courses/${ID}/lessons/${L2}/progress`]: { data: { progress: { completed: 2, total: 3 } } },
    });
    await renderSection(RemoteRoutes, `/academy/${ID}`, { http });
    fireEvent.click(await screen.findByRole('button', { name: 'Отметить как пройденный' }));
    expect(await screen.findByText('Пройдено 2 из 3')).toBeInTheDocument();
    expect(http.calls.at(-1)).toMatchObject({ method: 'POST', body: { completed: true } });
    const open = within(screen.getByRole('list', { name: 'Уроки' })).getByRole('button', { expanded: true });
    expect(open).toHaveTextContent('Работа с возражениямиПройден');
    // it stays open with the way on
    fireEvent.click(screen.getByRole('button', { name: 'Следующий урок' }));
    expect(await screen.findByText('Текст урока 3')).toBeInTheDocument();
  });

  it('a refused mark leaves the lesson as it was', async () => {
    const http = fakeHttp({
      [GET]: answer(),
      [`POST /api/v2/academy/courses/${ID}/lessons/${L2}/progress`]: () => {
        throw httpError(500);
      },
    });
    await renderSection(RemoteRoutes, `/academy/${ID}`, { http });
    fireEvent.click(await screen.findByRole('button', { name: 'Отметить как пройденный' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отметить как пройденный' })).toBeEnabled());
    expect(screen.getByText('Пройдено 1 из 3')).toBeInTheDocument();
  });

  it('a missing course shows «Курс не найден»', async () => {
    await renderSection(RemoteRoutes, `/academy/${ID}`, {
      http: fakeHttp({
        [GET]: () => {
          throw httpError(404, { error: true, errorMessage: 'Курс не найден', message: 'Курс не найден', data: null });
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Курс не найден' })).toBeInTheDocument();
  });

  it('a course without lessons says so', async () => {
    const a = answer();
    a.data.course.lessons = [];
    await renderSection(RemoteRoutes, `/academy/${ID}`, { http: fakeHttp({ [GET]: a }) });
    expect(await screen.findByText('Уроков в этом курсе пока нет')).toBeInTheDocument();
  });
});
