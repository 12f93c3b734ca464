import type { EventBus } from '@oyster/shared-kit/runtime';
import type { SessionService } from './session';

/**
 * §7 the service worker: while this tab is hidden, a notification or another's chat message that
 * arrives over the socket becomes a system notification — sent, with the session's token, to the
 * worker that controls the page (registered from the notifications page once the user allowed
 * notifications: remote-communications). No worker, or the tab in front: nothing here.
 */
export function wireSystemNotifications(bus: EventBus, session: SessionService) {
  const tell = (m: { title: string; body: string; url: string; tag: string; notificationId?: string }) => {
    const worker = navigator.serviceWorker?.controller;
    if (worker && document.hidden) worker.postMessage({ source: 'oyster-app', type: 'notify', token: session.token, ...m });
  };
  bus.on('notification').subscribe((n) => n && tell({ title: n.title || 'Уведомление', body: n.body ?? '', url: `/app${n.action ?? '/notifications'}`, tag: n._id, notificationId: n._id }));
  bus.on('chat_message').subscribe(({ chatId, message: m }) => {
    if (m.author.id !== session.user?._id) tell({ title: m.author.fio, body: m.text || m.file?.fileName || '', url: `/app/chats/${chatId}`, tag: `chat-${chatId}` });
  });
}
