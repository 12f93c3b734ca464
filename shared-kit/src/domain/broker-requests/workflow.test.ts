import { DEMO_USERS } from '../testing';
import { BROKER_PRODUCTS, BROKER_PRODUCT_TYPES, brokerProductOf } from './products';
import { slaDeadline, slaState, slaText, workingMsBetween } from './sla';
import { BROKER_REQUEST_STATUS_TITLES } from './statuses';
import {
  BROKER_REQUEST_STATUS as S,
  BROKER_REQUEST_TRANSITIONS,
  brokerRequestActorOf,
  brokerRequestStepOf,
  brokerRequestTransitionError,
  nextBrokerRequestStatuses,
} from './workflow';

describe('broker products (spec §2, §9)', () => {
  test('every productType of §2 and the legal-entity products of §9 (20 in its list; the issue counts 19), each with its «до N р.ч.»', () => {
    const seen = ['eosago_a_yl', 'ekasko_a_yl', 'iyl_yl', 'eosago', 'ekasko', 'dsago', 'ipoteka', 'ifl', 'ifl_house', 'dms', 'lpu', 'critical', 'ns', 'nsg', 'isg', 'vzr', 'go_fl', 'other'];
    for (const type of seen) expect({ type, known: BROKER_PRODUCT_TYPES.includes(type) }).toEqual({ type, known: true });
    expect(BROKER_PRODUCTS.filter((p) => p.audience === 'YL')).toHaveLength(20);
    expect(BROKER_PRODUCTS.filter((p) => p.audience === 'FL')).toHaveLength(15);
    expect(new Set(BROKER_PRODUCT_TYPES).size).toBe(BROKER_PRODUCT_TYPES.length);
    expect(brokerProductOf('eosago')).toMatchObject({ slaHours: 2, commission: '10% + бонус', audience: 'FL' });
    expect(brokerProductOf('ekasko')).toMatchObject({ slaHours: 16 });
    expect(brokerProductOf('osgop_yl')).toMatchObject({ title: 'Авто: ОСГОП', slaHours: 16, commission: 'до 8%' });
    expect(brokerProductOf('go_do_yl')).toMatchObject({ title: 'ГО: D&O', slaHours: 24 });
    expect(brokerProductOf('nope')).toBeUndefined();
  });
});

describe('the state machine (§4)', () => {
  test('every status of the table has its Russian title; the happy path runs from draft to complete', () => {
    for (const t of BROKER_REQUEST_TRANSITIONS) {
      expect(BROKER_REQUEST_STATUS_TITLES[t.from]).toBeTruthy();
      expect(BROKER_REQUEST_STATUS_TITLES[t.to]).toBeTruthy();
    }
    const path: [number, number, 'agent' | 'executor'][] = [
      [S.draft, S.sent, 'agent'],
      [S.sent, S.prepared, 'executor'],
      [S.prepared, S.calculating, 'executor'],
      [S.calculating, S.calculated, 'executor'],
      [S.calculated, S.saved, 'executor'],
      [S.saved, S.clientAcceptance, 'executor'],
      [S.clientAcceptance, S.executorAcceptance, 'agent'],
      [S.executorAcceptance, S.paymentChecked, 'executor'],
      [S.paymentChecked, S.complete, 'executor'],
    ];
    for (const [from, to, by] of path) expect({ from, to, error: brokerRequestTransitionError(from as never, to as never, by) }).toEqual({ from, to, error: null });
  });

  test('a move from the wrong status, or by the wrong side, is refused in Russian', () => {
    expect(brokerRequestTransitionError(S.draft, S.complete, 'executor')).toBe('Нельзя перевести запрос из статуса «Черновик» в «Завершён»');
    expect(brokerRequestTransitionError(S.sent, S.prepared, 'agent')).toBe('Перевести запрос в статус «Подготовлен» может только исполнитель');
    expect(brokerRequestTransitionError(S.clientAcceptance, S.executorAcceptance, 'executor')).toBe('Перевести запрос в статус «Ожидает согласия исполнителя» может только агент');
    expect(brokerRequestTransitionError(S.complete, S.notReleased, 'executor')).toMatch(/^Нельзя перевести запрос из статуса «Завершён»/);
  });

  test('the agent withdraws until an offer is accepted; the executor closes any sent one', () => {
    expect(nextBrokerRequestStatuses(S.clientAcceptance, 'agent').sort()).toEqual([S.calculating, S.executorAcceptance, S.notReleased].sort());
    expect(nextBrokerRequestStatuses(S.executorAcceptance, 'agent')).toEqual([]);
    expect(nextBrokerRequestStatuses(S.paymentChecked, 'executor').sort()).toEqual([S.complete, S.notReleased].sort());
  });

  test('statuses to steps: draft, calc, execution, wait-payment, completed', () => {
    expect([50, 100, 110, 125, 150, 180, 200, 300, 325, 350, 500, 11000].map(brokerRequestStepOf)).toEqual([
      'draft', 'draft', 'calc', 'calc', 'calc', 'calc', 'calc', 'execution', 'execution', 'wait-payment', 'completed', 'completed',
    ]);
  });

  test('who acts: admins and supervisors as executors, a manager on their own or an unassigned request, the agent on theirs, a finance controller reads only', () => {
    const request = (executorId: string | null) => ({ agentId: DEMO_USERS.agent._id, executorId });
    expect(brokerRequestActorOf(DEMO_USERS.admin, request('x'), false)).toBe('executor');
    expect(brokerRequestActorOf(DEMO_USERS.supervisor, request('x'), false)).toBe('executor');
    expect(brokerRequestActorOf(DEMO_USERS.manager, request(DEMO_USERS.manager._id), false)).toBe('executor');
    expect(brokerRequestActorOf(DEMO_USERS.manager, request(null), false)).toBe('executor');
    expect(brokerRequestActorOf(DEMO_USERS.manager, request('someone-else'), false)).toBeNull();
    expect(brokerRequestActorOf(DEMO_USERS.agent, request(null), true)).toBe('agent');
    expect(brokerRequestActorOf(DEMO_USERS.finance, request(null), false)).toBeNull();
  });
});

describe('the SLA clock: working hours Mon–Fri 9–18 Moscow', () => {
  const msk = (s: string) => new Date(`${s}+03:00`);
  test('inside a working day the hours simply add up', () => {
    expect(slaDeadline(msk('2026-11-25T10:00:00'), 2)).toEqual(msk('2026-11-25T12:00:00'));
  });
  test('what does not fit in the day goes on the next morning; before 9 starts at 9', () => {
    expect(slaDeadline(msk('2026-11-25T17:00:00'), 2)).toEqual(msk('2026-11-26T10:00:00'));
    expect(slaDeadline(msk('2026-11-25T07:30:00'), 1)).toEqual(msk('2026-11-25T10:00:00'));
    expect(slaDeadline(msk('2026-11-25T10:00:00'), 24)).toEqual(msk('2026-11-27T16:00:00'));
  });
  test('across a weekend: Friday 16:00 + 4 р.ч. is Monday 11:00; a request sent on Saturday starts on Monday at 9', () => {
    expect(slaDeadline(msk('2026-11-27T16:00:00'), 4)).toEqual(msk('2026-11-30T11:00:00'));
    expect(slaDeadline(msk('2026-11-28T12:00:00'), 2)).toEqual(msk('2026-11-30T11:00:00'));
    expect(workingMsBetween(msk('2026-11-27T16:00:00'), msk('2026-11-30T11:00:00'))).toBe(4 * 3_600_000);
  });
  test('remaining time on a card, and an overdue one says by how much (working time only)', () => {
    const sent = msk('2026-11-27T15:00:00'); // Friday, a 4 р.ч. product: 3 hours on Friday, due Monday 10:00
    const friday = slaState(sent, 4, msk('2026-11-27T16:40:00'));
    expect(friday).toMatchObject({ overdue: false, deadline: msk('2026-11-30T10:00:00') });
    expect(slaText(friday)).toBe('осталось 2 р.ч. 20 мин');
    expect(slaText(slaState(sent, 4, msk('2026-11-29T20:00:00')))).toBe('осталось 1 р.ч.'); // Sunday: the clock stands
    const monday = slaState(sent, 4, msk('2026-11-30T11:15:00'));
    expect(monday.overdue).toBe(true);
    expect(slaText(monday)).toBe('просрочен на 1 р.ч. 15 мин');
    // Due Friday 18:00 and looked at on Saturday: overdue, by no working time yet.
    expect(slaText(slaState(msk('2026-11-27T16:00:00'), 2, msk('2026-11-28T12:00:00')))).toBe('срок истёк');
  });
});
