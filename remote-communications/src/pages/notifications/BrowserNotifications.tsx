import * as React from 'react';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';

export const BROWSER_NOTIFICATION_TEXTS = {
  enable: 'Показывать уведомления браузера',
  enabled: 'Уведомления браузера включены: пока вкладка скрыта, новые уведомления и сообщения чатов придут системным уведомлением.',
  denied: 'Браузер запретил уведомления для Oyster: разрешите их в настройках сайта.',
  failed: 'Не удалось включить уведомления браузера',
} as const;


type State = 'unsupported' | 'default' | 'granted' | 'denied' | 'failed';

const supported = () => typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator;

/**
 * §7 the service worker, as the user turns it on: asks the browser's permission (a click is needed for
 * that) and registers the worker; with the permission given earlier it registers at once. Nothing where
 * the browser cannot.
 */
export function BrowserNotifications() {
  const [state, setState] = React.useState<State>(() => (supported() ? (Notification.permission as State) : 'unsupported'));

  const register = React.useCallback(() => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).then(
      () => setState('granted'),
      () => setState('failed'),
    );
  }, []);

  React.useEffect(() => {
    if (state === 'granted') register();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state === 'unsupported') return null;
  if (state === 'granted') return <p className="oy-notes__browser">{BROWSER_NOTIFICATION_TEXTS.enabled}</p>;
  if (state === 'denied') return <p className="oy-notes__browser">{BROWSER_NOTIFICATION_TEXTS.denied}</p>;
  return (
    <p className="oy-notes__browser">
      {state === 'failed' ? <span role="alert">{BROWSER_NOTIFICATION_TEXTS.failed}. </span> : null}
      <Button
        size="small"
        onClick={() =>
          void Notification.requestPermission().then((p) => {
            if (p === 'granted') register();
            else setState(p as State);
          })
        }
      >
        {BROWSER_NOTIFICATION_TEXTS.enable}
      </Button>
    </p>
  );
}
