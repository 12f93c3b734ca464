import type { FastifyInstance } from 'fastify';
import { BROKER_REQUEST_STATUS_TITLES, FINAL_BROKER_REQUEST_STATUSES, type BrokerRequestFile } from '@oyster/shared-kit/domain';
import { chatFileContent } from '../../communications/chats/files.js';
import { objectChatFor, objectChatId } from '../../communications/chats/store.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFoundError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams } from '../../platform/validation.js';
import { pushRequest } from '../events.js';
import { insertRequestFile, REQUEST_FILE_TEXTS, requestFiles } from '../files.js';
import { fromChatSchema } from '../schemas.js';
import { actorOf, scopedRequest } from '../store.js';

export const requestChatTitle = (number: number | string) => `Запрос № ${number}`;

/**
 * The chat of a broker request (issue 13), and a file sent in it added to the request's files after
 * the §8 confirmation («Вы действительно хотите добавить файл {fileName} в запрос?»): by the request's
 * agent side or executor while it is open, as attaching is.
 */
export function requestChatRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/broker-requests/:requestId/chat', summary: 'Запрос: чат по запросу (агент и сотрудники брокера)', access: 'canSeeChats', params: idParams('requestId') }, async (req) => {
    const r = await scopedRequest(ctx.db, req.me, req.params.requestId);
    return { data: await objectChatFor(ctx.db, req.me, { type: 'brokerRequest', entityId: r.id, agentId: r.agent_id, title: requestChatTitle(r.number), path: `/request-broker/${r.id}` }) };
  });

  route(app, { method: 'POST', url: '/api/v2/broker-requests/:requestId/files/from-chat', summary: 'Запрос: добавить в запрос файл из чата по запросу', access: 'canSeeBrokerRequests', params: idParams('requestId'), body: fromChatSchema }, async (req): Promise<{ error: false; message: string; data: { files: BrokerRequestFile[] } }> => {
    const { fileId, typeName } = req.body as { fileId: string; typeName: string };
    const r = await scopedRequest(ctx.db, req.me, req.params.requestId);
    if (!actorOf(req.me.user, r)) throw new HttpError(403, REQUEST_FILE_TEXTS.notYours, { error: true });
    if ((FINAL_BROKER_REQUEST_STATUSES as readonly number[]).includes(r.status)) throw new HttpError(409, REQUEST_FILE_TEXTS.closed(BROKER_REQUEST_STATUS_TITLES[r.status]), { error: true, status: r.status });
    const chatId = await objectChatId(ctx.db, 'brokerRequest', r.id);
    const file = chatId ? await chatFileContent(ctx.db, ctx.files, chatId, fileId) : null;
    if (!file) throw notFoundError('Файл не найден в чате запроса');
    await insertRequestFile(ctx.db, ctx.files, r.id, null, typeName, { name: file.fileName, extension: file.extension, mime: file.mime, size: file.size, data: file.data }, req.me.user._id);
    await pushRequest(ctx, r, 'files');
    return { error: false, message: REQUEST_FILE_TEXTS.attached, data: { files: await requestFiles(ctx.db, r.id) } };
  });
}
