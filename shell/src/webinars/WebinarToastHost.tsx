import * as React from 'react';
import { useObservable } from '../services';
import { loadWebinarToasts, type WebinarToastService } from '../services/webinars';

// The cards (the kit's Countdown and buttons) come with the first webinar toast, not with every page
// (the list fills only once that chunk is here, so this never waits for the network).
const WebinarToasts = React.lazy(() => loadWebinarToasts().then((m) => ({ default: m.WebinarToasts })));

/** §2 webinar toasts in the layout: nothing while there are none. */
export function WebinarToastHost({ webinars }: { webinars: WebinarToastService }) {
  const toasts = useObservable(webinars.toasts$);
  return toasts.length ? (
    <React.Suspense fallback={null}>
      <WebinarToasts toasts={toasts} webinars={webinars} />
    </React.Suspense>
  ) : null;
}
