import { CONTRACT_STATUS as S, PLATE_LETTERS, addCalendarDays, policyTerm, rateOsago, type ContractStatus, type EosagoContractDetails, type OsagoCalculateRequest, type OsagoOffer } from '@oyster/shared-kit/domain';
import type { Queryable } from '../platform/db.js';
import { submission } from './contracts/flow.js';
import { DEMO_INSURERS, DEMO_POLICY_SERIES } from './insurers/demo.js';
import { DEMO_INSURER_RATES_BP } from '../finance/seed.js';
import { moscowToday } from './osago.js';

/**
 * Demo contracts: agents' e-OSAGO sales over the last months in every status, rated by the demo
 * insurers' own rates (so each premium is what the calculator would say), with the status history
 * each status implies. Deterministic (a seeded generator): the same database every start. The
 * 1,000,000-contract bench uses the same rows (bench/contracts-list.mjs).
 */

/** A small deterministic generator (mulberry32). */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = [
  { value: 'г Москва, ул Тверская, д 7', data: { region_kladr_id: '7700000000000', city: 'Москва' }, territory: { region: '77', city: 'Москва' } },
  { value: 'г Санкт-Петербург, Невский пр-кт, д 28', data: { region_kladr_id: '7800000000000', city: 'Санкт-Петербург' }, territory: { region: '78', city: null } },
  { value: 'Респ Татарстан, г Казань, ул Баумана, д 15', data: { region_kladr_id: '1600000000000', city: 'Казань' }, territory: { region: '16', city: 'Казань' } },
  { value: 'Свердловская обл, г Екатеринбург, ул Ленина, д 40', data: { region_kladr_id: '6600000000000', city: 'Екатеринбург' }, territory: { region: '66', city: 'Екатеринбург' } },
  { value: 'Новосибирская обл, г Новосибирск, Красный пр-кт, д 3', data: { region_kladr_id: '5400000000000', city: 'Новосибирск' }, territory: { region: '54', city: 'Новосибирск' } },
];
const CARS: [make: string, model: string, hp: number][] = [
  ['LADA', 'Vesta', 106], ['LADA', 'Granta', 90], ['KIA', 'Rio', 123], ['Hyundai', 'Solaris', 123], ['Volkswagen', 'Polo', 110],
  ['Skoda', 'Octavia', 150], ['Toyota', 'Camry', 181], ['Haval', 'Jolion', 143], ['Chery', 'Tiggo 7 Pro', 147], ['Renault', 'Logan', 82],
];
const LAST = [['Иванов', 'Иванова'], ['Кузнецов', 'Кузнецова'], ['Попов', 'Попова'], ['Васильев', 'Васильева'], ['Соколов', 'Соколова'], ['Михайлов', 'Михайлова'], ['Новиков', 'Новикова'], ['Морозов', 'Морозова']];
const FIRST = [['Алексей', 'Мария'], ['Дмитрий', 'Елена'], ['Сергей', 'Ольга'], ['Андрей', 'Наталья'], ['Михаил', 'Ирина'], ['Артём', 'Анна']];
const MIDDLE = [['Сергеевич', 'Сергеевна'], ['Александрович', 'Александровна'], ['Игоревич', 'Игоревна'], ['Викторович', 'Викторовна']];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** The statuses a demo contract ends in, by weight: most are sold, some wait, some did not happen. */
const OUTCOMES: [ContractStatus, number][] = [
  [S.inAction, 40], [S.released, 8], [S.ended, 6], [S.waitingPayment, 10], [S.calculated, 16], [S.needsFixing, 5], [S.canceled, 8], [S.notReleased, 7],
];

/** The moves that lead to each outcome (the shared-kit table allows each of them). */
const PATHS: Record<number, ContractStatus[]> = {
  [S.calculated]: [S.draft, S.calculating, S.calculated],
  [S.needsFixing]: [S.draft, S.calculating, S.calculated, S.prepared, S.sent, S.awaitingCheck, S.needsFixing],
  [S.waitingPayment]: [S.draft, S.calculating, S.calculated, S.prepared, S.sent, S.awaitingCheck, S.checkOk, S.waitingPayment],
  [S.released]: [S.draft, S.calculating, S.calculated, S.prepared, S.sent, S.awaitingCheck, S.checkOk, S.waitingPayment, S.paid, S.released],
  [S.inAction]: [S.draft, S.calculating, S.calculated, S.prepared, S.sent, S.awaitingCheck, S.checkOk, S.waitingPayment, S.paid, S.released, S.inAction],
  [S.ended]: [S.draft, S.calculating, S.calculated, S.prepared, S.sent, S.awaitingCheck, S.checkOk, S.waitingPayment, S.paid, S.released, S.inAction, S.ended],
  [S.canceled]: [S.draft, S.calculating, S.calculated, S.canceled],
  [S.notReleased]: [S.draft, S.calculating, S.calculated, S.prepared, S.sent, S.awaitingCheck, S.checkFailed, S.notReleased],
};
const AGENT_MOVES = new Set<number>([S.draft, S.calculating, S.prepared, S.sent, S.canceled]);

export interface DemoContract {
  id: string;
  agentId: string;
  companyId: string;
  status: ContractStatus;
  premium: number;
  calculation: OsagoCalculateRequest;
  offer: OsagoOffer;
  details: Partial<EosagoContractDetails>;
  clientName: string | null;
  plate: string | null;
  vin: string | null;
  policyNumber: string | null;
  startDate: string;
  endDate: string;
  paymentToken: string | null;
  createdAt: Date;
  history: { from: ContractStatus | null; to: ContractStatus; at: Date; agent: boolean }[];
}

/**
 * `count` demo contracts of `agents` with the insurers of `companies` (code → id), the newest about
 * `now`, spread over `spanDays`. `idOf(i)` names the i-th (24 hex).
 */
export function demoContracts(opts: { count: number; agents: string[]; companies: Record<string, { id: string; name: string }>; now: Date; spanDays: number; seed: number; idOf: (i: number) => string }): DemoContract[] {
  const rnd = seeded(opts.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const insurers = DEMO_INSURERS.filter((i) => opts.companies[i.code]);
  const weights = OUTCOMES.reduce((s, [, w]) => s + w, 0);
  const out: DemoContract[] = [];
  for (let i = 0; i < opts.count; i++) {
    const createdAt = new Date(opts.now.getTime() - Math.floor(rnd() * opts.spanDays * 86_400_000));
    createdAt.setUTCMilliseconds(0);
    // Days are Moscow's, as the calendar's (flow.ts calendarTick). The term is the policy's year
    // whatever its period of use (shared-kit sales/term.ts): none made in the last year has ended.
    const start = addCalendarDays(moscowToday(createdAt), 1 + Math.floor(rnd() * 10));
    const periodMonths = rnd() < 0.1 ? 6 : 12;
    const endDate = policyTerm(start).to;
    const today = moscowToday(opts.now);
    // The outcome fits the calendar: in force only once started, ended only once over.
    let r = rnd() * weights;
    let status = OUTCOMES.find(([, w]) => (r -= w) < 0)![0];
    if (status === S.ended && endDate >= today) status = S.inAction;
    if (status === S.inAction && start > today) status = S.released;
    if (status === S.released && start <= today) status = S.inAction;
    const insurer = pick(insurers);
    const place = pick(PLACES);
    const [make, model, hp] = pick(CARS);
    const year = 2008 + Math.floor(rnd() * 17);
    const female = rnd() < 0.5 ? 1 : 0;
    const person = { last: pick(LAST)[female], first: pick(FIRST)[female], middle: pick(MIDDLE)[female] };
    const birth = `${1965 + Math.floor(rnd() * 35)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`;
    const calculation: OsagoCalculateRequest = {
      vehicle: { category: 'B', powerHp: hp, ownerType: 'FL', year },
      owner: { address: { value: place.value, data: place.data } },
      unrestricted: true,
      periodMonths,
      startDate: start,
    };
    const rated = rateOsago(
      { category: 'B', ownerType: 'FL', powerHp: hp, territory: place.territory, drivers: 'unrestricted', ownerKbmClass: '3', periodMonths, startDate: start },
      insurer.baseRates.B_FL,
    );
    const company = opts.companies[insurer.code];
    const offer: OsagoOffer = { companyId: company.id, companyName: company.name, premium: rated.premium, coefficients: rated.coefficients, explain: rated.explain, capped: rated.capped, warnings: rated.warnings, commissionPercent: DEMO_INSURER_RATES_BP[insurer.code] / 100 };
    const documented = status !== S.calculated && status !== S.canceled;
    const plate = `${pick([...PLATE_LETTERS])}${String(100 + Math.floor(rnd() * 900))}${pick([...PLATE_LETTERS])}${pick([...PLATE_LETTERS])}${pick(['77', '97', '177', '199', '78', '116', '66', '54'])}`;
    const vin = Array.from({ length: 17 }, () => pick([...VIN_CHARS])).join('');
    const details: Partial<EosagoContractDetails> = documented
      ? {
          vehicle: { plate, vin, make, model, year, document: { type: 'STS', series: `${10 + Math.floor(rnd() * 89)}${10 + Math.floor(rnd() * 89)}`, number: String(100000 + Math.floor(rnd() * 899999)), issuedAt: `${year}-06-15` } },
          owner: {
            lastName: person.last,
            firstName: person.first,
            middleName: person.middle,
            birthDate: birth,
            passport: { series: String(4500 + Math.floor(rnd() * 500)), number: String(100000 + Math.floor(rnd() * 899999)), issuedAt: `${Number(birth.slice(0, 4)) + 20}-03-10`, issuer: 'ГУ МВД России' },
            address: place.value,
          },
          insurantIsOwner: true,
          contacts: { phone: `+7 (9${10 + Math.floor(rnd() * 89)}) ${100 + Math.floor(rnd() * 899)}-${10 + Math.floor(rnd() * 89)}-${10 + Math.floor(rnd() * 89)}`, email: `client${i}@example.ru` },
        }
      : {};
    const path = PATHS[status];
    const history = path.map((to, k) => ({ from: k === 0 ? null : path[k - 1], to, at: new Date(createdAt.getTime() + k * 90_000), agent: AGENT_MOVES.has(to) }));
    const issued = path.includes(S.released);
    out.push({
      id: opts.idOf(i),
      agentId: pick(opts.agents),
      companyId: company.id,
      status,
      premium: rated.premium,
      calculation,
      offer,
      details,
      clientName: documented ? `${person.last} ${person.first} ${person.middle}` : null,
      plate: documented ? plate : null,
      vin: documented ? vin : null,
      policyNumber: issued ? `${DEMO_POLICY_SERIES}${String(7_000_000_000 + opts.seed * 1_000_000 + i).padStart(10, '0')}` : null,
      startDate: start,
      endDate,
      paymentToken: status === S.waitingPayment ? `demo${opts.idOf(i)}` : null,
      createdAt,
      history,
    });
  }
  return out;
}

/** Inserts contracts and their history, a few hundred rows per statement. */
export async function insertContracts(q: Queryable, rows: DemoContract[]) {
  for (let k = 0; k < rows.length; k += 200) {
    const chunk = rows.slice(k, k + 200);
    const params: unknown[] = [];
    const values = chunk.map((c) => {
      const at = params.length;
      params.push(c.id, c.agentId, c.status, c.companyId, c.premium, JSON.stringify(c.calculation), JSON.stringify(c.offer), JSON.stringify(c.details), c.clientName, c.plate, c.vin, c.policyNumber, c.startDate, c.endDate, c.paymentToken, c.createdAt.toISOString(), c.history[c.history.length - 1].at.toISOString(), c.history.find((h) => h.to === S.paid)?.at.toISOString() ?? null);
      return `(${Array.from({ length: 18 }, (_, j) => `$${at + j + 1}`).join(', ')})`;
    });
    await q.query(
      `INSERT INTO contracts (id, agent_id, status, company_id, premium, calculation, offer, details, client_name, plate, vin, policy_number, start_date, end_date, payment_token, created_at, updated_at, paid_at, created_by, product)
       SELECT v.id, v.agent_id, v.status::int, v.company_id, v.premium::bigint, v.calculation::jsonb, v.offer::jsonb, v.details::jsonb, v.client_name, v.plate, v.vin, v.policy_number, v.start_date::date, v.end_date::date, v.payment_token, v.created_at::timestamptz, v.updated_at::timestamptz, v.paid_at::timestamptz, v.agent_id, 'eosago'
         FROM (VALUES ${values.join(', ')}) AS v(id, agent_id, status, company_id, premium, calculation, offer, details, client_name, plate, vin, policy_number, start_date, end_date, payment_token, created_at, updated_at, paid_at)`,
      params,
    );
    const hp: unknown[] = [];
    const hv: string[] = [];
    for (const c of chunk) {
      for (const h of c.history) {
        const at = hp.length;
        hp.push(c.id, h.from, h.to, h.agent ? 'agent' : 'system', h.agent ? c.agentId : null, h.at.toISOString());
        hv.push(`($${at + 1}, $${at + 2}::int, $${at + 3}::int, $${at + 4}, $${at + 5}, $${at + 6}::timestamptz)`);
      }
    }
    await q.query(`INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, at) VALUES ${hv.join(', ')}`, hp);
  }
}

/** A demo insurer's answer to the check that a demo contract in «Требует исправления» got (a data mismatch). */
export const DEMO_FIX_MESSAGE = 'Госномер не совпадает с данными ГИБДД по этому VIN: проверьте госномер и VIN';
/** …and the one a contract «Не выпущен» got. */
export const DEMO_FAILED_MESSAGE = 'ТС числится в розыске: страховщик отказал в заключении договора';

export interface DemoInsurerCall {
  contractId: string;
  companyId: string;
  method: 'prepare' | 'check' | 'paymentLink' | 'issue';
  request: unknown;
  response: unknown;
  durationMs: number;
  at: Date;
}

/**
 * The calls to the insurer that brought each demo contract to its status, as the flow makes and logs
 * them (prepare at «Отправлен», check, payment link, issue), at the times of its history — so SOAP-логи
 * and a contract's «Журнал обращений» show the demo's traffic. Its own generator: the contracts stay as
 * they are. Also each contract's insurer reference and, for 220/225, the insurer's message.
 */
export function demoInsurerCalls(rows: DemoContract[], codeOf: (companyId: string) => string, seed: number) {
  const rnd = seeded(seed);
  const calls: DemoInsurerCall[] = [];
  const contracts: { id: string; insurerRef: string; insurerMessage: string | null }[] = [];
  for (const c of rows) {
    const sent = c.history.find((h) => h.to === S.sent);
    if (!sent) continue;
    const ref = `${codeOf(c.companyId).toUpperCase()}-${c.id.slice(-8)}-${Math.floor(rnd() * 0xffffff).toString(16).padStart(6, '0')}`;
    const sub = submission({ id: c.id, product: 'eosago', premium: c.premium, details: c.details, calculation: c.calculation, offer: null, start_date: c.startDate, end_date: c.endDate, policy_number: c.policyNumber });
    // The demo insurers answer in 0.4–1.5 s.
    const call = (method: DemoInsurerCall['method'], request: unknown, response: unknown, after: Date) =>
      calls.push({ contractId: c.id, companyId: c.companyId, method, request, response, durationMs: 400 + Math.floor(rnd() * 1100), at: new Date(after.getTime() + 1000 + Math.floor(rnd() * 20_000)) });
    const at = (status: ContractStatus) => c.history.find((h) => h.to === status)?.at;
    call('prepare', sub, { ref }, sent.at);
    const fixed = at(S.needsFixing);
    const failed = at(S.checkFailed);
    const ok = at(S.checkOk);
    const verdict = fixed ? { kind: 'fix', message: DEMO_FIX_MESSAGE } : failed ? { kind: 'failed', message: DEMO_FAILED_MESSAGE } : { kind: 'ok' };
    const checkedAt = fixed ?? failed ?? ok;
    if (checkedAt) call('check', { ref, ...sub }, verdict, new Date(checkedAt.getTime() - 30_000));
    const linked = at(S.waitingPayment);
    if (linked) {
      const token = c.paymentToken ?? `demo-paid-${c.id.slice(-12)}`;
      call('paymentLink', { ref, premium: c.premium }, { token, path: `/pay/${token}` }, new Date(linked.getTime() - 30_000));
    }
    const released = at(S.released);
    if (released && c.policyNumber) call('issue', { ref }, { policyNumber: c.policyNumber }, new Date(released.getTime() - 30_000));
    contracts.push({ id: c.id, insurerRef: ref, insurerMessage: fixed ? DEMO_FIX_MESSAGE : failed ? DEMO_FAILED_MESSAGE : null });
  }
  calls.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { calls, contracts };
}

/**
 * Writes the demo's insurer calls (oldest first, so the log's ids follow time) and each contract's reference and message.
 * The payment link answers carry their tokens here: the table's trigger masks them as they are written, like every
 * call's (migration 18), so the demo's log shows what a real one would.
 */
export async function insertInsurerCalls(q: Queryable, made: ReturnType<typeof demoInsurerCalls>) {
  for (let k = 0; k < made.calls.length; k += 200) {
    const params: unknown[] = [];
    const values = made.calls.slice(k, k + 200).map((x) => {
      const at = params.length;
      params.push(x.companyId, x.contractId, x.method, JSON.stringify(x.request), JSON.stringify(x.response), x.durationMs, x.at.toISOString());
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}::jsonb, $${at + 5}::jsonb, $${at + 6}::int, $${at + 7}::timestamptz)`;
    });
    await q.query(`INSERT INTO insurer_calls (company_id, contract_id, method, request, response, duration_ms, at) VALUES ${values.join(', ')}`, params);
  }
  for (const c of made.contracts) {
    await q.query('UPDATE contracts SET insurer_ref = $2, insurer_message = $3 WHERE id = $1', [c.id, c.insurerRef, c.insurerMessage]);
  }
}
