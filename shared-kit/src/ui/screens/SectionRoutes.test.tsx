import * as React from 'react';
import { screen } from '@testing-library/react';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { DEMO_USERS, fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import { routedSections, SectionRoutes, type SectionPages } from './SectionRoutes';

const List = () => <h1>Список новостей</h1>;
const Edit = () => <h1>Редактор новости</h1>;
const pages: SectionPages = {
  news: [
    { path: '', page: List },
    { path: ':newsId/edit', page: Edit, access: 'canEditLearning', reason: 'Редактировать материалы могут копирайтеры и администраторы.' },
  ],
};
const placeholders = { contracts: ['', ':contractId'] };
const Routes = ({ section }: RemoteRoutesProps) => <SectionRoutes section={section} pages={pages} placeholders={placeholders} />;

describe('SectionRoutes', () => {
  it('a landed section shows its page', async () => {
    await renderSection(Routes, '/news', { http: fakeHttp({}) });
    expect(await screen.findByRole('heading', { name: 'Список новостей' })).toBeInTheDocument();
  });

  it('a page narrower than its section: «Нет доступа» and why for an agent, the page for a copywriter', async () => {
    await renderSection(Routes, '/news/0123456789abcdef01234567/edit', { http: fakeHttp({}), user: DEMO_USERS.agent });
    expect(await screen.findByText('Нет доступа')).toBeInTheDocument();
    expect(screen.getByText('Редактировать материалы могут копирайтеры и администраторы.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Редактор новости' })).not.toBeInTheDocument();
  });

  it('an editor reaches the narrower page', async () => {
    await renderSection(Routes, '/news/0123456789abcdef01234567/edit', { http: fakeHttp({}), user: DEMO_USERS.copywriter });
    expect(await screen.findByRole('heading', { name: 'Редактор новости' })).toBeInTheDocument();
  });

  it('a section still waiting for its screens shows the placeholder under the registry heading', async () => {
    await renderSection(Routes, '/contracts/1', { http: fakeHttp({}) });
    expect(screen.getByRole('heading', { name: 'Полисы' })).toBeInTheDocument();
    expect(screen.getByText('Раздел готовится')).toBeInTheDocument();
  });

  it('an unknown page of a landed section is not found', async () => {
    await renderSection(Routes, '/news/1/2/3', { http: fakeHttp({}) });
    expect(await screen.findByTestId('remote-not-found')).toHaveTextContent('Страница не найдена');
  });

  it('routedSections lists pages and placeholders once each, sorted', () => {
    expect(routedSections(pages, { ...placeholders, news: [''] })).toEqual(['contracts', 'news']);
  });
});
