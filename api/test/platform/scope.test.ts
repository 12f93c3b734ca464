import { CLOSED_BROKER_REQUEST_STATUSES, DEMO_ACCOUNTS, DEMO_ACCOUNT_KEYS, agentScope, type AgentScope, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { newId } from '../../src/platform/db';
import { seesAgentCondition } from '../../src/platform/scope';
import { demoContracts, insertContracts } from '../../src/sales/demo-contracts';
import { BACKENDS, call, signInAll, start, type Running } from '../support';

/**
 * One answer to «whose agents may this user see» (platform/scope.ts): for each of the eleven demo
 * accounts, the scope kind, whether the agents list opens, and that the agents the list returns are
 * exactly the agents whose money get-info-payments counts and whose contracts Полисы lists — the
 * appointed supervisor included.
 *
 * `sees` names the visible agents by email; 'every agent' is every user with role agent or agent_new.
 * The list never shows the caller; the payments count the caller's own money when they are an agent.
 */
type Row = { scope: AgentScope; list: 200 | 403; payments: 200 | 403; sees: 'every agent' | string[] };
const TABLE: Record<DemoAccountKey, Row> = {
  admin: { scope: 'all', list: 200, payments: 200, sees: 'every agent' },
  manager: { scope: 'all', list: 200, payments: 403, sees: 'every agent' },
  supervisor: { scope: 'all', list: 200, payments: 200, sees: 'every agent' },
  supervisorAppointed: { scope: 'appointed', list: 200, payments: 200, sees: ['agent@oyster.test', 'agent1@oyster.test', 'agent6@oyster.test'] },
  finance: { scope: 'all', list: 200, payments: 200, sees: 'every agent' },
  copywriter: { scope: 'own', list: 403, payments: 403, sees: [] },
  agent: { scope: 'own', list: 403, payments: 200, sees: ['agent@oyster.test'] },
  newagent: { scope: 'own', list: 403, payments: 200, sees: ['newagent@oyster.test'] },
  owner: { scope: 'own', list: 200, payments: 200, sees: ['owner@oyster.test', 'subagent@oyster.test', 'agent10@oyster.test', 'agent11@oyster.test'] },
  subagent: { scope: 'own', list: 403, payments: 200, sees: ['subagent@oyster.test'] },
  broker: { scope: 'own', list: 200, payments: 200, sees: ['broker@oyster.test', 'agent@oyster.test', 'agent1@oyster.test', 'agent2@oyster.test'] },
};

describe.each(BACKENDS)('agent scope: the agents list and the payments info agree ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  /** Every agent's email and the one-kopeck-power marker of the payment put on their name. */
  let agents: { id: string; email: string; bit: number }[];

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    // Each agent gets one paid payment of 2^i kopecks this month and nothing else: the sum the payments
    // info reports is then a bitmask of exactly whose money it counted.
    const db = r.oyster.db;
    await db.query('DELETE FROM payments');
    agents = (await db.query<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE 'agent' = ANY(roles) OR 'agent_new' = ANY(roles) ORDER BY email`,
    )).map((a, i) => ({ ...a, bit: 2 ** i }));
    expect(agents).toHaveLength(19);
    for (const a of agents) {
      await db.query(`INSERT INTO payments (id, agent_id, status, amount_kopecks) VALUES ($1, $2, 'paid', $3)`, [newId(), a.id, a.bit]);
    }
    // And one contract each, nothing else.
    await db.query('DELETE FROM commission_ledger');
    await db.query('DELETE FROM contracts');
    const companies = await db.query<{ id: string; id_unicus: string; short_name: string }>('SELECT id, id_unicus, short_name FROM companies');
    const contracts = demoContracts({
      count: agents.length,
      agents: ['-'],
      companies: Object.fromEntries(companies.map((c) => [c.id_unicus, { id: c.id, name: c.short_name }])),
      now: new Date(),
      spanDays: 30,
      seed: 1,
      idOf: () => newId(),
    }).map((c, i) => ({ ...c, agentId: agents[i].id }));
    await insertContracts(db, contracts);
  });
  afterAll(() => r.stop());

  const everyAgent = () => agents.map((a) => a.email).sort();

  test.each(DEMO_ACCOUNT_KEYS)('%s', async (key) => {
    const row = TABLE[key];
    const token = tokens[key];
    const me = (await call(r.url, 'GET', '/api/v2/auth/get-user', { token })).body.user;
    expect(agentScope(me)).toBe(row.scope);
    const sees = (row.sees === 'every agent' ? everyAgent() : [...row.sees]).sort();

    // The agents list: everyone in scope but the caller.
    const list = await call(r.url, 'POST', '/api/v2/agents/', { token, body: { pageSize: 100 } });
    expect(list.status).toBe(row.list);
    const listed = row.list === 200 ? (list.body.data.agents as { email: string }[]).map((a) => a.email).sort() : null;
    if (listed) expect(listed).toEqual(sees.filter((e) => e !== DEMO_ACCOUNTS[key].email));

    // Полисы: exactly the contracts of the agents in scope (the copywriter has no Полисы).
    const contracts = await call(r.url, 'GET', '/api/v2/contracts?limit=100', { token });
    expect(contracts.status).toBe(key === 'copywriter' ? 403 : 200);
    if (contracts.status === 200) {
      const emailOf = new Map(agents.map((a) => [a.id, a.email]));
      expect((contracts.body.data.items as { agent: { id: string } }[]).map((c) => emailOf.get(c.agent.id)).sort()).toEqual(sees);
    }

    // The payments info: decode whose money it summed.
    const info = await call(r.url, 'GET', '/api/v2/get-info-payments/', { token });
    expect(info.status).toBe(row.payments);
    if (row.payments !== 200) return;
    const mask = info.body.data.currentProfit as number;
    const counted = agents.filter((a) => (mask & a.bit) !== 0).map((a) => a.email).sort();
    expect(counted).toEqual(sees);
    expect(info.body.data.countPayment).toBe(sees.length);
    // The two answers agree: the list plus the caller (when an agent) is what the money is counted for.
    if (listed) expect(counted).toEqual([...listed, ...(everyAgent().includes(me.email) ? [me.email] : [])].sort());

    // Open broker requests and app registrations are counted over the same agents.
    const [{ br, apps }] = await r.oyster.db.query<{ br: number; apps: number }>(
      `SELECT (SELECT count(*)::int FROM broker_requests b JOIN users u ON u.id = b.agent_id
                WHERE u.email = ANY($1) AND b.status <> ALL($2)) AS br,
              (SELECT count(*)::int FROM app_registrations x JOIN users u ON u.id = x.agent_id WHERE u.email = ANY($1)) AS apps`,
      [sees, CLOSED_BROKER_REQUEST_STATUSES],
    );
    expect(info.body.data).toMatchObject({ openedBRCount: br, appRegistrations: apps });

    // The rule turned round (seesAgentCondition: «may this user see agent X», for telling staff about
    // one agent's object) answers the same for every agent.
    const turned = await r.oyster.db.query<{ email: string }>(
      `SELECT a.email FROM users a, users u WHERE u.id = $1 AND ('agent' = ANY(a.roles) OR 'agent_new' = ANY(a.roles)) AND ${seesAgentCondition('u', 'a.id')} ORDER BY a.email`,
      [me._id],
    );
    expect(turned.map((x) => x.email).sort()).toEqual(sees);
  });
});
