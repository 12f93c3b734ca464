import { fireEvent, render, screen } from '@testing-library/react';
import { SERVICE_WORKER_URL } from '@oyster/shared-kit/domain';
import { BROWSER_NOTIFICATION_TEXTS as T, BrowserNotifications } from './BrowserNotifications';

describe('browser notifications on the notifications page (§7 service worker)', () => {
  const register = jest.fn(async () => ({}));
  function browser(permission: NotificationPermission, answer: NotificationPermission = permission) {
    Object.defineProperty(window, 'Notification', { configurable: true, value: { permission, requestPermission: jest.fn(async () => answer) } });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  }
  afterEach(() => {
    register.mockClear();
    delete (window as unknown as { Notification?: unknown }).Notification;
  });

  it('asks the browser on a click and, allowed, registers the worker for /app/', async () => {
    browser('default', 'granted');
    render(<BrowserNotifications />);
    expect(register).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: T.enable }));
    expect(await screen.findByText(T.enabled)).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/app/' });
  });

  it('allowed before: registered at once; refused: says where to allow it', async () => {
    browser('granted');
    const { unmount } = render(<BrowserNotifications />);
    expect(register).toHaveBeenCalledTimes(1);
    unmount();
    browser('default', 'denied');
    render(<BrowserNotifications />);
    fireEvent.click(screen.getByRole('button', { name: T.enable }));
    expect(await screen.findByText(T.denied)).toBeInTheDocument();
  });
});
