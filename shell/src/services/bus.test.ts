import { DEMO_USERS, makeUser } from '@oyster/shared-kit/domain';
import { createServices, fakeFetch, fakeSocket } from '../testing';
import { STORAGE_KEYS } from './storage';

function setup(signedIn = true, routes: Parameters<typeof fakeFetch>[0] = {}) {
  localStorage.clear();
  if (signedIn) {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(DEMO_USERS.agent));
  }
  const { socket, emitted } = fakeSocket();
  const factory = jest.fn(() => socket as never);
  const f = fakeFetch({ '/api/v2/auth/logout': { status: 200, body: { result: true } }, ...routes });
  const services = createServices({ fetchImpl: f.impl, ioFactory: factory });
  const navigated: string[] = [];
  services.session.setNavigator((p) => navigated.push(p));
  services.socket.start();
  return { services, socket, emitted, factory, navigated, calls: f.calls };
}

describe('socket → bus wiring (spec §4, §7)', () => {
  it('connects with the token, path /socket.io and the §9 reconnect delays', () => {
    const { factory } = setup();
    expect(factory).toHaveBeenCalledWith(undefined, expect.objectContaining({
      auth: { token: 'tok' },
      path: '/socket.io',
      reconnectionDelay: 5000,
      reconnectionDelayMax: 30000,
    }));
  });

  it('does not connect while signed out', () => {
    const { factory } = setup(false);
    expect(factory).not.toHaveBeenCalled();
  });

  it('session_update replaces the user', () => {
    const { services, socket } = setup();
    const updated = makeUser({ roles: ['agent', 'network_agent_owner'], fullNameShort: 'Петров П. П.' });
    socket.serverSends('session_update', updated);
    expect(services.session.user?.fullNameShort).toBe('Петров П. П.');
    expect(services.runtime.session$.value?.roles).toEqual(['agent', 'network_agent_owner']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).fullNameShort).toBe('Петров П. П.');
  });

  it('a change the socket missed before it connected is read again once it connects', async () => {
    const granted = { ...DEMO_USERS.agent, canAnalyticsView: true };
    const { services, socket, calls } = setup(true, { '/api/v2/auth/get-user': { status: 200, body: { user: granted } } });
    expect(services.session.user?.canAnalyticsView).toBeFalsy();
    socket.serverSends('connect');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.some((c) => c.url.includes('/api/v2/auth/get-user'))).toBe(true);
    expect(services.session.user?.canAnalyticsView).toBe(true);
  });

  it('the same user read again does not re-emit the session', () => {
    const { services, socket } = setup();
    const seen: unknown[] = [];
    services.session.session$.subscribe((u) => seen.push(u));
    socket.serverSends('session_update', { ...DEMO_USERS.agent });
    expect(seen).toHaveLength(1);
  });

  it('an anonymous session_update logs out to /oyster', () => {
    const { services, socket, navigated } = setup();
    socket.serverSends('session_update', makeUser({ roles: ['anonymous'] }));
    expect(services.session.user).toBeNull();
    expect(navigated).toEqual(['/oyster']);
  });

  it('logout from the server clears the session and goes to /oyster', () => {
    const { services, socket, navigated } = setup();
    socket.serverSends('logout', {});
    expect(services.session.user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigated).toEqual(['/oyster']);
  });

  it('every server event reaches the bus', () => {
    const { services, socket } = setup();
    const got: unknown[] = [];
    services.bus.on('chats').subscribe((m) => got.push(m));
    services.bus.on('notification').subscribe((m) => got.push(m));
    socket.serverSends('chats', { action: 'update_chats_counts_opened', result: { chatsOpenedCount: 3, clientChats: 1, agentChats: 2 } });
    socket.serverSends('notification', { _id: 'n1', guid: 'g' });
    expect(got).toHaveLength(2);
  });

  it('bus events go to the server; connection state follows the socket', () => {
    const { services, socket, emitted } = setup();
    services.bus.emit('route', { path: '/contracts', href: 'http://x/app/contracts', action: 'PUSH' });
    expect(emitted).toContainEqual({ name: 'route', payload: { path: '/contracts', href: 'http://x/app/contracts', action: 'PUSH' } });
    socket.serverSends('connect');
    expect(services.bus.connection$.value).toBe('connected');
    socket.serverSends('disconnect');
    expect(services.bus.connection$.value).toBe('reconnecting');
    expect(services.socket.lostAt$.value).not.toBeNull();
  });

  it('the browser back online reconnects at once instead of waiting out the delay', () => {
    const { services, socket } = setup();
    socket.serverSends('connect');
    socket.connected = true;
    window.dispatchEvent(new Event('online'));
    expect(socket.connects).toBe(0); // connected: nothing to do
    socket.connected = false;
    socket.serverSends('disconnect');
    window.dispatchEvent(new Event('online'));
    expect(socket.connects).toBe(1);
    expect(services.bus.connection$.value).toBe('connecting');
    services.socket.stop();
    window.dispatchEvent(new Event('online'));
    expect(socket.connects).toBe(1); // stopped (signed out): the listener is gone
  });

  it('logout() tells the server and the socket, clears storage and goes to /oyster', () => {
    const { services, emitted, navigated, calls } = setup();
    services.session.logout();
    expect(emitted.map((e) => e.name)).toContain('logout');
    expect(calls.some((c) => c.url.includes('/api/v2/auth/logout'))).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
    expect(navigated).toEqual(['/oyster']);
  });
});
