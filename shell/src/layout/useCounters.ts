import * as React from 'react';
import { access, type SessionUser, type SidebarCounters } from '@oyster/shared-kit/domain/platform';
import { useServices } from '../services';

/** Sidebar counters: unread notifications and open chats, read once and then kept by socket events (read again when the socket is back). */
export function useSidebarCounters(user: SessionUser | null): SidebarCounters {
  const { http, bus } = useServices();
  const [counters, setCounters] = React.useState<SidebarCounters>({});
  const a = access(user);
  const wantNotifications = !!user && a.canSeeNotifications;
  const wantChats = !!user && a.canLoadOpenChatsCount && a.canSeeChats;

  React.useEffect(() => {
    if (!user) return;
    let alive = true;
    const loadNotifications = () => {
      if (!wantNotifications) return;
      http
        .get<{ count: number }>('/api/v2/notifications/count-not-read', { silent: true })
        .then((r) => alive && setCounters((c) => ({ ...c, countNotifications: Number(r?.count) || 0 })))
        .catch(() => undefined);
    };
    const loadChats = () => {
      if (!wantChats) return;
      http
        .get<{ chatsOpenedCount: number; clientChats: number; agentChats: number }>('/api/v2/chats/opened-count', { silent: true })
        .then((r) => alive && r && setCounters((c) => ({ ...c, chatsOpenedCount: r.chatsOpenedCount, clientChats: r.clientChats, agentChats: r.agentChats })))
        .catch(() => undefined);
    };
    loadNotifications();
    loadChats();
    // Back after the socket was away (a sleeping laptop, a node gone, its Redis restarted): the events sent
    // meanwhile never came, so both numbers are read again.
    const backSub = bus.back$.subscribe(() => {
      loadNotifications();
      loadChats();
    });
    const chatsSub = bus.on('chats').subscribe((msg) => {
      if (msg?.action === 'update_chats_counts_opened' && msg.result) {
        const r = msg.result;
        setCounters((c) => ({ ...c, chatsOpenedCount: r.chatsOpenedCount, clientChats: r.clientChats, agentChats: r.agentChats }));
      }
    });
    // A new one, read here or in another tab: the server says the new number (api notify/pushCount).
    const countSub = bus.on('notifications_count').subscribe((e) => wantNotifications && setCounters((c) => ({ ...c, countNotifications: Number(e?.count) || 0 })));
    return () => {
      alive = false;
      chatsSub.unsubscribe();
      countSub.unsubscribe();
      backSub.unsubscribe();
    };
  }, [http, bus, user?._id, wantNotifications, wantChats]); // eslint-disable-line react-hooks/exhaustive-deps

  return counters;
}
