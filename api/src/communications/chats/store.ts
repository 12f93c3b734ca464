import { access, isAnyChatStaff, isChatStaff, isClientChatStaff, type ChatAudience, type ChatListPage, type ChatListView, type ChatMessage, type ChatSide, type ChatSummary, type ChatType, type ConversationType, type SessionUser } from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, notFoundError } from '../../platform/errors.js';
import { agentIdsCondition, seesAgent, viewersOfAgent } from '../../platform/scope.js';
import { isoTime } from '../../platform/sql.js';

/**
 * Chats in the database (issue 13): who is which side of a chat, the scoped reads (another's chat is
 * not told apart from a missing one), the lists, the history by seq, and finding or making the chat of
 * an agent (support), of an object (a contract, a broker request — the owning domain says whose it
 * is and what it is called) or of an Oyster.app client (client-chats.ts).
 */

export const CHAT_NOT_FOUND = 'Чат не найден';

export interface ChatRow {
  id: string;
  type: ConversationType;
  entity_id: string | null;
  title: string;
  entity_path: string | null;
  agent_id: string;
  agent_fio: string;
  client_id: string | null;
  client_name: string | null;
  manager_id: string | null;
  manager_fio: string | null;
  is_open: boolean;
  last_seq: string | number;
  agent_read_seq: string | number;
  staff_read_seq: string | number;
}

const CHAT_SELECT = `SELECT c.id, c.type, c.entity_id, c.title, c.entity_path, c.agent_id, ${fioSql('a')} AS agent_fio, c.client_id, ar.client_name,
    c.manager_id, CASE WHEN m.id IS NULL THEN NULL ELSE ${fioSql('m')} END AS manager_fio, c.is_open, c.last_seq, c.agent_read_seq, c.staff_read_seq
  FROM chats c JOIN users a ON a.id = c.agent_id LEFT JOIN users m ON m.id = c.manager_id LEFT JOIN app_registrations ar ON ar.id = c.client_id`;

/** Who a chat is with: its type and the agent it belongs to (a client's chat: the client's agent). */
export type ChatParty = { type: ConversationType; agentId: string };

/**
 * May the user be the staff side of the chat, if they see its agent: staff who chat with agents — or,
 * in a client's chat, with clients — and are not the agent of an agents' chat (that is its agent side).
 */
const chatsAsStaff = (user: SessionUser, chat: ChatParty): boolean =>
  chat.type === 'client' ? isClientChatStaff(user) : isChatStaff(user) && user._id !== chat.agentId;

/**
 * Which side of the chat the user is: its agent (not of a client's chat), or staff who may chat with its
 * side (chatsAsStaff) and see this agent (platform/scope.ts); null — the chat is not theirs to see.
 */
export async function sideOf(q: Queryable, me: { user: SessionUser }, chat: ChatParty): Promise<ChatSide | null> {
  if (chat.type !== 'client' && me.user._id === chat.agentId) return 'agent';
  return chatsAsStaff(me.user, chat) && (await seesAgent(q, me, chat.agentId)) ? 'staff' : null;
}

const partyOf = (c: Pick<ChatRow, 'type' | 'agent_id'>): ChatParty => ({ type: c.type, agentId: c.agent_id });

/** A chat as it is — by id, or an Oyster.app client's by the client — for a caller that has proved it may (or will check). */
export async function chatRow(q: Queryable, by: { id: string } | { clientId: string }, forUpdate = false): Promise<ChatRow | undefined> {
  const [column, value] = 'id' in by ? ['c.id', by.id] : ['c.client_id', by.clientId];
  const [chat] = await q.query<ChatRow>(`${CHAT_SELECT} WHERE ${column} = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`, [value]);
  return chat;
}

/** A chat the caller is a side of, with that side; a 404 «Чат не найден» otherwise. */
export async function scopedChat(q: Queryable, me: { user: SessionUser }, chatId: string, forUpdate = false): Promise<{ chat: ChatRow; side: ChatSide }> {
  const chat = await chatRow(q, { id: chatId }, forUpdate);
  const side = chat ? await sideOf(q, me, partyOf(chat)) : null;
  if (!chat || !side) throw notFoundError(CHAT_NOT_FOUND);
  return { chat, side };
}

/** The users on the staff side of a chat: those whose sideOf it is 'staff' (the scope module finds who sees its agent). */
export async function staffOf(q: Queryable, chat: ChatParty): Promise<string[]> {
  return viewersOfAgent(q, chat.agentId, (user) => chatsAsStaff(user, chat));
}

// ───────────────────────── messages ─────────────────────────

interface MessageRow {
  id: string;
  chat_id: string;
  seq: string | number;
  side: ChatSide;
  author_id: string | null;
  author_fio: string | null;
  body: string;
  file_id: string | null;
  file_name: string | null;
  file_size: number | null;
  file_mime: string | null;
  client_key: string | null;
  created_at: string | Date;
}

// A client's message has no user: its author is the client of the chat's registration.
const MESSAGE_SELECT = `SELECT cm.id, cm.chat_id, cm.seq, cm.side, cm.author_id,
    CASE WHEN u.id IS NULL THEN (SELECT ar.client_name FROM chats ch JOIN app_registrations ar ON ar.id = ch.client_id WHERE ch.id = cm.chat_id) ELSE ${fioSql('u')} END AS author_fio,
    cm.body, cm.file_id, f.upload_file_name AS file_name, f.size AS file_size, f.mime AS file_mime, cm.client_key, cm.created_at
  FROM chat_messages cm LEFT JOIN users u ON u.id = cm.author_id LEFT JOIN chat_files f ON f.id = cm.file_id`;

const toMessage = (r: MessageRow): ChatMessage => ({
  _id: r.id,
  chatId: r.chat_id,
  seq: Number(r.seq),
  side: r.side,
  author: { id: r.author_id, fio: r.author_fio ?? '' },
  text: r.body,
  file: r.file_id ? { _id: r.file_id, fileName: r.file_name ?? 'файл', size: Number(r.file_size ?? 0), mime: r.file_mime ?? 'application/octet-stream' } : null,
  clientKey: r.client_key,
  createdAt: isoTime(r.created_at),
});

/**
 * A chat's messages in order: `after` — those past a seq (a reconnecting client catching up, oldest
 * first); otherwise the latest `limit`, or those before `before` (older history), still oldest first.
 */
export async function chatMessages(q: Queryable, chatId: string, o: { after?: number; before?: number; limit: number }): Promise<{ items: ChatMessage[]; hasOlder: boolean }> {
  if (o.after !== undefined) {
    const rows = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE cm.chat_id = $1 AND cm.seq > $2 ORDER BY cm.seq LIMIT $3`, [chatId, o.after, o.limit]);
    return { items: rows.map(toMessage), hasOlder: false };
  }
  const params: unknown[] = [chatId];
  let where = 'cm.chat_id = $1';
  if (o.before !== undefined) {
    params.push(o.before);
    where += ` AND cm.seq < $${params.length}`;
  }
  params.push(o.limit + 1);
  const rows = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE ${where} ORDER BY cm.seq DESC LIMIT $${params.length}`, params);
  return { items: rows.slice(0, o.limit).reverse().map(toMessage), hasOlder: rows.length > o.limit };
}

export interface NewMessage {
  chatId: string;
  /** The user who writes; null for a client (side 'client'). */
  authorId: string | null;
  side: ChatSide;
  text: string;
  fileId?: string | null;
  clientKey: string | null;
  /** When it was written (the demo's history); now otherwise. */
  at?: Date;
}

/** The message a chat already has from this author (null: a client) under this client key, or null. */
export async function messageByKey(q: Queryable, chatId: string, authorId: string | null, clientKey: string): Promise<ChatMessage | null> {
  const [same] = await q.query<MessageRow>(
    `${MESSAGE_SELECT} WHERE cm.chat_id = $1 AND cm.client_key = $2 AND ${authorId ? 'cm.author_id = $3' : 'cm.author_id IS NULL'}`,
    authorId ? [chatId, clientKey, authorId] : [chatId, clientKey],
  );
  return same ? toMessage(same) : null;
}

/** Where a side's reads are kept: the staff's, or the counterpart's (the agent, or in a client's chat the client). */
const readColumnOf = (side: ChatSide) => (side === 'staff' ? 'staff_read_seq' : 'agent_read_seq');

/** A side has read up to seq — never back, never past the last message; true when the mark moved. */
export async function markRead(q: Queryable, chatId: string, side: ChatSide, seq: number): Promise<boolean> {
  const column = readColumnOf(side);
  const moved = await q.query<{ id: string }>(`UPDATE chats SET ${column} = LEAST($2::bigint, last_seq) WHERE id = $1 AND ${column} < LEAST($2::bigint, last_seq) RETURNING id`, [chatId, seq]);
  return moved.length > 0;
}

/**
 * Writes a message (in the caller's transaction, the chat locked): the same client key from the same
 * author answers the message already written, not a second one (`created` false). The agent's or the
 * client's message opens the chat; every message moves the chat's last seq and time.
 */
export async function addMessage(q: Queryable, m: NewMessage): Promise<{ message: ChatMessage; created: boolean }> {
  const same = m.clientKey ? await messageByKey(q, m.chatId, m.authorId, m.clientKey) : null;
  if (same) return { message: same, created: false };
  const id = newId();
  const [row] = await q.query<{ seq: string | number; created_at: string | Date }>(
    'INSERT INTO chat_messages (id, chat_id, author_id, side, body, file_id, client_key, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::timestamptz, now())) RETURNING seq, created_at',
    [id, m.chatId, m.authorId, m.side, m.text, m.fileId ?? null, m.clientKey, m.at?.toISOString() ?? null],
  );
  // The author has read up to their own message; the agent's or client's message opens the chat.
  await q.query(
    `UPDATE chats SET last_seq = $2, last_message_at = $3, ${readColumnOf(m.side)} = $2${m.side === 'staff' ? '' : ', is_open = true'} WHERE id = $1`,
    [m.chatId, row.seq, row.created_at],
  );
  const [written] = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE cm.id = $1`, [id]);
  return { message: toMessage(written), created: true };
}

// ───────────────────────── lists ─────────────────────────

interface SummaryRow extends ChatRow {
  last_body: string | null;
  last_side: ChatSide | null;
  last_at: string | Date | null;
  last_file: string | null;
  unread_agent: number;
  unread_staff: number;
  sort_at: string | Date;
}

const SUMMARY_SELECT = `SELECT c.id, c.type, c.entity_id, c.title, c.entity_path, c.agent_id, ${fioSql('a')} AS agent_fio, c.client_id, ar.client_name,
    c.manager_id, CASE WHEN m.id IS NULL THEN NULL ELSE ${fioSql('m')} END AS manager_fio, c.is_open, c.last_seq, c.agent_read_seq, c.staff_read_seq,
    lm.body AS last_body, lm.side AS last_side, lm.created_at AS last_at, lf.upload_file_name AS last_file,
    (SELECT count(*)::int FROM chat_messages x WHERE x.chat_id = c.id AND x.side = 'staff' AND x.seq > c.agent_read_seq) AS unread_agent,
    (SELECT count(*)::int FROM chat_messages x WHERE x.chat_id = c.id AND x.side <> 'staff' AND x.seq > c.staff_read_seq) AS unread_staff,
    COALESCE(c.last_message_at, c.created_at) AS sort_at
  FROM chats c JOIN users a ON a.id = c.agent_id LEFT JOIN users m ON m.id = c.manager_id LEFT JOIN app_registrations ar ON ar.id = c.client_id
  LEFT JOIN chat_messages lm ON lm.chat_id = c.id AND lm.seq = c.last_seq
  LEFT JOIN chat_files lf ON lf.id = lm.file_id`;

function toSummary(r: SummaryRow | (ChatRow & Partial<SummaryRow>), viewerSide: ChatSide): ChatSummary {
  return {
    _id: r.id,
    type: r.type,
    title: r.title,
    entityPath: r.entity_path,
    agent: { id: r.agent_id, fio: r.agent_fio },
    client: r.client_id ? { id: r.client_id, name: r.client_name ?? '' } : null,
    manager: r.manager_id ? { id: r.manager_id, fio: r.manager_fio ?? '' } : null,
    isOpen: r.is_open,
    lastMessage: r.last_at ? { text: r.last_body ?? '', side: r.last_side!, createdAt: isoTime(r.last_at), fileName: r.last_file ?? null } : null,
    unread: (viewerSide === 'staff' ? r.unread_staff : r.unread_agent) ?? 0,
    readByOtherSeq: Number(viewerSide === 'staff' ? r.agent_read_seq : r.staff_read_seq),
    viewerSide,
  };
}

/** One chat as its header and a list row show it, for a viewer on `side`. */
export async function chatSummary(q: Queryable, chatId: string, side: ChatSide): Promise<ChatSummary> {
  const [row] = await q.query<SummaryRow>(`${SUMMARY_SELECT} WHERE c.id = $1`, [chatId]);
  return toSummary(row, side);
}

export function encodeChatCursor(sortAt: string, id: string): string {
  return Buffer.from(`${sortAt}|${id}`, 'utf8').toString('base64url');
}
export function decodeChatCursor(c: string): { at: string; id: string } | null {
  const [at, id, ...rest] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  if (rest.length || !/^[0-9a-f]{24}$/.test(id ?? '') || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at ?? '')) return null;
  return { at, id };
}

/**
 * Which chats' staff side the user is, as SQL over chats `c`: agents' chats with canChatWithAgents,
 * clients' with canChatWithClients (narrowed to one `audience` when asked); scope comes on top.
 */
function staffChatsCondition(user: SessionUser, audience?: ChatAudience): string {
  const agents = isChatStaff(user) && audience !== 'clients';
  const clients = isClientChatStaff(user) && audience !== 'agents';
  return agents && clients ? 'true' : agents ? `c.type <> 'client'` : clients ? `c.type = 'client'` : 'false';
}

/**
 * The chats list, latest conversation first, by keyset. An agent: their own chats that have a message.
 * Staff: the chats of agents in their scope (and of those agents' Oyster.app clients for staff who
 * chat with clients; `audience` narrows to one) — `waiting`: open and nobody's or theirs; `mine`:
 * theirs; `all`: every one with a message.
 */
export async function listChats(q: Queryable, me: { user: SessionUser }, o: { view?: ChatListView; audience?: ChatAudience; after?: string; limit: number }): Promise<ChatListPage> {
  const params: unknown[] = [];
  const where: string[] = ['c.last_seq > 0'];
  const staff = isAnyChatStaff(me.user) && access(me.user).isAuthenticated;
  if (!staff) {
    params.push(me.user._id);
    where.push(`c.agent_id = $${params.length}`, `c.type <> 'client'`);
  } else {
    where.push(staffChatsCondition(me.user, o.audience), agentIdsCondition(me, 'c.agent_id', params));
    // «Все» (no view) binds no self parameter: an unused one has no type and PostgreSQL refuses it.
    if (o.view === 'waiting' || o.view === 'mine') {
      params.push(me.user._id);
      const self = `$${params.length}`;
      where.push(o.view === 'waiting' ? `c.is_open AND (c.manager_id IS NULL OR c.manager_id = ${self})` : `c.manager_id = ${self}`);
    }
  }
  if (o.after) {
    const c = decodeChatCursor(o.after)!;
    params.push(c.at, c.id);
    where.push(`(COALESCE(c.last_message_at, c.created_at), c.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(o.limit + 1);
  const rows = await q.query<SummaryRow>(
    `${SUMMARY_SELECT} WHERE ${where.join(' AND ')} ORDER BY COALESCE(c.last_message_at, c.created_at) DESC, c.id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, o.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toSummary(r, staff ? 'staff' : 'agent')),
    next: rows.length > o.limit && last ? encodeChatCursor(isoTime(last.sort_at), last.id) : null,
  };
}

// ───────────────────────── finding or making a chat ─────────────────────────

/** The agent's support chat: its id is the agent's session chatId (made on first use). */
export async function ensureSupportChat(q: Queryable, agentId: string, chatId: string): Promise<string> {
  await q.query(`INSERT INTO chats (id, kind, agent_id, is_open, type, title) VALUES ($1, 'agent', $2, false, 'support', 'Поддержка') ON CONFLICT (id) DO NOTHING`, [chatId, agentId]);
  return chatId;
}

/**
 * The chat of an object (a contract, a broker request), made on first use; its title and path are the
 * owning domain's and follow it (a policy number given later renames the contract's chat).
 */
export async function ensureObjectChat(q: Queryable, o: { type: Exclude<ChatType, 'support'>; entityId: string; agentId: string; title: string; path: string }): Promise<string> {
  const [existing] = await q.query<{ id: string; title: string; entity_path: string | null }>('SELECT id, title, entity_path FROM chats WHERE type = $1 AND entity_id = $2', [o.type, o.entityId]);
  if (existing) {
    if (existing.title !== o.title || existing.entity_path !== o.path) await q.query('UPDATE chats SET title = $2, entity_path = $3 WHERE id = $1', [existing.id, o.title, o.path]);
    return existing.id;
  }
  const id = newId();
  await q.query(
    `INSERT INTO chats (id, kind, agent_id, is_open, type, entity_id, title, entity_path) VALUES ($1, 'agent', $2, false, $3, $4, $5, $6)
     ON CONFLICT (type, entity_id) WHERE entity_id IS NOT NULL DO NOTHING`,
    [id, o.agentId, o.type, o.entityId, o.title, o.path],
  );
  // Two first uses at once: the other one's row stands.
  const [row] = await q.query<{ id: string }>('SELECT id FROM chats WHERE type = $1 AND entity_id = $2', [o.type, o.entityId]);
  return row.id;
}

/**
 * The chat of an Oyster.app client (made on first use): their agent's, titled with the client's name.
 * Two first messages at once: the unique index keeps one, both answer it.
 */
export async function ensureClientChat(q: Queryable, client: { id: string; agentId: string; name: string }): Promise<string> {
  await q.query(
    `INSERT INTO chats (id, kind, agent_id, is_open, type, client_id, title) VALUES ($1, 'client', $2, false, 'client', $3, $4)
     ON CONFLICT (client_id) WHERE client_id IS NOT NULL DO NOTHING`,
    [newId(), client.agentId, client.id, client.name],
  );
  const [row] = await q.query<{ id: string }>('SELECT id FROM chats WHERE client_id = $1', [client.id]);
  return row.id;
}

// ───────────────────────── counters ─────────────────────────

/**
 * The «Чаты» badge (§6 counters, `chats` update_chats_counts_opened): for staff, the open chats of
 * their scope that are nobody's or theirs (what waits for them) — agents' (`agentChats`, with
 * canChatWithAgents) and Oyster.app clients' (`clientChats`, with canChatWithClients), their sum
 * `chatsOpenedCount`; for an agent, their chats with a staff message they have not read.
 */
export async function chatCounts(q: Queryable, me: { user: SessionUser }): Promise<{ chatsOpenedCount: number; clientChats: number; agentChats: number }> {
  if (isAnyChatStaff(me.user)) {
    const params: unknown[] = [];
    const scope = agentIdsCondition(me, 'c.agent_id', params);
    params.push(me.user._id);
    const [r] = await q.query<{ agents: number; clients: number }>(
      `SELECT count(*) FILTER (WHERE c.type <> 'client')::int AS agents, count(*) FILTER (WHERE c.type = 'client')::int AS clients
         FROM chats c WHERE c.is_open AND c.last_seq > 0 AND (c.manager_id IS NULL OR c.manager_id = $${params.length}) AND ${scope} AND ${staffChatsCondition(me.user)}`,
      params,
    );
    return { chatsOpenedCount: r.agents + r.clients, agentChats: r.agents, clientChats: r.clients };
  }
  const [r] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM chats c WHERE c.agent_id = $1 AND c.type <> 'client' AND c.last_seq > c.agent_read_seq
        AND EXISTS (SELECT 1 FROM chat_messages x WHERE x.chat_id = c.id AND x.side = 'staff' AND x.seq > c.agent_read_seq)`,
    [me.user._id],
  );
  return { chatsOpenedCount: r.n, agentChats: 0, clientChats: 0 };
}

/** What a reader of an object who is neither of its chat's sides is told (a network owner on a sub-agent's contract). */
export const NOT_A_SIDE = 'Переписку по нему ведут его агент и сотрудники брокера';

/**
 * The chat of an object the caller may see (the owning domain has checked that): found or made, and
 * answered for the caller's side — or a 403 when the caller reads the object but is neither side.
 */
export async function objectChatFor(q: Queryable, me: { user: SessionUser }, o: Parameters<typeof ensureObjectChat>[1]): Promise<ChatSummary> {
  const side = await sideOf(q, me, { type: o.type, agentId: o.agentId });
  if (!side) throw new HttpError(403, NOT_A_SIDE);
  const id = await ensureObjectChat(q, o);
  return chatSummary(q, id, side);
}

/** The id of an object's chat, or null when nobody has opened it yet. */
export async function objectChatId(q: Queryable, type: Exclude<ChatType, 'support'>, entityId: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>('SELECT id FROM chats WHERE type = $1 AND entity_id = $2', [type, entityId]);
  return row?.id ?? null;
}
