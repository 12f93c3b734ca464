import * as React from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_TEXTS as T, formatMoscowDateTime, sectionOf, type NotificationItem } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, ShowMore, errorText, useKeysetList } from '@oyster/shared-kit/ui/screens';
import { listNotifications, markAllRead, markRead } from '../../api/notifications';
import { BrowserNotifications } from './BrowserNotifications';
import './notifications.css';

const NO_FILTERS: readonly string[] = [];

/**
 * «Уведомления» (`/app/notifications`, issue 13): the user's own, unread first and newest first, each
 * with its date, its text and where it leads; «Прочитано» one by one or «Прочитать все» (the bell in
 * the sidebar follows, here and in the user's other tabs); «Показать ещё» by keyset; a new one arrives
 * live over the socket.
 */
export default function NotificationsPage() {
  const [unread, setUnread] = React.useState(0);
  // Every page says how many are unread in all (the «Прочитать все» button shows while any are).
  const { state, setState, more, retry, refresh } = useKeysetList(NO_FILTERS, (_q, after: string | null) =>
    listNotifications(after).then((p) => {
      setUnread(p.unread);
      return p;
    }),
  );
  const [busy, setBusy] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  // A new notification: read again in place (it belongs at the top; the pages shown stay, no skeleton).
  React.useEffect(() => {
    const sub = getRuntime().bus.on('notification').subscribe(() => refresh());
    // Back after the socket was away: new ones and ones read elsewhere meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const markShown = (read: (n: NotificationItem) => boolean) =>
    setState((s) => (s.status === 'ready' ? { ...s, items: s.items.map((i) => (read(i) ? { ...i, isRead: true } : i)) } : s));

  async function act(key: string, call: () => Promise<number>, read: (n: NotificationItem) => boolean) {
    setBusy(key);
    setError(null);
    try {
      setUnread(await call());
      markShown(read);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  }
  const readOne = (n: NotificationItem) => act(n._id, () => markRead(n._id), (i) => i._id === n._id);
  const readAll = () => act('all', markAllRead, () => true);

  return (
    <PageFrame
      title={sectionOf('/notifications')?.heading ?? 'Уведомления'}
      section="notifications"
      extra={
        state.status === 'ready' && unread ? (
          <Button onClick={() => void readAll()} loading={busy === 'all'}>
            {T.readAll}
          </Button>
        ) : undefined
      }
    >
      <BrowserNotifications />
      {error ? (
        <p className="oy-notes__error" role="alert">
          {error}
        </p>
      ) : null}
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить уведомления" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' && !state.items.length ? <EmptyState text={T.empty} /> : null}
      {state.status === 'ready' && state.items.length ? (
        <>
          <ul className="oy-notes__list" aria-label="Уведомления">
            {state.items.map((n) => (
              <li key={n._id} className={`oy-notes__item${n.isRead ? '' : ' oy-notes__item--unread'}`} aria-label={n.title}>
                <div className="oy-notes__main">
                  <span className="oy-notes__date">
                    {n.isRead ? null : <span className="oy-notes__new">{T.unread}</span>} {formatMoscowDateTime(n.createdAt)}
                  </span>
                  <strong className="oy-notes__title">{n.title}</strong>
                  {n.body ? <span className="oy-notes__body">{n.body}</span> : null}
                </div>
                <div className="oy-notes__actions">
                  {n.action ? (
                    <Link to={n.action} onClick={() => (n.isRead ? undefined : void readOne(n))}>
                      {n.actionText ?? T.open}
                    </Link>
                  ) : null}
                  {n.isRead ? null : (
                    <Button size="small" onClick={() => void readOne(n)} loading={busy === n._id}>
                      {T.markRead}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <ShowMore state={state} onMore={() => void more()} />
        </>
      ) : null}
    </PageFrame>
  );
}
