import type { Queryable } from '../platform/db.js';
import { moscowToday } from '../sales/osago.js';
import { saveRateSet } from './rates.js';
import { createSegment, setSegmentMembers, setSegmentRate } from './segments.js';
import { createTemplate } from './templates.js';

/**
 * Demo rates for e-OSAGO, valid from 2025-01-01, written through the same check as any rate set. Agents:
 * §9 «e-OSAGO 10% + bonus» at every level (the bonus has no figure in the spec); the network owner's
 * override on a sub-agent's sale: 2%. What each insurer pays the broker is a demo value chosen so that
 * every sale leaves the broker a margin (at least the 12% paid out); no source gives real agency
 * agreements' rates, and none is implied.
 */
export const DEMO_AGENT_RATE_BP = 1000;
export const DEMO_OWNER_OVERRIDE_BP = 200;
export const DEMO_INSURER_RATES_BP: Record<string, number> = { ingos: 1400, reso: 1200, alfa: 1500, sogaz: 1200, renins: 1300, vsk: 1400 };
export const DEMO_RATES_FROM = '2025-01-01';
/** e-KASKO's demo rates (the insurers with a demo KASKO tariff), basis points: see seedFinance. */
export const DEMO_KASKO_AGENT_RATE_BP = 1500;
export const DEMO_KASKO_INSURER_RATES_BP: Record<string, number> = { ingos: 2400, reso: 2200, alfa: 2500, sogaz: 2300 };
/**
 * The agents' demo rate by product (basis points, every level): e-OSAGO as above; travel (ВЗР) 10 %, a demo
 * choice inside §9's «VZR up to 12%». The insurers pay the same demo rates on both.
 */
export const DEMO_PRODUCT_AGENT_RATES_BP: Record<string, number> = { eosago: DEMO_AGENT_RATE_BP, vzr: 1000 };
/**
 * Property (ifl, ifl_house; issue 25): §9 «IFL apartment and house up to 32%» — agents 25 % at every level,
 * the insurers that sell it online pay 30 %: demo values inside «up to 32%», no agreement implied.
 */
export const DEMO_PROPERTY_AGENT_RATE_BP = 2500;
export const DEMO_PROPERTY_INSURER_RATES_BP: Record<string, number> = { ingos: 3000, reso: 3000, vsk: 3000 };
/**
 * Mortgage (ipoteka; issue 25): §9 «Mortgage online up to 60%» — agents 40 % at every level, the insurers with a
 * mortgage tariff pay 50 %: demo values inside «up to 60%», no agreement implied.
 */
export const DEMO_MORTGAGE_AGENT_RATE_BP = 4000;
export const DEMO_MORTGAGE_INSURER_RATES_BP: Record<string, number> = { ingos: 5000, alfa: 5000, sogaz: 5000 };

/**
 * The demo's commission segmenter and a personal template, from the day the demo database is made (so the
 * demo's earlier sales keep their level rates): «Ключевые агенты» (agent1@, agent2@) get 11% at ВСК; broker@
 * has 11.5% at Ингосстрах. Both within what those insurers pay after the owner's override.
 */
export async function seedPersonalRates(q: Queryable, today: string) {
  const id = async (sql: string, value: string) => (await q.query<{ id: string }>(sql, [value]))[0]?.id;
  const [vsk, ingos] = [await id('SELECT id FROM companies WHERE id_unicus = $1', 'vsk'), await id('SELECT id FROM companies WHERE id_unicus = $1', 'ingos')];
  const [agent1, agent2, broker, finance] = await Promise.all(['agent1', 'agent2', 'broker', 'finance'].map((u) => id('SELECT id FROM users WHERE email = $1', `${u}@oyster.test`)));
  if (!vsk || !ingos || !agent1 || !agent2 || !broker || !finance) return;
  const segment = await createSegment(q, 'Ключевые агенты', finance);
  await setSegmentRate(q, segment, { companyId: vsk, product: 'eosago', rateBp: 1100, validFrom: today }, today);
  await setSegmentMembers(q, segment, [agent1, agent2], finance);
  await createTemplate(q, { agentId: broker, companyId: ingos, product: 'eosago', rateBp: 1150, validFrom: today }, finance, today);
}

export async function seedFinance(q: Queryable) {
  const today = moscowToday();
  const companies = await q.query<{ id: string; id_unicus: string }>("SELECT id, id_unicus FROM companies WHERE kind = 'insurer' ORDER BY id_unicus");
  for (const c of companies) {
    const insurerRateBp = DEMO_INSURER_RATES_BP[c.id_unicus];
    if (insurerRateBp === undefined) continue;
    for (const [product, bp] of Object.entries(DEMO_PRODUCT_AGENT_RATES_BP)) {
      await saveRateSet(
        q,
        { companyId: c.id, product, validFrom: DEMO_RATES_FROM, insurerRateBp, levels: { agent: bp, expert: bp, broker: bp }, ownerOverrideBp: DEMO_OWNER_OVERRIDE_BP },
        { today: DEMO_RATES_FROM, allowPast: true },
      );
    }
  }
  // e-KASKO (§9: «e-KASKO up to 25%»), from the day the demo database is made (the demo's earlier KASKO sales keep no
  // accruals, as before the product was on the rails): the agents' 15% at every level and what each insurer pays the broker
  // (20–25%) are demo choices inside that «up to 25%», not any insurer's agreement.
  for (const c of companies) {
    const insurerRateBp = DEMO_KASKO_INSURER_RATES_BP[c.id_unicus];
    if (insurerRateBp === undefined) continue;
    await saveRateSet(
      q,
      { companyId: c.id, product: 'ekasko', validFrom: today, insurerRateBp, levels: { agent: DEMO_KASKO_AGENT_RATE_BP, expert: DEMO_KASKO_AGENT_RATE_BP, broker: DEMO_KASKO_AGENT_RATE_BP }, ownerOverrideBp: DEMO_OWNER_OVERRIDE_BP },
      { today, allowPast: true },
    );
  }
  for (const c of companies) {
    const insurerRateBp = DEMO_PROPERTY_INSURER_RATES_BP[c.id_unicus];
    if (insurerRateBp === undefined) continue;
    for (const product of ['ifl', 'ifl_house']) {
      const levels = { agent: DEMO_PROPERTY_AGENT_RATE_BP, expert: DEMO_PROPERTY_AGENT_RATE_BP, broker: DEMO_PROPERTY_AGENT_RATE_BP };
      await saveRateSet(q, { companyId: c.id, product, validFrom: DEMO_RATES_FROM, insurerRateBp, levels, ownerOverrideBp: DEMO_OWNER_OVERRIDE_BP }, { today: DEMO_RATES_FROM, allowPast: true });
    }
  }
  for (const c of companies) {
    const insurerRateBp = DEMO_MORTGAGE_INSURER_RATES_BP[c.id_unicus];
    if (insurerRateBp === undefined) continue;
    const levels = { agent: DEMO_MORTGAGE_AGENT_RATE_BP, expert: DEMO_MORTGAGE_AGENT_RATE_BP, broker: DEMO_MORTGAGE_AGENT_RATE_BP };
    await saveRateSet(q, { companyId: c.id, product: 'ipoteka', validFrom: DEMO_RATES_FROM, insurerRateBp, levels, ownerOverrideBp: DEMO_OWNER_OVERRIDE_BP }, { today: DEMO_RATES_FROM, allowPast: true });
  }
  await seedPersonalRates(q, today);
}
