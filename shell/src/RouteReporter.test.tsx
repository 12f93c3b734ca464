import * as React from 'react';
import { act } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { fireEvent, screen } from '@testing-library/react';
import { createServices, fakeFetch, renderWithServices } from './testing';
import { RouteReporter } from './App';

describe('route reporting (spec §2: on every navigation the client tells the server the path and action)', () => {
  it('emits route with path, href and action on start and after each navigation', async () => {
    localStorage.clear();
    const services = createServices({ fetchImpl: fakeFetch({}).impl, ioFactory: jest.fn() as never });
    const sent: Array<{ name: string; payload: unknown }> = [];
    services.bus.toServer$.subscribe((m) => sent.push(m));
    renderWithServices(
      <>
        <RouteReporter />
        <Link to="/contracts?status=draft">Полисы</Link>
      </>,
      { services, route: '/news' },
    );
    expect(sent.filter((m) => m.name === 'route').map((m) => m.payload)).toEqual([
      expect.objectContaining({ path: '/news', action: 'POP' }),
    ]);
    await act(async () => {
      fireEvent.click(screen.getByText('Полисы'));
    });
    const routes = sent.filter((m) => m.name === 'route').map((m) => m.payload as { path: string; action: string; href: string });
    expect(routes).toHaveLength(2);
    expect(routes[1]).toMatchObject({ path: '/contracts', action: 'PUSH' });
    expect(typeof routes[1].href).toBe('string');
  });
});
