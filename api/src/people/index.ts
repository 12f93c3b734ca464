import type { Domain } from '../platform/context.js';
import { agentRoutes } from './routes/agents.js';
import { userRoutes } from './routes/users.js';
import { auditRoutes } from './routes/audit.js';
import { passwordLinkAdminRoutes } from './routes/password-links.js';
import { seedPeople } from './seed.js';

/** Agents and users: the agents list and pickers, user management and the audit log of Управление; demo users, networks and curators. */
export const people: Domain = {
  name: 'people',
  register(app, ctx) {
    agentRoutes(app, ctx);
    userRoutes(app, ctx);
    auditRoutes(app, ctx);
    passwordLinkAdminRoutes(app, ctx);
  },
  seed: seedPeople,
};
