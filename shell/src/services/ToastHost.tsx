import * as React from 'react';
import { notification } from '@oyster/shared-kit/ui/parts';
import { MAX_TOASTS } from '@oyster/shared-kit/domain';
import type { ToastService } from './toasts';

/**
 * Mount once inside OysterProvider: hands antd's context-aware notification API to the service.
 * antd's notification lives in the kit's full ui entry, not in ui/base: the login page never shows one.
 */
export function ToastHost({ toasts }: { toasts: ToastService }) {
  // Top-right, at most 3 kept (spec §9); the holder renders inside OysterProvider's theme.
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: MAX_TOASTS });
  React.useEffect(() => {
    toasts.attach(api);
    return () => toasts.attach(null);
  }, [api, toasts]);
  return holder;
}

export default ToastHost;
