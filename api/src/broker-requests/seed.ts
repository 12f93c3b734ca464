import { BROKER_REQUEST_STATUS as S, brokerProductOf, slaDeadline, type BrokerFormValues, type BrokerRequestStatus } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import type { DemoSeed } from '../platform/context.js';
import { clientNameOf } from './store.js';

/**
 * Demo broker requests: the same seven the counters have always counted (manager@ executes three open
 * ones — his badge shows 3 — and finished one; manager2@ has one open and one not released; one
 * draft), now with their forms filled, the history that brought them to their status, the SLA clock
 * from when they were sent, and the insurers' offers where the executor has made them.
 */

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

const company = (name: string, inn: string, activity: string, contact: [string, string]): BrokerFormValues => ({
  companyName: name,
  companyInn: inn,
  companyActivity: activity,
  companyAddress: 'г Москва, ул Тверская, д 7',
  orderOption: 'ЧГ',
  contactLastName: contact[0],
  contactFirstName: contact[1],
  contactPhone: '+7 (916) 555-12-34',
});
const client = (last: string, first: string, middle: string, birth: string): BrokerFormValues => ({
  clientLastName: last,
  clientFirstName: first,
  clientMiddleName: middle,
  clientBirthDate: birth,
  clientPhone: '+7 (903) 123-45-67',
  clientAddress: 'г Москва, ул Тверская, д 7, кв 12',
});
const term = (start: string): BrokerFormValues => ({ startDate: start, periodMonths: '12 мес.' });

interface DemoRequest {
  agent: string;
  executor: string | null;
  product: string;
  status: BrokerRequestStatus;
  daysAgo: number;
  values: BrokerFormValues;
  /** Offers the executor made: insurer code, premium in integer kopecks, commission per cent. */
  offers?: [string, number, number, string][];
  /** The offer (by index) the agent accepted. */
  accepted?: number;
  reason?: string;
}

const DEMO: DemoRequest[] = [
  {
    agent: 'agent', executor: 'manager', product: 'ekasko', status: S.calculating, daysAgo: 0,
    values: { vehicleMake: 'Toyota', vehicleModel: 'Camry', vehicleYear: '2022', vehiclePowerHp: '200', vehiclePlate: 'А123ВС777', vehiclePrice: '3200000', antiTheft: 'Спутниковая', credit: '1', ...client('Смирнова', 'Анна', 'Петровна', '1985-09-30'), unrestricted: '0', drivers: [{ fio: 'Смирнова Анна Петровна', birthDate: '1985-09-30', experienceSince: '2005-06-01', licence: '7700 123456' }], coverage: 'Ущерб и хищение', ...term('2026-12-01') },
  },
  {
    agent: 'agent0', executor: 'manager', product: 'dms', status: S.clientAcceptance, daysAgo: 1,
    values: { outpatient: '1', inpatient: '1', dentistry: '0', emergency: '1', clinicRegion: 'Москва', insured: [{ fio: 'Козлов Игорь Викторович', birthDate: '1979-03-14' }, { fio: 'Козлова Марина Олеговна', birthDate: '1982-11-02' }], ...client('Козлов', 'Игорь', 'Викторович', '1979-03-14'), ...term('2026-12-10') },
    offers: [['sogaz', 86400_00, 20, 'Поликлиника и стационар в сети «Медси», скорая помощь по Москве'], ['ingos', 92750_00, 22, 'Поликлиника «Клиника Фомина», стационар по направлению, скорая помощь']],
  },
  {
    agent: 'subagent', executor: 'manager', product: 'ipoteka', status: S.sent, daysAgo: 2,
    values: { bank: 'Сбербанк', loanBalance: '6450000', loanDate: '2023-04-18', propertyType: 'Квартира', propertyAddress: 'г Москва, ул Профсоюзная, д 56, кв 140', propertyYear: '2015', ...client('Орлов', 'Павел', 'Сергеевич', '1990-07-21'), riskLife: '1', riskProperty: '1', riskTitle: '0' },
  },
  {
    agent: 'agent', executor: 'manager', product: 'eosago', status: S.complete, daysAgo: 3,
    values: { vehicleMake: 'LADA', vehicleModel: 'Vesta', vehicleYear: '2020', vehiclePowerHp: '106', vehicleCategory: 'B', ...client('Иванов', 'Сергей', 'Олегович', '1988-02-11'), unrestricted: '1', ...term('2026-11-25') },
    offers: [['reso', 7940_00, 10, 'Е-ОСАГО, без ограничения списка водителей']], accepted: 0,
  },
  {
    agent: 'owner', executor: 'manager2', product: 'ifl', status: S.calculated, daysAgo: 5,
    values: { propertyAddress: 'г Москва, ул Ленинская Слобода, д 19, кв 31', area: '64', buildYear: '2008', woodenFloors: '0', sumFinish: '1500000', sumMovables: '700000', sumLiability: '500000', ...client('Кузьмина', 'Елена', 'Игоревна', '1976-05-09'), ...term('2026-12-01') },
    offers: [['alfa', 6200_00, 30, 'Отделка, движимое имущество и ответственность перед соседями']],
  },
  {
    agent: 'broker', executor: 'manager2', product: 'go_fl', status: S.notReleased, daysAgo: 40,
    values: { liability: 'Домашнее животное', limit: '300000', ...client('Белов', 'Андрей', 'Николаевич', '1983-12-01'), ...term('2026-10-20') },
    reason: 'Клиент застраховал ответственность в другой компании',
  },
  {
    agent: 'agent', executor: null, product: 'vzr', status: S.draft, daysAgo: 1,
    values: { countries: 'Турция', tripStart: '2026-12-20', tripEnd: '2027-01-05', multiTrip: '0', sport: '0' },
  },
];

/** The moves that bring a request to `status`, each with who made it. */
function pathTo(status: BrokerRequestStatus): [BrokerRequestStatus, 'agent' | 'executor'][] {
  const happy: [BrokerRequestStatus, 'agent' | 'executor'][] = [
    [S.sent, 'agent'], [S.prepared, 'executor'], [S.calculating, 'executor'], [S.calculated, 'executor'], [S.saved, 'executor'],
    [S.clientAcceptance, 'executor'], [S.executorAcceptance, 'agent'], [S.paymentChecked, 'executor'], [S.complete, 'executor'],
  ];
  if (status === S.draft) return [];
  if (status === S.notReleased) return [...happy.slice(0, 3), [S.notReleased, 'executor']];
  return happy.slice(0, happy.findIndex(([s]) => s === status) + 1);
}

export async function seedBrokerRequests(q: Queryable, demo: DemoSeed, now = Date.now()) {
  const ids = demo.users;
  const companies = Object.fromEntries((await q.query<{ id: string; id_unicus: string }>('SELECT id, id_unicus FROM companies')).map((c) => [c.id_unicus, c.id]));
  for (const d of DEMO) {
    const id = newId();
    const product = brokerProductOf(d.product)!;
    const created = now - d.daysAgo * DAY - 2 * HOUR;
    const moves = pathTo(d.status);
    // Sent an hour after it was made; each later move half an hour after the one before.
    const at = (i: number) => new Date(created + HOUR + i * 30 * 60 * 1000);
    const sentAt = moves.length ? at(0) : null;
    const closed = d.status === S.complete || d.status === S.notReleased ? at(moves.length - 1) : null;
    const offerIds = (d.offers ?? []).map(() => newId());
    await q.query(
      `INSERT INTO broker_requests (id, agent_id, created_by, executor_id, product_id, status, form, client_name, created_at, updated_at, sent_at, sla_hours, sla_due_at, closed_at, close_reason, escalated_at)
       VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id, ids[d.agent], d.executor ? ids[d.executor] : null, d.product, d.status, JSON.stringify(d.values), clientNameOf(d.values), new Date(created).toISOString(),
        sentAt?.toISOString() ?? null, product.slaHours, sentAt ? slaDeadline(sentAt, product.slaHours).toISOString() : null, closed?.toISOString() ?? null, d.reason ?? null,
        // The demo's late requests are not news to the supervisors: already told.
        sentAt && slaDeadline(sentAt, product.slaHours).getTime() < now ? new Date(now).toISOString() : null,
      ],
    );
    await q.query(`INSERT INTO broker_request_history (request_id, from_status, to_status, actor, user_id, note, created_at) VALUES ($1, NULL, $2, 'agent', $3, 'Создан', $4)`, [id, S.draft, ids[d.agent], new Date(created).toISOString()]);
    let from: BrokerRequestStatus = S.draft;
    for (const [i, [to, by]] of moves.entries()) {
      const note = to === S.notReleased ? d.reason ?? null : to === S.executorAcceptance && d.accepted !== undefined ? 'Выбрано предложение страховщика' : null;
      await q.query('INSERT INTO broker_request_history (request_id, from_status, to_status, actor, user_id, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        id, from, to, by, by === 'agent' ? ids[d.agent] : d.executor ? ids[d.executor] : null, note, at(i).toISOString(),
      ]);
      from = to;
    }
    for (const [i, [code, premiumKopecks, percent, conditions]] of (d.offers ?? []).entries()) {
      await q.query('INSERT INTO broker_request_offers (id, request_id, company_id, premium_kopecks, commission_percent, conditions, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
        offerIds[i], id, companies[code], premiumKopecks, percent, conditions, d.executor ? ids[d.executor] : null, at(2).toISOString(),
      ]);
    }
    if (d.accepted !== undefined) await q.query('UPDATE broker_requests SET accepted_offer_id = $2 WHERE id = $1', [id, offerIds[d.accepted]]);
  }
}
