import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, never, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { newsItem, newsPage } from '../../testing';

const LIST = 'POST /api/v2/posts/news/list';

describe('News list (news)', () => {
  it('shows placeholders while the news load', async () => {
    await renderSection(RemoteRoutes, '/news', { http: fakeHttp({ [LIST]: () => never() }) });
    expect(await screen.findByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Новости' })).toBeInTheDocument();
  });

  it('lists news with dates as dd.mm.yyyy and their labels, newest first as the server answers', async () => {
    const http = fakeHttp({
      [LIST]: newsPage([
        newsItem({ title: 'Повышенное вознаграждение по ипотеке', label: 'Акции', publishedAt: '2026-11-17T10:00:00.000Z' }),
        newsItem({ title: 'Технические работы в субботу', label: null, publishedAt: '2026-10-13T10:00:00.000Z' }),
      ]),
    });
    await renderSection(RemoteRoutes, '/news', { http });
    const first = (await screen.findByRole('link', { name: 'Повышенное вознаграждение по ипотеке' })).closest('article')!;
    expect(within(first).getByText('17.11.2026')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Акции' })).toHaveAttribute('href', '/news?label=%D0%90%D0%BA%D1%86%D0%B8%D0%B8');
    expect(screen.getByRole('link', { name: 'Технические работы в субботу' })).toHaveAttribute('href', expect.stringMatching(/^\/news\/[0-9a-f]{24}$/));
    expect(http.calls[0].body).toEqual({ page: 1, pageSize: 10 });
    // readers get no editing
    expect(screen.queryByRole('button', { name: 'Добавить новость' })).not.toBeInTheDocument();
  });

  it('filters by a label: the labels are clickable and the active one is marked', async () => {
    const http = fakeHttp({ [LIST]: (b) => newsPage((b as { label?: string }).label === 'Акции' ? [newsItem({ title: 'Только акция', label: 'Акции' })] : [newsItem()]) });
    await renderSection(RemoteRoutes, '/news', { http });
    const labels = await screen.findByRole('navigation', { name: 'Метки' });
    fireEvent.click(within(labels).getByRole('link', { name: 'Акции' }));
    expect(await screen.findByRole('link', { name: 'Только акция' })).toBeInTheDocument();
    expect(http.calls.at(-1)!.body).toEqual({ page: 1, pageSize: 10, label: 'Акции' });
    expect(within(labels).getByRole('link', { name: 'Акции' })).toHaveAttribute('aria-current', 'true');
    expect(currentLocation()).toBe('/news?label=%D0%90%D0%BA%D1%86%D0%B8%D0%B8');
  });

  it('pages through the list', async () => {
    const http = fakeHttp({ [LIST]: (b) => newsPage([newsItem({ title: `Новость страницы ${(b as { page: number }).page}` })], { total: 20, page: (b as { page: number }).page }) });
    await renderSection(RemoteRoutes, '/news', { http });
    await screen.findByRole('link', { name: 'Новость страницы 1' });
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pager).getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByRole('link', { name: 'Новость страницы 2' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/news?page=2');
    expect(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
  });

  it('says so when there is no news yet', async () => {
    await renderSection(RemoteRoutes, '/news', { http: fakeHttp({ [LIST]: newsPage([], { labels: [] }) }) });
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });

  it('says so when a label has no news and offers all news', async () => {
    await renderSection(RemoteRoutes, '/news?label=Акции', { http: fakeHttp({ [LIST]: newsPage([]) }) });
    expect(await screen.findByText('Новостей с меткой «Акции» нет')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Показать все новости' }));
    expect(currentLocation()).toBe('/news');
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });

  it('shows a failed load in place and loads again on «Повторить»', async () => {
    let fail = true;
    const http = fakeHttp({
      [LIST]: () => {
        if (fail) throw httpError(500);
        return newsPage([newsItem({ title: 'Загрузилось' })]);
      },
    });
    await renderSection(RemoteRoutes, '/news', { http });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить новости');
    expect(alert).toHaveTextContent('Системная ошибка. Обратитесь к администратору');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Загрузилось' })).toBeInTheDocument();
  });

  it('editors see drafts (marked) and can add news', async () => {
    const http = fakeHttp({ [LIST]: newsPage([newsItem({ title: 'Черновая новость', status: 'draft', publishedAt: null })]) });
    await renderSection(RemoteRoutes, '/news', { http, user: DEMO_USERS.copywriter });
    const card = (await screen.findByRole('link', { name: 'Черновая новость' })).closest('article')!;
    expect(within(card).getByText('Черновик')).toBeInTheDocument();
    expect(http.calls[0].body).toEqual({ page: 1, pageSize: 10, includeDrafts: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Добавить новость' }));
    });
    await waitFor(() => expect(currentLocation()).toBe('/news/new'));
  });
});
