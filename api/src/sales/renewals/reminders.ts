import { CONTRACT_PRODUCT_TITLES, CONTRACT_STATUS as S, manualProductName, RENEWAL_THRESHOLDS, RENEWALS_PATH, renewalReminderTitle } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { pushNotifications, writeNotifications, type WrittenNotification } from '../../communications/notifications.js';
import { moscowToday } from '../osago.js';
import { objectOf } from './store.js';

/** How many reminders one transaction writes (the job loops until none is due). */
const BATCH = 200;

/**
 * The renewal reminders (issue 25): before each threshold (45, 30, 7 days before the end, Moscow days)
 * the agent of a policy in force without an outcome gets one notification through the communications
 * domain's notifications — «Через N дней заканчивается полис …» with a link to the worklist's bucket.
 * Once per policy × threshold whatever the number of api instances: the reminder row (primary key
 * contract × threshold) and the notification are written in one transaction, and only the instance whose
 * INSERT claimed the row writes it. A policy first seen inside a bucket gets that bucket's reminder only.
 * Answers how many were sent.
 */
export async function remindRenewals(ctx: Pick<AppContext, 'db' | 'rt' | 'unread'>, today = moscowToday()): Promise<number> {
  const [t45, t30, t7] = RENEWAL_THRESHOLDS;
  let sent = 0;
  for (;;) {
    const written: WrittenNotification[] = await ctx.db.tx(async (q) => {
      const claimed = await q.query<{ contract_id: string; threshold: number }>(
        `INSERT INTO renewal_reminders (contract_id, threshold)
         SELECT c.id, CASE WHEN c.end_date - $1::date <= ${t7} THEN ${t7} WHEN c.end_date - $1::date <= ${t30} THEN ${t30} ELSE ${t45} END
           FROM contracts c JOIN users u ON u.id = c.agent_id AND NOT u.is_blocked
          WHERE c.status = ${S.inAction} AND c.end_date BETWEEN $1::date AND $1::date + ${t45}
            AND NOT EXISTS (SELECT 1 FROM renewal_outcomes o WHERE o.contract_id = c.id)
            AND NOT EXISTS (SELECT 1 FROM renewal_reminders r WHERE r.contract_id = c.id
                              AND r.threshold = CASE WHEN c.end_date - $1::date <= ${t7} THEN ${t7} WHEN c.end_date - $1::date <= ${t30} THEN ${t30} ELSE ${t45} END)
          ORDER BY c.end_date, c.id
          LIMIT ${BATCH}
         ON CONFLICT (contract_id, threshold) DO NOTHING
         RETURNING contract_id, threshold`,
        [today],
      );
      if (!claimed.length) return [];
      const rows = await q.query<{ id: string; agent_id: string; product: string; kind: string; policy_number: string | null; client_name: string | null; plate: string | null; vin: string | null; details: Record<string, unknown> | null; company_name: string | null; days_left: number }>(
        `SELECT c.id, c.agent_id, c.product, c.kind, c.policy_number, c.client_name, c.plate, c.vin, c.details, co.short_name AS company_name, (c.end_date - $2::date) AS days_left
           FROM contracts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id = ANY($1::text[]) ORDER BY c.end_date, c.id`,
        [claimed.map((c) => c.contract_id), today],
      );
      const thresholdOf = new Map(claimed.map((c) => [c.contract_id, c.threshold]));
      const out: WrittenNotification[] = [];
      for (const r of rows) {
        const productName = r.product === 'manual' ? manualProductName(r.kind) : (CONTRACT_PRODUCT_TITLES as Record<string, string>)[r.product] ?? r.product;
        const about = [r.client_name ? `Клиент: ${r.client_name}` : null, objectOf(r), r.company_name].filter(Boolean).join(' · ');
        out.push(
          ...(await writeNotifications(q, [r.agent_id], {
            title: renewalReminderTitle(Number(r.days_left), productName, r.policy_number),
            body: `${about ? `${about}. ` : ''}Предложите клиенту продление: «Пересчитать» в списке продлений.`,
            action: `${RENEWALS_PATH}?bucket=${thresholdOf.get(r.id)}`,
            actionText: 'Открыть продления',
          })),
        );
      }
      return out;
    });
    if (!written.length) return sent;
    sent += written.length;
    await pushNotifications(ctx, written);
  }
}
