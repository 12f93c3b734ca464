import type { ChatMessage, ChatStateEvent } from '@oyster/shared-kit/domain';
import { fioSql, loadUser, toSessionUser } from '../../platform/auth/users.js';
import type { AppContext } from '../../platform/context.js';
import { chatCounts, staffOf, type ChatParty, type ChatRow } from './store.js';

type Ctx = Pick<AppContext, 'db' | 'rt'>;

/** The users on a chat's sides: its agent (not of a client's chat: the client is in the app) and the staff who see that agent. */
export async function chatPeople(ctx: Ctx, chat: ChatParty): Promise<string[]> {
  const staff = await staffOf(ctx.db, chat);
  return chat.type === 'client' ? staff : [chat.agentId, ...staff];
}

/** Each user's «Чаты» badge again (`chats` update_chats_counts_opened, §7). */
export async function pushChatCounts(ctx: Ctx, userIds: readonly string[]): Promise<void> {
  for (const id of new Set(userIds)) {
    const row = await loadUser(ctx.db, id);
    if (!row || row.is_blocked) continue;
    ctx.rt.emitToUser(id, 'chats', { action: 'update_chats_counts_opened', result: await chatCounts(ctx.db, { user: toSessionUser(row) }) });
  }
}

/** A new message reaches both sides live, and their badges follow. */
export async function pushChatMessage(ctx: Ctx, chat: Pick<ChatRow, 'id' | 'agent_id' | 'type'>, message: ChatMessage): Promise<void> {
  const people = await chatPeople(ctx, { type: chat.type, agentId: chat.agent_id });
  for (const id of people) ctx.rt.emitToUser(id, 'chat_message', { chatId: chat.id, message });
  await pushChatCounts(ctx, people);
}

/** The chat was taken, closed, reopened or read: both sides' pages and badges follow. */
export async function pushChatState(ctx: Ctx, chatId: string): Promise<void> {
  const [c] = await ctx.db.query<{ type: ChatRow['type']; agent_id: string; is_open: boolean; manager_id: string | null; manager_fio: string | null; agent_read_seq: string; staff_read_seq: string }>(
    `SELECT c.type, c.agent_id, c.is_open, c.manager_id, ${fioSql('m')} AS manager_fio,
            c.agent_read_seq, c.staff_read_seq
       FROM chats c LEFT JOIN users m ON m.id = c.manager_id WHERE c.id = $1`,
    [chatId],
  );
  if (!c) return;
  const event: ChatStateEvent = {
    chatId,
    isOpen: c.is_open,
    manager: c.manager_id ? { id: c.manager_id, fio: c.manager_fio ?? '' } : null,
    // A client's chat keeps the client's reads in the counterpart's column.
    readSeq: c.type === 'client'
      ? { agent: 0, client: Number(c.agent_read_seq), staff: Number(c.staff_read_seq) }
      : { agent: Number(c.agent_read_seq), client: 0, staff: Number(c.staff_read_seq) },
  };
  const people = await chatPeople(ctx, { type: c.type, agentId: c.agent_id });
  for (const id of people) ctx.rt.emitToUser(id, 'chat_state', event);
  await pushChatCounts(ctx, people);
}
