import { CONTRACT_STATUS as S, addCalendarDays, policyTerm, rateProperty, yearPolicyEnd, type PropertyCalculateRequest } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
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

/**
 * The apartment in the renewals demo (issue 25): one agent@ apartment policy (ifl) at Ингосстрах sold
 * about a year ago and ending in RENEWAL_APARTMENT_DAYS_LEFT days — «Пересчитать» re-quotes it in the
 * apartment calculator. Its premium is Ингосстрах's demo rating of its calculation (shared-kit
 * sales/property), its history the path of a policy paid and in force. Inserted by insertPropertyRenewalDemo.
 */
export const RENEWAL_APARTMENT_DAYS_LEFT = 20;
export const RENEWAL_APARTMENT_POLICY = 'ХХХ2500000025';

export async function insertPropertyRenewalDemo(q: Queryable, opts: { agentId: string; company: { id: string; name: string }; id: string; now?: Date }) {
  const today = moscowToday(opts.now ?? new Date());
  const endDate = addCalendarDays(today, RENEWAL_APARTMENT_DAYS_LEFT);
  const next = addCalendarDays(endDate, 1);
  const startDate = `${Number(next.slice(0, 4)) - 1}${next.slice(4)}`;
  const calculation: PropertyCalculateRequest = {
    kind: 'apartment',
    address: { value: 'г Москва, ул Профсоюзная, д 56, кв 118', data: { region_kladr_id: '7700000000000', city: 'Москва' } },
    area: 62,
    yearBuilt: 1979,
    construction: 'panel',
    floor: 7,
    floors: 12,
    cover: { structure: 150_000_000, finishing: 80_000_000, contents: 50_000_000, liability: 50_000_000 },
    fireSafety: true,
    alarm: false,
    startDate,
  };
  // Simplification as for the e-OSAGO ones: rated by today's demo tariff (valid from 2026-01-01; last year's is not in the product).
  const rated = rateProperty({ ...calculation, startDate: next }, 'ingos');
  if (rated.kind !== 'offer') throw new Error(`renewals demo: ingos refused the demo apartment (${rated.reason})`);
  const offer = { ...rated, companyId: opts.company.id, companyName: opts.company.name };
  const details = {
    insurant: { lastName: 'Воронцова', firstName: 'Елена', middleName: 'Игоревна', birthDate: '1981-09-14', passport: { series: '4509', number: '318274', issuedAt: '2002-10-02', issuer: 'ОВД Зюзино г. Москвы' } },
    contacts: { phone: '+7 (916) 204-31-77', email: 'vorontsova@example.ru' },
    insurantIsOwner: true,
    cadastralNumber: null,
  };
  const createdAt = new Date(Date.parse(`${startDate}T09:00:00Z`) - 3 * 86_400_000);
  await q.query(
    `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, offer, details, client_name, policy_number, start_date, end_date, created_at, updated_at, paid_at)
     VALUES ($1, $2, $2, 'ifl', $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10, $11::date, $12::date, $13::timestamptz, $13::timestamptz, $13::timestamptz)`,
    [opts.id, opts.agentId, S.inAction, opts.company.id, rated.premium, JSON.stringify(calculation), JSON.stringify(offer), JSON.stringify(details), 'Воронцова Елена Игоревна', RENEWAL_APARTMENT_POLICY, startDate, yearPolicyEnd(startDate), createdAt.toISOString()],
  );
  const path = [S.draft, S.calculated, S.prepared, S.sent, S.awaitingCheck, S.checkOk, S.waitingPayment, S.paid, S.released, S.inAction];
  for (const [k, to] of path.entries()) {
    await q.query(`INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, at) VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`, [
      opts.id,
      k === 0 ? null : path[k - 1],
      to,
      to === S.prepared || to === S.sent ? 'agent' : 'system',
      to === S.prepared || to === S.sent ? opts.agentId : null,
      new Date(createdAt.getTime() + k * 90_000).toISOString(),
    ]);
  }
}
