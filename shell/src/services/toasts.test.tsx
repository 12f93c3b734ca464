import * as React from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type SessionUser } from '@oyster/shared-kit/domain';
import { EventBus, type ToastOptions } from '@oyster/shared-kit/runtime';
import { createServices, fakeFetch, renderWithServices } from '../testing';
import { STORAGE_KEYS } from './storage';
import { ToastService, wireNotificationToasts } from './toasts';

describe('ToastService: toasts wait for antd notification, which loads at the first one', () => {
  test('the first toast asks the host to mount the outlet; queued toasts are shown in order once it attaches', () => {
    const toasts = new ToastService();
    const mount = jest.fn();
    toasts.onWanted(mount);
    expect(mount).not.toHaveBeenCalled(); // nothing to show: antd's notification is not loaded
    toasts.show({ type: 'error', body: 'Системная ошибка. Обратитесь к администратору' });
    toasts.show({ type: 'success', body: 'Сохранено' });
    expect(mount).toHaveBeenCalled();
    const open = jest.fn();
    toasts.attach({ open });
    expect(open.mock.calls.map(([a]) => [a.type, a.title, a.duration])).toEqual([
      ['error', 'Системная ошибка. Обратитесь к администратору', 5],
      ['success', 'Сохранено', 3],
    ]);
  });

  test('a toast shown before the host subscribed mounts the outlet as soon as it does', () => {
    const toasts = new ToastService();
    toasts.show({ type: 'info', body: 'Вебинар начинается' });
    const mount = jest.fn();
    toasts.onWanted(mount);
    expect(mount).toHaveBeenCalledTimes(1);
  });
});

describe('a notification from the server shows as a toast', () => {
  const shown = () => {
    const bus = new EventBus();
    const toasts = new ToastService();
    const open = jest.fn();
    toasts.attach({ open });
    wireNotificationToasts(bus, toasts);
    return { bus, open };
  };

  test('its title and text, for its closeDelay seconds, its action as the button opening the app’s route in a new tab', () => {
    const { bus, open } = shown();
    const win = jest.spyOn(window, 'open').mockImplementation(() => null);
    bus.publish('notification', { _id: 'n1', guid: 'n1', title: 'Предложения по запросу № 1042', body: 'Страховщики ответили', action: '/request-broker/abc', actionText: 'Открыть запрос', closeDelay: 12 });
    const [args] = open.mock.calls[0];
    expect([args.type, args.title, args.description, args.duration]).toEqual(['info', 'Предложения по запросу № 1042', 'Страховщики ответили', 12]);
    expect(args.actions.props.children).toBe('Открыть запрос');
    args.actions.props.onClick();
    expect(win).toHaveBeenCalledWith('/app/request-broker/abc', '_blank', 'noopener,noreferrer');
    win.mockRestore();
  });

  test('without closeDelay it lasts 60 s; without an action it has no button', () => {
    const { bus, open } = shown();
    bus.publish('notification', { _id: 'n2', guid: 'n2', title: 'Запрос № 7 завершён' });
    const [args] = open.mock.calls[0];
    expect([args.title, args.duration, args.actions]).toEqual(['Запрос № 7 завершён', 60, undefined]);
  });
});

describe('a campaign’s toast (communicationId and guid, spec §4 Toast) logs what the user did, one code per action', () => {
  const ids = { communicationId: 'camp-1', guid: 'delivery-1' };
  const shown = (options: Partial<ToastOptions> = ids) => {
    const toasts = new ToastService();
    const open = jest.fn();
    const destroy = jest.fn();
    const log = jest.fn();
    toasts.attach({ open, destroy });
    toasts.setCommunicationLog(log);
    toasts.show({ type: 'info', title: 'Новая акция', body: 'Скидка на КАСКО', buttonText: 'Подробнее', buttonLink: '/app/news/1', ...options });
    const [args] = open.mock.calls[0];
    return { args, log, destroy };
  };
  let win: jest.SpyInstance;
  beforeEach(() => {
    win = jest.spyOn(window, 'open').mockImplementation(() => null);
  });
  afterEach(() => win.mockRestore());

  test('closed (the cross, or its time is up): 4, once', () => {
    const { args, log } = shown();
    args.onClose();
    args.onClose();
    expect(log.mock.calls).toEqual([[ids, 4]]);
  });

  test('its button: 1, its link in a new tab, and the toast closes — that close is not logged as 4', () => {
    const { args, log, destroy } = shown();
    args.actions.props.onClick();
    expect(win).toHaveBeenCalledWith('/app/news/1', '_blank', 'noopener,noreferrer');
    expect(destroy).toHaveBeenCalledWith(args.key);
    args.onClose();
    expect(log.mock.calls).toEqual([[ids, 1]]);
  });

  test('without both ids nothing is logged', () => {
    const { args, log } = shown({ communicationId: 'camp-1' });
    args.actions.props.onClick();
    args.onClose?.();
    expect(log).not.toHaveBeenCalled();
  });
});

describe('a campaign’s toast in the app: its log line goes to the server', () => {
  const LOG = '/api/v2/set-logs/communication';
  const signedIn = (user: SessionUser) => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const f = fakeFetch({ [LOG]: { status: 200, body: {} }, '/api/v2/communications/pending': { status: 200, body: { data: [] } } });
    const services = createServices({ fetchImpl: f.impl });
    renderWithServices(<div />, { services });
    const logs = () => f.calls.filter((c) => c.url.includes(LOG)).map((c) => JSON.parse(String(c.init.body)));
    const show = (n: number) =>
      act(() => services.toasts.show({ type: 'info', title: `Акция ${n}`, body: 'Скидка на КАСКО', buttonText: 'Подробнее', buttonLink: '/app/news/1', communicationId: `camp-${n}`, guid: `delivery-${n}` }));
    return { logs, show };
  };
  let win: jest.SpyInstance;
  beforeEach(() => {
    win = jest.spyOn(window, 'open').mockImplementation(() => null);
  });
  afterEach(() => win.mockRestore());

  test('the button logs 1 and closes the toast; the cross logs 4', async () => {
    const { logs, show } = signedIn(DEMO_USERS.agent);
    show(1);
    await screen.findByText('Акция 1');
    fireEvent.click(screen.getByRole('button', { name: 'Подробнее' }));
    await waitFor(() => expect(screen.queryByText('Акция 1')).not.toBeInTheDocument());
    show(2);
    const toast = (await screen.findByText('Акция 2')).closest('.ant-notification-notice') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByText('Акция 2')).not.toBeInTheDocument());
    expect(logs()).toEqual([
      { communicationId: 'camp-1', guid: 'delivery-1', agentId: DEMO_USERS.agent._id, reaction: 1 },
      { communicationId: 'camp-2', guid: 'delivery-2', agentId: DEMO_USERS.agent._id, reaction: 4 },
    ]);
  });

  test('a personal user’s toasts log nothing', async () => {
    const { logs, show } = signedIn(DEMO_USERS.manager);
    show(3);
    await screen.findByText('Акция 3');
    fireEvent.click(screen.getByRole('button', { name: 'Подробнее' }));
    await waitFor(() => expect(screen.queryByText('Акция 3')).not.toBeInTheDocument());
    expect(logs()).toEqual([]);
  });
});
