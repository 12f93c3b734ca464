import { EventBus } from '@oyster/shared-kit/runtime';
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
