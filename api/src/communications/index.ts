import type { Domain } from '../platform/context.js';
import { notificationRoutes } from './routes/notifications.js';
import { seedNotifications } from './seed.js';

/**
 * Communications (issue 13): the notifications page and the one way every domain tells a user something
 * on the bell (`notify`, notifications.ts). remote-communications is its front. Chats, popup
 * campaigns and webinars are still to come.
 */
export const communications: Domain = {
  name: 'communications',
  register(app, ctx) {
    notificationRoutes(app, ctx);
  },
  seed: (q, demo) => seedNotifications(q, demo),
};
