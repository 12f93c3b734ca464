import { KASKO_PHOTO_TYPES } from '@oyster/shared-kit/domain';
import type { DemoSeed } from '../platform/context.js';
import type { Queryable } from '../platform/db.js';
import { demoContracts, demoInsurerCalls, insertContracts, insertInsurerCalls } from './demo-contracts.js';
import { newId } from '../platform/db.js';
import { levelReason, overrideReason } from '../finance/resolver.js';
import { insertPropertyRenewalDemo, renewalDemoContracts } from './renewals/seed.js';

/**
 * The demo bonus-malus registry: drivers the calculator finds by licence (any other licence is class 3).
 * Licences are stored as the schema normalises them: series and number without the space, Cyrillic letters.
 */
export const DEMO_KBM_DRIVERS: [licence: string, kbmClass: string, fullName: string, birthDate: string][] = [
  ['7700123456', '13', 'Петров Сергей Иванович', '1978-04-12'],
  ['77АВ123456', '10', 'Смирнова Анна Петровна', '1985-09-30'],
  ['78ОК654321', '6', 'Кузнецов Дмитрий Олегович', '1990-01-15'],
  ['50ММ000777', '1', 'Волков Игорь Андреевич', '1996-07-02'],
  ['16ТТ112233', '0', 'Захаров Ринат Маратович', '1999-11-20'],
  ['66ЕЕ998877', 'M', 'Орлов Павел Сергеевич', '1988-03-08'],
];

/**
 * The file types the demo insurers ask for on an e-OSAGO contract (a real insurer's list comes from its
 * integration; these are the documents the e-OSAGO application names). The first demo insurer also asks
 * for photos of the car, so the lists differ by insurer.
 */
export const DEMO_FILE_TYPES = [
  'Паспорт собственника',
  'Паспорт страхователя',
  'Свидетельство о регистрации ТС',
  'Паспорт ТС (ПТС или ЭПТС)',
  'Водительское удостоверение',
  'Диагностическая карта',
  'Другое',
];
export const DEMO_EXTRA_FILE_TYPE = 'Фото автомобиля';

/** How many demo contracts, over how many days back. */
export const DEMO_CONTRACTS = { count: 300, spanDays: 120 };
/** The demo agents who sell (the sub-agent's sales show to the network owner; agent0… fill the lists). */
const SELLERS = ['agent', 'owner', 'subagent', 'broker', 'newagent', 'agent0', 'agent1', 'agent2', 'agent3', 'agent4', 'agent5', 'agent6'];

export async function seedSales(q: Queryable, demo: DemoSeed) {
  for (const [licence, kbmClass, fullName, birthDate] of DEMO_KBM_DRIVERS) {
    await q.query('INSERT INTO kbm_registry (licence, kbm_class, full_name, birth_date) VALUES ($1, $2, $3, $4)', [licence, kbmClass, fullName, birthDate]);
  }
  const companies = await q.query<{ id: string; id_unicus: string; short_name: string }>("SELECT id, id_unicus, short_name FROM companies WHERE kind = 'insurer' ORDER BY id_unicus");
  const agents = SELLERS.map((k) => demo.users[k]).filter(Boolean);
  const byCode = Object.fromEntries(companies.map((c) => [c.id_unicus, { id: c.id, name: c.short_name }]));
  const rows = demoContracts({
    ...DEMO_CONTRACTS,
    agents,
    companies: byCode,
    now: new Date(Date.now() - 3_600_000),
    seed: 11,
    idOf: () => newId(),
  });
  // Renewals: agent@'s policies ending in the next 45 days (renewals/seed.ts).
  if (demo.users.agent) rows.push(...renewalDemoContracts({ agentId: demo.users.agent, companies: byCode, idOf: () => newId() }));
  await insertContracts(q, rows);
  if (demo.users.agent && byCode.ingos) await insertPropertyRenewalDemo(q, { agentId: demo.users.agent, company: byCode.ingos, id: newId() });
  const codeById = new Map(companies.map((c) => [c.id, c.id_unicus]));
  await insertInsurerCalls(q, demoInsurerCalls(rows, (id) => codeById.get(id) ?? 'demo', 12));
  for (const [k, c] of companies.entries()) {
    // Every demo insurer sells e-KASKO and asks for its inspection photos (shared-kit KASKO_PHOTO_TYPES).
    for (const name of [...(k === 0 ? [...DEMO_FILE_TYPES, DEMO_EXTRA_FILE_TYPE] : DEMO_FILE_TYPES), ...KASKO_PHOTO_TYPES]) {
      await q.query('INSERT INTO company_file_types (id, company_id, name) VALUES ($1, $2, $3)', [newId(), c.id, name]);
    }
  }
  // The demo contracts already paid have their ledger rows, as if paid through the api (the rates: finance's
  // seed), each with the reason the resolver gives (a level's rate, or the override).
  const reasons = await q.query<{ level: 0 | 1 | 2 | 3; rate_bp: number; from: string }>('SELECT DISTINCT level, rate_bp, valid_from::text AS from FROM commission_rates');
  const reasonOf = JSON.stringify(Object.fromEntries(reasons.map((r) => [`${r.level}:${r.rate_bp}:${r.from}`, r.level === 0 ? overrideReason(r.rate_bp, r.from) : levelReason(r.level, r.rate_bp, r.from)])));
  await q.query(
    `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, rate_reason, base_kopecks, amount_kopecks, at)
     SELECT c.id, c.agent_id, 'commission', r.rate_bp, $1::jsonb ->> concat_ws(':', r.level, r.rate_bp, r.valid_from::text), c.premium, (c.premium * r.rate_bp + 5000) / 10000, c.updated_at
       FROM contracts c JOIN users u ON u.id = c.agent_id
       JOIN commission_rates r ON r.company_id = c.company_id AND r.product = c.product AND r.level = u.rating_level AND r.valid_from <= c.updated_at::date
      WHERE c.status IN (500, 510, 600, 700)
     UNION ALL
     SELECT c.id, u.parent_agent_id, 'override', r.rate_bp, $1::jsonb ->> concat_ws(':', r.level, r.rate_bp, r.valid_from::text), c.premium, (c.premium * r.rate_bp + 5000) / 10000, c.updated_at
       FROM contracts c JOIN users u ON u.id = c.agent_id
       JOIN commission_rates r ON r.company_id = c.company_id AND r.product = c.product AND r.level = 0 AND r.valid_from <= c.updated_at::date
      WHERE c.status IN (500, 510, 600, 700) AND u.parent_agent_id IS NOT NULL AND (u.is_sub_agent OR 'sub_agent' = ANY(u.roles))`,
    [reasonOf],
  );
}
