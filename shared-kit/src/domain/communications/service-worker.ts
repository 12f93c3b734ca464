/**
 * §7 the service worker (shell/public/sw.js, served at /app/sw.js for /app/): the shell registers it for a
 * user who has allowed browser notifications (the notifications page asks), and hands it, with the token,
 * what arrives over the socket while the tab is hidden.
 */
export const SERVICE_WORKER_URL = '/app/sw.js';
export const SERVICE_WORKER_SCOPE = '/app/';
