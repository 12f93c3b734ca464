import type { Domain } from '../platform/context.js';
import { counterRoutes } from './routes/counters.js';

/** Home counters: the manager's statistics widget, payments info, unread notifications, open chats. */
export const dashboard: Domain = {
  name: 'dashboard',
  register(app, ctx) {
    counterRoutes(app, ctx);
  },
};
