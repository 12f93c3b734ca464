import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '@oyster/shared-kit/domain/platform';
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
  // Registered by the shell once the user has allowed notifications (the notifications page asks), on
  // idle after sign-in: a new browser, or a worker the browser dropped, gets it back without a visit there.
  session.session$.subscribe((user) => {
    if (!user || typeof Notification === 'undefined' || Notification.permission !== 'granted' || !navigator.serviceWorker) return;
    const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).catch(() => undefined);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(register);
    else setTimeout(register, 1000);
  });
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
