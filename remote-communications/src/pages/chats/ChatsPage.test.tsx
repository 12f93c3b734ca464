import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type ChatMessage, type ChatSummary } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, never, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { CATCH_UP_RETRY_FIRST_MS } from '../../components/chat/useChat';

const CHAT = 'c'.repeat(24);
const agent = { id: 'a'.repeat(24), fio: 'Иванов Иван Петрович' };
const manager = { id: 'm'.repeat(24), fio: 'Кузнецова Ольга Сергеевна' };

const summary = (over: Partial<ChatSummary> = {}): ChatSummary => ({
  _id: CHAT,
  type: 'support',
  title: 'Поддержка',
  entityPath: null,
  agent,
  client: null,
  manager: null,
  isOpen: true,
  lastMessage: null,
  unread: 0,
  readByOtherSeq: 0,
  viewerSide: 'agent',
  ...over,
});

const message = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: String(seq).padStart(24, '0'),
  chatId: CHAT,
  seq,
  side: 'agent',
  author: agent,
  text: `Сообщение ${seq}`,
  file: null,
  clientKey: null,
  createdAt: '2026-11-20T09:05:00.000Z',
  ...over,
});

const posts = (calls: Call[], suffix: string) => calls.filter((c) => c.method === 'POST' && c.path.endsWith(suffix));

describe('«Чаты»: one conversation', () => {
  it('shows the history with authors and Moscow times; a message sent shows at once and once, even when the socket brings it too', async () => {
    let sent: ChatMessage | null = null;
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary() },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [message(1), message(2, { side: 'staff', author: manager, text: 'Добрый день!' })], hasOlder: false } },
      [`POST /api/v2/chats/${CHAT}/read`]: { data: summary() },
      [`POST /api/v2/chats/${CHAT}/messages`]: (body) => {
        const b = body as { text: string; clientKey: string };
        sent = message(3, { text: b.text, clientKey: b.clientKey });
        return { data: sent };
      },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.agent });
    const log = await screen.findByRole('log', { name: 'Сообщения' });
    expect(log).toHaveTextContent('Иванов Иван Петрович');
    expect(log).toHaveTextContent('Добрый день!');
    expect(log).toHaveTextContent('20.11.2026, 12:05');
    // The manager's message is read at once (the tab is in front).
    await waitFor(() => expect(posts(http.calls, '/read').map((c) => c.body)).toEqual([{ seq: 2 }]));

    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: '  Спасибо!  ' } });
    fireEvent.keyDown(screen.getByLabelText('Сообщение'), { key: 'Enter' });
    await waitFor(() => expect(within(log).getByText('Спасибо!')).toBeInTheDocument());
    expect(screen.getByLabelText('Сообщение')).toHaveValue('');
    const [post] = posts(http.calls, '/messages');
    expect((post.body as { text: string }).text).toBe('Спасибо!');
    expect((post.body as { clientKey: string }).clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The same message over the socket: still one.
    act(() => bus.publish('chat_message', { chatId: CHAT, message: sent! }));
    expect(within(log).getAllByText('Спасибо!')).toHaveLength(1);
    // Another's message arrives live, in order.
    act(() => bus.publish('chat_message', { chatId: CHAT, message: message(4, { side: 'staff', author: manager, text: 'Обращайтесь' }) }));
    expect(within(log).getByText('Обращайтесь')).toBeInTheDocument();
    const texts = [...log.querySelectorAll('.oy-chat__text')].map((n) => n.textContent);
    expect(texts).toEqual(['Сообщение 1', 'Добрый день!', 'Спасибо!', 'Обращайтесь']);
  });

  it('a message that failed stays with «Не отправлено» and the reason; «Повторить» sends it with the same key', async () => {
    const keys: string[] = [];
    let fail = true;
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary() },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [], hasOlder: false } },
      [`POST /api/v2/chats/${CHAT}/messages`]: (body) => {
        const b = body as { text: string; clientKey: string };
        keys.push(b.clientKey);
        if (fail) throw httpError(0);
        return { data: message(1, { text: b.text, clientKey: b.clientKey }) };
      },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Сообщений пока нет. Напишите, чем помочь.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Алло' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Не отправлено')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Повторить');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.queryByText('Не отправлено')).toBeNull());
    expect(screen.getAllByText('Алло')).toHaveLength(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('after the socket comes back it fetches what came after the last seq: in order, nothing doubled', async () => {
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary() },
      [`GET /api/v2/chats/${CHAT}/messages?after=2`]: { data: { items: [message(2), message(5, { text: 'Пока вас не было' })], hasOlder: false } },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [message(1), message(2)], hasOlder: false } },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.agent });
    const log = await screen.findByRole('log', { name: 'Сообщения' });
    expect(http.calls.some((c) => c.path.includes('after='))).toBe(false);
    // The socket was away while the chat loaded: connecting is a return.
    act(() => bus.connection$.next('connected'));
    await waitFor(() => expect(within(log).getByText('Пока вас не было')).toBeInTheDocument());
    const texts = () => [...log.querySelectorAll('.oy-chat__text')].map((n) => n.textContent);
    expect(texts()).toEqual(['Сообщение 1', 'Сообщение 2', 'Пока вас не было']);
    // Lost again and back: asked from the newest seq now, and what it brings again is not doubled.
    act(() => bus.connection$.next('reconnecting'));
    act(() => bus.connection$.next('connected'));
    await waitFor(() => expect(http.calls.some((c) => c.path.endsWith('messages?after=5'))).toBe(true));
    await waitFor(() => expect(texts()).toEqual(['Сообщение 1', 'Сообщение 2', 'Пока вас не было']));
  });

  it('a refused catch-up is asked again while the socket stays: what came meanwhile still shows', async () => {
    let refusals = 1;
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary() },
      [`GET /api/v2/chats/${CHAT}/messages?after=2`]: () => {
        if (refusals-- > 0) throw httpError(503, { message: 'Сервис временно недоступен' });
        return { data: { items: [message(5, { text: 'Пока вас не было' })], hasOlder: false } };
      },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [message(1), message(2)], hasOlder: false } },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.agent });
    const log = await screen.findByRole('log', { name: 'Сообщения' });
    act(() => bus.connection$.next('connected'));
    await waitFor(() => expect(within(log).getByText('Пока вас не было')).toBeInTheDocument(), { timeout: CATCH_UP_RETRY_FIRST_MS + 2_000 });
    expect(http.calls.filter((c) => c.path.endsWith('messages?after=2'))).toHaveLength(2);
  });

  it('a catch-up refused after the socket went again is not asked again by that round', async () => {
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary() },
      [`GET /api/v2/chats/${CHAT}/messages?after=2`]: () => {
        throw httpError(503, { message: 'Сервис временно недоступен' });
      },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [message(1), message(2)], hasOlder: false } },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.agent });
    await screen.findByRole('log', { name: 'Сообщения' });
    act(() => bus.connection$.next('connected'));
    await waitFor(() => expect(http.calls.filter((c) => c.path.endsWith('messages?after=2'))).toHaveLength(1));
    act(() => bus.connection$.next('reconnecting'));
    await new Promise((r) => setTimeout(r, CATCH_UP_RETRY_FIRST_MS + 500));
    expect(http.calls.filter((c) => c.path.endsWith('messages?after=2'))).toHaveLength(1);
  });

  it('«Прочитано» under my last message the other side has read, moved live by chat_state', async () => {
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary({ readByOtherSeq: 1 }) },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [message(1), message(2)], hasOlder: false } },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.agent });
    const log = await screen.findByRole('log', { name: 'Сообщения' });
    const receiptOf = (seq: number) => log.querySelector(`[data-seq="${seq}"] .oy-chat__receipt`);
    expect(receiptOf(1)).toHaveTextContent('Прочитано');
    expect(receiptOf(2)).toBeNull();
    act(() => bus.publish('chat_state', { chatId: CHAT, isOpen: true, manager, readSeq: { agent: 0, client: 0, staff: 2 } }));
    expect(receiptOf(2)).toHaveTextContent('Прочитано');
    expect(receiptOf(1)).toBeNull();
    expect(screen.getByText(/отвечает Кузнецова Ольга Сергеевна/)).toBeInTheDocument();
  });

  it('staff cannot close the chat while a file uploads: «Загрузка файлов» / «Вы не можете закрыть чат пока идет загрузка файлов»', async () => {
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary({ viewerSide: 'staff', manager }) },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [message(1)], hasOlder: false } },
      [`POST /api/v2/chats/${CHAT}/read`]: { data: summary() },
      [`POST /api/v2/chats/${CHAT}/files`]: () => never(),
      [`POST /api/v2/chats/${CHAT}/close`]: { data: summary({ viewerSide: 'staff', manager, isOpen: false }) },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.manager });
    await screen.findByRole('log', { name: 'Сообщения' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'Полис.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Отправляется…')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть чат' }));
    const dialog = await screen.findByRole('dialog', { name: 'Загрузка файлов' });
    expect(dialog).toHaveTextContent('Вы не можете закрыть чат пока идет загрузка файлов');
    expect(posts(http.calls, '/close')).toHaveLength(0);
    // The footer's «Закрыть» (the cross is named so too).
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Закрыть' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Загрузка файлов' })).toBeNull());
  });

  it('a client’s chat for staff: the client is the heading, whose client it is under it; the client’s message is theirs and the client’s read moves «Прочитано»', async () => {
    const client = { id: '5'.repeat(24), name: 'Сидоров Пётр' };
    const staffView = summary({ type: 'client', title: 'Сидоров Пётр', client, viewerSide: 'staff', manager });
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: staffView },
      [`GET /api/v2/chats/${CHAT}/messages`]: {
        data: { items: [message(1, { side: 'client', author: { id: null, fio: 'Сидоров Пётр' }, text: 'Где мой полис?' }), message(2, { side: 'staff', author: manager, text: 'Сейчас пришлю' })], hasOlder: false },
      },
      [`POST /api/v2/chats/${CHAT}/read`]: { data: staffView },
      'GET /api/v2/chats?limit=20&view=waiting': { data: { items: [], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: { ...DEMO_USERS.manager, canChatWithClients: true } });
    const log = await screen.findByRole('log', { name: 'Сообщения' });
    expect(document.querySelector('.oy-chat__title')).toHaveTextContent('Сидоров Пётр');
    expect(screen.getByText(/Клиент Oyster\.app · агент Иванов Иван Петрович/)).toBeInTheDocument();
    expect(log.querySelector('[data-seq="1"]')).toHaveClass('oy-chat__msg--theirs');
    expect(log.querySelector('[data-seq="2"]')).toHaveClass('oy-chat__msg--mine');
    await waitFor(() => expect(posts(http.calls, '/read').map((c) => c.body)).toEqual([{ seq: 1 }]));
    expect(log.querySelector('[data-seq="2"] .oy-chat__receipt')).toBeNull();
    act(() => bus.publish('chat_state', { chatId: CHAT, isOpen: true, manager, readSeq: { agent: 0, client: 2, staff: 1 } }));
    expect(log.querySelector('[data-seq="2"] .oy-chat__receipt')).toHaveTextContent('Прочитано');
  });

  it('a file over 10 МБ is refused before sending, in Russian', async () => {
    const http = fakeHttp({
      [`GET /api/v2/chats/${CHAT}`]: { data: summary() },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [], hasOlder: false } },
      'GET /api/v2/chats': { data: { items: [], next: null } },
    });
    await renderSection(RemoteRoutes, `/chats/${CHAT}`, { http, user: DEMO_USERS.agent });
    await screen.findByRole('log', { name: 'Сообщения' });
    const big = new File(['x'], 'Скан.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Файл «Скан.pdf» больше 10 МБ');
    expect(posts(http.calls, '/files')).toHaveLength(0);
  });
});

describe('«Чаты»: the list', () => {
  const row = (id: string, over: Partial<ChatSummary> = {}) => summary({ _id: id, viewerSide: 'staff', lastMessage: { text: 'Вопрос', side: 'agent', createdAt: '2026-11-20T09:05:00.000Z', fileName: null }, ...over });

  it('staff: «Ожидают ответа» by default, «Мои» and «Все» ask the server; a new message reads the list again, live', async () => {
    let items = [row('1'.repeat(24), { unread: 3 })];
    const http = fakeHttp({
      'GET /api/v2/chats?limit=20&view=waiting': () => ({ data: { items, next: null } }),
      'GET /api/v2/chats?limit=20&view=mine': { data: { items: [], next: null } },
      'GET /api/v2/chats?limit=20': { data: { items: [row('2'.repeat(24), { isOpen: false })], next: null } },
    });
    const { bus } = await renderSection(RemoteRoutes, '/chats', { http, user: DEMO_USERS.manager });
    expect(await screen.findByRole('tab', { name: 'Ожидают ответа' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Список чатов' });
    expect(list).toHaveTextContent('Иванов Иван Петрович');
    expect(within(list).getByLabelText('Непрочитанных: 3')).toHaveTextContent('3');
    expect(screen.getByText('Выберите чат слева')).toBeInTheDocument();

    items = [row('3'.repeat(24), { agent: { id: 'x'.repeat(24), fio: 'Лебедев Николай Артёмович' } }), ...items];
    act(() => bus.publish('chat_message', { chatId: '3'.repeat(24), message: message(9, { chatId: '3'.repeat(24) }) }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Список чатов' })).toHaveTextContent('Лебедев Николай Артёмович'));

    fireEvent.click(screen.getByRole('tab', { name: 'Мои' }));
    expect(await screen.findByText('Чатов пока нет')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Все' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Список чатов' })).toHaveTextContent('закрыт'));
  });

  it('staff who chat with agents and clients: «Агенты и клиенты», «Агенты», «Клиенты» ask the server; a client’s chat shows the client, «Клиент Oyster.app» and whose client', async () => {
    const mage = { ...DEMO_USERS.manager, canChatWithClients: true };
    const clientChat = row('4'.repeat(24), { type: 'client', title: 'Сидоров Пётр', client: { id: '5'.repeat(24), name: 'Сидоров Пётр' }, lastMessage: { text: 'Где мой полис?', side: 'client', createdAt: '2026-11-20T09:05:00.000Z', fileName: null } });
    const http = fakeHttp({
      'GET /api/v2/chats?limit=20&view=waiting': { data: { items: [clientChat, row('1'.repeat(24))], next: null } },
      'GET /api/v2/chats?limit=20&view=waiting&audience=clients': { data: { items: [clientChat], next: null } },
      'GET /api/v2/chats?limit=20&view=waiting&audience=agents': { data: { items: [row('1'.repeat(24))], next: null } },
    });
    await renderSection(RemoteRoutes, '/chats', { http, user: mage });
    const tabs = await screen.findByRole('tablist', { name: 'Чьи чаты показать' });
    expect(within(tabs).getByRole('tab', { name: 'Агенты и клиенты' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Список чатов' });
    const [first] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('Сидоров Пётр');
    expect(first).toHaveTextContent('Клиент Oyster.app · агент Иванов Иван Петрович · ожидает ответа');
    expect(first).toHaveTextContent('Где мой полис?');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Клиенты' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Список чатов' })).getAllByRole('link')).toHaveLength(1));
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Агенты' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Список чатов' })).not.toHaveTextContent('Сидоров Пётр'));
    expect(http.calls.filter((c) => c.path.includes('audience=')).map((c) => c.path)).toEqual(['/api/v2/chats?limit=20&view=waiting&audience=clients', '/api/v2/chats?limit=20&view=waiting&audience=agents']);
  });

  it('staff who chat only with agents have no «Клиенты» choice', async () => {
    const http = fakeHttp({ 'GET /api/v2/chats?limit=20&view=waiting': { data: { items: [], next: null } } });
    await renderSection(RemoteRoutes, '/chats', { http, user: DEMO_USERS.manager });
    expect(await screen.findByText('Чатов пока нет')).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Чьи чаты показать' })).toBeNull();
  });

  it('an agent: their chats without views, and «Написать в поддержку» opens the support chat', async () => {
    const http = fakeHttp({
      'GET /api/v2/chats?limit=20': { data: { items: [], next: null } },
      'GET /api/v2/chats/support': { data: summary() },
      [`GET /api/v2/chats/${CHAT}`]: { data: summary() },
      [`GET /api/v2/chats/${CHAT}/messages`]: { data: { items: [], hasOlder: false } },
    });
    await renderSection(RemoteRoutes, '/chats', { http, user: { ...DEMO_USERS.agent, chatId: CHAT } });
    expect(await screen.findByText('Чатов пока нет')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Написать в поддержку' }));
    expect(await screen.findByText('Сообщений пока нет. Напишите, чем помочь.')).toBeInTheDocument();
  });

  it('a list that fails says so and retries', async () => {
    let fail = true;
    const http = fakeHttp({
      'GET /api/v2/chats?limit=20': () => {
        if (fail) throw httpError(500);
        return { data: { items: [], next: null } };
      },
    });
    await renderSection(RemoteRoutes, '/chats', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Не удалось загрузить чаты')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Повторить|Обновить/ }));
    expect(await screen.findByText('Чатов пока нет')).toBeInTheDocument();
  });
});
