import { DEMO_ACCOUNTS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, call, PDF, postForm, startSignedIn, DEMO_PASSWORD, type Res, type SignedInApp } from '../support';

/**
 * Spec §7, as the spec writes it: every call with exactly the payload (body or query) the spec's table
 * shows — nothing the api might add on top (a client key, a file type, a page) — as a role that may make
 * it. None may be a 400: what the api takes beyond the spec is optional. Where the spec names a field but
 * not its value, the value is what a form with nothing chosen sends: an empty string (as the spec's own
 * `agents/search?search=&subAgents=&agentId=`).
 */
const KEYS = ['admin', 'manager', 'agent', 'newagent', 'owner', 'copywriter'] as const;
type Key = (typeof KEYS)[number];

describe.each(BACKENDS)('spec §7 calls as the spec sends them ($name)', (backend) => {
  let r: SignedInApp<Key>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    r = await startSignedIn(backend, KEYS);
    for (const k of KEYS) ids[k] = (await r.req(k, 'GET', '/api/v2/auth/get-user')).body.user._id;
  }, 300_000);
  afterAll(() => r?.stop(), 120_000);

  const notBadRequest = (what: string, res: Res) => expect({ what, status: res.status, message: res.status === 400 ? res.body?.message : undefined }).toEqual({ what, status: 200, message: undefined });
  const json = async (what: string, who: Key | null, method: string, path: string, body?: unknown) => {
    const res = await r.req(who as Key, method, path, body);
    notBadRequest(what, res);
    return res;
  };
  /** A list answer's rows: `data` itself, or a page's `items`/`contracts`/`requests`/`webinars`. */
  const itemsOf = (data: unknown): unknown[] => {
    if (Array.isArray(data)) return data;
    const page = data as Record<string, unknown>;
    const rows = ['items', 'contracts', 'requests', 'webinars', 'list'].map((k) => page?.[k]).find(Array.isArray);
    if (!rows) throw new Error(`no list in ${JSON.stringify(data).slice(0, 200)}`);
    return rows as unknown[];
  };
  const files = (n = 1) => {
    const f = new FormData();
    for (let i = 0; i < n; i++) f.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `скан-${i + 1}.pdf`);
    return f;
  };

  test('POST /api/v2/auth/login/ — email, password, rememberMe', async () => {
    await json('login', null, 'POST', '/api/v2/auth/login/', { email: 'agent@oyster.test', password: DEMO_PASSWORD, rememberMe: false });
  });

  test('GET /api/v2/auth/get-user — the token only', async () => {
    notBadRequest('get-user', await call(r.url, 'GET', '/api/v2/auth/get-user', { token: r.tokens.agent }));
  });

  test('GET calls with no payload', async () => {
    const who: [string, Key][] = [
      ['/api/v2/init-state', 'agent'],
      ['/api/v2/statistics/widget', 'manager'],
      ['/api/v2/get-info-payments/', 'agent'],
      ['/api/v2/payments/period-filters-pay-lists', 'agent'],
      ['/api/v2/notifications/count-not-read', 'agent'],
      ['/api/v2/chats/opened-count', 'manager'],
      ['/api/v2/dictionary/origin/opf', 'agent'],
    ];
    for (const [path, k] of who) await json(path, k, 'GET', path);
  });

  test('academy: get-list-admin and get-list-user — agentId', async () => {
    await json('get-list-admin', 'admin', 'POST', '/api/v2/academy/courses/get-list-admin', { agentId: ids.admin });
    await json('get-list-user', 'agent', 'POST', '/api/v2/academy/courses/get-list-user', { agentId: ids.agent });
  });

  test('knowledge and news lists, one news item, banners', async () => {
    await json('knowledge/list', 'agent', 'POST', '/api/v2/posts/knowledge/list', { page: 1, pageSize: 3 });
    const news = await json('news/list', 'agent', 'POST', '/api/v2/posts/news/list', { label: '', page: 1, pageSize: 3 });
    const first = news.body.data.news[0];
    expect(first?._id).toBeTruthy();
    await json('news/{newsId}', 'agent', 'GET', `/api/v2/posts/news/${first._id}`);
    await json('banners/list', 'agent', 'POST', '/api/v2/banners/list', { allBanners: false });
  });

  test('agents: search by query, the list by its filters', async () => {
    await json('agents/search', 'owner', 'GET', '/api/v2/agents/search?search=&subAgents=&agentId=');
    await json('agents/search (admin)', 'admin', 'GET', '/api/v2/agents/search?search=&subAgents=&agentId=');
    await json('agents/', 'admin', 'POST', '/api/v2/agents/', { search: '', opf: '', status: '', byNetwork: '', sortBy: 'createDate', sortType: 'desc' });
  });

  test('POST /api/v2/set-logs/communication — communicationId, guid, agentId, reaction', async () => {
    // A popup campaign sent to the new agent by a copywriter (its delivery's guid is the log's guid).
    const c = await r.req('copywriter', 'POST', '/api/v2/campaigns', {
      title: 'Проверка вызова',
      text: '<p>Текст</p>',
      actions: [{ text: 'Подробнее', link: '/news' }],
      actionColor: 'green',
      darkBackground: false,
      sound: 'sound1',
      audience: { roles: [], networkIds: [], opf: [], agentEmails: [DEMO_ACCOUNTS.newagent.email] },
      sendAt: null,
    });
    expect(c.status).toBe(200);
    expect((await r.req('copywriter', 'POST', `/api/v2/campaigns/${c.body.data._id}/send`)).status).toBe(200);
    const pending = (await r.req('newagent', 'GET', '/api/v2/communications/pending')).body.data as { _id: string; guid: string }[];
    const row = { communication_id: pending[0]._id, guid: pending[0].guid };
    await json('set-logs/communication', 'newagent', 'POST', '/api/v2/set-logs/communication', { communicationId: row.communication_id, guid: row.guid, agentId: ids.newagent, reaction: 4 });
  });

  test('POST /api/v2/chats/{chatId}/messages — text only; each call writes a message', async () => {
    const chats = itemsOf((await r.req('agent', 'GET', '/api/v2/chats')).body.data) as { _id: string }[];
    const chatId = (chats.find((c) => (c as { kind?: string }).kind === 'support') ?? chats[0])._id;
    const first = await json('chats/{chatId}/messages', 'agent', 'POST', `/api/v2/chats/${chatId}/messages`, { text: 'Добрый день' });
    const second = await json('chats/{chatId}/messages again', 'agent', 'POST', `/api/v2/chats/${chatId}/messages`, { text: 'Добрый день' });
    expect(second.body.data._id).not.toBe(first.body.data._id);
  });

  test('attach-files to a broker request and to a contract — a list of files only', async () => {
    const requests = itemsOf((await r.req('agent', 'GET', '/api/v2/broker-requests')).body.data) as { id: string }[];
    let attached: Res | null = null;
    for (const br of requests) {
      const res = await postForm(r.url, r.tokens.agent, `/api/v2/broker-requests/${br.id}/attach-files`, files(2));
      expect({ status: res.status, message: res.status === 400 ? res.body.message : undefined }).not.toEqual(expect.objectContaining({ status: 400 }));
      if (res.status === 200) {
        attached = res;
        break;
      }
    }
    expect(attached?.body).toEqual(expect.objectContaining({ error: false, message: expect.any(String) }));

    const contracts = itemsOf((await r.req('agent', 'GET', '/api/v2/contracts')).body.data) as { id: string }[];
    let done: Res | null = null;
    for (const c of contracts.slice(0, 30)) {
      const res = await postForm(r.url, r.tokens.agent, `/api/v2/contracts/${c.id}/attach-files`, files(1));
      expect({ status: res.status, message: res.status === 400 ? res.body.message : undefined }).not.toEqual(expect.objectContaining({ status: 400 }));
      if (res.status === 200) {
        done = res;
        break;
      }
    }
    expect(done?.body).toEqual(expect.objectContaining({ error: false, message: 'Файл успешно прикреплен к запросу' }));
    expect(done!.body.data.files.map((f: { typeName: string }) => f.typeName)).toContain('Без типа');
  });

  test('GET /api/v2/file-list-company/{companyId}', async () => {
    const companies = (await r.req('agent', 'GET', '/api/v2/init-state')).body.data.companies as { _id: string }[];
    await json('file-list-company', 'agent', 'GET', `/api/v2/file-list-company/${companies[0]._id}`);
  });

  test('POST /api/v2/webinars/registration/{id} — status singUp', async () => {
    const list = itemsOf((await r.req('agent', 'GET', '/api/v2/webinars')).body.data) as { _id: string }[];
    expect(list.length).toBeGreaterThan(0);
    await json('webinars/registration', 'agent', 'POST', `/api/v2/webinars/registration/${list[0]._id}`, { status: 'singUp' });
  });
});

// Keeps the type import honest: every role above is a demo account.
export type _Roles = Extract<Key, DemoAccountKey>;
