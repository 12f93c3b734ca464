import { BROKER_REQUEST_STATUS_TITLES, access, type BrokerRequestEvent } from '@oyster/shared-kit/domain';
import { loadUser, toSessionUser } from '../platform/auth/users.js';
import type { AppContext } from '../platform/context.js';
import type { Queryable } from '../platform/db.js';
import { viewersOfAgent } from '../platform/scope.js';
import { notify } from '../communications/notifications.js';
import { SENT_TO_BROKER, type RequestRow } from './store.js';

/**
 * Ids of the users who work the executors' queue (canExecuteBrokerRequests) and may open this request
 * (a handful: read per change): none before it was sent (SENT_TO_BROKER), then those who may see its
 * agent — an appointed-only supervisor only for their appointed agents (platform/scope.ts).
 */
export async function queueWorkers(q: Queryable, requestId: string): Promise<string[]> {
  const [sent] = await q.query<{ agent_id: string }>(`SELECT br.agent_id FROM broker_requests br WHERE br.id = $1 AND ${SENT_TO_BROKER}`, [requestId]);
  return sent ? viewersOfAgent(q, sent.agent_id, (u) => access(u).canExecuteBrokerRequests) : [];
}

/**
 * Tells everyone the change concerns, over the socket (`broker_request`): the request's agent and
 * executor always; for a move, also the queue's workers who may open it (a sent request appears in
 * «Новые», a taken one leaves it; a draft is nobody's news but its agent's). Pages reload what they show of it; none trusts the event's content for more.
 */
export async function pushRequest(ctx: AppContext, r: Pick<RequestRow, 'id' | 'number' | 'status' | 'agent_id' | 'executor_id'>, change: BrokerRequestEvent['change']): Promise<void> {
  const event: BrokerRequestEvent = { requestId: r.id, number: Number(r.number), status: r.status, statusTitle: BROKER_REQUEST_STATUS_TITLES[r.status] ?? String(r.status), change };
  const users = new Set([r.agent_id, ...(r.executor_id ? [r.executor_id] : [])]);
  if (change === 'status') for (const id of await queueWorkers(ctx.db, r.id)) users.add(id);
  for (const id of users) ctx.rt.emitToUser(id, 'broker_request', event);
}

/**
 * The executor's badge (brExecutorCount, part of the session user) changed: their cached session is
 * dropped and the new user pushed to their pages as `session_update`, so the sidebar follows live.
 */
export async function refreshExecutor(ctx: AppContext, executorId: string | null): Promise<void> {
  if (!executorId) return;
  await ctx.sessions.forgetUser(executorId);
  const row = await loadUser(ctx.db, executorId);
  if (row && !row.is_blocked) ctx.rt.emitToUser(executorId, 'session_update', toSessionUser(row));
}

/** The agent's bell: their request needs them, or ended — leading to the request. */
export async function notifyAgent(ctx: AppContext, r: Pick<RequestRow, 'id' | 'agent_id' | 'number'>, title: string, body: string): Promise<void> {
  await notify(ctx, [r.agent_id], { title, body, action: `/request-broker/${r.id}`, actionText: 'Открыть запрос' });
}
