import type { FastifyInstance } from 'fastify';
import { ATTACH_LIMITS, BROKER_REQUEST_STATUS_TITLES, FINAL_BROKER_REQUEST_STATUSES, type AttachFilesAnswer, type BrokerRequestFile } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFound, validationError } from '../../platform/errors.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { route } from '../../platform/routes.js';
import { dropStoredFile } from '../../platform/storage.js';
import { DOCUMENT_UPLOAD, multipartScope, readUploads } from '../../platform/uploads.js';
import { idParams, validate } from '../../platform/validation.js';
import { pushRequest } from '../events.js';
import { attachRequestFiles, REQUEST_FILE_TEXTS, requestFileAuthor, requestFileContent, requestFiles } from '../files.js';
import { attachFieldsSchema } from '../schemas.js';
import { actorOf, scopedRequest } from '../store.js';

const isFinal = (status: number) => (FINAL_BROKER_REQUEST_STATUSES as readonly number[]).includes(status);

/**
 * Files on broker requests (§7 attach-files, §8): attaching (multipart: up to ATTACH_LIMITS.maxFiles
 * files in `file`, one `typeName` of the §8 list, an `offerId` when the executor adds an offer's files),
 * downloading, removing. Who may attach and remove: the request's agent and executor while it is open;
 * who may download: whoever sees it. The answer is §7's: `error`/`message`, with the files.
 */
/** §7 sends only the files: a file sent without a type goes under the list's «Другое». */
const UNTYPED_REQUEST_FILE = 'Другое';

export function requestFileRoutes(app: FastifyInstance, ctx: AppContext) {
  multipartScope(
    app,
    ATTACH_LIMITS.maxFileBytes,
    (scope) => {
      route(scope, { method: 'POST', url: '/api/v2/broker-requests/:requestId/attach-files', summary: 'Запрос: прикрепить файлы (multipart: file, typeName, offerId)', access: 'canSeeBrokerRequests', params: idParams('requestId') }, async (req): Promise<AttachFilesAnswer & { data: { files: BrokerRequestFile[] } }> => {
        const r = await scopedRequest(ctx.db, req.me, req.params.requestId);
        if (!actorOf(req.me.user, r)) throw new HttpError(403, REQUEST_FILE_TEXTS.notYours, { error: true });
        const { files, fields } = await readUploads(req, ATTACH_LIMITS.maxFiles, DOCUMENT_UPLOAD);
        const { typeName, offerId } = await validate(attachFieldsSchema, fields);
        if (isFinal(r.status)) throw new HttpError(409, REQUEST_FILE_TEXTS.closed(BROKER_REQUEST_STATUS_TITLES[r.status]), { error: true, status: r.status });
        if (offerId) {
          const [offer] = await ctx.db.query<{ id: string }>('SELECT id FROM broker_request_offers WHERE request_id = $1 AND id = $2', [r.id, offerId]);
          if (!offer || actorOf(req.me.user, r) !== 'executor') throw validationError('Поле «offerId»: такого предложения в запросе нет', 'offerId');
        }
        await ctx.db.tx((q) => attachRequestFiles(q, ctx.files, r.id, offerId ?? null, typeName || UNTYPED_REQUEST_FILE, files, req.me.user._id));
        await pushRequest(ctx, r, 'files');
        return { error: false, message: REQUEST_FILE_TEXTS.attached, data: { files: await requestFiles(ctx.db, r.id) } };
      });
    },
    ATTACH_LIMITS.maxFiles,
  );

  route(app, { method: 'GET', url: '/api/v2/broker-requests/:requestId/files/:fileId', summary: 'Запрос: скачать файл', access: 'canSeeBrokerRequests', params: idParams('requestId', 'fileId') }, async (req, reply) => {
    const r = await scopedRequest(ctx.db, req.me, req.params.requestId);
    const file = await requestFileContent(ctx.db, ctx.files, r.id, req.params.fileId);
    if (!file) throw notFound();
    return reply
      .type(file.mime)
      .header('Content-Disposition', attachmentDisposition(file.fileName, 'file'))
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });

  route(app, { method: 'DELETE', url: '/api/v2/broker-requests/:requestId/files/:fileId', summary: 'Запрос: удалить файл', access: 'canSeeBrokerRequests', params: idParams('requestId', 'fileId') }, async (req) => {
    const r = await scopedRequest(ctx.db, req.me, req.params.requestId);
    const file = await requestFileAuthor(ctx.db, r.id, req.params.fileId);
    if (!file) throw notFound();
    const actor = actorOf(req.me.user, r);
    if (!actor || (file.userId !== req.me.user._id && actor !== 'executor')) throw new HttpError(403, REQUEST_FILE_TEXTS.notYours, { error: true });
    if (isFinal(r.status)) throw new HttpError(409, REQUEST_FILE_TEXTS.closed(BROKER_REQUEST_STATUS_TITLES[r.status]), { error: true, status: r.status });
    const [gone] = await ctx.db.query<{ storage_key: string | null }>('DELETE FROM broker_request_files WHERE request_id = $1 AND id = $2 RETURNING storage_key', [r.id, req.params.fileId]);
    if (gone?.storage_key) await dropStoredFile(ctx.files, gone.storage_key, req.log);
    await pushRequest(ctx, r, 'files');
    return { data: { files: await requestFiles(ctx.db, r.id) } };
  });
}
