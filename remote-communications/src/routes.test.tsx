import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { sectionsOf } from '@oyster/shared-kit/domain';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import RemoteRoutes, { PLACEHOLDER_PATHS } from './routes';

describe('remote_communications routes (the section registry)', () => {
  const sections = sectionsOf('remote_communications');

  it('knows the sub-paths of exactly the sections the registry gives this remote', () => {
    expect(Object.keys(PLACEHOLDER_PATHS).sort()).toEqual(sections.map((s) => s.path).sort());
  });

  it.each(sections.map((s) => [s.path, s.heading ?? s.title]))('/%s shows «%s» and «Раздел готовится»', (path, heading) => {
    const sub = PLACEHOLDER_PATHS[path][0].replace(/:[A-Za-z]+/g, '1');
    render(
      <OysterProvider>
        <MemoryRouter initialEntries={[`/${path}/${sub}`]}>
          <Routes>
            <Route path={`${path}/*`} element={<RemoteRoutes section={path} />} />
          </Routes>
        </MemoryRouter>
      </OysterProvider>,
    );
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText('Раздел готовится')).toBeInTheDocument();
  });
});
