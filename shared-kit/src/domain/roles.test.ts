import {
  AGENT_ROLE_OPTIONS,
  BROKERS_OWNER_ASSIGNABLE_ROLES,
  DEMO_USERS,
  MAX_ROLES,
  ROLE_TEXTS,
  STAFF_ROLE_OPTIONS,
  assignableRoles,
  makeUser,
  roleChangeError,
  type RoleChangeFacts,
  type RoleTarget,
} from './index';

/** Who may set which roles (spec §6): assignableRoles and roleChangeError. */
const NET = '0000000000000000000000bb';
const admin = { ...DEMO_USERS.admin, _id: 'a'.repeat(24) };
const broker = { ...DEMO_USERS.broker, _id: 'b'.repeat(24) };
const agent: RoleTarget = { _id: 'c'.repeat(24), roles: ['agent'], brokerNetworkId: NET };
const facts: RoleChangeFacts = { ownedNetworkId: null, adminCount: 2 };
const brokerFacts: RoleChangeFacts = { ownedNetworkId: NET, adminCount: 2 };

describe('assignable roles (spec §6)', () => {
  test('admin: every option of both lists; broker network owner agent: agent, network owner, sub-agent; others none', () => {
    expect(assignableRoles(admin)).toEqual([...AGENT_ROLE_OPTIONS, ...STAFF_ROLE_OPTIONS]);
    expect(assignableRoles(broker)).toEqual(['agent', 'network_agent_owner', 'sub_agent']);
    for (const key of ['manager', 'supervisor', 'finance', 'copywriter', 'agent', 'newagent', 'owner', 'subagent'] as const) {
      expect({ key, roles: assignableRoles(DEMO_USERS[key]) }).toEqual({ key, roles: [] });
    }
  });

  test('the demo accounts\' role sets are each within one list', () => {
    for (const [key, u] of Object.entries(DEMO_USERS)) {
      if (key === 'newagent') continue; // agent_new is given by the system, not assigned
      expect({ key, err: roleChangeError(admin, agent, u.roles, facts) }).toEqual({ key, err: null });
    }
  });
});

describe('roleChangeError', () => {
  const err = (roles: string[], actor = admin, target = agent, f = facts) => roleChangeError(actor, target, roles, f);

  test('the list: non-empty, at most five after duplicates, only options, one kind', () => {
    expect(err([])).toEqual({ status: 400, message: ROLE_TEXTS.empty });
    expect(err(['anonymous'])).toEqual({ status: 400, message: 'Поле «roles»: роль «Гость» нельзя назначить' });
    expect(err(['agent_new'])).toEqual({ status: 400, message: 'Поле «roles»: роль «Новый агент» нельзя назначить' });
    expect(err(['wizard'])).toEqual({ status: 400, message: 'Поле «roles»: роль «wizard» нельзя назначить' });
    expect(err(Array(5000).fill('agent'))).toBeNull(); // one role, many times
    expect(err([...STAFF_ROLE_OPTIONS, 'admin'])).toBeNull();
    expect(err(['a', 'b', 'c', 'd', 'e', 'f'].slice(0, MAX_ROLES + 1))).toEqual({ status: 400, message: ROLE_TEXTS.tooMany });
    expect(err(['agent', 'admin'])).toEqual({ status: 400, message: ROLE_TEXTS.mixed });
    expect(err(['copywriter', 'network_brokers_owner'])).toEqual({ status: 400, message: ROLE_TEXTS.mixed });
    expect(ROLE_TEXTS.tooMany).toBe('Поле «roles»: не больше 5 ролей');
  });

  test('nobody removes their own admin role as the last admin; with another admin they may', () => {
    const self: RoleTarget = { _id: admin._id, roles: ['admin'], brokerNetworkId: null };
    expect(err(['copywriter'], admin, self, { ownedNetworkId: null, adminCount: 1 })).toEqual({ status: 403, message: ROLE_TEXTS.lastAdmin });
    expect(err(['admin', 'copywriter'], admin, self, { ownedNetworkId: null, adminCount: 1 })).toBeNull();
    expect(err(['copywriter'], admin, self, { ownedNetworkId: null, adminCount: 2 })).toBeNull();
    // Another admin's role may go while the actor stays admin.
    expect(err(['copywriter'], admin, { ...self, _id: 'd'.repeat(24) }, { ownedNetworkId: null, adminCount: 1 })).toBeNull();
  });

  test('a broker network owner: only agents of the network they own, only agent, network owner, sub-agent', () => {
    expect(err(['agent', 'sub_agent'], broker, agent, brokerFacts)).toBeNull();
    expect(err([...BROKERS_OWNER_ASSIGNABLE_ROLES], broker, { ...agent, roles: ['agent_new'] }, brokerFacts)).toBeNull();
    expect(err(['agent', 'network_brokers_owner'], broker, agent, brokerFacts)).toEqual({ status: 403, message: ROLE_TEXTS.brokersOwnerOnly });
    expect(err(['admin'], broker, agent, brokerFacts)).toEqual({ status: 403, message: ROLE_TEXTS.brokersOwnerOnly });
    expect(err(['agent'], broker, { ...agent, brokerNetworkId: 'e'.repeat(24) }, brokerFacts)).toEqual({ status: 403, message: ROLE_TEXTS.notInNetwork });
    expect(err(['agent'], broker, { ...agent, brokerNetworkId: null }, brokerFacts)).toEqual({ status: 403, message: ROLE_TEXTS.notInNetwork });
    expect(err(['agent'], broker, agent, facts)).toEqual({ status: 403, message: ROLE_TEXTS.notInNetwork });
    expect(err(['agent'], broker, { _id: broker._id, roles: broker.roles, brokerNetworkId: NET }, brokerFacts)).toEqual({ status: 403, message: ROLE_TEXTS.notOwnRoles });
    // Another broker owner (or staff) in the network is not the owner's to demote.
    expect(err(['agent'], broker, { ...agent, roles: ['agent', 'network_brokers_owner'] }, brokerFacts)).toEqual({ status: 403, message: ROLE_TEXTS.targetNotAgent });
    expect(ROLE_TEXTS.brokersOwnerOnly).toBe('Поле «roles»: владелец брокерской сети может назначить только роли «Агент», «Владелец сети», «Субагент»');
  });

  test('other accounts assign nothing', () => {
    for (const key of ['manager', 'supervisor', 'finance', 'copywriter', 'agent', 'owner', 'subagent'] as const) {
      expect(err(['agent'], DEMO_USERS[key])?.status).toBe(403);
    }
    // A staff user whose roles make them no broker-owner agent (admin + broker is not an agent).
    expect(err(['agent'], makeUser({ roles: ['agent_manager', 'network_brokers_owner'] }), agent, brokerFacts)?.status).toBe(403);
  });
});
