import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, never, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { newsItem } from '../../testing';

const ID = '6b02bfe86da9071e42fa969b';
const GET = `GET /api/v2/posts/news/${ID}`;
const details = (over: Record<string, unknown> = {}) => ({
  error: false,
  errorMessage: null,
  data: { news: { ...newsItem({ _id: ID, title: 'Повышенное вознаграждение по ипотеке', label: 'Акции', publishedAt: '2026-11-17T10:00:00.000Z' }), body: '<h2>Что изменилось</h2><p>Ставка <strong>+5%</strong>.</p><img src="/media/news/a.png" alt="График">', ...over } },
});

describe('News item (news/:newsId)', () => {
  it('shows placeholders while the item loads', async () => {
    await renderSection(RemoteRoutes, `/news/${ID}`, { http: fakeHttp({ [GET]: () => never() }) });
    expect(await screen.findByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
  });

  it('shows the title, the date, the label and the rich text with its images', async () => {
    const http = fakeHttp({ [GET]: details() });
    await renderSection(RemoteRoutes, `/news/${ID}`, { http });
    expect(await screen.findByRole('heading', { level: 1, name: 'Повышенное вознаграждение по ипотеке' })).toBeInTheDocument();
    expect(screen.getByText('17.11.2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Акции' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Что изменилось' })).toBeInTheDocument();
    expect(screen.getByText('+5%').tagName).toBe('STRONG');
    expect(screen.getByRole('img', { name: 'График' })).toHaveAttribute('src', '/media/news/a.png');
    expect(screen.getByRole('link', { name: '← Все новости' })).toHaveAttribute('href', '/news');
    // the page shows its own message for a failure: the call is silent (no §8 toast on top)
    expect(http.calls[0].options).toMatchObject({ silent: true });
    // readers get no editing
    expect(screen.queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
  });

  it('a missing news item shows the stored errorMessage «Новость не найдена» and a way back', async () => {
    await renderSection(RemoteRoutes, `/news/${ID}`, {
      http: fakeHttp({
        [GET]: () => {
          throw httpError(404, { error: true, errorMessage: 'Новость не найдена', message: 'Новость не найдена', data: null });
        },
        'POST /api/v2/posts/news/list': { data: { news: [], total: 0, page: 1, pageSize: 10, labels: [] } },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новость не найдена' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Все новости' }));
    await waitFor(() => expect(currentLocation()).toBe('/news'));
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });

  it('a mistyped address is not found either, without asking the server', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/news/not-a-news-id', { http });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новость не найдена' })).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('an answer with error: true shows its errorMessage', async () => {
    await renderSection(RemoteRoutes, `/news/${ID}`, { http: fakeHttp({ [GET]: { error: true, errorMessage: 'Новость недоступна', data: null } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Новость недоступна');
  });

  it('a thrown error shows its message, and «Повторить» loads again', async () => {
    let fail = true;
    await renderSection(RemoteRoutes, `/news/${ID}`, {
      http: fakeHttp({
        [GET]: () => {
          if (fail) throw httpError(0);
          return details();
        },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Нет связи с сервером. Проверьте подключение');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Повышенное вознаграждение по ипотеке' })).toBeInTheDocument();
  });

  it('an editor publishes a draft, then deletes it after confirming', async () => {
    const http = fakeHttp({
      [GET]: details({ status: 'draft', publishedAt: null }),
      [`POST /api/v2/posts/news/${ID}/publish`]: { data: {} },
      [`DELETE /api/v2/posts/news/${ID}`]: { data: { deleted: true } },
      'POST /api/v2/posts/news/list': { data: { news: [], total: 0, page: 1, pageSize: 10, labels: [] } },
    });
    const { toasts } = await renderSection(RemoteRoutes, `/news/${ID}`, { http, user: DEMO_USERS.copywriter });
    expect(await screen.findByText('Черновик')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByRole('button', { name: 'Снять с публикации' })).toBeInTheDocument();
    expect(screen.queryByText('Черновик')).not.toBeInTheDocument();
    expect(toasts).toContainEqual({ type: 'success', body: 'Новость опубликована' });

    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Удалить новость?');
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(currentLocation()).toBe('/news'));
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/v2/posts/news/${ID}`]);
    expect(toasts).toContainEqual({ type: 'success', body: 'Новость удалена' });
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });

  it('«Отмена» in the confirmation deletes nothing', async () => {
    const http = fakeHttp({ [GET]: details() });
    await renderSection(RemoteRoutes, `/news/${ID}`, { http, user: DEMO_USERS.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Отмена' }));
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(currentLocation()).toBe(`/news/${ID}`);
  });
});
