import { DEMO_ACCOUNT_KEYS, DEMO_USERS, ROLES, access, actsAsStaff, agentScope, brokerRequestActorOf, contractActorOf, makeUser, type AgentScope, type DemoAccountKey, type Role } from './index';

/**
 * Whose agents a user sees (spec §6) is decided once (scope.ts): the kind, and who acts as the
 * broker's staff. The access flags, the contract's actor and the broker request's reader all take it
 * from there; the api's SQL is generated from the same lists (api/test/platform/scope.test.ts).
 */
const KINDS: Record<DemoAccountKey, AgentScope> = {
  admin: 'all',
  manager: 'all',
  supervisor: 'all',
  supervisorAppointed: 'appointed',
  finance: 'all',
  copywriter: 'own',
  agent: 'own',
  newagent: 'own',
  owner: 'own',
  subagent: 'own',
  broker: 'own',
};

describe('agent scope (spec §6)', () => {
  test.each(DEMO_ACCOUNT_KEYS)('%s', (key) => {
    const user = DEMO_USERS[key];
    expect(agentScope(user)).toBe(KINDS[key]);
    expect(actsAsStaff(user)).toBe(KINDS[key] !== 'own');
    expect(contractActorOf(user)).toBe(KINDS[key] === 'own' ? 'agent' : 'staff');
  });

  test('every set of roles, appointed-only or not: staff are exactly who see all or their appointed agents, and the access flags say the same', () => {
    const disagreements: string[] = [];
    let checked = 0;
    for (let mask = 0; mask < 2 ** ROLES.length; mask++) {
      const roles = ROLES.filter((_, i) => mask & (2 ** i)) as Role[];
      for (const canViewOnlyAppointedAgents of [false, true]) {
        const user = makeUser({ roles, canViewOnlyAppointedAgents });
        const a = access(user);
        const kind = agentScope(user);
        const staff = kind !== 'own';
        // An agent's side on another's request is for whoever is not staff: staff read it or execute it.
        const agentSide = brokerRequestActorOf(user, { agentId: 'x'.repeat(24), executorId: 'y'.repeat(24) }, !staff) === 'agent';
        const answers = {
          actsAsStaff: actsAsStaff(user) === staff,
          'isSeniorStaff || isMage': (a.isSeniorStaff || a.isMage) === staff,
          isAppointedOnly: a.isAppointedOnly === (kind === 'appointed'),
          contractActorOf: contractActorOf(user) === (staff ? 'staff' : 'agent'),
          brokerRequestActorOf: agentSide === !staff,
        };
        for (const [what, agrees] of Object.entries(answers)) if (!agrees) disagreements.push(`${roles.join(',')} appointed-only=${canViewOnlyAppointedAgents}: ${what}`);
        checked++;
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBe(2 ** ROLES.length * 2);
  });

  test('no user, no staff: an anonymous visitor sees only their own (nothing)', () => {
    expect(agentScope(null)).toBe('own');
    expect(actsAsStaff(undefined)).toBe(false);
  });
});
