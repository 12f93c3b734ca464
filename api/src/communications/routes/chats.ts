import type { FastifyInstance } from 'fastify';
import { ATTACH_LIMITS, CHAT_AUDIENCES, CHAT_LIST_VIEWS, type ChatAudience, type ChatMessage } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFoundError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { DOCUMENT_UPLOAD, multipartScope, readUploads } from '../../platform/uploads.js';
import { idParams, validate, yup } from '../../platform/validation.js';
import { pushChatMessage, pushChatState } from '../chats/events.js';
import { addFileMessage, sendChatFile } from '../chats/files.js';
import { fileFields, messageBody, messagesQuery, readBody, type MessagesQuery } from '../chats/input.js';
import { addMessage, CHAT_NOT_FOUND, chatCounts, chatMessages, chatSummary, decodeChatCursor, ensureSupportChat, listChats, markRead, scopedChat } from '../chats/store.js';

const listQuery = yup.object({
  view: yup.string().oneOf([...CHAT_LIST_VIEWS]).label('view'),
  audience: yup.string().oneOf([...CHAT_AUDIENCES]).label('audience'),
  after: yup.string().trim().max(200).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => !v || decodeChatCursor(v) !== null).label('after'),
  limit: yup.number().integer().min(1).max(100).default(20).label('limit'),
});
const STAFF_ONLY = 'Взять, закрыть и открыть чат снова может сотрудник брокера';

/**
 * Chats (issue 13, §7 chats/*). Who may: whoever has the chats section (canSeeChats), and only a chat
 * they are a side of — its agent, or staff with canChatWithAgents who see that agent; an Oyster.app
 * client's chat: staff with canChatWithClients who see the client's agent (another's chat is a 404
 * «Чат не найден»; the client's side is client-chats.ts). A message carries a client-made key: sent again, it is the same message.
 * Every message reaches both sides live (`chat_message`); a reconnecting client asks for what came
 * after the last seq it has. Taking, closing, reopening and reading are `chat_state`; the badges follow.
 */
export function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/chats', summary: 'Чаты: список (агенту — свои, сотрудникам — чаты агентов)', access: 'canSeeChats', query: listQuery }, async (req) => {
    const q = req.query as { view?: 'waiting' | 'mine' | 'all'; audience?: ChatAudience; after?: string; limit: number };
    return { data: await listChats(ctx.db, req.me, q) };
  });

  route(app, { method: 'GET', url: '/api/v2/chats/opened-count', summary: 'Чаты: число ожидающих (значок «Чаты»)', access: 'canLoadOpenChatsCount' }, async (req) => chatCounts(ctx.db, req.me));

  route(app, { method: 'GET', url: '/api/v2/chats/support', summary: 'Чаты: чат агента с поддержкой (chatId сессии)', access: 'canSeeChats' }, async (req) => {
    const chatId = req.me.user.chatId;
    if (!chatId || req.me.user.isPersonal) throw notFoundError(CHAT_NOT_FOUND);
    await ensureSupportChat(ctx.db, req.me.user._id, chatId);
    return { data: await chatSummary(ctx.db, chatId, 'agent') };
  });

  route(app, { method: 'GET', url: '/api/v2/chats/:chatId', summary: 'Чат: заголовок (кто, о чём, открыт ли, прочитано)', access: 'canSeeChats', params: idParams('chatId') }, async (req) => {
    const { chat, side } = await scopedChat(ctx.db, req.me, req.params.chatId);
    return { data: await chatSummary(ctx.db, chat.id, side) };
  });

  route(app, { method: 'GET', url: '/api/v2/chats/:chatId/messages', summary: 'Чат: сообщения (последние, раньше before или после after)', access: 'canSeeChats', params: idParams('chatId'), query: messagesQuery }, async (req) => {
    const { chat } = await scopedChat(ctx.db, req.me, req.params.chatId);
    return { data: await chatMessages(ctx.db, chat.id, req.query as MessagesQuery) };
  });

  route(app, { method: 'POST', url: '/api/v2/chats/:chatId/messages', summary: 'Чат: отправить сообщение (text; необязательный clientKey — повтор с тем же ключом не удваивает)', access: 'canSeeChats', params: idParams('chatId'), body: messageBody }, async (req) => {
    const { text, clientKey } = req.body as { text: string; clientKey?: string };
    const { message, chat } = await ctx.db.tx(async (q) => {
      const { chat, side } = await scopedChat(q, req.me, req.params.chatId, true);
      return { chat, ...(await addMessage(q, { chatId: chat.id, authorId: req.me.user._id, side, text, clientKey: clientKey ?? null })) };
    });
    // A repeat (the same clientKey) is pushed again: its sender got no answer the first time, and the first
    // push may have died with the node that wrote it (bench/drill-node-kill.mjs); readers merge by id.
    await pushChatMessage(ctx, chat, message);
    return { data: message };
  });

  multipartScope(app, ATTACH_LIMITS.maxFileBytes, (scope) => {
    route(scope, { method: 'POST', url: '/api/v2/chats/:chatId/files', summary: 'Чат: отправить файл (multipart: file, clientKey, text)', access: 'canSeeChats', params: idParams('chatId') }, async (req) => {
      const { chat: visible } = await scopedChat(ctx.db, req.me, req.params.chatId);
      const { files, fields } = await readUploads(req, 1, DOCUMENT_UPLOAD);
      const { text, clientKey } = await validate(fileFields, fields);
      const { message } = await ctx.db.tx(async (q) => {
        const { chat, side } = await scopedChat(q, req.me, visible.id, true);
        return addFileMessage(q, ctx.files, { chatId: chat.id, authorId: req.me.user._id, side, text: text ?? '', clientKey: clientKey ?? null }, files[0]);
      });
      await pushChatMessage(ctx, visible, message); // a repeat too: see the text messages above
      return { data: message as ChatMessage };
    });
  });

  route(app, { method: 'GET', url: '/api/v2/chats/:chatId/files/:fileId', summary: 'Чат: скачать файл', access: 'canSeeChats', params: idParams('chatId', 'fileId') }, async (req, reply) => {
    const { chat } = await scopedChat(ctx.db, req.me, req.params.chatId);
    return sendChatFile(ctx.db, ctx.files, reply, chat.id, req.params.fileId);
  });

  route(app, { method: 'POST', url: '/api/v2/chats/:chatId/read', summary: 'Чат: прочитано до сообщения seq (отметка для другой стороны)', access: 'canSeeChats', params: idParams('chatId'), body: readBody }, async (req) => {
    const { seq } = req.body as { seq: number };
    const { chat, side } = await scopedChat(ctx.db, req.me, req.params.chatId);
    if (await markRead(ctx.db, chat.id, side, seq)) await pushChatState(ctx, chat.id);
    return { data: await chatSummary(ctx.db, chat.id, side) };
  });

  const staffMove = (url: string, summary: string, sql: string) =>
    route(app, { method: 'POST', url, summary, access: 'canSeeChats', params: idParams('chatId') }, async (req) => {
      const { chat, side } = await scopedChat(ctx.db, req.me, req.params.chatId);
      if (side !== 'staff') throw new HttpError(403, STAFF_ONLY);
      await ctx.db.query(sql, [chat.id, req.me.user._id]);
      await pushChatState(ctx, chat.id);
      return { data: await chatSummary(ctx.db, chat.id, side) };
    });
  staffMove('/api/v2/chats/:chatId/take', 'Чат: взять в работу (сотрудник)', 'UPDATE chats SET manager_id = $2, is_open = true WHERE id = $1');
  staffMove('/api/v2/chats/:chatId/close', 'Чат: закрыть (вопрос решён)', 'UPDATE chats SET is_open = false, manager_id = COALESCE(manager_id, $2) WHERE id = $1');
  staffMove('/api/v2/chats/:chatId/reopen', 'Чат: открыть снова', 'UPDATE chats SET is_open = true, manager_id = COALESCE(manager_id, $2) WHERE id = $1');
}
