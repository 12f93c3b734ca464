import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { DEMO_USERS, type ChatMessage } from '@oyster/shared-kit/domain';
import { EventBus, type HttpClient } from '@oyster/shared-kit/runtime';
import { sampleWebinar } from '@oyster/shared-kit/testing';
import { SessionService } from './session';
import { STORAGE_KEYS } from './storage';
import { wireSystemNotifications } from './systemNotifications';

describe('hidden tab → the service worker (§7)', () => {
  const posted = jest.fn();
  let hidden = true;
  beforeAll(() => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage: posted } } });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  });
  beforeEach(() => {
    posted.mockClear();
    hidden = true;
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(DEMO_USERS.agent));
  });

  function setup() {
    const bus = new EventBus();
    const session = new SessionService({ bus, http: () => ({}) as HttpClient });
    wireSystemNotifications(bus, session);
    return bus;
  }
  const message = (authorId: string): ChatMessage => ({ _id: 'm1', chatId: 'c1', seq: 1, side: 'staff', author: { id: authorId, fio: 'Кузнецова Ольга Сергеевна' }, text: 'Добрый день!', file: null, clientKey: null, createdAt: '2026-11-25T10:00:00.000Z' });

  it('a notification while hidden goes to the worker with the token and where it leads; in front, nothing', () => {
    const bus = setup();
    bus.publish('notification', { _id: 'n1', guid: 'n1', title: 'Предложения по запросу № 1042', body: 'Два страховщика', action: '/request-broker/abc' });
    expect(posted).toHaveBeenCalledWith({ source: 'oyster-app', type: 'notify', token: 'tok', title: 'Предложения по запросу № 1042', body: 'Два страховщика', url: '/app/request-broker/abc', tag: 'n1', notificationId: 'n1' });
    hidden = false;
    bus.publish('notification', { _id: 'n2', guid: 'n2', title: 'Ещё' });
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it('another’s chat message goes; my own does not', () => {
    const bus = setup();
    bus.publish('chat_message', { chatId: 'c1', message: message(DEMO_USERS.agent._id) });
    expect(posted).not.toHaveBeenCalled();
    bus.publish('chat_message', { chatId: 'c1', message: message('m'.repeat(24)) });
    expect(posted).toHaveBeenCalledWith(expect.objectContaining({ title: 'Кузнецова Ольга Сергеевна', body: 'Добрый день!', url: '/app/chats/c1', tag: 'chat-c1' }));
  });

  it('the shell registers the worker after sign-in, on idle, once the user has allowed notifications; not before', async () => {
    const register = jest.fn(() => Promise.resolve({}));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage: posted }, register } });
    const permission = { value: 'default' };
    Object.defineProperty(window, 'Notification', { configurable: true, value: { get permission() { return permission.value; } } });
    try {
      jest.useFakeTimers();
      setup();
      jest.advanceTimersByTime(2000);
      expect(register).not.toHaveBeenCalled();
      permission.value = 'granted';
      setup();
      expect(register).not.toHaveBeenCalled(); // on idle, not on the first paint
      jest.advanceTimersByTime(2000);
      expect(register).toHaveBeenCalledWith('/app/sw.js', { scope: '/app/' });
    } finally {
      jest.useRealTimers();
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage: posted } } });
      delete (window as { Notification?: unknown }).Notification;
    }
  });

  it('a webinar’s reminder (its start is near) goes; an invitation or a postponement does not (the bell has them)', () => {
    const bus = setup();
    bus.publish('webinar-notification', sampleWebinar({ removeWebinar: true, registration: true }));
    bus.publish('webinar-notification', sampleWebinar());
    expect(posted).not.toHaveBeenCalled();
    bus.publish('webinar-notification', sampleWebinar({ isSendAnnouncement: true, registration: true, untilTime: { minutes: 9, seconds: 58 } }));
    expect(posted).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Вебинар «Е-ОСАГО: новые коэффициенты» скоро начнётся', body: 'Начало в 11:00 (МСК) · Контур.Толк', url: `/app/webinar/${'a'.repeat(24)}`, tag: `webinar-${'a'.repeat(24)}` }),
    );
  });
});

describe('the service worker (shell/public/sw.js)', () => {
  function load() {
    const handlers: Record<string, (e: unknown) => void> = {};
    const shown: unknown[] = [];
    const fetches: unknown[] = [];
    const opened: string[] = [];
    const self = {
      location: { origin: 'https://oyster.example' },
      addEventListener: (name: string, fn: (e: unknown) => void) => (handlers[name] = fn),
      skipWaiting: () => undefined,
      registration: { showNotification: async (title: string, options: unknown) => void shown.push({ title, options }) },
      clients: { claim: async () => undefined, matchAll: async () => [], openWindow: async (url: string) => void opened.push(url) },
    };
    runInNewContext(readFileSync(join(__dirname, '../../public/sw.js'), 'utf8'), { self, URL, fetch: async (...a: unknown[]) => void fetches.push(a) });
    const waited: Promise<unknown>[] = [];
    const dispatch = (name: string, e: Record<string, unknown>) => handlers[name]({ ...e, waitUntil: (p: Promise<unknown>) => waited.push(p) });
    return { dispatch, shown, fetches, opened, settle: () => Promise.all(waited) };
  }

  it('shows what the app sends, only paths of the app; a click marks the notification read with the token and opens where it leads', async () => {
    const sw = load();
    sw.dispatch('message', { data: { source: 'oyster-app', type: 'notify', token: 'tok', title: 'Предложения по запросу', body: 'Два страховщика', url: '/app/request-broker/abc', tag: 'n1', notificationId: 'n1' } });
    sw.dispatch('message', { data: { source: 'oyster-app', type: 'notify', title: 'Чужая ссылка', url: 'https://evil.example/' } });
    sw.dispatch('message', { data: { source: 'someone', type: 'notify', title: 'Не наше' } });
    await sw.settle();
    expect(sw.shown).toEqual([
      { title: 'Предложения по запросу', options: { body: 'Два страховщика', tag: 'n1', data: { url: '/app/request-broker/abc', notificationId: 'n1' } } },
      { title: 'Чужая ссылка', options: { body: '', tag: undefined, data: { url: '/app/', notificationId: null } } },
    ]);
    sw.dispatch('notificationclick', { notification: { close: () => undefined, data: { url: '/app/request-broker/abc', notificationId: 'n1' } } });
    await sw.settle();
    expect(sw.fetches).toEqual([['/api/v2/notifications/n1/read', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-token': 'tok' }, body: '{}' }]]);
    expect(sw.opened).toEqual(['https://oyster.example/app/request-broker/abc']);
  });
});
