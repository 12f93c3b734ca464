import type { Domain } from '../platform/context.js';
import { escalateOverdue, escalationsWaiting } from './escalation.js';
import { requestChatRoutes } from './routes/chat.js';
import { requestFileRoutes } from './routes/files.js';
import { requestRoutes } from './routes/requests.js';
import { seedBrokerRequests } from './seed.js';
import { runPeriodically } from '../platform/periodic.js';

/** How often overdue requests are looked for (one indexed query; escalation needs minute precision at most). */
const SLA_WATCH_EVERY_MS = 60 * 1000;

/**
 * Broker requests (issue 12): the agent's request for a product the broker prices by hand, the
 * executors' queue, the state machine of shared-kit broker-requests/workflow.ts, the insurers'
 * offers, the files, the SLA clock and its escalation. remote-broker-requests is its front.
 */
export const brokerRequests: Domain = {
  name: 'broker-requests',
  register(app, ctx) {
    requestRoutes(app, ctx);
    requestFileRoutes(app, ctx);
    requestChatRoutes(app, ctx);

    runPeriodically(app, 'broker requests SLA watch', SLA_WATCH_EVERY_MS, () => escalateOverdue(ctx));
    ctx.metrics.queueDepth('broker_request_escalations', () => escalationsWaiting(ctx));
  },
  seed: (q, demo) => seedBrokerRequests(q, demo),
};
