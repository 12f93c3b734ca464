import { BOUGHT_CONTRACT_STATUSES, DEMO_ACCOUNT_KEYS, OYSTER_APP_TEXTS, type DemoAccountKey, type OysterAppClient, type OysterAppClientsPage } from '@oyster/shared-kit/domain';
import { BACKENDS, FORBIDDEN, call, connectSocket, connected, once, startSignedIn, type Res, type SignedInApp } from '../support';

/**
 * Oyster.app's section (issue 25, api/src/sales/oyster-app): the agent's invite code and its rotation, the
 * clients registered through it (the app's integration, communications/routes/client-chats.ts) with what each
 * bought — the agent's paid contracts whose client phone is the client's —, the scope and the refusals.
 */
const TOKEN = 'test-oyster-app-token-issue25';

describe.each(BACKENDS)('Oyster.app: link, registrations, what they bought ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  const register = (appClientId: string, body: Record<string, unknown>): Promise<Res> =>
    call(r.url, 'PUT', `/api/v2/oyster-app/clients/${appClientId}`, { body, headers: { authorization: `Bearer ${TOKEN}` } });
  const list = async (who: DemoAccountKey, query = ''): Promise<OysterAppClientsPage> => {
    const res = await req(who, 'GET', `/api/v2/oyster-app/registrations${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  let agentId: string;
  let ownerId: string;

  beforeAll(async () => {
    r = await startSignedIn(backend, DEMO_ACCOUNT_KEYS, { oysterAppToken: TOKEN, sessionCacheMs: 0 });
    const ids = Object.fromEntries((await r.oyster.db.query<{ email: string; id: string }>('SELECT email, id FROM users')).map((u) => [u.email, u.id]));
    agentId = ids['agent@oyster.test'];
    ownerId = ids['owner@oyster.test'];
  });
  afterAll(() => r.stop());

  test('not for sub-agents and copywriters (§6): 403; an agent has a link of their own, staff none; the counts agree with home’s appRegistrations', async () => {
    for (const who of DEMO_ACCOUNT_KEYS) {
      const res = await req(who, 'GET', '/api/v2/oyster-app/summary');
      if (who === 'subagent' || who === 'copywriter') {
        expect([who, res.status, res.body.message]).toEqual([who, 403, FORBIDDEN.message]);
        continue;
      }
      expect([who, res.status]).toEqual([who, 200]);
      const staff = ['admin', 'manager', 'supervisor', 'supervisorAppointed', 'finance'].includes(who);
      expect([who, res.body.data.code === null]).toEqual([who, staff]);
      if (!staff) expect(res.body.data.code).toMatch(/^[0-9a-f]{16}$/);
      const home = await req(who, 'GET', '/api/v2/get-info-payments/');
      if (home.status === 200) expect([who, res.body.data.registered]).toEqual([who, home.body.data.appRegistrations]);
    }
    expect((await req('agent', 'GET', '/api/v2/oyster-app/summary')).body.data).toMatchObject({ registered: 2 });
    expect((await req('subagent', 'GET', '/api/v2/oyster-app/registrations')).status).toBe(403);
  });

  test('a client registered with the agent’s code is the agent’s, listed first with what they bought (paid contracts with their phone) — live to the agent', async () => {
    const code = (await req('agent', 'GET', '/api/v2/oyster-app/summary')).body.data.code as string;
    const before = (await req('agent', 'GET', '/api/v2/oyster-app/summary')).body.data;
    const [paid] = await r.oyster.db.query<{ id: string; phone: string; premium: string }>(
      `SELECT id, details->'contacts'->>'phone' AS phone, premium::text AS premium FROM contracts
        WHERE agent_id = $1 AND status = ANY($2::int[]) AND details->'contacts'->>'phone' IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
      [agentId, BOUGHT_CONTRACT_STATUSES],
    );
    // The app may send the phone as typed: 8 and spaces instead of +7 (…).
    const typed = `8 ${paid.phone.replace(/\D/g, '').slice(-10)}`;
    const socket = connectSocket(r.url, r.tokens.agent);
    try {
      await connected(socket);
      const event = once(socket, 'app_client_registered');
      const res = await register('app-i25-1', { code, name: 'Громова Вера', phone: typed });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ agentId, name: 'Громова Вера' });
      expect(await event).toEqual({ agentId, clientId: res.body.data.clientId });
    } finally {
      socket.close();
    }
    const page = await list('agent');
    const first = page.items[0];
    expect(first).toMatchObject({ name: 'Громова Вера', agent: { id: agentId, name: 'Иванов Иван Петрович' }, chatId: null, phone: paid.phone.replace(/\D/g, '').slice(-10) });
    expect(first.purchases.map((p) => p.contractId)).toContain(paid.id);
    expect(first.purchases.find((p) => p.contractId === paid.id)!.premiumKopecks).toBe(Number(paid.premium));
    // Every purchase is the agent's, paid, with that phone.
    const mine = await r.oyster.db.query<{ id: string }>(
      `SELECT id FROM contracts WHERE agent_id = $1 AND status = ANY($3::int[]) AND right(regexp_replace(details->'contacts'->>'phone', '[^0-9]', '', 'g'), 10) = $2`,
      [agentId, first.phone, BOUGHT_CONTRACT_STATUSES],
    );
    expect(first.purchases.map((p) => p.contractId).sort()).toEqual(mine.map((m) => m.id).sort().slice(0, 20));
    const after = (await req('agent', 'GET', '/api/v2/oyster-app/summary')).body.data;
    expect([after.registered, after.thisMonth]).toEqual([before.registered + 1, before.thisMonth + 1]);
    expect((await req('agent', 'GET', '/api/v2/get-info-payments/')).body.data.appRegistrations).toBe(after.registered);
    // The same phone at another agent buys nothing of this agent's.
    const ownerCode = (await req('owner', 'GET', '/api/v2/oyster-app/summary')).body.data.code as string;
    expect((await register('app-i25-2', { code: ownerCode, name: 'Громов Олег', phone: typed })).status).toBe(200);
    const owners = (await list('owner', '?search=Громов%20Олег')).items;
    expect(owners.map((c) => [c.name, c.agent.id, c.purchases.filter((p) => mine.some((m) => m.id === p.contractId)).length])).toEqual([['Громов Олег', ownerId, 0]]);
  });

  test('a wrong or malformed code is a 400 in Russian, nothing written; the seeded client without a phone bought nothing we can tell', async () => {
    const count = async () => (await r.oyster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_registrations'))[0].n;
    const n = await count();
    const wrong = await register('app-i25-x', { code: '0123456789abcdef', name: 'Никто' });
    expect([wrong.status, wrong.body.message]).toEqual([400, OYSTER_APP_TEXTS.badCode]);
    const malformed = await register('app-i25-x', { code: 'not-a-code', name: 'Никто' });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Поле «code»: код приглашения из 16 символов 0–9, a–f']);
    const neither = await register('app-i25-x', { name: 'Никто' });
    expect([neither.status, neither.body.message]).toEqual([400, OYSTER_APP_TEXTS.agentOrCode]);
    const code = (await req('agent', 'GET', '/api/v2/oyster-app/summary')).body.data.code as string;
    const phone = await register('app-i25-x', { code, name: 'Никто', phone: '12345' });
    expect([phone.status, phone.body.message]).toEqual([400, 'Поле «phone»: мобильный номер из 10 цифр (можно с +7 или 8 впереди)']);
    // A code and another agent's id disagree: the code's agent is who the link was for.
    const mixed = await register('app-i25-x', { code, agentId: ownerId, name: 'Никто' });
    expect([mixed.status, mixed.body.message]).toEqual([400, OYSTER_APP_TEXTS.badCode]);
    expect(await count()).toBe(n);
    const kravets = (await list('agent', '?search=кравец')).items;
    expect(kravets.map((c) => [c.name, c.phone, c.purchases])).toEqual([['Кравец Мария', null, []]]);
  });

  test('«Обновить ссылку»: a new code, the old link registers nobody (400), the new one does; a second window’s click is a 409; staff have no link (404)', async () => {
    const old = (await req('owner', 'GET', '/api/v2/oyster-app/summary')).body.data.code as string;
    const res = await req('owner', 'POST', '/api/v2/oyster-app/link', { previousCode: old });
    expect(res.status).toBe(200);
    const fresh = res.body.data.code as string;
    expect(fresh).toMatch(/^[0-9a-f]{16}$/);
    expect(fresh).not.toBe(old);
    expect((await req('owner', 'GET', '/api/v2/oyster-app/summary')).body.data.code).toBe(fresh);
    const byOld = await register('app-i25-3', { code: old, name: 'Опоздавший Клиент' });
    expect([byOld.status, byOld.body.message]).toEqual([400, OYSTER_APP_TEXTS.badCode]);
    const byNew = await register('app-i25-3', { code: fresh, name: 'Опоздавший Клиент' });
    expect([byNew.status, byNew.body.data.agentId]).toEqual([200, ownerId]);
    const stale = await req('owner', 'POST', '/api/v2/oyster-app/link', { previousCode: old });
    expect([stale.status, stale.body.message]).toEqual([409, OYSTER_APP_TEXTS.rotateStale]);
    expect((await req('owner', 'GET', '/api/v2/oyster-app/summary')).body.data.code).toBe(fresh);
    const staff = await req('admin', 'POST', '/api/v2/oyster-app/link', { previousCode: fresh });
    expect([staff.status, staff.body.message]).toEqual([404, OYSTER_APP_TEXTS.notAnAgent]);
    const bad = await req('owner', 'POST', '/api/v2/oyster-app/link', {});
    expect([bad.status, bad.body.message]).toEqual([400, 'Поле «previousCode» обязательно']);
    expect((await req('owner', 'GET', '/api/v2/oyster-app/summary')).body.data.code).toBe(fresh);
  });

  test('the link opens the invitation page without an account: who invites and how to join; a replaced, unknown or malformed code says the link is invalid (404)', async () => {
    const page = async (code: string) => {
      const res = await fetch(`${r.url}/oyster-app/i/${code}`);
      return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
    };
    const code = (await req('agent', 'GET', '/api/v2/oyster-app/summary')).body.data.code as string;
    const ok = await page(code);
    expect([ok.status, ok.type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(ok.html).toContain(`<h1>${OYSTER_APP_TEXTS.inviteTitle}</h1>`);
    expect(ok.html).toContain(OYSTER_APP_TEXTS.inviteFrom('Иванов Иван Петрович'));
    expect(ok.html).toContain(code);
    expect(ok.html).not.toContain('<script');
    const rotated = (await req('agent', 'POST', '/api/v2/oyster-app/link', { previousCode: code })).body.data.code as string;
    for (const gone of [code, 'f'.repeat(16), '<b>x</b>', 'abc']) {
      const res = await page(encodeURIComponent(gone));
      expect([res.status, res.html.includes(OYSTER_APP_TEXTS.inviteInvalid)]).toEqual([404, true]);
      expect(res.html).not.toContain('<b>x</b>');
    }
    expect((await page(rotated)).status).toBe(200);
  });

  test('scope: each sees the clients of the agents they see; another agent’s client is a 404; staff filter by agent', async () => {
    const agents = await list('agent');
    const owners = await list('owner');
    expect(agents.items.every((c) => c.agent.id === agentId)).toBe(true);
    expect(owners.items.some((c) => c.agent.id === agentId)).toBe(false);
    const theirs: OysterAppClient = agents.items[0];
    const foreign = await req('owner', 'GET', `/api/v2/oyster-app/registrations/${theirs.id}`);
    expect([foreign.status, foreign.body.message]).toEqual([404, OYSTER_APP_TEXTS.clientNotFound]);
    expect((await req('agent', 'GET', `/api/v2/oyster-app/registrations/${theirs.id}`)).body.data).toEqual(theirs);
    expect((await req('admin', 'GET', `/api/v2/oyster-app/registrations/${theirs.id}`)).status).toBe(200);
    const all = await list('admin', '?limit=100');
    expect(all.items.length).toBeGreaterThan(agents.items.length);
    const filtered = await list('admin', `?agent=${agentId}&limit=100`);
    expect(filtered.items.map((c) => c.id)).toEqual(agents.items.map((c) => c.id));
    // An agent naming another agent: their own scope still decides (nothing).
    expect((await list('owner', `?agent=${agentId}`)).items).toEqual([]);
    // The seeded client chats are linked.
    expect(agents.items.find((c) => c.name === 'Сидоров Пётр')!.chatId).toMatch(/^[0-9a-f]{24}$/);
  });

  test('keyset pages: newest first, no row twice or lost; a bad cursor or limit is a 400 naming the field', async () => {
    const whole = await list('admin', '?limit=100');
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: OysterAppClientsPage = await list('admin', `?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      seen.push(...page.items.map((c) => c.id));
      after = page.next;
    } while (after);
    expect(seen).toEqual(whole.items.map((c) => c.id));
    const times = whole.items.map((c) => c.registeredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const badCursor = await req('admin', 'GET', '/api/v2/oyster-app/registrations?after=yesterday');
    expect([badCursor.status, badCursor.body.message]).toEqual([400, 'Поле «after»: курсор страницы, как его вернул предыдущий ответ (next)']);
    const badLimit = await req('admin', 'GET', '/api/v2/oyster-app/registrations?limit=1000');
    expect([badLimit.status, badLimit.body.message]).toEqual([400, 'Поле «limit» должно быть не больше 100']);
    // A search typed with LIKE's own characters finds nothing rather than everything.
    expect((await list('admin', '?search=%25')).items).toEqual([]);
  });
});
