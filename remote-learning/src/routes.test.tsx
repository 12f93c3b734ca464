import { act, fireEvent, screen } from '@testing-library/react';
import { DEMO_USERS, currentLocation, fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from './routes';

describe('remote-learning routes', () => {
  it('an unknown page in a section is not found, with a way back to the section', async () => {
    await renderSection(RemoteRoutes, '/news/1/2/3', { http: fakeHttp({}) });
    const notFound = screen.getByTestId('remote-not-found');
    expect(notFound).toHaveTextContent('Страница не найдена');
    expect(notFound).toHaveTextContent('Такой страницы в этом разделе нет.');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'К разделу' })));
    expect(currentLocation()).toBe('/news');
  });

  it('editing pages are for copywriters and admins: others read «Нет доступа» and why', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/media/banners', { http, user: DEMO_USERS.agent });
    expect(screen.getByText('Нет доступа')).toBeInTheDocument();
    expect(screen.getByText('Редактировать материалы могут копирайтеры и администраторы.')).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });
});
