/* Oyster's service worker (spec §7; issue 13): registered by the app (the notifications page, once the
 * user allowed browser notifications) at /app/sw.js for /app/. The open app sends it what arrived over
 * its socket while its tab is hidden — a notification or a chat message — with the session's token;
 * the worker shows a system notification, and a click opens (or focuses) the app where it leads and,
 * for a notification, marks it read with the token. No caching, no push server: nothing else. */
'use strict';

let token = null;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const m = event.data;
  if (!m || m.source !== 'oyster-app') return;
  if (typeof m.token === 'string' || m.token === null) token = m.token;
  if (m.type !== 'notify' || typeof m.title !== 'string') return;
  // Only paths of the app: nothing leads elsewhere from a system notification.
  const url = typeof m.url === 'string' && /^\/app\/(?!\/)/.test(m.url) ? m.url : '/app/';
  event.waitUntil(
    self.registration.showNotification(m.title, {
      body: typeof m.body === 'string' ? m.body : '',
      tag: typeof m.tag === 'string' ? m.tag : undefined,
      data: { url, notificationId: typeof m.notificationId === 'string' ? m.notificationId : null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, notificationId } = event.notification.data || {};
  event.waitUntil(
    (async () => {
      if (notificationId && token) {
        await fetch(`/api/v2/notifications/${encodeURIComponent(notificationId)}/read`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-token': token },
          body: '{}',
        }).catch(() => undefined);
      }
      const target = new URL(url || '/app/', self.location.origin).href;
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => c.url === target);
      if (same) return same.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
