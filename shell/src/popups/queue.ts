/**
 * §4 popup queue as the app keeps it, on the domain's rules (queueAdd: the newest first, the same
 * delivery never twice; queueCloseFirst: closing takes the first off). Part of the popups' lazy chunk.
 */
import { queueAdd, queueCloseFirst, type CommunicationNotification } from '../services/campaigns';

type Queue = CommunicationNotification[];

/** Deliveries shown while the page lives (a guid is one delivery to one user): once closed, never queued again. */
const shown = new Set<string>();

/** The popup is on screen: true the first time for this delivery (its show is registered then, its sound played). */
export function firstShow(n: CommunicationNotification): boolean {
  if (shown.has(n.guid)) return false;
  shown.add(n.guid);
  return true;
}

/** A popup that arrived goes first, unless it was shown already. */
export function addPopup(queue: Queue, n: CommunicationNotification): Queue {
  return shown.has(n.guid) ? queue : queueAdd(queue, n);
}

/** The popup closed leaves the queue (the first, normally); the next one shows, if any. */
export function closePopup(queue: Queue, n: CommunicationNotification): Queue {
  shown.add(n.guid);
  return queue[0]?.guid === n.guid ? queueCloseFirst(queue) : queue.filter((q) => q.guid !== n.guid);
}
