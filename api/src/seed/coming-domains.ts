import { newId, type Queryable } from '../platform/db.js';
import type { DemoSeed } from '../platform/context.js';

/**
 * Demo rows of the domains still to move in — payments (finance). (App registrations moved to
 * communications' seed: its Oyster.app integration registers clients.) Each block moves to its domain's seed.ts when
 * that domain gets its folder. Runs after people's seed (it points at the demo users by key).
 */
export async function seedComingDomains(q: Queryable, demo: DemoSeed) {
  const ids = demo.users;
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();

  // Amounts in integer kopecks (1534_50 is 1 534,50 ₽): no rouble floats on a money path.
  const pay = (agent: string, status: string, kopecks: number, daysAgo: number) =>
    q.query('INSERT INTO payments (id, agent_id, status, amount_kopecks, created_at) VALUES ($1,$2,$3,$4,$5)',
      [newId(), ids[agent], status, kopecks, at(daysAgo)]);
  await pay('agent', 'paid', 1534_50, 0);
  await pay('agent', 'paid', 820_00, 0);
  await pay('agent', 'paid', 4100_00, 45);
  await pay('agent', 'await', 2750_25, 1);
  await pay('agent', 'continue', 990_00, 2);
  await pay('owner', 'paid', 12000_00, 0);
  await pay('subagent', 'paid', 3200_00, 0);
  await pay('subagent', 'await', 560_00, 1);
  await pay('broker', 'paid', 45000_00, 0);
  await pay('agent0', 'await', 1800_00, 0);
}
