import { type ChatMessage, type ChatStateEvent, type ChatSummary, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, PDF, call, connectSocket, connected, login, once, postForm, start, startSignedIn, type Res, type SignedInApp } from '../support';

/**
 * Chats with Oyster.app's clients (issue 13, §6 «clients' chats for users with canChatWithClients»):
 * the app's backend under its bearer token registers a client and relays their messages; the staff who
 * chat with clients (and see the client's agent) answer on /chats; the app takes the answers with
 * `after`; read receipts both ways; the «Чаты» badge counts clientChats; everyone else is refused.
 */
const TOKEN = 'test-oyster-app-token-0123456789';
let seqKey = 0;
const key = () => `c${Date.now().toString(36)}${(seqKey++).toString(36).padStart(4, '0')}`;

describe.each(BACKENDS)('clients’ chats ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  let mage: string; // manager2@: chats with agents and with clients
  let appointed: string; // supervisor.appointed@ given canChatWithClients below: sees their agents' clients only
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  const as = (token: string, method: string, path: string, body?: unknown) => call(r.url, method, path, { token, body });
  /** A call from Oyster.app's backend (its bearer token unless told otherwise). */
  const app = (method: string, path: string, body?: unknown, auth: string | null = `Bearer ${TOKEN}`): Promise<Res> =>
    call(r.url, method, path, { body, headers: auth ? { authorization: auth } : {} });
  const ids = async () => Object.fromEntries((await r.oyster.db.query<{ email: string; id: string }>('SELECT email, id FROM users')).map((u) => [u.email, u.id]));
  const rows = async (appClientId: string) =>
    (await r.oyster.db.query<{ body: string; side: string }>('SELECT m.body, m.side FROM chat_messages m JOIN chats c ON c.id = m.chat_id JOIN app_registrations a ON a.id = c.client_id WHERE a.app_client_id = $1 ORDER BY m.seq', [appClientId]));
  let agentId: string;
  let ownerId: string;

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'manager', 'admin', 'owner'] as DemoAccountKey[], { oysterAppToken: TOKEN, sessionCacheMs: 0 });
    const u = await ids();
    agentId = u['agent@oyster.test'];
    ownerId = u['owner@oyster.test'];
    await r.oyster.db.query(`UPDATE users SET can_chat_with_clients = true WHERE email = 'supervisor.appointed@oyster.test'`);
    mage = await login(r.url, 'manager2@oyster.test');
    appointed = await login(r.url, 'supervisor.appointed@oyster.test');
  });
  afterAll(() => r.stop());

  test('only Oyster.app’s backend with its token: none, a wrong one or a user’s session is a 401 «Неверный ключ интеграции Oyster.app», before the input is read', async () => {
    for (const auth of [null, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await app('POST', '/api/v2/oyster-app/clients/demo-sidorov/messages', { text: 'чужой', clientKey: key() }, auth);
      expect([auth, res.status, res.body.message]).toEqual([auth, 401, 'Неверный ключ интеграции Oyster.app']);
      // A bad input with no token: still 401, nothing about the input.
      expect((await app('PUT', '/api/v2/oyster-app/clients/!!!', {}, auth)).status).toBe(401);
    }
    const session = await call(r.url, 'GET', '/api/v2/oyster-app/clients/demo-sidorov/messages', { token: r.tokens.admin });
    expect([session.status, session.body.message]).toEqual([401, 'Неверный ключ интеграции Oyster.app']);
    expect(await rows('demo-sidorov')).toHaveLength(1); // the seeded question only
  });

  test('without OYSTER_APP_TOKEN the integration is off: 404 «Интеграция с Oyster.app не настроена»', async () => {
    const off = await start(backend, { oysterAppToken: null });
    try {
      const res = await call(off.url, 'GET', '/api/v2/oyster-app/clients/demo-sidorov/messages');
      expect([res.status, res.body.message]).toEqual([404, 'Интеграция с Oyster.app не настроена']);
    } finally {
      await off.stop();
    }
  });

  test('wrong tokens from one address are limited like sign-in attempts: 429 «Слишком много запросов»; the right token still passes', async () => {
    const limited = await start(backend, { oysterAppToken: TOKEN, loginAddressRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const guess = () => call(limited.url, 'GET', '/api/v2/oyster-app/clients/demo-sidorov/messages', { headers: { authorization: 'Bearer guess' } });
      expect([(await guess()).status, (await guess()).status]).toEqual([401, 401]);
      const third = await guess();
      expect([third.status, third.body.message]).toEqual([429, 'Слишком много запросов']);
      const right = await call(limited.url, 'GET', '/api/v2/oyster-app/clients/demo-sidorov/messages', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  test('a client registers through an agent: again is the same registration (a new name is taken); another agent is a 409; staff or nobody as the agent — 404; bad input — 400 naming the field', async () => {
    const first = await app('PUT', '/api/v2/oyster-app/clients/app-0001', { agentId, name: 'Орлова Нина' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ appClientId: 'app-0001', agentId, name: 'Орлова Нина', chatId: null });
    const again = await app('PUT', '/api/v2/oyster-app/clients/app-0001', { agentId, name: 'Орлова Нина Павловна' });
    expect(again.body.data).toMatchObject({ clientId: first.body.data.clientId, name: 'Орлова Нина Павловна' });
    const other = await app('PUT', '/api/v2/oyster-app/clients/app-0001', { agentId: ownerId, name: 'Орлова Нина' });
    expect([other.status, other.body.message]).toEqual([409, 'Клиент уже зарегистрирован у другого агента']);
    const u = await ids();
    for (const id of [u['manager@oyster.test'], 'f'.repeat(24)]) {
      const res = await app('PUT', '/api/v2/oyster-app/clients/app-0002', { agentId: id, name: 'Кто-то' });
      expect([res.status, res.body.message]).toEqual([404, 'Агент не найден']);
    }
    expect((await app('PUT', '/api/v2/oyster-app/clients/bad id!', { agentId, name: 'Икс' })).body.message).toBe('Поле «appClientId»: от 1 до 64 латинских букв, цифр, «-» или «_»');
    const noName = await app('PUT', '/api/v2/oyster-app/clients/app-0003', { agentId });
    expect([noName.status, noName.body.message]).toEqual([400, 'Поле «name» обязательно']);
    const n = await r.oyster.db.query<{ client_name: string }>(`SELECT client_name FROM app_registrations WHERE app_client_id LIKE 'app-000%'`);
    expect(n).toEqual([{ client_name: 'Орлова Нина Павловна' }]);
  });

  test('a client’s message reaches the staff who chat with clients live, once even when sent twice; the client’s agent and staff who chat only with agents neither get it nor may open the chat', async () => {
    const mageSocket = connectSocket(r.url, mage);
    const managerSocket = connectSocket(r.url, r.tokens.manager);
    const agentSocket = connectSocket(r.url, r.tokens.agent);
    try {
      await Promise.all([connected(mageSocket), connected(managerSocket), connected(agentSocket)]);
      const got: Record<string, ChatMessage[]> = { mage: [], manager: [], agent: [] };
      mageSocket.on('chat_message', (e: { message: ChatMessage }) => got.mage.push(e.message));
      managerSocket.on('chat_message', (e: { message: ChatMessage }) => got.manager.push(e.message));
      agentSocket.on('chat_message', (e: { message: ChatMessage }) => got.agent.push(e.message));
      const badge = once<{ action: string; result: { chatsOpenedCount: number; clientChats: number; agentChats: number } }>(mageSocket, 'chats');
      const clientKey = key();
      const text = 'Добрый день! Как вписать в полис второго водителя?';
      const first = await app('POST', '/api/v2/oyster-app/clients/app-0001/messages', { text, clientKey });
      const again = await app('POST', '/api/v2/oyster-app/clients/app-0001/messages', { text, clientKey });
      expect(first.status).toBe(200);
      expect(again.body.data._id).toBe(first.body.data._id);
      expect(first.body.data).toMatchObject({ side: 'client', text, author: { id: null, fio: 'Орлова Нина Павловна' }, file: null });
      const counts = (await badge).result;
      expect(counts.clientChats).toBe(2); // the seeded Сидоров Пётр and this one
      expect(counts.chatsOpenedCount).toBe(counts.agentChats + counts.clientChats);
      await new Promise((res) => setTimeout(res, 300));
      expect(got.mage.map((m) => m._id)).toEqual([first.body.data._id]);
      expect([got.manager, got.agent]).toEqual([[], []]);
    } finally {
      [mageSocket, managerSocket, agentSocket].forEach((s) => s.close());
    }
    expect(await rows('app-0001')).toEqual([{ body: 'Добрый день! Как вписать в полис второго водителя?', side: 'client' }]);

    const clients = (await as(mage, 'GET', '/api/v2/chats?audience=clients&view=waiting')).body.data.items as ChatSummary[];
    const chat = clients.find((c) => c.client?.name === 'Орлова Нина Павловна')!;
    expect(chat).toMatchObject({ type: 'client', title: 'Орлова Нина Павловна', agent: { id: agentId, fio: 'Иванов Иван Петрович' }, isOpen: true, manager: null, unread: 1, viewerSide: 'staff' });
    expect(clients.map((c) => c.type)).toEqual(clients.map(() => 'client'));
    expect((await as(mage, 'GET', '/api/v2/chats?audience=agents')).body.data.items.map((c: ChatSummary) => c.type)).not.toContain('client');
    // The agent's own list has no client chats; staff who chat only with agents have none either.
    for (const who of ['agent', 'manager', 'admin'] as DemoAccountKey[]) {
      const list = (await req(who, 'GET', '/api/v2/chats')).body.data.items as ChatSummary[];
      expect([who, list.filter((c) => c.type === 'client')]).toEqual([who, []]);
      for (const [method, path, body] of [
        ['GET', `/api/v2/chats/${chat._id}`],
        ['GET', `/api/v2/chats/${chat._id}/messages`],
        ['POST', `/api/v2/chats/${chat._id}/messages`, { text: 'не мой', clientKey: key() }],
        ['POST', `/api/v2/chats/${chat._id}/take`],
      ] as const) {
        const res = await req(who, method, path, body);
        expect([who, path, res.status, res.body.message]).toEqual([who, path, 404, 'Чат не найден']);
      }
      expect([who, (await req(who, 'GET', '/api/v2/chats/opened-count')).body.clientChats]).toEqual([who, 0]);
    }
    expect(await rows('app-0001')).toHaveLength(1);
  });

  test('appointed-only staff who chat with clients see the clients of their agents only', async () => {
    const [{ n }] = await r.oyster.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chats c JOIN users s ON s.email = 'supervisor.appointed@oyster.test'
        WHERE c.type = 'client' AND c.last_seq > 0 AND c.agent_id IN (SELECT agent_id FROM agent_curators WHERE curator_id = s.id)`,
    );
    expect(n).toBeGreaterThan(0); // agent@'s clients
    const list = (await as(appointed, 'GET', '/api/v2/chats')).body.data.items as ChatSummary[];
    expect(list.filter((c) => c.type === 'client')).toHaveLength(n);
    // owner@'s client Белый Антон: owner@ is not theirs.
    const foreign = (await as(mage, 'GET', '/api/v2/chats?audience=clients&view=all')).body.data.items.find((c: ChatSummary) => c.agent.id === ownerId) as ChatSummary;
    expect(foreign.client!.name).toBe('Белый Антон');
    expect((await as(appointed, 'GET', `/api/v2/chats/${foreign._id}`)).status).toBe(404);
  });

  test('the staff answer (text and a file); the app takes what came after its last seq, in order, and the file; the client’s read shows as «Прочитано» live', async () => {
    const before = (await app('GET', '/api/v2/oyster-app/clients/app-0001/messages')).body.data;
    expect(before).toMatchObject({ isOpen: true, readByStaffSeq: 0, hasOlder: false });
    const last = before.items[before.items.length - 1].seq as number;
    const chatId = before.chatId as string;
    expect((await as(mage, 'POST', `/api/v2/chats/${chatId}/take`)).body.data.manager.fio).toBe('Попов Дмитрий Андреевич');
    const answer = (await as(mage, 'POST', `/api/v2/chats/${chatId}/messages`, { text: 'Здравствуйте! Пришлите фото его прав — впишем.', clientKey: key() })).body.data as ChatMessage;
    const form = new FormData();
    form.append('clientKey', key());
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Заявление.pdf');
    const withFile = await postForm(r.url, mage, `/api/v2/chats/${chatId}/files`, form);
    expect(withFile.status).toBe(200);

    const after = (await app('GET', `/api/v2/oyster-app/clients/app-0001/messages?after=${last}`)).body.data;
    expect(after.items.map((m: ChatMessage) => [m.side, m.author.fio, m.text || m.file?.fileName])).toEqual([
      ['staff', 'Попов Дмитрий Андреевич', 'Здравствуйте! Пришлите фото его прав — впишем.'],
      ['staff', 'Попов Дмитрий Андреевич', 'Заявление.pdf'],
    ]);
    expect((await app('GET', `/api/v2/oyster-app/clients/app-0001/messages?after=${withFile.body.data.seq}`)).body.data.items).toEqual([]);
    const file = await app('GET', `/api/v2/oyster-app/clients/app-0001/files/${withFile.body.data.file._id}`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    // Another client's chat has no such file.
    expect((await app('GET', `/api/v2/oyster-app/clients/demo-sidorov/files/${withFile.body.data.file._id}`)).status).toBe(404);

    const mageSocket = connectSocket(r.url, mage);
    try {
      await connected(mageSocket);
      const state = once<ChatStateEvent>(mageSocket, 'chat_state');
      const read = await app('POST', '/api/v2/oyster-app/clients/app-0001/read', { seq: Number.MAX_SAFE_INTEGER });
      expect(read.body.data.readSeq).toBe(withFile.body.data.seq); // never past the last message
      expect((await state).readSeq).toMatchObject({ client: withFile.body.data.seq, agent: 0 });
    } finally {
      mageSocket.close();
    }
    expect((await as(mage, 'GET', `/api/v2/chats/${chatId}`)).body.data).toMatchObject({ readByOtherSeq: withFile.body.data.seq, unread: 0 });
    expect(answer.side).toBe('staff');
  });

  test('the client sends a file through the app: checked by content, once per key, live to the staff, who download it', async () => {
    const send = (name: string, data: typeof PDF, type: string, clientKey: string) => {
      const form = new FormData();
      form.append('clientKey', clientKey);
      form.append('text', 'Фото прав');
      form.append('file', new Blob([data], { type }), name);
      return fetch(`${r.url}/api/v2/oyster-app/clients/app-0001/files`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: form }).then(async (res) => ({ status: res.status, body: await res.json() }));
    };
    const before = await rows('app-0001');
    const mageSocket = connectSocket(r.url, mage);
    try {
      await connected(mageSocket);
      const live = once<{ message: ChatMessage }>(mageSocket, 'chat_message');
      const clientKey = key();
      const first = await send('Права.pdf', PDF, 'application/pdf', clientKey);
      const again = await send('Права.pdf', PDF, 'application/pdf', clientKey);
      expect(first.status).toBe(200);
      expect(again.body.data._id).toBe(first.body.data._id);
      expect(first.body.data).toMatchObject({ side: 'client', text: 'Фото прав', author: { id: null, fio: 'Орлова Нина Павловна' }, file: { fileName: 'Права.pdf', mime: 'application/pdf' } });
      expect((await live).message._id).toBe(first.body.data._id);
      const download = await fetch(`${r.url}/api/v2/chats/${first.body.data.chatId}/files/${first.body.data.file._id}`, { headers: { 'x-api-token': mage } });
      expect([download.status, Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString('latin1')]).toEqual([200, '%PDF-']);
    } finally {
      mageSocket.close();
    }
    const [{ files }] = await r.oyster.db.query<{ files: number }>(`SELECT count(*)::int AS files FROM chat_files f JOIN chats c ON c.id = f.chat_id JOIN app_registrations a ON a.id = c.client_id WHERE a.app_client_id = 'app-0001' AND f.user_id IS NULL`);
    expect(files).toBe(1);
    // Not a document by its content: 400 in Russian, nothing written.
    const fake = await send('Права.pdf', Buffer.from('просто текст'), 'application/pdf', key());
    expect(fake.status).toBe(400);
    expect(fake.body.message).toMatch(/[а-яё]/i);
    expect(await rows('app-0001')).toHaveLength(before.length + 1);
  });

  test('closing a client’s chat takes it off the badge; the client’s next message opens it again', async () => {
    const chatId = (await app('GET', '/api/v2/oyster-app/clients/app-0001/messages')).body.data.chatId as string;
    const count = async () => (await as(mage, 'GET', '/api/v2/chats/opened-count')).body as { chatsOpenedCount: number; clientChats: number; agentChats: number };
    const open = await count();
    await as(mage, 'POST', `/api/v2/chats/${chatId}/close`);
    expect((await count()).clientChats).toBe(open.clientChats - 1);
    expect((await app('GET', '/api/v2/oyster-app/clients/app-0001/messages')).body.data.isOpen).toBe(false);
    await app('POST', '/api/v2/oyster-app/clients/app-0001/messages', { text: 'Спасибо, отправила фото.', clientKey: key() });
    expect(await count()).toEqual(open);
  });

  test('bad input from the app is a 400 in Russian naming the field, an unknown client a 404 — nothing written', async () => {
    const before = await rows('app-0001');
    for (const [body, message] of [
      [{ text: '   ', clientKey: key() }, 'Поле «text»: введите сообщение'],
      [{ text: 'x'.repeat(4001), clientKey: key() }, 'Поле «text»: максимальная длина 4000'],
      [{ text: 'Здравствуйте', clientKey: 'short' }, 'Поле «clientKey»: от 8 до 64 латинских букв, цифр, «-» или «_»'],
      [{ text: 'Здравствуйте' }, 'Поле «clientKey»: от 8 до 64 латинских букв, цифр, «-» или «_»'],
    ] as const) {
      const res = await app('POST', '/api/v2/oyster-app/clients/app-0001/messages', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const readBad = await app('POST', '/api/v2/oyster-app/clients/app-0001/read', { seq: -1 });
    expect([readBad.status, readBad.body.message]).toEqual([400, 'Поле «seq» должно быть не меньше 0']);
    for (const [method, path, body] of [
      ['POST', '/api/v2/oyster-app/clients/nobody/messages', { text: 'Здравствуйте', clientKey: key() }],
      ['GET', '/api/v2/oyster-app/clients/nobody/messages'],
      ['POST', '/api/v2/oyster-app/clients/nobody/read', { seq: 1 }],
    ] as const) {
      const res = await app(method, path, body);
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'Клиент Oyster.app не найден']);
    }
    expect(await rows('app-0001')).toEqual(before);
    expect((await r.oyster.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_registrations WHERE app_client_id = 'nobody'`))[0].n).toBe(0);
  });
});
