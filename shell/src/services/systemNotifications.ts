import type { EventBus } from '@oyster/shared-kit/runtime';
import type { SessionService } from './session';

/**
 * §7 the service worker: while this tab is hidden, a notification, another's chat message or a webinar's
 * reminder (its start is near: the toast alone would wait unseen) that arrives over the socket becomes a
 * system notification — sent, with the session's token, to the
 * worker that controls the page (registered from the notifications page once the user allowed
 * notifications: remote-communications). No worker, or the tab in front: nothing here.
 */
export function wireSystemNotifications(bus: EventBus, session: SessionService) {
  const tell = (m: { title: string; body: string; url: string; tag: string; notificationId?: string }) => {
    const worker = navigator.serviceWorker?.controller;
    if (worker && document.hidden) worker.postMessage({ source: 'oyster-app', type: 'notify', token: session.token, ...m });
  };
  bus.on('notification').subscribe((n) => n && tell({ title: n.title || 'Уведомление', body: n.body ?? '', url: `/app${n.action ?? '/notifications'}`, tag: n._id, notificationId: n._id }));
  bus.on('webinar-notification').subscribe((w) => {
    if (w?.isSendAnnouncement) tell({ title: `Вебинар «${w.title}» скоро начнётся`, body: `Начало в ${w.time} (МСК) · ${w.platform}`, url: `/app/webinar/${w._id}`, tag: `webinar-${w._id}` });
  });
  bus.on('chat_message').subscribe(({ chatId, message: m }) => {
    if (m.author.id !== session.user?._id) tell({ title: m.author.fio, body: m.text || m.file?.fileName || '', url: `/app/chats/${chatId}`, tag: `chat-${chatId}` });
  });
}
