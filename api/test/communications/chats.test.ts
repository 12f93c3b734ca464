import { createApp } from '../../src/app';
import { type ChatMessage, type ChatStateEvent, type ChatSummary, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { BACKENDS, PDF, GIF, REDIS_URL, connectSocket, connected, listen, once, postForm, startSignedIn, type SignedInApp } from '../support';

/**
 * Chats (issue 13): the agent's support chat, who is which side, messages with a client key (sent again,
 * one message), live to both sides, caught up after a lost socket without loss or doubling, read
 * receipts, files, the staff's take / close / reopen, the «Чаты» badge, bad input, and another's chat.
 */
let seqKey = 0;
const key = () => `k${Date.now().toString(36)}${(seqKey++).toString(36).padStart(4, '0')}`;

describe.each(BACKENDS)('chats ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  const db = () => r.oyster.db;
  let support: ChatSummary;
  const say = async (who: DemoAccountKey, chatId: string, text: string, clientKey = key()) => {
    const res = await req(who, 'POST', `/api/v2/chats/${chatId}/messages`, { text, clientKey });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 200, message: undefined });
    return res.body.data as ChatMessage;
  };
  const messagesOf = async (chatId: string) => (await db().query<{ body: string }>('SELECT body FROM chat_messages WHERE chat_id = $1 ORDER BY seq', [chatId])).map((m) => m.body);

  beforeAll(async () => {
    r = await startSignedIn(backend, ['agent', 'newagent', 'manager', 'admin', 'copywriter', 'finance', 'supervisorAppointed', 'owner'] as DemoAccountKey[]);
    const res = await req('newagent', 'GET', '/api/v2/chats/support');
    expect(res.status).toBe(200);
    support = res.body.data;
  });
  afterAll(() => r.stop());

  test('an agent’s support chat is the session’s chatId, made on first use; staff have none (404)', async () => {
    const me = (await req('newagent', 'GET', '/api/v2/auth/get-user')).body.user;
    expect(support).toMatchObject({ _id: me.chatId, type: 'support', title: 'Поддержка', viewerSide: 'agent', isOpen: false, manager: null, unread: 0 });
    expect((await req('newagent', 'GET', '/api/v2/chats/support')).body.data._id).toBe(me.chatId);
    const staff = await req('manager', 'GET', '/api/v2/chats/support');
    expect([staff.status, staff.body.message]).toEqual([404, 'Чат не найден']);
  });

  test('a message sent twice with the same key is one message; staff get it live again with the same id (the first push may have died with its node, issue 27); the agent’s message opens the chat and it waits in «Ожидают ответа»', async () => {
    const staffSocket = connectSocket(r.url, r.tokens.manager);
    try {
      await connected(staffSocket);
      const got: ChatMessage[] = [];
      staffSocket.on('chat_message', (e: { message: ChatMessage }) => got.push(e.message));
      const badge = once<{ result: { chatsOpenedCount: number } }>(staffSocket, 'chats');
      const clientKey = key();
      const first = await say('newagent', support._id, 'Здравствуйте! Как сменить e-mail в профиле?', clientKey);
      const again = await say('newagent', support._id, 'Здравствуйте! Как сменить e-mail в профиле?', clientKey);
      expect(again._id).toBe(first._id);
      expect(await messagesOf(support._id)).toEqual(['Здравствуйте! Как сменить e-mail в профиле?']);
      expect((await badge).result.chatsOpenedCount).toBeGreaterThanOrEqual(1);
      await new Promise((res) => setTimeout(res, 200));
      expect(got.filter((m) => m._id === first._id)).toHaveLength(2);
      expect(new Set(got.map((m) => m._id)).size).toBe(1);
      expect(first).toMatchObject({ side: 'agent', text: 'Здравствуйте! Как сменить e-mail в профиле?', chatId: support._id, file: null });
    } finally {
      staffSocket.close();
    }
    const waiting = (await req('manager', 'GET', '/api/v2/chats?view=waiting')).body.data.items as ChatSummary[];
    expect(waiting.find((c) => c._id === support._id)).toMatchObject({ isOpen: true, manager: null, viewerSide: 'staff', unread: 1, lastMessage: { text: 'Здравствуйте! Как сменить e-mail в профиле?', side: 'agent' } });
  });

  test('another agent’s chat is a 404 «Чат не найден» — reading, writing, reading its files — and nothing is written', async () => {
    const before = await messagesOf(support._id);
    for (const [method, path, body] of [
      ['GET', `/api/v2/chats/${support._id}`],
      ['GET', `/api/v2/chats/${support._id}/messages`],
      ['POST', `/api/v2/chats/${support._id}/messages`, { text: 'чужое', clientKey: key() }],
      ['POST', `/api/v2/chats/${support._id}/read`, { seq: 1 }],
    ] as const) {
      const res = await req('agent', method, path, body);
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'Чат не найден']);
    }
    expect(await messagesOf(support._id)).toEqual(before);
    // The network owner sees their sub-agents’ contracts, not their conversations.
    expect((await req('owner', 'GET', `/api/v2/chats/${support._id}`)).status).toBe(404);
    // Without the chats section: refused by the role.
    for (const who of ['copywriter', 'finance', 'supervisorAppointed'] as DemoAccountKey[]) expect([who, (await req(who, 'GET', '/api/v2/chats')).status]).toEqual([who, 403]);
    // Staff who chat with agents and see every agent: the admin reads it.
    expect((await req('admin', 'GET', `/api/v2/chats/${support._id}`)).body.data.viewerSide).toBe('staff');
  });

  test('the staff take it, answer, the agent reads — both sides see the read receipt; closing and reopening is staff’s (the agent gets 403)', async () => {
    const taken = await req('manager', 'POST', `/api/v2/chats/${support._id}/take`);
    expect(taken.body.data.manager.fio).toBe('Кузнецова Ольга Сергеевна');
    const answer = await say('manager', support._id, 'Откройте «Профиль» и нажмите «Изменить».');
    expect(answer.side).toBe('staff');
    expect((await req('newagent', 'GET', `/api/v2/chats/${support._id}`)).body.data.unread).toBe(1);
    expect((await req('newagent', 'GET', '/api/v2/chats/opened-count')).body.chatsOpenedCount).toBe(1);

    const staffSocket = connectSocket(r.url, r.tokens.manager);
    try {
      await connected(staffSocket);
      const state = once<ChatStateEvent>(staffSocket, 'chat_state');
      const read = await req('newagent', 'POST', `/api/v2/chats/${support._id}/read`, { seq: answer.seq + 1000 });
      expect(read.body.data.unread).toBe(0);
      expect((await state).readSeq.agent).toBe(answer.seq); // never past the last message
    } finally {
      staffSocket.close();
    }
    expect((await req('manager', 'GET', `/api/v2/chats/${support._id}`)).body.data.readByOtherSeq).toBe(answer.seq);
    expect((await req('newagent', 'GET', '/api/v2/chats/opened-count')).body.chatsOpenedCount).toBe(0);

    const agentTries = await req('newagent', 'POST', `/api/v2/chats/${support._id}/close`);
    expect([agentTries.status, agentTries.body.message]).toEqual([403, 'Взять, закрыть и открыть чат снова может сотрудник брокера']);
    const closed = await req('manager', 'POST', `/api/v2/chats/${support._id}/close`);
    expect(closed.body.data.isOpen).toBe(false);
    const waiting = (await req('manager', 'GET', '/api/v2/chats?view=waiting')).body.data.items as ChatSummary[];
    expect(waiting.some((c) => c._id === support._id)).toBe(false);
    // «Все» keeps the closed chat, for the manager and for an admin.
    for (const who of ['manager', 'admin'] as const) {
      const all = (await req(who, 'GET', '/api/v2/chats')).body.data.items as ChatSummary[];
      expect(all.find((c) => c._id === support._id)).toMatchObject({ isOpen: false });
    }
    // The agent writes again: open again, still the manager's.
    await say('newagent', support._id, 'А если старый e-mail недоступен?');
    expect((await req('manager', 'GET', `/api/v2/chats/${support._id}`)).body.data).toMatchObject({ isOpen: true, manager: { fio: 'Кузнецова Ольга Сергеевна' } });
    const mine = (await req('manager', 'GET', '/api/v2/chats?view=mine')).body.data.items as ChatSummary[];
    expect(mine.some((c) => c._id === support._id)).toBe(true);
  });

  test('a socket lost mid-conversation: what came meanwhile is fetched after the last seq — in order, nothing lost, nothing doubled', async () => {
    const socket = connectSocket(r.url, r.tokens.newagent);
    const seen = new Map<string, ChatMessage>();
    const take = (e: { message: ChatMessage }) => seen.set(e.message._id, e.message);
    socket.on('chat_message', take);
    await connected(socket);
    const arrived = once(socket, 'chat_message');
    const one = await say('manager', support._id, 'Первое');
    await arrived;
    socket.disconnect(); // the connection drops
    await say('manager', support._id, 'Второе');
    await say('manager', support._id, 'Третье');
    const again = connectSocket(r.url, r.tokens.newagent);
    again.on('chat_message', take);
    try {
      await connected(again);
      const lastSeq = Math.max(...[...seen.values()].map((m) => m.seq));
      expect(lastSeq).toBe(one.seq);
      const missed = (await req('newagent', 'GET', `/api/v2/chats/${support._id}/messages?after=${lastSeq}`)).body.data.items as ChatMessage[];
      for (const m of missed) seen.set(m._id, m);
      const texts = [...seen.values()].sort((a, b) => a.seq - b.seq).map((m) => m.text);
      expect(texts.slice(-3)).toEqual(['Первое', 'Второе', 'Третье']);
      expect(seen.size).toBe(new Set([...seen.values()].map((m) => m.seq)).size);
    } finally {
      again.close();
    }
  });

  test('history: the latest page, oldest first, and older pages by `before`', async () => {
    for (let i = 1; i <= 5; i++) await say('newagent', support._id, `История ${i}`);
    const latest = (await req('newagent', 'GET', `/api/v2/chats/${support._id}/messages?limit=3`)).body.data;
    expect(latest.items.map((m: ChatMessage) => m.text)).toEqual(['История 3', 'История 4', 'История 5']);
    expect(latest.hasOlder).toBe(true);
    const older = (await req('newagent', 'GET', `/api/v2/chats/${support._id}/messages?limit=2&before=${latest.items[0].seq}`)).body.data;
    expect(older.items.map((m: ChatMessage) => m.text)).toEqual(['История 1', 'История 2']);
  });

  test('a file in the chat: a PDF is sent (sent again with its key — one message, one file), both sides download it; another type is a 400 naming it, nothing written', async () => {
    const form = (data: Buffer, name: string, clientKey: string) => {
      const f = new FormData();
      f.append('clientKey', clientKey);
      f.append('text', 'Скан паспорта');
      f.append('file', new Blob([new Uint8Array(data)]), name);
      return f;
    };
    const clientKey = key();
    const sent = await postForm(r.url, r.tokens.newagent, `/api/v2/chats/${support._id}/files`, form(PDF, 'паспорт.pdf', clientKey));
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ text: 'Скан паспорта', file: { fileName: 'паспорт.pdf', mime: 'application/pdf', size: PDF.length } });
    const resent = await postForm(r.url, r.tokens.newagent, `/api/v2/chats/${support._id}/files`, form(PDF, 'паспорт.pdf', clientKey));
    expect(resent.body.data._id).toBe(sent.body.data._id);
    const [{ n }] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM chat_files WHERE chat_id = $1', [support._id]);
    expect(n).toBe(1);
    for (const who of ['newagent', 'manager'] as const) {
      const res = await fetch(`${r.url}/api/v2/chats/${support._id}/files/${sent.body.data.file._id}`, { headers: { 'x-api-token': r.tokens[who] } });
      expect([who, res.status, res.headers.get('content-type')]).toEqual([who, 200, 'application/pdf']);
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
    const theirs = await fetch(`${r.url}/api/v2/chats/${support._id}/files/${sent.body.data.file._id}`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(theirs.status).toBe(404);

    const before = await messagesOf(support._id);
    const gif = await postForm(r.url, r.tokens.newagent, `/api/v2/chats/${support._id}/files`, form(GIF, 'кот.gif', key()));
    expect([gif.status, gif.body.message]).toEqual([400, 'Файл «кот.gif»: допустимы PDF, JPEG, PNG, WEBP']);
    expect(await messagesOf(support._id)).toEqual(before);
  });

  test('bad input is a 400 in Russian naming the field, nothing written', async () => {
    const before = await messagesOf(support._id);
    const cases: [unknown, string][] = [
      [{ text: '   ', clientKey: key() }, 'Поле «text»: введите сообщение'],
      [{ clientKey: key() }, 'Поле «text»: введите сообщение'],
      [{ text: 'x'.repeat(4001), clientKey: key() }, 'Поле «text»: максимальная длина 4000'],
      [{ text: 'Привет', clientKey: 'ключ с пробелами' }, 'Поле «clientKey»: от 8 до 64 латинских букв, цифр, «-» или «_»'],
    ];
    for (const [body, message] of cases) {
      const res = await req('newagent', 'POST', `/api/v2/chats/${support._id}/messages`, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await messagesOf(support._id)).toEqual(before);
    expect((await req('newagent', 'POST', `/api/v2/chats/${support._id}/read`, { seq: -1 })).status).toBe(400);
    expect((await req('newagent', 'GET', `/api/v2/chats/${support._id}/messages?after=abc`)).body.message).toContain('after');
    const badId = await req('newagent', 'GET', '/api/v2/chats/nope');
    expect([badId.status, badId.body.message]).toEqual([400, 'Поле «chatId» должно быть идентификатором из 24 шестнадцатеричных символов']);
  });

  test('the demo: agent@ sees their support conversation with one unread answer; manager@ sees agent@’s follow-up as theirs and agent1@’s question as nobody’s', async () => {
    const own = (await req('agent', 'GET', '/api/v2/chats')).body.data.items as ChatSummary[];
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ type: 'support', unread: 1, manager: { fio: 'Кузнецова Ольга Сергеевна' }, lastMessage: { side: 'staff' } });
    const waiting = (await req('manager', 'GET', '/api/v2/chats?view=waiting')).body.data.items as ChatSummary[];
    const names = waiting.map((c) => `${c.agent.fio}: ${c.manager?.fio ?? 'ничей'}`);
    expect(names).toEqual(expect.arrayContaining(['Иванов Иван Петрович: Кузнецова Ольга Сергеевна']));
    expect(waiting.some((c) => !c.manager && c.lastMessage?.text.startsWith('Подскажите, можно ли оформить ОСАГО'))).toBe(true);
  });

  test('a contract’s chat: made on first use for its agent and staff, named by the contract; a network owner reading a sub-agent’s contract is neither side (403)', async () => {
    const [c] = (await req('agent', 'GET', '/api/v2/contracts?limit=1')).body.data.items as { id: string }[];
    const mine = await req('agent', 'GET', `/api/v2/contracts/${c.id}/chat`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ type: 'contract', viewerSide: 'agent', title: expect.stringMatching(/^Е-ОСАГО/), entityPath: `/contracts/${c.id}` });
    const staff = await req('manager', 'GET', `/api/v2/contracts/${c.id}/chat`);
    expect(staff.body.data).toMatchObject({ _id: mine.body.data._id, viewerSide: 'staff' });
    await say('agent', mine.body.data._id, 'Клиент просит перенести дату начала');
    expect(((await req('manager', 'GET', '/api/v2/chats?view=waiting')).body.data.items as ChatSummary[]).some((x) => x._id === mine.body.data._id)).toBe(true);

    const [sub] = await db().query<{ id: string }>(`SELECT c.id FROM contracts c JOIN users u ON u.id = c.agent_id WHERE u.email = 'subagent@oyster.test' LIMIT 1`);
    const owner = await req('owner', 'GET', `/api/v2/contracts/${sub.id}/chat`);
    expect([owner.status, owner.body.message]).toEqual([403, 'Переписку по нему ведут его агент и сотрудники брокера']);
    expect((await req('newagent', 'GET', `/api/v2/contracts/${c.id}/chat`)).status).toBe(404);
  });

  test('a broker request’s chat: a PDF sent in it is added to the request’s files by its agent (§8), once typed; a file of another chat is not found', async () => {
    const [br] = await db().query<{ id: string; number: string }>(
      `SELECT br.id, br.number FROM broker_requests br JOIN users u ON u.id = br.agent_id WHERE u.email = 'agent@oyster.test' AND br.status BETWEEN 110 AND 400 ORDER BY br.number LIMIT 1`,
    );
    const chat = (await req('agent', 'GET', `/api/v2/broker-requests/${br.id}/chat`)).body.data as ChatSummary;
    expect(chat).toMatchObject({ type: 'brokerRequest', title: `Запрос № ${br.number}`, entityPath: `/request-broker/${br.id}` });
    const f = new FormData();
    f.append('clientKey', key());
    f.append('file', new Blob([new Uint8Array(PDF)]), 'ПТС.pdf');
    const sent = await postForm(r.url, r.tokens.agent, `/api/v2/chats/${chat._id}/files`, f);
    expect(sent.status).toBe(200);
    const add = (fileId: string, typeName = 'Документы на ТС') => req('agent', 'POST', `/api/v2/broker-requests/${br.id}/files/from-chat`, { fileId, typeName });
    const bad = await add(sent.body.data.file._id, 'Неизвестный тип');
    expect([bad.status, bad.body.message]).toEqual([400, 'Поле «typeName»: выберите тип файла из списка']);
    const [supportFile] = await db().query<{ id: string }>('SELECT id FROM chat_files WHERE chat_id = $1 LIMIT 1', [support._id]);
    const foreign = await add(supportFile.id);
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Файл не найден в чате запроса']);
    const added = await add(sent.body.data.file._id);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Файл успешно прикреплен к запросу');
    expect(added.body.data.files.some((x: { uploadFileName: string; typeName: string }) => x.uploadFileName === 'ПТС.pdf' && x.typeName === 'Документы на ТС')).toBe(true);
  });

  (REDIS_URL ? test : test.skip)('two api instances on one Redis: a message posted on A reaches the agent’s socket on B', async () => {
    const b = await createApp({
      ...(backend.databaseUrl ? { databaseUrl: r.databaseUrl, databaseSchema: r.schema } : { db: r.oyster.db }),
      redisUrl: REDIS_URL,
      redisNamespace: r.redisNamespace,
      seedDemo: true,
      demoMode: true,
      staticRoot: '/nonexistent',
    });
    try {
      const urlB = await listen(b);
      const socket = connectSocket(urlB, r.tokens.newagent);
      try {
        await connected(socket);
        const arrived = once<{ message: ChatMessage }>(socket, 'chat_message');
        const sent = await say('manager', support._id, 'Через другой экземпляр');
        expect((await arrived).message._id).toBe(sent._id);
      } finally {
        socket.close();
      }
    } finally {
      await b.close();
    }
  });
});
