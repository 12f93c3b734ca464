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
});
