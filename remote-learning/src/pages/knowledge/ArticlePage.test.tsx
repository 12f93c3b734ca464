import { screen } from '@testing-library/react';
import { fakeHttp, httpError, never, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { article } from '../../testing';

const ID = '6b02bfe86da9071e42fa9800';
const GET = `GET /api/v2/posts/knowledge/${ID}`;

describe('Knowledge article (knowledge/:articleId)', () => {
  it('shows placeholders while the article loads', async () => {
    await renderSection(RemoteRoutes, `/knowledge/${ID}`, { http: fakeHttp({ [GET]: () => never() }) });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
  });

  it('shows the article with its clickable tags and body', async () => {
    const http = fakeHttp({
      [GET]: { error: false, errorMessage: null, data: { knowledge: { ...article({ _id: ID, title: 'ДТП: европротокол' }), body: '<ol><li>Сфотографируйте место</li></ol>' } } },
    });
    await renderSection(RemoteRoutes, `/knowledge/${ID}`, { http });
    expect(await screen.findByRole('heading', { level: 1, name: 'ДТП: европротокол' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#Клиенты' })).toHaveAttribute('href', '/knowledge?byTag=%D0%9A%D0%BB%D0%B8%D0%B5%D0%BD%D1%82%D1%8B');
    expect(screen.getByText('Сфотографируйте место')).toBeInTheDocument();
    expect(http.calls[0].options).toMatchObject({ silent: true });
  });

  it('a missing article shows «Статья не найдена»', async () => {
    await renderSection(RemoteRoutes, `/knowledge/${ID}`, {
      http: fakeHttp({
        [GET]: () => {
          throw httpError(404, { error: true, errorMessage: 'Статья не найдена', message: 'Статья не найдена', data: null });
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Статья не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'База знаний' })).toBeInTheDocument();
  });
});
