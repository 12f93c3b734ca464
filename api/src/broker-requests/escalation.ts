import { notify } from '../communications/notifications.js';
import type { AppContext } from '../platform/context.js';
import { viewersOfAgent } from '../platform/scope.js';
import { SLA_RUNNING_STATUSES, access, brokerProductOf, slaText, workingMsBetween, type SessionUser } from '@oyster/shared-kit/domain';

/** Whom a late request is told to: the supervisors and administrators (of those who may see its agent). */
const hearsOfLateRequests = (user: SessionUser) => {
  const a = access(user);
  return a.isSupervisor || a.isAdmin;
};

/**
 * The SLA watch (issue 12): a request the broker still owes an answer (SLA_RUNNING_STATUSES) whose
 * deadline (sla_due_at, working hours of its product) has passed is escalated once — a notification to the supervisors (and administrators)
 * who may see its agent (an appointed-only supervisor: their appointed agents', platform/scope.ts) with the request's number, product,
 * agent and how late it is — and marked (escalated_at) so it is told once.
 * One indexed query a minute; nothing to do is nothing written.
 */
/** Requests past their SLA the watch has not escalated yet (the metric `oyster_queue_depth{queue="broker_request_escalations"}`). */
export async function escalationsWaiting(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const rows = await ctx.db.query<{ n: number | string }>(
    `SELECT count(*)::int AS n FROM broker_requests WHERE sla_due_at < $1 AND escalated_at IS NULL AND status = ANY($2::int[])`,
    [now.toISOString(), SLA_RUNNING_STATUSES],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function escalateOverdue(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.db.query<{ id: string; number: string | number; product_id: string; sla_due_at: string | Date; agent_id: string; agent: string; executor: string | null }>(
    `UPDATE broker_requests br SET escalated_at = $1
      WHERE br.sla_due_at < $1 AND br.escalated_at IS NULL AND br.status = ANY($2::int[])
      RETURNING br.id, br.number, br.product_id, br.sla_due_at, br.agent_id,
        (SELECT concat_ws(' ', u.second_name, u.first_name) FROM users u WHERE u.id = br.agent_id) AS agent,
        (SELECT concat_ws(' ', u.second_name, u.first_name) FROM users u WHERE u.id = br.executor_id) AS executor`,
    [now.toISOString(), SLA_RUNNING_STATUSES],
  );
  if (!due.length) return 0;
  for (const r of due) {
    const supervisors = await viewersOfAgent(ctx.db, r.agent_id, hearsOfLateRequests);
    const late = slaText({ overdue: true, remainingMs: -workingMsBetween(new Date(r.sla_due_at), now) });
    const title = `Запрос № ${r.number} просрочен`;
    const body = `${brokerProductOf(r.product_id)?.title ?? r.product_id}, агент ${r.agent}; ${r.executor ? `исполнитель ${r.executor}` : 'исполнитель не назначен'}; ${late}.`;
    await notify(ctx, supervisors, { title, body, action: `/request-broker/${r.id}`, actionText: 'Открыть запрос' });
  }
  return due.length;
}
