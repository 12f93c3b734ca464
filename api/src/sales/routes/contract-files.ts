import type { FastifyInstance } from 'fastify';
import { ATTACH_LIMITS, CONTRACT_STATUS_TITLES, canAttachContractFiles, canRemoveContractFile, contractActorOf, type AttachFilesAnswer } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { dropStoredFile } from '../../platform/storage.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { DOCUMENT_UPLOAD, multipartScope, readUploads } from '../../platform/uploads.js';
import { idParams, objectIdSchema, validate, yup } from '../../platform/validation.js';
import { attachContractFiles, companyFileTypes, CONTRACT_FILE_TEXTS, contractFileAuthor, contractFileContent, contractFiles } from '../contracts/files.js';
import { scopedContract } from '../contracts/store.js';

// §7 sends only the files: the type is optional (a file without one is listed «Без типа»).
const attachFieldsSchema = yup.object({ typeId: objectIdSchema.label('typeId') }).noUnknown(true);
const fileParams = yup.object({ contractId: objectIdSchema.required().label('contractId'), fileId: objectIdSchema.required().label('fileId') });

/**
 * Files on contracts (§7): the insurer's file types, attaching (multipart, up to ATTACH_LIMITS.maxFiles
 * files in `file` with one `typeId`), downloading and removing. Who may: whoever sees the contract
 * (canSeeContracts within platform/scope.ts — another's contract is a 404). Every change is pushed as
 * `contract_files` to the contract's agent and to whoever made it.
 */
export function contractFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const pushFiles = (contractId: string, users: (string | null)[]) => {
    for (const userId of new Set(users.filter(Boolean) as string[])) ctx.rt.emitToUser(userId, 'contract_files', { contractId });
  };

  route(app, { method: 'GET', url: '/api/v2/file-list-company/:companyId', summary: 'Типы файлов, которые просит страховщик', access: 'canSeeContracts', params: idParams('companyId') }, async (req) => {
    const [company] = await ctx.db.query<{ id: string }>('SELECT id FROM companies WHERE id = $1', [req.params.companyId]);
    if (!company) throw notFound();
    return { data: { fileTypes: await companyFileTypes(ctx.db, company.id) } };
  });

  multipartScope(
    app,
    ATTACH_LIMITS.maxFileBytes,
    (scope) => {
      // The body is multipart (files in `file`, the type in `typeId`): the files checked as documents by readUploads, the type by the schema.
      route(scope, { method: 'POST', url: '/api/v2/contracts/:contractId/attach-files', summary: 'Договор: прикрепить файлы (multipart: file, typeId)', access: 'canSeeContracts', params: idParams('contractId') }, async (req): Promise<AttachFilesAnswer> => {
        const row = await scopedContract(ctx.db, req.me, req.params.contractId);
        const { files, fields } = await readUploads(req, ATTACH_LIMITS.maxFiles, DOCUMENT_UPLOAD);
        const { typeId } = await validate(attachFieldsSchema, fields);
        if (!canAttachContractFiles(row.status)) throw new HttpError(409, CONTRACT_FILE_TEXTS.closed(CONTRACT_STATUS_TITLES[row.status]), { error: true, status: row.status });
        await ctx.db.tx((q) => attachContractFiles(q, ctx.files, row.id, row.company_id, typeId ?? null, files, req.me.user._id));
        pushFiles(row.id, [row.agent_id, row.created_by, req.me.user._id]);
        return { error: false, message: CONTRACT_FILE_TEXTS.attached, data: { files: await contractFiles(ctx.db, row.id) } };
      });
    },
    ATTACH_LIMITS.maxFiles,
  );

  route(app, { method: 'GET', url: '/api/v2/contracts/:contractId/files/:fileId', summary: 'Договор: скачать прикреплённый файл', access: 'canSeeContracts', params: fileParams }, async (req, reply) => {
    const row = await scopedContract(ctx.db, req.me, req.params.contractId);
    const file = await contractFileContent(ctx.db, ctx.files, row.id, req.params.fileId);
    if (!file) throw notFound();
    return reply
      .type(file.mime)
      .header('Content-Disposition', attachmentDisposition(file.fileName, 'file'))
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });

  route(app, { method: 'DELETE', url: '/api/v2/contracts/:contractId/files/:fileId', summary: 'Договор: удалить прикреплённый файл', access: 'canSeeContracts', params: fileParams }, async (req) => {
    const row = await scopedContract(ctx.db, req.me, req.params.contractId);
    const file = await contractFileAuthor(ctx.db, row.id, req.params.fileId);
    if (!file) throw notFound();
    if (file.userId !== req.me.user._id && contractActorOf(req.me.user) !== 'staff') throw new HttpError(403, CONTRACT_FILE_TEXTS.notYours, { error: true });
    if (!canRemoveContractFile(req.me.user, row.status, file.userId)) throw new HttpError(409, CONTRACT_FILE_TEXTS.fixed, { error: true, status: row.status });
    const [gone] = await ctx.db.query<{ storage_key: string | null }>('DELETE FROM contract_files WHERE contract_id = $1 AND id = $2 RETURNING storage_key', [row.id, req.params.fileId]);
    if (gone?.storage_key) await dropStoredFile(ctx.files, gone.storage_key, req.log);
    pushFiles(row.id, [row.agent_id, row.created_by, req.me.user._id]);
    return { data: { files: await contractFiles(ctx.db, row.id) } };
  });
}
