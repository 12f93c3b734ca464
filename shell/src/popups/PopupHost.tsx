import * as React from 'react';
import { useObservable } from '../services';
import { loadPopups, type PopupService } from '../services/popups';

// antd's Modal and the popup's parts come with the first popup, not with every page (the queue fills
// only once that chunk is here, so this never waits for the network).
const PopupModal = React.lazy(() => loadPopups().then((m) => ({ default: m.PopupModal })));

/**
 * §4 popup communications in the layout: the first of the queue, one at a time; nothing while the
 * queue is empty.
 */
export function PopupHost({ popups }: { popups: PopupService }) {
  const current = useObservable(popups.queue$)[0];
  return current ? (
    <React.Suspense fallback={null}>
      <PopupModal notification={current} popups={popups} />
    </React.Suspense>
  ) : null;
}

export default PopupHost;
