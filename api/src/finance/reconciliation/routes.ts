import type { FastifyInstance } from 'fastify';
import { LEDGER_PERIOD_PATTERN, RECON_ACTIONS, RECON_COLUMNS, RECON_NOTE_LIMITS, STAFF_ROLES, access, type ReconAction, type ReconMapping } from '@oyster/shared-kit/domain';
import { USER_COLUMNS, toSessionUser, type UserRow } from '../../platform/auth/users.js';
import type { AppContext } from '../../platform/context.js';
import type { Queryable } from '../../platform/db.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { attachmentDisposition, MB, MIME, TABLE_FILE_TYPES } from '../../platform/file-types.js';
import type { Realtime } from '../../platform/realtime.js';
import { route } from '../../platform/routes.js';
import { multipartScope, readUploads } from '../../platform/uploads.js';
import { idParams, objectIdSchema, validate, yup } from '../../platform/validation.js';
import { DEMO_INSURER_RATES_BP } from '../seed.js';
import { demoStatement } from './demo.js';
import { statementRows } from './import.js';
import { importStatement, insurerProgress, listStatements, margin, resolveLine, savedMapping, statementPage, RECON_TEXTS } from './store.js';

/** The largest statement file. */
export const STATEMENT_MAX_BYTES = 5 * MB;

const period = (label: string) => yup.string().trim().matches(LEDGER_PERIOD_PATTERN, `Поле «${label}»: месяц в формате ГГГГ-ММ`).label(label);
const header = (column: string) => yup.string().trim().max(100, `Поле «mapping.${column}»: не длиннее 100 символов`).label(`mapping.${column}`);

/** The multipart fields beside the file of POST …/statements. */
const importFieldsSchema = yup
  .object({
    companyId: objectIdSchema.required().label('companyId'),
    period: period('period').required(),
    ...Object.fromEntries(RECON_COLUMNS.map((c) => [`mapping.${c}`, header(c)])),
  })
  .noUnknown(true, 'Лишнее поле «${unknown}»');

const resolveSchema = yup.object({
  action: yup.string().oneOf([...RECON_ACTIONS], `Поле «action» должно быть одним из: ${RECON_ACTIONS.join(', ')}`).required().label('action'),
  note: yup.string().trim().max(RECON_NOTE_LIMITS.max, `Поле «note»: не длиннее ${RECON_NOTE_LIMITS.max} символов`).meta({ multiline: true }).nullable().label('note'),
});
const marginQuery = yup.object({ period: period('period').required() });

/** `reconciliation_changed` to the finance staff (those who keep the rates: canManageCommissionRates). */
export async function pushReconciliation(q: Queryable, rt: Realtime, statementId: string): Promise<void> {
  const staff = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.roles && $1::text[] AND NOT u.is_blocked`, [[...STAFF_ROLES]]);
  for (const u of staff.map(toSessionUser).filter((u) => access(u).canManageCommissionRates)) rt.emitToUser(u._id, 'reconciliation_changed', { statementId });
}

/**
 * Reconciliation with insurers (finance staff only: canManageCommissionRates; module notes in ./index.ts).
 * - `GET /api/v2/finance/reconciliation`: statements with progress, progress per insurer, the insurers.
 * - `GET /api/v2/finance/reconciliation/margin?period=`: the broker's margin per insurer × product.
 * - `GET /api/v2/finance/reconciliation/mappings/:companyId`: the insurer's saved column mapping (or null).
 * - `GET /api/v2/finance/reconciliation/demo/:companyId`: a demo insurer's demo statement (demo mode).
 * - `POST /api/v2/finance/reconciliation/statements`: multipart — `file` (XLSX or CSV), `companyId`, `period`,
 *   `mapping.<column>` (header texts; a column left out is guessed, then the saved mapping is replaced).
 * - `GET /api/v2/finance/reconciliation/statements/:statementId`: the statement and its lines.
 * - `POST /api/v2/finance/reconciliation/lines/:lineId/resolve`: `{ action: accept|dispute|ignore, note }`.
 */
export function reconciliationRoutes(app: FastifyInstance, ctx: AppContext) {
  const access = 'canManageCommissionRates' as const;

  route(app, { method: 'GET', url: '/api/v2/finance/reconciliation', summary: 'Сверка со страховщиками: выписки, прогресс, страховщики', access }, async () => {
    const [statements, insurers, companies] = await Promise.all([
      listStatements(ctx.db),
      insurerProgress(ctx.db),
      ctx.db.query<{ id: string; short_name: string; id_unicus: string }>("SELECT id, short_name, id_unicus FROM companies WHERE kind = 'insurer' ORDER BY short_name"),
    ]);
    return { data: { statements, insurers, companies: companies.map((c) => ({ id: c.id, name: c.short_name, demo: ctx.demoMode && c.id_unicus in DEMO_INSURER_RATES_BP })) } };
  });

  route(app, { method: 'GET', url: '/api/v2/finance/reconciliation/margin', summary: 'Сверка: маржа брокера по страховщикам и продуктам за период', access, query: marginQuery }, async (req) => ({
    data: await margin(ctx.db, (req.query as { period: string }).period),
  }));

  route(app, { method: 'GET', url: '/api/v2/finance/reconciliation/mappings/:companyId', summary: 'Сверка: сохранённое сопоставление столбцов страховщика', access, params: idParams('companyId') }, async (req) => {
    const [company] = await ctx.db.query('SELECT 1 FROM companies WHERE id = $1', [req.params.companyId]);
    if (!company) throw notFound();
    return { data: await savedMapping(ctx.db, req.params.companyId) };
  });

  route(app, { method: 'GET', url: '/api/v2/finance/reconciliation/demo/:companyId', summary: 'Сверка: демо-выписка страховщика (демо-режим)', access, params: idParams('companyId') }, async (req, reply) => {
    const demo = ctx.demoMode ? await demoStatement(ctx.db, req.params.companyId) : null;
    if (!demo) throw new HttpError(404, 'Демо-выписки для этого страховщика нет', { error: true });
    return reply
      .type(MIME[demo.format])
      .header('Content-Disposition', attachmentDisposition(demo.fileName, demo.fileName))
      .header('Cache-Control', 'private, no-store')
      .send(demo.data);
  });

  multipartScope(app, STATEMENT_MAX_BYTES, (scope) => {
    route(scope, { method: 'POST', url: '/api/v2/finance/reconciliation/statements', summary: 'Сверка: загрузить выписку страховщика (multipart: file, companyId, period, mapping.*)', access }, async (req) => {
      const { files, fields } = await readUploads(req, 1, { types: TABLE_FILE_TYPES, maxBytes: STATEMENT_MAX_BYTES });
      const input = (await validate(importFieldsSchema, fields)) as Record<string, string | undefined>;
      const sent: ReconMapping = Object.fromEntries(RECON_COLUMNS.map((c) => [c, input[`mapping.${c}`]]).filter(([, v]) => v));
      // No mapping sent: the insurer's saved one (its last file's), else the header words decide.
      const mapping = Object.keys(sent).length ? sent : (await savedMapping(ctx.db, input.companyId!)) ?? {};
      const file = files[0];
      const { rows, used } = await statementRows(file.type as 'xlsx' | 'csv', file.data, mapping);
      const id = await ctx.db.tx((q) => importStatement(q, { companyId: input.companyId!, period: input.period!, fileName: file.name, rows, mapping: used }, req.me.user._id));
      await pushReconciliation(ctx.db, ctx.rt, id);
      return { data: { id } };
    });
  });

  route(app, { method: 'GET', url: '/api/v2/finance/reconciliation/statements/:statementId', summary: 'Сверка: выписка и её строки', access, params: idParams('statementId') }, async (req) => {
    const page = await statementPage(ctx.db, req.params.statementId);
    if (!page) throw new HttpError(404, RECON_TEXTS.noStatement, { error: true });
    return { data: page };
  });

  route(app, { method: 'POST', url: '/api/v2/finance/reconciliation/lines/:lineId/resolve', summary: 'Сверка: решение по строке (принять, оспорить, игнорировать)', access, params: idParams('lineId'), body: resolveSchema }, async (req) => {
    const { action, note } = req.body as { action: ReconAction; note?: string | null };
    const statementId = await ctx.db.tx((q) => resolveLine(q, req.params.lineId, action, note?.trim() || null, req.me.user._id));
    await pushReconciliation(ctx.db, ctx.rt, statementId);
    return { data: await statementPage(ctx.db, statementId) };
  });
}
