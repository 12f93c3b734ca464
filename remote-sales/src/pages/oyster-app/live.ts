import * as React from 'react';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** A burst of registrations reads once. */
export const LIVE_REFRESH_MS = 300;

/** Live: on `app_client_registered` (a client of an agent the user sees) calls `refresh` once per burst. */
export function useRegistrationsLive(refresh: () => void): void {
  const ref = React.useRef(refresh);
  ref.current = refresh;
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = getRuntime()
      .bus.on('app_client_registered')
      .subscribe(() => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          ref.current();
        }, LIVE_REFRESH_MS);
      });
    // Back after the socket was away: registrations meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => ref.current()));
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, []);
}
