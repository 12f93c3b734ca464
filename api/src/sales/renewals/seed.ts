import { CONTRACT_STATUS as S, addCalendarDays, policyTerm } from '@oyster/shared-kit/domain';
import { demoContracts, type DemoContract } from '../demo-contracts.js';
import { moscowToday } from '../osago.js';

/**
 * The renewals demo (issue 25): agent@'s e-OSAGO policies sold about a year ago, in force and ending in
 * the next 45 days — two in each bucket — made by the sales demo's own generator (demo-contracts.ts: the
 * demo insurers' rating, the history each status implies), then moved back a year so that each one's year
 * ends on its day. Simplification: the premium is the one of today's tariff (the generator rates by the
 * current corridor; last year's base rates are not in the product). Deterministic; their own seed, so
 * their policy numbers differ from the main demo's.
 */
export const RENEWAL_DEMO = { count: 40, seed: 25, daysLeft: [3, 6, 12, 30, 33, 44] };

export function renewalDemoContracts(opts: { agentId: string; companies: Record<string, { id: string; name: string }>; idOf: () => string; now?: Date }): DemoContract[] {
  const now = opts.now ?? new Date();
  const today = moscowToday(now);
  const rows = demoContracts({ count: RENEWAL_DEMO.count, agents: [opts.agentId], companies: opts.companies, now, spanDays: 20, seed: RENEWAL_DEMO.seed, idOf: () => opts.idOf() });
  const inForce = rows.filter((c) => c.status === S.inAction && c.details.vehicle);
  return RENEWAL_DEMO.daysLeft.slice(0, inForce.length).map((days, k) => {
    const c = inForce[k];
    const endDate = addCalendarDays(today, days);
    // The start whose policy year ends on endDate: a year back from the day after.
    const next = addCalendarDays(endDate, 1);
    const startDate = `${Number(next.slice(0, 4)) - 1}${next.slice(4)}`;
    const term = policyTerm(startDate);
    const createdAt = new Date(Date.parse(`${startDate}T09:00:00Z`) - 3 * 86_400_000);
    const shift = createdAt.getTime() - c.createdAt.getTime();
    return {
      ...c,
      startDate,
      endDate: term.to,
      calculation: { ...c.calculation, startDate },
      createdAt,
      history: c.history.map((h) => ({ ...h, at: new Date(h.at.getTime() + shift) })),
    };
  });
}
