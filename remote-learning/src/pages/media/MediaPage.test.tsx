import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, never, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { oid } from '../../testing';

const item = (type: string, over: Record<string, unknown> = {}) => ({
  _id: oid(),
  type,
  title: 'Форум партнёров',
  url: '/media/media/forum.jpg',
  thumbnailUrl: '/media/media/forum.jpg',
  size: 120_000,
  mime: 'image/jpeg',
  createdAt: '2026-11-13T10:00:00.000Z',
  ...over,
});
const items = (list: unknown[]) => ({ data: { items: list } });

describe('Media library (media)', () => {
  it('shows placeholders while the photos load', async () => {
    await renderSection(RemoteRoutes, '/media', { http: fakeHttp({ 'GET /api/v2/media-library?type=photo': () => never() }) });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Медиа' })).toBeInTheDocument();
  });

  it('shows the photo gallery with previews and titles', async () => {
    await renderSection(RemoteRoutes, '/media', { http: fakeHttp({ 'GET /api/v2/media-library?type=photo': items([item('photo'), item('photo', { title: 'Очное обучение' })]) }) });
    const gallery = await screen.findByRole('list', { name: 'Фото' });
    expect(within(gallery).getByRole('img', { name: 'Форум партнёров' })).toHaveAttribute('src', '/media/media/forum.jpg');
    expect(within(gallery).getByText('Очное обучение')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
  });

  it('lists documents as downloads with their size, and videos as links opening in a new tab', async () => {
    const http = fakeHttp({
      'GET /api/v2/media-library?type=photo': items([]),
      'GET /api/v2/media-library?type=document': items([item('document', { title: 'Регламент брокерских запросов', url: '/media/media/reg.pdf', size: 1_468_006, mime: 'application/pdf' })]),
      'GET /api/v2/media-library?type=video': items([item('video', { title: 'Вебинар о КАСКО', url: 'https://video.example/kasko', size: 0, mime: 'text/html' })]),
    });
    await renderSection(RemoteRoutes, '/media?type=document', { http });
    const doc = await screen.findByRole('link', { name: 'Регламент брокерских запросов' });
    expect(doc).toHaveAttribute('href', '/media/media/reg.pdf');
    expect(doc).toHaveAttribute('download');
    expect(doc.closest('li')).toHaveTextContent('PDF · 1,4 МБ · 13.11.2026');

    fireEvent.click(screen.getByRole('tab', { name: 'Видео' }));
    const video = await screen.findByRole('link', { name: 'Вебинар о КАСКО' });
    expect(video).toHaveAttribute('target', '_blank');
    expect(video).toHaveAttribute('href', 'https://video.example/kasko');
    expect(currentLocation()).toBe('/media?type=video');
  });

  it('says so when a tab is empty', async () => {
    await renderSection(RemoteRoutes, '/media?type=video', { http: fakeHttp({ 'GET /api/v2/media-library?type=video': items([]) }) });
    expect(await screen.findByText('Видео пока нет')).toBeInTheDocument();
  });

  it('shows a failed load in place and loads again on «Повторить»', async () => {
    let fail = true;
    await renderSection(RemoteRoutes, '/media', {
      http: fakeHttp({
        'GET /api/v2/media-library?type=photo': () => {
          if (fail) throw httpError(500);
          return items([]);
        },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить медиатеку');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Фотографий пока нет')).toBeInTheDocument();
  });

  it('an editor removes a document after confirming, and finds the banners', async () => {
    const doc = item('document', { title: 'Старый регламент', url: '/media/media/old.pdf', mime: 'application/pdf' });
    const http = fakeHttp({
      'GET /api/v2/media-library?type=document': items([doc]),
      [`DELETE /api/v2/media-library/${doc._id}`]: { data: { deleted: true } },
    });
    await renderSection(RemoteRoutes, '/media?type=document', { http, user: DEMO_USERS.copywriter });
    expect(screen.getByRole('link', { name: 'Управление баннерами' })).toHaveAttribute('href', '/media/banners');
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить «Старый регламент»' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Да' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Старый регламент' })).not.toBeInTheDocument());
    expect(http.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v2/media-library/${doc._id}` });
  });
});
