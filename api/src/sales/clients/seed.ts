import type { DemoSeed } from '../../platform/context.js';
import type { Queryable } from '../../platform/db.js';
import { linkContractRecords } from './link.js';

/**
 * Demo clients: the demo agent's (agent@) documented contracts typed into their client book exactly as the
 * api does when a contract's details are saved (link.ts) — so «Клиенты» and the calculators' picker have
 * someone to show. Only agent@'s: every test app seeds, and the link is a few queries a contract.
 */
export async function seedClients(q: Queryable, demo: DemoSeed) {
  const agent = demo.users.agent;
  if (!agent) return;
  const rows = await q.query<{ id: string }>(`SELECT id FROM contracts WHERE agent_id = $1 AND details ? 'owner' ORDER BY created_at, id`, [agent]);
  for (const r of rows) await linkContractRecords(q, r.id, agent);
}
