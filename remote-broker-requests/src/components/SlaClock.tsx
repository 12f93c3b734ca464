import * as React from 'react';
import { formatMoscowDateTime, isSlaRunning, slaState, slaText, type BrokerRequestListItem } from '@oyster/shared-kit/domain';
import './sla.css';

/** How often a card's clock is read again (it counts whole minutes). */
export const SLA_TICK_MS = 30_000;

/**
 * A request's SLA clock (issue 12): the working time left of its product's «до N р.ч.», or how late it
 * is — red and announced once overdue. Shown while the broker owes the answer (sent until the offers
 * go to the agent); the deadline itself on hover.
 */
export function SlaClock({ request }: { request: Pick<BrokerRequestListItem, 'status' | 'sentAt' | 'slaHours'> }) {
  const [now, setNow] = React.useState(() => Date.now());
  const running = isSlaRunning(request.status) && !!request.sentAt;
  React.useEffect(() => {
    if (!running) return;
    const t = window.setInterval(() => setNow(Date.now()), SLA_TICK_MS);
    return () => window.clearInterval(t);
  }, [running]);
  if (!running) return null;
  const s = slaState(new Date(request.sentAt!), request.slaHours, new Date(now));
  const title = `Срок ответа по продукту — до ${request.slaHours} р.ч. (пн–пт, 9–18 МСК): до ${formatMoscowDateTime(s.deadline.toISOString())}`;
  return (
    <span className={`oy-sla${s.overdue ? ' oy-sla--overdue' : ''}`} title={title} data-overdue={s.overdue || undefined}>
      {s.overdue ? '⚠ ' : ''}
      {slaText(s)}
    </span>
  );
}
