import {
  CONTRACT_STATUS,
  CONTRACT_STATUS_TITLES,
  CONTRACT_TRANSITIONS,
  FINAL_CONTRACT_STATUSES,
  PAYMENT_LINK_TTL_HOURS,
  paymentLinkExpiry,
  canRemoveContractFile,
  contractActorOf,
  contractTransitionError,
  nextContractStatuses,
  type ContractStatus,
} from './contracts';
import { DEMO_USERS } from '../testing';

const S = CONTRACT_STATUS;
const ALL = Object.values(S) as ContractStatus[];

describe('the contract state machine (§4, issue 11)', () => {
  test('the statuses and their numbers are those of §4', () => {
    expect(ALL).toEqual([100, 105, 106, 120, 130, 125, 210, 215, 220, 225, 250, 500, 510, 600, 700, 10000, 11000]);
    expect(Object.keys(CONTRACT_STATUS_TITLES).map(Number).sort((a, b) => a - b)).toEqual([...ALL].sort((a, b) => a - b));
  });

  test('a policy entered by hand: the agent sends it for review, only staff confirm it (→ paid) or return it to the draft', () => {
    expect(contractTransitionError(100, 130, 'agent')).toBeNull();
    expect(contractTransitionError(130, 500, 'staff')).toBeNull();
    expect(contractTransitionError(130, 100, 'staff')).toBeNull();
    expect(contractTransitionError(130, 500, 'agent')).toBe('Статус «Оплачен» ставит сотрудник брокера');
    expect(contractTransitionError(130, 100, 'agent')).toBe('Статус «Черновик» ставит сотрудник брокера');
    expect(contractTransitionError(130, 10000, 'agent')).toBeNull();
  });

  test('the happy path of an e-OSAGO sale, each step by its actor', () => {
    const path: [ContractStatus, ContractStatus, 'agent' | 'system'][] = [
      [100, 105, 'agent'],
      [105, 106, 'system'],
      [106, 120, 'agent'],
      [120, 125, 'agent'],
      [125, 210, 'system'],
      [210, 215, 'system'],
      [215, 250, 'agent'],
      [250, 500, 'system'],
      [500, 510, 'system'],
      [510, 600, 'system'],
      [600, 700, 'system'],
    ];
    for (const [from, to, by] of path) expect({ from, to, error: contractTransitionError(from, to, by) }).toEqual({ from, to, error: null });
  });

  test('the insurer check: fixing returns to prepared, a failure ends as not released', () => {
    expect(nextContractStatuses(S.awaitingCheck, 'system').sort()).toEqual([S.checkOk, S.needsFixing, S.checkFailed].sort());
    expect(nextContractStatuses(S.needsFixing, 'agent')).toEqual([S.prepared, S.canceled]);
    expect(nextContractStatuses(S.checkFailed, 'system')).toEqual([S.notReleased]);
    expect(nextContractStatuses(S.checkFailed, 'agent')).toEqual([]);
  });

  test('any other move is refused with the Russian reason the api answers with its 409', () => {
    expect(contractTransitionError(S.draft, S.paid, 'system')).toBe('Нельзя перевести договор из статуса «Черновик» в «Оплачен»');
    expect(contractTransitionError(S.ended, S.inAction, 'system')).toBe('Нельзя перевести договор из статуса «Завершён» в «Действует»');
    expect(contractTransitionError(S.waitingPayment, S.paid, 'agent')).toBe('Статус «Оплачен» ставит не пользователь, а система');
    expect(contractTransitionError(S.draft, S.calculating, 'staff')).toBe('Статус «Идёт расчёт» ставит агент, оформляющий договор');
  });

  test('cancel: the agent or staff before payment; after payment staff only (the commission is reversed); never from a final status', () => {
    for (const from of [S.draft, S.calculated, S.prepared, S.awaitingCheck, S.needsFixing, S.waitingPayment]) {
      expect(contractTransitionError(from, S.canceled, 'agent')).toBeNull();
    }
    for (const from of [S.paid, S.released, S.inAction]) {
      expect(contractTransitionError(from, S.canceled, 'agent')).toBe('Отменить оплаченный договор может только сотрудник брокера');
      expect(contractTransitionError(from, S.canceled, 'staff')).toBeNull();
    }
    for (const from of FINAL_CONTRACT_STATUSES) {
      expect({ from, next: ALL.filter((to) => CONTRACT_TRANSITIONS.some((t) => t.from === from && t.to === to)) }).toEqual({ from, next: [] });
    }
  });

  test('every status but the final ones can be left, and every status can be reached from a draft', () => {
    for (const s of ALL.filter((x) => !FINAL_CONTRACT_STATUSES.includes(x))) expect({ s, leaves: CONTRACT_TRANSITIONS.some((t) => t.from === s) }).toEqual({ s, leaves: true });
    const reached = new Set<ContractStatus>([S.draft]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of CONTRACT_TRANSITIONS) if (reached.has(t.from) && !reached.has(t.to)) (reached.add(t.to), (grew = true));
    }
    expect([...reached].sort((a, b) => a - b)).toEqual([...ALL].sort((a, b) => a - b));
  });
});

test('a payment link lives a day, never past the start of the policy (Moscow midnight)', () => {
  const made = new Date('2026-11-20T09:00:00.000Z');
  expect(paymentLinkExpiry(made, '2026-12-01').toISOString()).toBe('2026-11-21T09:00:00.000Z');
  // Starts tomorrow: the link ends at 00:00 Moscow (21:00 UTC today).
  expect(paymentLinkExpiry(made, '2026-11-21').toISOString()).toBe('2026-11-20T21:00:00.000Z');
  expect(PAYMENT_LINK_TTL_HOURS).toBe(24);
});

describe('files on a contract: who removes one, and until when', () => {
  const S = CONTRACT_STATUS;
  it('the agent removes the files they attached, staff any; not once paid, cancelled or not released', () => {
    const agent = { ...DEMO_USERS.agent, _id: 'a'.repeat(24) };
    const admin = { ...DEMO_USERS.admin, _id: 'b'.repeat(24) };
    expect(contractActorOf(agent)).toBe('agent');
    expect(contractActorOf(admin)).toBe('staff');
    expect(canRemoveContractFile(agent, S.calculated, agent._id)).toBe(true);
    expect(canRemoveContractFile(agent, S.waitingPayment, admin._id)).toBe(false);
    expect(canRemoveContractFile(admin, S.waitingPayment, agent._id)).toBe(true);
    for (const s of [S.paid, S.released, S.canceled, S.notReleased]) expect(canRemoveContractFile(admin, s, agent._id)).toBe(false);
  });
});
