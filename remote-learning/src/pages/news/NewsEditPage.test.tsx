import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { newsItem, newsPage } from '../../testing';

const LIST = 'POST /api/v2/posts/news/list';
const ID = '6b02bfe86da9071e42fa9700';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}


describe('News editor (news/new, news/:newsId/edit)', () => {
  it('is closed to readers: an agent sees «Нет доступа»', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/news/new', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Нет доступа')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('a copywriter writes a news item with a new label and opens it after saving', async () => {
    const created = newsItem({ _id: ID, title: 'Новый партнёр' });
    const http = fakeHttp({
      [LIST]: newsPage([]),
      'POST /api/v2/posts/news': { data: { news: created } },
      [`GET /api/v2/posts/news/${ID}`]: { error: false, errorMessage: null, data: { news: { ...created, body: '<p>Текст</p>' } } },
    });
    const { toasts } = await renderSection(RemoteRoutes, '/news/new', { http, user: DEMO_USERS.copywriter });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новая новость' })).toBeInTheDocument();
    type('Заголовок', '  Новый партнёр ');
    type('Краткое описание', 'В калькуляторе Е-ОСАГО');
    type('Текст', '<p>Текст</p>');
    const label = screen.getByLabelText('Метка');
    fireEvent.change(label, { target: { value: 'Партнёры' } });
    fireEvent.keyDown(label, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Опубликовано — видят все пользователи' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(currentLocation()).toBe(`/news/${ID}`));
    const post = http.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/posts/news')!;
    expect(post.body).toEqual({
      title: 'Новый партнёр',
      summary: 'В калькуляторе Е-ОСАГО',
      body: '<p>Текст</p>',
      coverImageUrl: null,
      status: 'published',
      label: 'Партнёры',
    });
    expect(toasts).toContainEqual({ type: 'success', body: 'Новость сохранена' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новый партнёр' })).toBeInTheDocument();
  });

  it('names what is missing and sends nothing', async () => {
    const http = fakeHttp({ [LIST]: newsPage([]) });
    await renderSection(RemoteRoutes, '/news/new', { http, user: DEMO_USERS.copywriter });
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите заголовок')).toBeInTheDocument();
    expect(screen.getByText('Введите краткое описание')).toBeInTheDocument();
    expect(screen.getByText('Введите текст')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.path === '/api/v2/posts/news')).toEqual([]);
  });

  it('edits an existing item: its values are in the form and a PATCH saves them', async () => {
    const item = { ...newsItem({ _id: ID, title: 'Старый заголовок', summary: 'Кратко', label: 'Акции', status: 'draft' }), body: '<p>Было</p>' };
    const http = fakeHttp({
      [LIST]: newsPage([]),
      [`GET /api/v2/posts/news/${ID}`]: { error: false, errorMessage: null, data: { news: item } },
      [`PATCH /api/v2/posts/news/${ID}`]: (b) => ({ data: { news: { ...item, ...(b as object) } } }),
    });
    await renderSection(RemoteRoutes, `/news/${ID}/edit`, { http, user: DEMO_USERS.admin });
    expect(await screen.findByDisplayValue('Старый заголовок')).toBeInTheDocument();
    expect(screen.getByDisplayValue('<p>Было</p>')).toBeInTheDocument();
    expect(screen.getByText('Акции')).toBeInTheDocument();
    type('Заголовок', 'Новый заголовок');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(currentLocation()).toBe(`/news/${ID}`));
    const patch = http.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ title: 'Новый заголовок', label: 'Акции', status: 'draft', body: '<p>Было</p>' });
    await screen.findByRole('heading', { level: 1 });
  });

  it('a refused save keeps the form (the shell showed the server’s message)', async () => {
    const http = fakeHttp({
      [LIST]: newsPage([]),
      'POST /api/v2/posts/news': () => {
        throw httpError(400, { message: 'Поле «title» слишком длинное' });
      },
    });
    await renderSection(RemoteRoutes, '/news/new', { http, user: DEMO_USERS.copywriter });
    await screen.findByLabelText('Заголовок');
    type('Заголовок', 'Заголовок');
    type('Краткое описание', 'Кратко');
    type('Текст', '<p>Текст</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(http.calls.some((c) => c.path === '/api/v2/posts/news')).toBe(true));
    expect(currentLocation()).toBe('/news/new');
    expect(screen.getByDisplayValue('Заголовок')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Сохранить' })).toBeEnabled());
  });
});
