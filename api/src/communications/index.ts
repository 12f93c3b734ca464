import type { Domain } from '../platform/context.js';
import { chatRoutes } from './routes/chats.js';
import { notificationRoutes } from './routes/notifications.js';
import { seedChats, seedNotifications } from './seed.js';

/**
 * Communications (issue 13): the notifications page and the one way every domain tells a user something
 * on the bell (`notify`, notifications.ts); chats between agents and staff (chats/: the support chat,
 * and the chat of a contract or a broker request, which those domains find or make with
 * ensureObjectChat). remote-communications is its front. Popup campaigns and webinars are still to come.
 */
export const communications: Domain = {
  name: 'communications',
  register(app, ctx) {
    notificationRoutes(app, ctx);
    chatRoutes(app, ctx);
  },
  seed: async (q, demo) => {
    await seedNotifications(q, demo);
    await seedChats(q, demo);
  },
};
