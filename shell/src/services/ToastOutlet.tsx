import * as React from 'react';
import { notification } from '@oyster/shared-kit/ui/frame';
import { MAX_TOASTS } from '@oyster/shared-kit/domain/platform';
import type { ToastService } from './toasts';

/** antd's context-aware notification API handed to the service (loaded with the frame chunk, see ToastHost). */
export default function ToastOutlet({ toasts }: { toasts: ToastService }) {
  // Top-right, at most 3 kept (spec §9); the holder renders inside OysterProvider's theme.
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: MAX_TOASTS });
  React.useEffect(() => {
    toasts.attach(api);
    return () => toasts.attach(null);
  }, [api, toasts]);
  return holder;
}
