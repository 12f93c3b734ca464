import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { REMOTE_SECTIONS } from '@oyster/shared-kit/domain';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { PlaceholderRoutes } from './index';

const PATHS = { 'new-eosago': ['', ':step'], cr: [''], 'no-such-section': [''] };

function renderAt(path: string, paths: Record<string, readonly string[]> = PATHS) {
  const section = path.split('/')[1];
  return render(
    <OysterProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={`${section}/*`} element={<PlaceholderRoutes section={section} paths={paths} />} />
        </Routes>
      </MemoryRouter>
    </OysterProvider>,
  );
}

describe('placeholder sections (headings from the section registry)', () => {
  it('shows the registry’s heading and «Раздел готовится» on a known sub-path', () => {
    renderAt('/new-eosago/2');
    expect(screen.getByRole('heading', { name: 'Калькулятор Е-ОСАГО' })).toBeInTheDocument();
    expect(screen.getByText('Раздел готовится')).toBeInTheDocument();
    expect(screen.getByText('Экраны этого раздела ещё готовятся. Здесь появится выбранная запись.')).toBeInTheDocument();
    expect(screen.getByTestId('section-page')).toHaveAttribute('data-section', 'new-eosago');
  });

  it('falls back to the title when the registry has no heading', () => {
    renderAt('/cr');
    expect(screen.getByRole('heading', { name: 'Комиссионное вознаграждение' })).toBeInTheDocument();
    expect(screen.getByText('Экраны этого раздела ещё готовятся и скоро появятся здесь.')).toBeInTheDocument();
  });

  it.each(REMOTE_SECTIONS.map((s) => [s.path, s.heading ?? s.title]))('/%s is headed «%s»', (path, heading) => {
    renderAt(`/${path}`, { [path]: [''] });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText('Раздел готовится')).toBeInTheDocument();
  });

  it('an unknown sub-path, or a section outside the registry, is not found', () => {
    renderAt('/cr/1/2');
    expect(screen.getByTestId('remote-not-found')).toHaveTextContent('Страница не найдена');
    document.body.innerHTML = '';
    renderAt('/no-such-section');
    expect(screen.getByTestId('remote-not-found')).toBeInTheDocument();
  });
});
