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

  const pay = (agent: string, status: string, rub: number, daysAgo: number) =>
    q.query('INSERT INTO payments (id, agent_id, status, amount_kopecks, created_at) VALUES ($1,$2,$3,$4,$5)',
      [newId(), ids[agent], status, Math.round(rub * 100), at(daysAgo)]);
  await pay('agent', 'paid', 1534.5, 0);
  await pay('agent', 'paid', 820, 0);
  await pay('agent', 'paid', 4100, 45);
  await pay('agent', 'await', 2750.25, 1);
  await pay('agent', 'continue', 990, 2);
  await pay('owner', 'paid', 12000, 0);
  await pay('subagent', 'paid', 3200, 0);
  await pay('subagent', 'await', 560, 1);
  await pay('broker', 'paid', 45000, 0);
  await pay('agent0', 'await', 1800, 0);
}
