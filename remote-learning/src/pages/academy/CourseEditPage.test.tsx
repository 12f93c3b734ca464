import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, pickFile, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = '6b02bfe86da9071e42fa9a00';
const course = (lessons: unknown[] = []) => ({
  data: {
    course: { _id: ID, title: 'Новый курс', description: 'Описание', coverImageUrl: null, status: 'draft', lessonsCount: lessons.length, progress: { completed: 0, total: lessons.length }, lessons },
  },
});

describe('Course editor (academy/new, academy/:courseId/edit)', () => {
  it('is closed to readers', async () => {
    await renderSection(RemoteRoutes, `/academy/${ID}/edit`, { http: fakeHttp({}), user: DEMO_USERS.subagent });
    expect(screen.getByText('Нет доступа')).toBeInTheDocument();
  });

  it('an editor creates a course and goes on to its lessons', async () => {
    const http = fakeHttp({
      'POST /api/v2/academy/courses': (b) => ({ data: { course: { ...course().data.course, ...(b as object) } } }),
      [`GET /api/v2/academy/courses/${ID}`]: course(),
    });
    const { toasts } = await renderSection(RemoteRoutes, '/academy/new', { http, user: DEMO_USERS.copywriter });
    fireEvent.change(screen.getByLabelText('Название курса'), { target: { value: 'Новый курс' } });
    fireEvent.change(screen.getByLabelText('Описание'), { target: { value: 'Описание' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать курс' }));
    await waitFor(() => expect(currentLocation()).toBe(`/academy/${ID}/edit`));
    expect(http.calls[0].body).toEqual({ title: 'Новый курс', description: 'Описание', coverImageUrl: null, status: 'draft' });
    expect(toasts).toContainEqual({ type: 'success', body: 'Курс создан. Теперь добавьте уроки' });
    expect(await screen.findByText('Уроков пока нет. Добавьте первый.')).toBeInTheDocument();
  });

  it('adding a lesson: a PDF the server refuses shows its message; an accepted one is attached and saved', async () => {
    let refuse = true;
    const http = fakeHttp({
      [`GET /api/v2/academy/courses/${ID}`]: course(),
      'POST /api/v2/uploads?kind=courses': () => {
        if (refuse) throw httpError(400, { message: 'Файл слишком большой (не более 20 МБ)' });
        return { data: { storageFileName: 'abc.pdf', url: '/media/courses/abc.pdf', size: 2_400_000, mime: 'application/pdf' } };
      },
      [`POST /api/v2/academy/courses/${ID}/lessons`]: { data: { lesson: {} } },
    });
    await renderSection(RemoteRoutes, `/academy/${ID}/edit`, { http, user: DEMO_USERS.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить урок' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Название урока'), { target: { value: 'Первый урок' } });

    pickFile(dialog, 'Прикрепить PDF', new File(['%PDF-'], 'Памятка.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Файл слишком большой (не более 20 МБ)');
    // the upload is silent: the message is shown here, not as a toast too
    expect(http.calls.find((c) => c.path.startsWith('/api/v2/uploads'))!.options).toMatchObject({ silent: true });

    refuse = false;
    pickFile(dialog, 'Прикрепить PDF', new File(['%PDF-'], 'Памятка.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Памятка.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('2,3 МБ')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Ссылка на видео'), { target: { value: 'http://insecure.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Введите ссылку https://…')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Ссылка на видео'), { target: { value: 'https://video.example/1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(http.calls.some((c) => c.path === `/api/v2/academy/courses/${ID}/lessons`)).toBe(true));
    expect(http.calls.find((c) => c.path === `/api/v2/academy/courses/${ID}/lessons`)!.body).toEqual({
      title: 'Первый урок',
      text: '',
      videoUrl: 'https://video.example/1',
      attachments: [{ name: 'Памятка.pdf', url: '/media/courses/abc.pdf', size: 2_400_000 }],
      position: 1,
    });
  });
});
