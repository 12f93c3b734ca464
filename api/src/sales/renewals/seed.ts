import { CONTRACT_STATUS as S, addCalendarDays } from '@oyster/shared-kit/domain';
import { demoContracts, type DemoContract } from '../demo-contracts.js';
import { moscowToday } from '../osago.js';

/**
 * The renewals demo (issue 25): agent@'s e-OSAGO policies sold about a year ago, in force and ending in
 * the next 45 days (a few in each bucket), made by the sales demo's own generator (demo-contracts.ts:
 * the demo insurers' rating, the history each status implies). Deterministic; their own seed, so their
 * policy numbers differ from the main demo's.
 */
export const RENEWAL_DEMO = { count: 60, keep: 8, seed: 25 };

export function renewalDemoContracts(opts: { agentId: string; companies: Record<string, { id: string; name: string }>; idOf: () => string; now?: Date }): DemoContract[] {
  const now = opts.now ?? new Date();
  const today = moscowToday(now);
  // Sold 320–370 days ago: their year ends from about 15 days ago to 45 days ahead; those sold as «in force» then are kept.
  const rows = demoContracts({ count: RENEWAL_DEMO.count, agents: [opts.agentId], companies: opts.companies, now: new Date(now.getTime() - 320 * 86_400_000), spanDays: 50, seed: RENEWAL_DEMO.seed, idOf: () => opts.idOf() });
  const last = addCalendarDays(today, 45);
  const due = rows.filter((c) => c.status === S.inAction && c.endDate >= addCalendarDays(today, 1) && c.endDate <= last);
  // A few in each bucket: the soonest first, then spread.
  due.sort((a, b) => (a.endDate < b.endDate ? -1 : 1));
  const step = Math.max(1, Math.floor(due.length / RENEWAL_DEMO.keep));
  return due.filter((_, i) => i % step === 0).slice(0, RENEWAL_DEMO.keep);
}
