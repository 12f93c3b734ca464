import * as React from 'react';
import type { ToastService } from './toasts';

const ToastOutlet = React.lazy(() => import(/* webpackChunkName: "frame" */ './ToastOutlet'));

/**
 * Mount once inside OysterProvider. antd's notification (~10 KB gzip) is not on home's first paint:
 * it comes with the frame chunk, fetched on idle after sign-in (federation/prefetch.ts) or at the
 * first toast, whichever is first. Toasts shown before it arrives wait in the service's queue.
 */
export function ToastHost({ toasts }: { toasts: ToastService }) {
  const [wanted, setWanted] = React.useState(false);
  React.useEffect(() => toasts.onWanted(() => setWanted(true)), [toasts]);
  return wanted ? (
    <React.Suspense fallback={null}>
      <ToastOutlet toasts={toasts} />
    </React.Suspense>
  ) : null;
}

export default ToastHost;
