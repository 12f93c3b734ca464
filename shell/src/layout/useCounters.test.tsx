import * as React from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { DEMO_USERS, type SessionUser } from '@oyster/shared-kit/domain';
import { createServices, fakeFetch, renderWithServices } from '../testing';
import { useSidebarCounters } from './useCounters';

function Bell({ user }: { user: SessionUser }) {
  const c = useSidebarCounters(user);
  return <output aria-label="Колокольчик">{c.countNotifications ?? '—'}</output>;
}

describe('the sidebar’s notifications counter', () => {
  it('reads the unread number once, then follows the server’s `notifications_count` (a new one, one read here or in another tab)', async () => {
    const fetch = fakeFetch({ '/api/v2/notifications/count-not-read': { status: 200, body: { count: 3 } } });
    const services = createServices({ fetchImpl: fetch.impl });
    renderWithServices(<Bell user={DEMO_USERS.agent} />, { services });
    await waitFor(() => expect(screen.getByLabelText('Колокольчик')).toHaveTextContent('3'));
    act(() => services.bus.publish('notifications_count', { count: 4 }));
    expect(screen.getByLabelText('Колокольчик')).toHaveTextContent('4');
    act(() => services.bus.publish('notifications_count', { count: 0 }));
    expect(screen.getByLabelText('Колокольчик')).toHaveTextContent('0');
    expect(fetch.calls.filter((c) => c.url.includes('count-not-read'))).toHaveLength(1);
  });

  it('reads the number again when the socket is back after being away (what changed meanwhile sent no event here)', async () => {
    let count = 3;
    const fetch = fakeFetch({ '/api/v2/notifications/count-not-read': async () => ({ status: 200, text: async () => JSON.stringify({ count }) }) as unknown as Response });
    const services = createServices({ fetchImpl: fetch.impl });
    act(() => services.bus.connection$.next('connected'));
    renderWithServices(<Bell user={DEMO_USERS.agent} />, { services });
    await waitFor(() => expect(screen.getByLabelText('Колокольчик')).toHaveTextContent('3'));
    act(() => services.bus.connection$.next('reconnecting'));
    count = 5;
    act(() => services.bus.connection$.next('connected'));
    await waitFor(() => expect(screen.getByLabelText('Колокольчик')).toHaveTextContent('5'));
    expect(fetch.calls.filter((c) => c.url.includes('count-not-read'))).toHaveLength(2);
  });

  it('a role without the notifications section neither asks nor counts', async () => {
    const fetch = fakeFetch({ '/api/v2/notifications/count-not-read': { status: 200, body: { count: 3 } } });
    const services = createServices({ fetchImpl: fetch.impl });
    renderWithServices(<Bell user={DEMO_USERS.admin} />, { services });
    act(() => services.bus.publish('notifications_count', { count: 5 }));
    expect(screen.getByLabelText('Колокольчик')).toHaveTextContent('—');
    expect(fetch.calls.filter((c) => c.url.includes('count-not-read'))).toHaveLength(0);
  });
});
