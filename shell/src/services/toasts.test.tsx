import { ToastService } from './toasts';

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
