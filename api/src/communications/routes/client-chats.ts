import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTACH_LIMITS, ERROR_TEXTS, OBJECT_ID_PATTERN, OYSTER_APP_TEXTS, nationalPhone, type ChatMessage } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, notFoundError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { DOCUMENT_UPLOAD, multipartScope, readUploads } from '../../platform/uploads.js';
import { textField, validate, yup } from '../../platform/validation.js';
import { agentOfCode, pushClientRegistered } from '../../sales/oyster-app/store.js';
import { inviteCodeSchema } from '../../sales/oyster-app/routes.js';
import { pushChatMessage, pushChatState } from '../chats/events.js';
import { addFileMessage, sendChatFile } from '../chats/files.js';
import { keyedFileFields as fileFields, keyedMessageBody as messageBody, messagesQuery, readBody, type MessagesQuery } from '../chats/input.js';
import { addMessage, chatMessages, chatRow, ensureClientChat, markRead } from '../chats/store.js';

/**
 * Chats with Oyster.app's clients (issue 13, §6 «clients' chats»): the app's backend talks to this api
 * server to server — never a browser, never a user's session. Every call carries
 * `Authorization: Bearer <OYSTER_APP_TOKEN>`; without the setting the integration is off (404); wrong
 * tokens from one address are limited like sign-in attempts (429 after LOGIN_RATE_LIMIT_ADDRESS a minute).
 *
 * - `PUT /api/v2/oyster-app/clients/{appClientId}` {code | agentId, name, phone?}: the client registered in the
 *   app through an agent's link (its invite code, issue 25: a wrong or replaced code is a 400) or the agent's id
 *   (again: the same registration; a new name or phone is taken; another agent is a 409); pushes
 *   `app_client_registered` to whoever sees the agent's Oyster.app.
 * - `POST …/{appClientId}/messages` {text, clientKey}: the client wrote — to the staff who chat with
 *   clients and see the agent, live; the same key again is the same message.
 * - `GET …/{appClientId}/messages?after=seq`: the conversation (the staff's answers go out this way:
 *   the app asks for what came after the last seq it has — nothing lost, in order; `before` pages back).
 * - `POST …/{appClientId}/files` (multipart file, clientKey, text): the client's file (a photo of a
 *   licence, a scan), checked like any chat file (10 MB; PDF, JPEG, PNG, WEBP by content).
 * - `POST …/{appClientId}/read` {seq}: the client has read up to seq («Прочитано» on the staff side).
 * - `GET …/{appClientId}/files/{fileId}`: a file of the conversation.
 */
export const CLIENT_CHAT_TEXTS = {
  off: 'Интеграция с Oyster.app не настроена',
  badToken: 'Неверный ключ интеграции Oyster.app',
  noClient: 'Клиент Oyster.app не найден',
  noAgent: 'Агент не найден',
  otherAgent: 'Клиент уже зарегистрирован у другого агента',
} as const;

const APP_CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const clientParams = yup.object({
  appClientId: yup.string().trim().matches(APP_CLIENT_ID, 'Поле «appClientId»: от 1 до 64 латинских букв, цифр, «-» или «_»').required().label('appClientId'),
});
const fileParams = clientParams.shape({
  fileId: yup.string().trim().matches(OBJECT_ID_PATTERN, 'Поле «fileId» должно быть идентификатором из 24 шестнадцатеричных символов').required().label('fileId'),
});
/**
 * The client registered through an agent: by the agent's invite code (`code`, the link and QR code of
 * `/app/oyster-app`; an unknown or replaced one is a 400) or, as before issue 25, by `agentId`. `phone`, the
 * client's mobile, ties the client to what they buy from that agent (shared-kit sales/oysterApp.ts).
 */
const registerBody = yup.object({
  agentId: yup.string().trim().matches(OBJECT_ID_PATTERN, 'Поле «agentId» должно быть идентификатором из 24 шестнадцатеричных символов').label('agentId'),
  code: inviteCodeSchema('code'),
  name: textField('name', 200).required(),
  phone: textField('phone', 30).test('phone', 'Поле «phone»: мобильный номер из 10 цифр (можно с +7 или 8 впереди)', (v) => v == null || nationalPhone(v) !== null),
});
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** The bearer token against the configured one, in constant time (digests: equal lengths). */
export function oysterAppTokenOk(expected: string, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(expected));
}

interface ClientRow {
  id: string;
  agent_id: string;
  client_name: string;
}

export function clientChatRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    // The token before anything else: a caller without it learns nothing, not even what input is wrong.
    // Wrong tokens count against the address like sign-in attempts (LOGIN_RATE_LIMIT_ADDRESS): guessing is 429s.
    scope.addHook('onRequest', async (req: FastifyRequest) => {
      if (!ctx.oysterAppToken) throw notFoundError(CLIENT_CHAT_TEXTS.off);
      if (oysterAppTokenOk(ctx.oysterAppToken, req.headers.authorization)) return;
      if (!(await ctx.loginLimiter.address.hit(`oyster-app:ip:${req.ip}`))) throw new HttpError(429, ERROR_TEXTS.tooManyRequests);
      throw new HttpError(401, CLIENT_CHAT_TEXTS.badToken);
    });

    const registration = async (q: Queryable, appClientId: string, forUpdate = false) =>
      (await q.query<ClientRow>(`SELECT id, agent_id, client_name FROM app_registrations WHERE app_client_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [appClientId]))[0];
    const clientOf = async (appClientId: string): Promise<ClientRow> => {
      const row = await registration(ctx.db, appClientId);
      if (!row) throw notFoundError(CLIENT_CHAT_TEXTS.noClient);
      return row;
    };
    /** The client's chat (null: they have not written yet). */
    const chatOf = async (appClientId: string) => (await chatRow(ctx.db, { clientId: (await clientOf(appClientId)).id })) ?? null;
    /** The client writes: in their chat (made on first use, locked), then live to the staff. */
    const writeAsClient = async (client: ClientRow, write: (q: Queryable, chatId: string) => Promise<{ message: ChatMessage; created: boolean }>) => {
      const { chat, message, created } = await ctx.db.tx(async (q) => {
        const chatId = await ensureClientChat(q, { id: client.id, agentId: client.agent_id, name: client.client_name });
        const chat = (await chatRow(q, { id: chatId }, true))!;
        return { chat, ...(await write(q, chatId)) };
      });
      if (created) await pushChatMessage(ctx, chat, message);
      return { data: message };
    };

    route(scope, { method: 'PUT', url: '/api/v2/oyster-app/clients/:appClientId', summary: 'Oyster.app: клиент зарегистрировался через агента (повтор — та же регистрация)', public: true, params: clientParams, body: registerBody }, async (req) => {
      const { code, name, phone } = req.body as { agentId?: string; code?: string; name: string; phone?: string };
      const { appClientId } = req.params;
      let agentId = (req.body as { agentId?: string }).agentId;
      if (code) {
        const byCode = await agentOfCode(ctx.db, code);
        if (!byCode || (agentId && agentId !== byCode)) throw new HttpError(400, OYSTER_APP_TEXTS.badCode);
        agentId = byCode;
      } else if (!agentId) throw new HttpError(400, OYSTER_APP_TEXTS.agentOrCode);
      const [agent] = await ctx.db.query<{ id: string }>('SELECT id FROM users WHERE id = $1 AND NOT is_personal AND NOT is_blocked', [agentId]);
      if (!agent) throw notFoundError(CLIENT_CHAT_TEXTS.noAgent);
      const clientPhone = phone ? nationalPhone(phone) : null;
      const newRowId = newId();
      const client = await ctx.db.tx(async (q) => {
        await q.query('INSERT INTO app_registrations (id, agent_id, client_name, app_client_id, client_phone) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (app_client_id) WHERE app_client_id IS NOT NULL DO NOTHING', [newRowId, agentId, name, appClientId, clientPhone]);
        const row = (await registration(q, appClientId, true))!;
        if (row.agent_id !== agentId) throw new HttpError(409, CLIENT_CHAT_TEXTS.otherAgent);
        if (row.client_name !== name) {
          await q.query('UPDATE app_registrations SET client_name = $2 WHERE id = $1', [row.id, name]);
          await q.query(`UPDATE chats SET title = $2 WHERE client_id = $1`, [row.id, name]);
        }
        if (clientPhone) await q.query('UPDATE app_registrations SET client_phone = $2 WHERE id = $1 AND client_phone IS DISTINCT FROM $2', [row.id, clientPhone]);
        return { ...row, client_name: name };
      });
      // Live on «Клиенты в приложении» of whoever sees the agent (a repeat call re-reads the same row there).
      await pushClientRegistered(ctx.db, ctx.rt, client.agent_id, client.id);
      return { data: { clientId: client.id, appClientId, agentId: client.agent_id, name: client.client_name, chatId: (await chatRow(ctx.db, { clientId: client.id }))?.id ?? null } };
    });

    route(scope, { method: 'POST', url: '/api/v2/oyster-app/clients/:appClientId/messages', summary: 'Oyster.app: сообщение клиента сотрудникам (clientKey — повтор не удваивает)', public: true, params: clientParams, body: messageBody }, async (req) => {
      const { text, clientKey } = req.body as { text: string; clientKey: string };
      const client = await clientOf(req.params.appClientId);
      return writeAsClient(client, (q, chatId) => addMessage(q, { chatId, authorId: null, side: 'client', text, clientKey }));
    });

    multipartScope(scope, ATTACH_LIMITS.maxFileBytes, (files) => {
      route(files, { method: 'POST', url: '/api/v2/oyster-app/clients/:appClientId/files', summary: 'Oyster.app: файл клиента сотрудникам (multipart: file, clientKey, text)', public: true, params: clientParams }, async (req) => {
        const client = await clientOf(req.params.appClientId);
        const { files: uploads, fields } = await readUploads(req, 1, DOCUMENT_UPLOAD);
        const { text, clientKey } = await validate(fileFields, fields);
        return writeAsClient(client, (q, chatId) => addFileMessage(q, ctx.files, { chatId, authorId: null, side: 'client', text: text ?? '', clientKey }, uploads[0]));
      });
    });

    route(scope, { method: 'GET', url: '/api/v2/oyster-app/clients/:appClientId/messages', summary: 'Oyster.app: переписка клиента (after — что пришло после seq)', public: true, params: clientParams, query: messagesQuery }, async (req) => {
      const chat = await chatOf(req.params.appClientId);
      if (!chat) return { data: { chatId: null, isOpen: false, readByStaffSeq: 0, items: [], hasOlder: false } };
      const page = await chatMessages(ctx.db, chat.id, req.query as MessagesQuery);
      return { data: { chatId: chat.id, isOpen: chat.is_open, readByStaffSeq: Number(chat.staff_read_seq), ...page } };
    });

    route(scope, { method: 'POST', url: '/api/v2/oyster-app/clients/:appClientId/read', summary: 'Oyster.app: клиент прочитал до сообщения seq', public: true, params: clientParams, body: readBody }, async (req) => {
      const { seq } = req.body as { seq: number };
      const chat = await chatOf(req.params.appClientId);
      if (!chat) throw notFoundError(CLIENT_CHAT_TEXTS.noClient);
      if (await markRead(ctx.db, chat.id, 'client', seq)) await pushChatState(ctx, chat.id);
      const read = (await chatRow(ctx.db, { id: chat.id }))!;
      return { data: { chatId: chat.id, readSeq: Number(read.agent_read_seq) } };
    });

    route(scope, { method: 'GET', url: '/api/v2/oyster-app/clients/:appClientId/files/:fileId', summary: 'Oyster.app: файл, присланный клиенту сотрудником', public: true, params: fileParams }, async (req, reply) => {
      return sendChatFile(ctx.db, ctx.files, reply, (await chatOf(req.params.appClientId))?.id ?? null, req.params.fileId);
    });
  });
}
