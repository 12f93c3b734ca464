import * as React from 'react';
import { SOCKET_MANUAL_RETRY_AFTER_MS } from '@oyster/shared-kit/domain/platform';
import { Button } from '@oyster/shared-kit/ui/base';
import { OysterIcon } from '@oyster/shared-kit/ui/parts';
import { useObservable, useServices } from '../services';

/** A small notice while the realtime connection is lost; manual retry after 5 s (spec §9). */
export function ConnectionIndicator() {
  const { socket, bus } = useServices();
  const state = useObservable(bus.connection$);
  const lostAt = useObservable(socket.lostAt$);
  const [, tick] = React.useState(0);
  const lost = lostAt !== null && state !== 'connected';
  const waitLeft = lost ? Math.max(0, SOCKET_MANUAL_RETRY_AFTER_MS - (Date.now() - lostAt!)) : 0;

  React.useEffect(() => {
    if (!lost || waitLeft <= 0) return;
    const t = setTimeout(() => tick((n) => n + 1), waitLeft + 20);
    return () => clearTimeout(t);
  }, [lost, waitLeft]);

  if (!lost) return null;
  return (
    <div className="oy-conn" role="status" aria-live="polite">
      <OysterIcon name="wifiOff" size={16} />
      <span>{state === 'connecting' ? 'Подключение к серверу…' : 'Нет связи с сервером, обновления могут приходить с задержкой'}</span>
      <Button size="small" disabled={waitLeft > 0 || state === 'connecting'} onClick={() => socket.reconnectNow()}>
        Переподключиться
      </Button>
    </div>
  );
}
