import {
  BROKER_REQUEST_STATUS as BR,
  CLOSED_BROKER_REQUEST_STATUSES,
  DEMO_ACCOUNTS,
  DEMO_ACCOUNT_KEYS,
  ROLES,
  access,
  actsAsStaff,
  agentScope,
  contractActorOf,
  isChatStaff,
  isClientChatStaff,
  nextContractStatuses,
  type AgentScope,
  type ChatSide,
  type ConversationType,
  type DemoAccountKey,
  type Role,
  type SessionUser,
} from '@oyster/shared-kit/domain';
import { escalateOverdue } from '../../src/broker-requests/escalation';
import { queueWorkers } from '../../src/broker-requests/events';
import { sideOf, staffOf } from '../../src/communications/chats/store';
import { newId } from '../../src/platform/db';
import { agentScopeSql, seesAgentCondition, viewersOfAgent } from '../../src/platform/scope';
import { demoContracts, insertContracts } from '../../src/sales/demo-contracts';
import { BACKENDS, call, signInAll, start, type Running } from '../support';

/**
 * One answer to «whose agents may this user see» (shared-kit scope.ts, in SQL platform/scope.ts): for
 * each of the eleven demo accounts, the scope kind, whether the agents list opens, and that the agents
 * the list returns are exactly the agents whose money get-info-payments counts and whose contracts
 * Полисы lists — the appointed supervisor included. Then every other caller of the rule, against every
 * agent, gives the same set: the rule turned round (seesAgentCondition, viewersOfAgent) and its SQL kind; a chat's
 * sides (sideOf, and who is told: staffOf); broker requests as staff read them (sent ones) and as agents
 * (all but blanks), the queue's workers told of a move and the supervisors told of a late one; a
 * contract as staff or as its agent (contractActorOf) — each on the same visible set.
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

  /** Each agent's broker requests: one sent (and late), one withdrawn as a draft, never sent. */
  let requests: { agentId: string; sent: string; withdrawn: string; number: number }[];
  /** Who each request's move is pushed to (the queue's workers), who was told each sent one is late. */
  let workers: Map<string, string[]>;
  let lateTold: Map<number, string[]>;
  /** Who may see each agent, as the domains' telling asks it (viewersOfAgent, nobody left out). */
  let viewers: Map<string, string[]>;
  /** Who is on the staff side of each agent's chats (staffOf), by chat type. */
  let chatStaff: Map<string, string[]>;
  const CHAT_TYPES: ConversationType[] = ['support', 'client'];

  beforeAll(async () => {
    r = await start(backend);
    // Every account of the broker's own (is_personal) chats with agents and clients here, so the chats'
    // staff side is tried on each kind of scope (the demo gives it to the admin and a manager only).
    await r.oyster.db.query('UPDATE users SET can_chat_with_agents = true, can_chat_with_clients = true WHERE is_personal');
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    // Each agent gets one ledger line of 2^i kopecks this month and nothing else (below): the sum the
    // payments info reports is then a bitmask of exactly whose money it counted.
    const db = r.oyster.db;
    agents = (await db.query<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE 'agent' = ANY(roles) OR 'agent_new' = ANY(roles) ORDER BY email`,
    )).map((a, i) => ({ ...a, bit: 2 ** i }));
    expect(agents).toHaveLength(19);
    // And one contract each, nothing else.
    // TRUNCATE, not DELETE: a paid payout's lines are locked against deletes (migration 22's trigger). The
    // month sums staff's КВ totals read (commission_ledger_months) stay right: migration 24's TRUNCATE trigger
    // on payout_lines zeroes their paid sums, the DELETE's statement trigger takes the lines away.
    await db.query('TRUNCATE payout_lines, payouts, payout_registers');
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
    // Each agent's contract paid this month, its commission the agent's bit.
    for (const [i, a] of agents.entries()) {
      await db.query(`INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks) VALUES ($1, $2, 'commission', 1000, $3, $3)`, [contracts[i].id, a.id, a.bit]);
    }
    // Broker requests: each agent's one sent a week ago (late now: escalated once, below) and one
    // draft withdrawn before it was sent (staff never see it).
    requests = [];
    for (const a of agents) {
      const [sent, withdrawn] = [newId(), newId()];
      await db.query(
        `INSERT INTO broker_requests (id, agent_id, created_by, product_id, status, sent_at, sla_due_at) VALUES ($1, $2, $2, 'iyl_yl', $3, now() - interval '7 days', now() - interval '1 day')`,
        [sent, a.id, BR.sent],
      );
      await db.query(`INSERT INTO broker_requests (id, agent_id, created_by, product_id, status, closed_at, close_reason) VALUES ($1, $2, $2, 'iyl_yl', $3, now(), 'Клиент передумал')`, [withdrawn, a.id, BR.notReleased]);
      const [{ number }] = await db.query<{ number: string }>('SELECT number FROM broker_requests WHERE id = $1', [sent]);
      requests.push({ agentId: a.id, sent, withdrawn, number: Number(number) });
    }
    workers = new Map();
    for (const q of requests) for (const id of [q.sent, q.withdrawn]) workers.set(id, await queueWorkers(db, id));
    await escalateOverdue({ db, rt: r.oyster.realtime, unread: r.oyster.unread } as never);
    lateTold = new Map();
    for (const q of requests) {
      const told = await db.query<{ user_id: string }>('SELECT user_id FROM notifications WHERE title = $1', [`Запрос № ${q.number} просрочен`]);
      lateTold.set(q.number, told.map((n) => n.user_id));
    }
    viewers = new Map();
    for (const a of agents) viewers.set(a.id, await viewersOfAgent(db, a.id, () => true));
    chatStaff = new Map();
    for (const a of agents) for (const type of CHAT_TYPES) chatStaff.set(`${type} ${a.id}`, await staffOf(db, { type, agentId: a.id }));
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
    if (row.payments === 200) {
      const mask = info.body.data.currentProfit as number;
      const counted = agents.filter((a) => (mask & a.bit) !== 0).map((a) => a.email).sort();
      expect(counted).toEqual(sees);
      expect(info.body.data.countPayment).toBe(sees.length);
      // The two answers agree: the list plus the caller (when an agent) is what the money is counted for.
      if (listed) expect(counted).toEqual([...listed, ...(everyAgent().includes(me.email) ? [me.email] : [])].sort());

      // Open broker requests and app registrations are counted over the same agents.
      // (What the «Запросы» list holds: staff count only requests sent to the broker, agents all but blanks.)
      const [{ br, apps }] = await r.oyster.db.query<{ br: number; apps: number }>(
        `SELECT (SELECT count(*)::int FROM broker_requests b JOIN users u ON u.id = b.agent_id
                  WHERE u.email = ANY($1) AND b.status <> ALL($2) AND b.status <> 50 AND ($3::boolean IS FALSE OR (b.sent_at IS NOT NULL AND b.status <> 100))) AS br,
                (SELECT count(*)::int FROM app_registrations x JOIN users u ON u.id = x.agent_id WHERE u.email = ANY($1)) AS apps`,
        [sees, CLOSED_BROKER_REQUEST_STATUSES, actsAsStaff(me)],
      );
      expect(info.body.data).toMatchObject({ openedBRCount: br, appRegistrations: apps });
    }

    // The rule turned round (seesAgentCondition: «may this user see agent X», for telling staff about
    // one agent's object; as users, viewersOfAgent) answers the same for every agent.
    const turned = await r.oyster.db.query<{ email: string }>(
      `SELECT a.email FROM users a, users u WHERE u.id = $1 AND ('agent' = ANY(a.roles) OR 'agent_new' = ANY(a.roles)) AND ${seesAgentCondition('u', 'a.id')} ORDER BY a.email`,
      [me._id],
    );
    expect(turned.map((x) => x.email).sort()).toEqual(sees);
    expect(agents.filter((a) => viewers.get(a.id)!.includes(me._id)).map((a) => a.email).sort()).toEqual(sees);
    // Its kind in SQL is agentScope's.
    const [{ kind }] = await r.oyster.db.query<{ kind: string }>(`SELECT ${agentScopeSql('u')} AS kind FROM users u WHERE u.id = $1`, [me._id]);
    expect(kind).toBe(row.scope);

    const user = me as SessionUser;
    const staff = actsAsStaff(user);
    expect(staff).toBe(row.scope !== 'own');
    const seen = (agentId: string) => sees.includes(agents.find((a) => a.id === agentId)!.email);

    // Chats: the agent side of their own, the staff side of a seen agent's for those who chat with
    // agents (clients), nobody's else; and the staff told of each chat are exactly its staff side.
    const sides: string[] = [];
    const expected: string[] = [];
    for (const a of agents) {
      for (const type of CHAT_TYPES) {
        const side = await sideOf(r.oyster.db, { user }, { type, agentId: a.id });
        const chatsAsStaff = type === 'client' ? isClientChatStaff(user) : isChatStaff(user);
        const want: ChatSide | null = type !== 'client' && a.id === me._id ? 'agent' : chatsAsStaff && seen(a.id) ? 'staff' : null;
        const told = chatStaff.get(`${type} ${a.id}`)!.includes(me._id);
        sides.push(`${type} ${a.email}: ${side}, told as staff ${told}`);
        expected.push(`${type} ${a.email}: ${want}, told as staff ${want === 'staff'}`);
      }
    }
    expect(sides).toEqual(expected);

    // Broker requests: staff open and list the sent ones of the agents they see, agents also their
    // withdrawn drafts; the queue's workers told of a move and the supervisors told of a late one are
    // those who may open it; the withdrawn draft is nobody's news.
    const a = access(user);
    const listedRequests = await call(r.url, 'GET', '/api/v2/broker-requests?limit=100', { token });
    expect(listedRequests.status).toBe(a.canSeeBrokerRequests ? 200 : 403);
    const listedIds = new Set<string>(listedRequests.status === 200 ? listedRequests.body.data.items.map((i: { id: string }) => i.id) : []);
    const got: string[] = [];
    const want: string[] = [];
    for (const q of requests) {
      const email = agents.find((x) => x.id === q.agentId)!.email;
      for (const [what, id] of [['sent', q.sent], ['withdrawn', q.withdrawn]] as const) {
        const opens = a.canSeeBrokerRequests && seen(q.agentId) && (what === 'sent' || !staff);
        const status = (await call(r.url, 'GET', `/api/v2/broker-requests/${id}`, { token })).status;
        const queue = workers.get(id)!.includes(me._id);
        got.push(`${what} of ${email}: ${status}, listed ${listedIds.has(id)}, queue told ${queue}`);
        want.push(`${what} of ${email}: ${!a.canSeeBrokerRequests ? 403 : opens ? 200 : 404}, listed ${opens}, queue told ${opens && a.canExecuteBrokerRequests}`);
      }
      got.push(`late of ${email}: told ${lateTold.get(q.number)!.includes(me._id)}`);
      want.push(`late of ${email}: told ${seen(q.agentId) && (a.isSupervisor || a.isAdmin)}`);
    }
    expect(got).toEqual(want);

    // A contract: opened by whoever sees its agent, moved as staff or as its agent.
    expect(contractActorOf(user)).toBe(staff ? 'staff' : 'agent');
    if (contracts.status === 200) {
      const ids = await r.oyster.db.query<{ id: string; agent_id: string; status: number }>('SELECT id, agent_id, status FROM contracts');
      const opened: string[] = [];
      const wanted: string[] = [];
      for (const c of ids) {
        const res = await call(r.url, 'GET', `/api/v2/contracts/${c.id}`, { token });
        opened.push(`${c.id}: ${res.status} ${JSON.stringify(res.body.data?.next ?? null)}`);
        wanted.push(`${c.id}: ${seen(c.agent_id) ? `200 ${JSON.stringify(nextContractStatuses(c.status as never, staff ? 'staff' : 'agent'))}` : '404 null'}`);
      }
      expect(opened).toEqual(wanted);
    }
  });

  test('the SQL kind (agentScopeSql) is agentScope for every set of roles, appointed-only or not', async () => {
    const users: { i: number; roles: Role[]; can_view_only_appointed_agents: boolean }[] = [];
    for (let mask = 0; mask < 2 ** ROLES.length; mask++) {
      const roles = ROLES.filter((_, i) => mask & (2 ** i)) as Role[];
      for (const appointed of [false, true]) users.push({ i: users.length, roles, can_view_only_appointed_agents: appointed });
    }
    const kinds = await r.oyster.db.query<{ kind: AgentScope }>(
      `SELECT ${agentScopeSql('u')} AS kind FROM jsonb_to_recordset($1::jsonb) AS u(i int, roles text[], can_view_only_appointed_agents boolean) ORDER BY u.i`,
      [JSON.stringify(users)],
    );
    const disagree = users.filter((u, i) => kinds[i].kind !== agentScope({ roles: u.roles, canViewOnlyAppointedAgents: u.can_view_only_appointed_agents }));
    expect(disagree).toEqual([]);
    expect(kinds).toHaveLength(2 ** ROLES.length * 2);
  });
});
