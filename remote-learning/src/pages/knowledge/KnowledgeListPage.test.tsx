import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, never, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { article, knowledgePage } from '../../testing';

const LIST = 'POST /api/v2/posts/knowledge/list';

describe('Knowledge base (knowledge)', () => {
  it('shows placeholders while the articles load', async () => {
    await renderSection(RemoteRoutes, '/knowledge', { http: fakeHttp({ [LIST]: () => never() }) });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'База знаний' })).toBeInTheDocument();
  });

  it('lists articles with their tags, each tag opening the knowledge base filtered by it', async () => {
    const http = fakeHttp({ [LIST]: (b) => knowledgePage([article({ title: (b as { tag?: string }).tag ? 'Статья про ОСАГО' : 'Как рассчитать КБМ' })]) });
    await renderSection(RemoteRoutes, '/knowledge', { http });
    const card = (await screen.findByRole('link', { name: 'Как рассчитать КБМ' })).closest('article')!;
    expect(within(card).getByText('03.10.2026')).toBeInTheDocument();
    const tag = within(card).getByRole('link', { name: '#ОСАГО' });
    expect(tag).toHaveAttribute('href', '/knowledge?byTag=%D0%9E%D0%A1%D0%90%D0%93%D0%9E');
    fireEvent.click(tag);
    expect(await screen.findByRole('link', { name: 'Статья про ОСАГО' })).toBeInTheDocument();
    expect(http.calls.at(-1)!.body).toEqual({ page: 1, pageSize: 10, tag: 'ОСАГО' });
  });

  it('?byTag= filters, shows the active tag and clears it', async () => {
    const http = fakeHttp({ [LIST]: (b) => knowledgePage([article({ title: (b as { tag?: string }).tag ? 'Только ВЗР' : 'Все статьи' })]) });
    await renderSection(RemoteRoutes, '/knowledge?byTag=ВЗР', { http });
    expect(await screen.findByRole('link', { name: 'Только ВЗР' })).toBeInTheDocument();
    expect(http.calls[0].body).toEqual({ page: 1, pageSize: 10, tag: 'ВЗР' });
    expect(screen.getByTestId('active-tag')).toHaveTextContent('Тег: #ВЗР');
    fireEvent.click(screen.getByRole('link', { name: 'Сбросить тег ВЗР' }));
    expect(await screen.findByRole('link', { name: 'Все статьи' })).toBeInTheDocument();
    expect(screen.queryByTestId('active-tag')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/knowledge');
  });

  it('searches the full text 300 ms after the last keystroke', async () => {
    jest.useFakeTimers();
    try {
      const http = fakeHttp({ [LIST]: (b) => knowledgePage((b as { search?: string }).search ? [article({ title: 'Найденная статья' })] : [article()]) });
      await renderSection(RemoteRoutes, '/knowledge', { http });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByRole('link', { name: 'Как рассчитать КБМ' })).toBeInTheDocument();
      const box = screen.getByRole('searchbox', { name: 'Поиск по базе знаний' });
      fireEvent.change(box, { target: { value: 'европ' } });
      fireEvent.change(box, { target: { value: 'европротокол' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(299);
      });
      expect(http.calls).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(http.calls).toHaveLength(2);
      expect(http.calls[1].body).toEqual({ page: 1, pageSize: 10, search: 'европротокол' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByRole('link', { name: 'Найденная статья' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/knowledge?search=%D0%B5%D0%B2%D1%80%D0%BE%D0%BF%D1%80%D0%BE%D1%82%D0%BE%D0%BA%D0%BE%D0%BB');
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when the knowledge base is empty', async () => {
    await renderSection(RemoteRoutes, '/knowledge', { http: fakeHttp({ [LIST]: knowledgePage([], { tags: [] }) }) });
    expect(await screen.findByText('Статей пока нет')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить статью' })).not.toBeInTheDocument();
  });

  it('says so when a search finds nothing and offers to clear the filters', async () => {
    const http = fakeHttp({ [LIST]: (b) => knowledgePage((b as { search?: string }).search ? [] : [article({ title: 'Все статьи' })]) });
    await renderSection(RemoteRoutes, '/knowledge?search=абракадабра', { http });
    expect(await screen.findByText('По запросу «абракадабра» ничего не найдено')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск по базе знаний' })).toHaveValue('абракадабра');
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(await screen.findByRole('link', { name: 'Все статьи' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск по базе знаний' })).toHaveValue('');
  });

  it('shows a failed load in place and loads again on «Повторить»', async () => {
    let fail = true;
    const http = fakeHttp({
      [LIST]: () => {
        if (fail) throw httpError(503);
        return knowledgePage([article({ title: 'Снова на месте' })]);
      },
    });
    await renderSection(RemoteRoutes, '/knowledge', { http });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить базу знаний');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Снова на месте' })).toBeInTheDocument();
  });

  it('editors see drafts and can add an article', async () => {
    const http = fakeHttp({ [LIST]: knowledgePage([article({ title: 'Черновик статьи', status: 'draft' })]) });
    await renderSection(RemoteRoutes, '/knowledge', { http, user: DEMO_USERS.admin });
    expect(await screen.findByText('Черновик')).toBeInTheDocument();
    expect(http.calls[0].body).toEqual({ page: 1, pageSize: 10, includeDrafts: true });
    expect(screen.getByRole('button', { name: 'Добавить статью' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Черновик статьи' })).toBeInTheDocument());
  });
});
