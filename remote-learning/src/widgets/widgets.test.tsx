import * as React from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, never, renderWidget } from '@oyster/shared-kit/testing';
import { article, knowledgePage, newsItem, newsPage } from '../testing';
import BannersWidget from './BannersWidget';
import KnowledgeWidget from './KnowledgeWidget';
import NewsWidget from './NewsWidget';

async function mount(widget: React.ReactElement, http: ReturnType<typeof fakeHttp>, user = DEMO_USERS.agent) {
  return act(async () => renderWidget(widget, { http, user }));
}

describe('NewsWidget (home)', () => {
  it('asks for the 3 latest published news, quietly, and lists them with dates', async () => {
    const http = fakeHttp({
      'POST /api/v2/posts/news/list': newsPage([
        newsItem({ title: 'Первая', publishedAt: '2026-11-21T08:00:00.000Z' }),
        newsItem({ title: 'Вторая' }),
        newsItem({ title: 'Третья' }),
      ]),
    });
    await mount(<NewsWidget />, http, DEMO_USERS.copywriter);
    const widget = screen.getByRole('region', { name: 'Новости' });
    expect(within(widget).getAllByRole('listitem')).toHaveLength(3);
    expect(within(widget).getByText('21.11.2026')).toBeInTheDocument();
    // every role gets the same published news: no drafts on home, not even for editors
    expect(http.calls[0]).toMatchObject({ body: { page: 1, pageSize: 3 }, options: { silent: true } });
    expect(within(widget).getByRole('link', { name: 'Все новости' })).toHaveAttribute('href', '/news');
  });

  it('shows placeholders, then says when there is no news', async () => {
    await mount(<NewsWidget />, fakeHttp({ 'POST /api/v2/posts/news/list': () => never() }));
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    await mount(<NewsWidget />, fakeHttp({ 'POST /api/v2/posts/news/list': newsPage([]) }));
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });

  it('a failure stays in the widget with «Повторить»', async () => {
    let fail = true;
    await mount(
      <NewsWidget />,
      fakeHttp({
        'POST /api/v2/posts/news/list': () => {
          if (fail) throw httpError(500);
          return newsPage([newsItem({ title: 'Вернулась' })]);
        },
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить новости');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'Вернулась' })).toBeInTheDocument();
  });
});

describe('KnowledgeWidget (home)', () => {
  it('lists 3 articles whose tags open the filtered knowledge base', async () => {
    const http = fakeHttp({ 'POST /api/v2/posts/knowledge/list': knowledgePage([article({ title: 'КБМ' }), article({ title: 'ДТП' }), article({ title: 'ВЗР' })]) });
    await mount(<KnowledgeWidget />, http);
    const widget = screen.getByRole('region', { name: 'База знаний' });
    expect(within(widget).getAllByRole('link', { name: /^(КБМ|ДТП|ВЗР)$/ })).toHaveLength(3);
    expect(http.calls[0]).toMatchObject({ body: { page: 1, pageSize: 3 }, options: { silent: true } });
    fireEvent.click(within(widget).getAllByRole('link', { name: '#ОСАГО' })[0]);
    expect(currentLocation()).toBe('/knowledge?byTag=%D0%9E%D0%A1%D0%90%D0%93%D0%9E');
  });

  it('says when the knowledge base is empty, and shows a failure in place', async () => {
    await mount(<KnowledgeWidget />, fakeHttp({ 'POST /api/v2/posts/knowledge/list': knowledgePage([]) }));
    expect(screen.getByText('Статей пока нет')).toBeInTheDocument();
    await mount(
      <KnowledgeWidget />,
      fakeHttp({
        'POST /api/v2/posts/knowledge/list': () => {
          throw httpError(0);
        },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить базу знаний');
  });
});

describe('BannersWidget (home)', () => {
  const banners = [
    { _id: 'a'.repeat(24), title: 'Е-ОСАГО за 10 минут', link: '/app/new-eosago', storageFileName: 'a.png', imageUrl: '/media/banners/a.png', active: true, position: 1 },
    { _id: 'b'.repeat(24), title: 'Вебинар партнёра', link: 'https://partner.example/webinar', storageFileName: 'b.png', imageUrl: '/media/banners/b.png', active: true, position: 2 },
  ];

  it('shows the active banners with their titles; platform links stay in the app, others open a new tab', async () => {
    const http = fakeHttp({ 'POST /api/v2/banners/list': { data: { banners } } });
    await mount(<BannersWidget />, http);
    expect(http.calls[0]).toMatchObject({ body: { allBanners: false }, options: { silent: true } });
    const strip = screen.getByRole('region', { name: 'Баннеры' });
    const first = within(strip).getByText('Е-ОСАГО за 10 минут').closest('a')!;
    expect(first).toHaveAttribute('href', '/new-eosago');
    expect(first).not.toHaveAttribute('target');
    const second = within(strip).getByText('Вебинар партнёра').closest('a')!;
    expect(second).toHaveAttribute('target', '_blank');
    expect(second).toHaveAttribute('tabindex', '-1'); // not the current slide
    fireEvent.click(within(strip).getByRole('button', { name: 'Следующий баннер' }));
    expect(within(strip).getByRole('button', { name: 'Баннер 2 из 2' })).toHaveAttribute('aria-current', 'true');
    expect(second).not.toHaveAttribute('tabindex');
  });

  it('turns to the next banner every 7 s', async () => {
    jest.useFakeTimers();
    try {
      await mount(<BannersWidget />, fakeHttp({ 'POST /api/v2/banners/list': { data: { banners } } }));
      const strip = screen.getByRole('region', { name: 'Баннеры' });
      expect(within(strip).getByRole('button', { name: 'Баннер 1 из 2' })).toHaveAttribute('aria-current', 'true');
      act(() => {
        jest.advanceTimersByTime(7000);
      });
      expect(within(strip).getByRole('button', { name: 'Баннер 2 из 2' })).toHaveAttribute('aria-current', 'true');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows nothing when no banner is active or the list cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await mount(<BannersWidget />, fakeHttp({ 'POST /api/v2/banners/list': { data: { banners: [] } } }));
    expect(screen.queryByRole('region', { name: 'Баннеры' })).not.toBeInTheDocument();
    await mount(
      <BannersWidget />,
      fakeHttp({
        'POST /api/v2/banners/list': () => {
          throw httpError(500);
        },
      }),
    );
    expect(screen.queryByRole('region', { name: 'Баннеры' })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
