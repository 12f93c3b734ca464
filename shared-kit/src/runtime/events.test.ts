import { EventBus } from './events';
import { makeUser } from '../domain';

describe('EventBus', () => {
  it('delivers each server event only to subscribers of its name', () => {
    const bus = new EventBus();
    const updates: unknown[] = [];
    const chats: unknown[] = [];
    bus.on('session_update').subscribe((u) => updates.push(u));
    bus.on('chats').subscribe((c) => chats.push(c));
    const user = makeUser({ fullNameShort: 'Петров П. П.' });
    bus.publish('session_update', user);
    bus.publish('chats', { action: 'update_chats_counts_opened', result: { chatsOpenedCount: 1, clientChats: 0, agentChats: 1 } });
    expect(updates).toEqual([user]);
    expect(chats).toHaveLength(1);
  });

  it('hands what screens emit to the socket owner, in order', () => {
    const bus = new EventBus();
    const out: string[] = [];
    bus.toServer$.subscribe((m) => out.push(`${m.name}:${JSON.stringify(m.payload)}`));
    bus.emit('route', { path: '/news', href: 'http://h/app/news' });
    bus.emit('logout', {});
    expect(out).toEqual(['route:{"path":"/news","href":"http://h/app/news"}', 'logout:{}']);
  });

  it('a late subscriber does not get past events; the connection state starts disconnected', () => {
    const bus = new EventBus();
    bus.publish('notification', { _id: 'a', guid: 'g' });
    const got: unknown[] = [];
    bus.on('notification').subscribe((n) => got.push(n));
    expect(got).toEqual([]);
    expect(bus.connection$.value).toBe('disconnected');
  });

  it('back$: a return after a loss, and the first connect of one who subscribed while away — not the state at subscription', () => {
    const bus = new EventBus();
    bus.connection$.next('connected');
    let backs = 0;
    const sub = bus.back$.subscribe(() => backs++);
    expect(backs).toBe(0);
    bus.connection$.next('reconnecting');
    bus.connection$.next('reconnecting');
    expect(backs).toBe(0);
    bus.connection$.next('connected');
    expect(backs).toBe(1);
    bus.connection$.next('connected');
    expect(backs).toBe(1);
    sub.unsubscribe();
    bus.connection$.next('disconnected');
    bus.connection$.next('connected');
    expect(backs).toBe(1);
    // Subscribed while away: its data was read then, so the connect is a return.
    bus.connection$.next('reconnecting');
    let late = 0;
    bus.back$.subscribe(() => late++);
    bus.connection$.next('connected');
    expect(late).toBe(1);
  });
});
