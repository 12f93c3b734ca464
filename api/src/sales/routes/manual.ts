import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTRACT_STATUS as S,
  CONTRACT_STATUS_TITLES,
  MANUAL_SCAN_FILE_TYPE,
  MANUAL_TEXTS,
  contractActorOf,
  manualPolicyError,
  manualPolicyNumber,
  manualProductName,
  type ManualCalculation,
  type ManualDetails,
} from '@oyster/shared-kit/domain';
import { pushNotifications, writeNotifications, type WrittenNotification } from '../../communications/notifications.js';
import type { AppContext } from '../../platform/context.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, validationError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams, objectIdSchema, yup } from '../../platform/validation.js';
import { pushClientChanged } from '../clients/store.js';
import { pushMoved, type FlowDeps } from '../contracts/flow.js';
import { moveContract, scopedContract, type ContractRow, type MovedContract } from '../contracts/store.js';
import { moscowToday, type Insurer } from '../osago.js';
import { manual, manualCalculationSchema, manualDetailsSchema } from '../products/manual/index.js';

/**
 * A policy issued elsewhere, entered by hand (issue 25, product `manual`; rules: shared-kit sales/manual.ts):
 * - `POST /api/v2/products/manual/contracts` {calculation: {kind}, companyId}: the agent's draft (100); canSeeNewPolicy;
 * - `PATCH /api/v2/products/manual/contracts/:contractId/details`: a step's part (and the kind and insurer), while
 *   a draft; the policy's number, dates and premium become the contract's columns; canSeeContracts, in scope;
 * - `POST /api/v2/products/manual/contracts/:contractId/send`: «Отправить на проверку» — every step filled and the
 *   scan attached (contract files, type «Скан полиса») → 130;
 * - `POST …/:contractId/confirm` and `…/return` {reason}: staff (the access flag canReviewManualPolicies) after
 *   looking at the scan: confirmed → paid (the ledger accrues as on a payment, the premium the agent typed) →
 *   released → in force on its start date; returned → back to the agent's draft with the reason. The agent is
 *   told through the notifications and the contract's socket event.
 * Nothing is asked of an insurer and nothing is paid through Oyster.
 */

const SYSTEM = { actor: 'system' as const, userId: null };
const createSchema = yup.object({ calculation: manualCalculationSchema.required('Поле «calculation» обязательно'), companyId: objectIdSchema.required().label('companyId') });
const returnSchema = yup.object({ reason: yup.string().trim().required(MANUAL_TEXTS.reasonRequired).min(3, MANUAL_TEXTS.reasonRequired).max(1000, 'Поле «reason»: не длиннее 1000 символов').label('reason') });

/** The scan's file type at the insurer (every insurer takes a scan of its policy); made once per insurer. */
async function ensureScanType(q: Queryable, companyId: string) {
  await q.query('INSERT INTO company_file_types (id, company_id, name) VALUES ($1, $2, $3) ON CONFLICT (company_id, name) DO NOTHING', [newId(), companyId, MANUAL_SCAN_FILE_TYPE]);
}

/** A manual contract in the caller's scope (another's: 404; another product's: 409). */
async function manualContract(q: Queryable, req: FastifyRequest, id: string, lock = false): Promise<ContractRow> {
  const row = await scopedContract(q, req.me, id, lock);
  if (row.product !== 'manual') throw new HttpError(409, MANUAL_TEXTS.notManual, { error: true });
  return row;
}

/** The number is free at this insurer: no other contract holds it (a cancelled manual entry does not). */
async function checkNumberFree(q: Queryable, contractId: string, companyId: string, policyNumber: string) {
  const [taken] = await q.query(
    `SELECT 1 FROM contracts WHERE company_id = $1 AND upper(policy_number) = upper($2) AND id <> $3 AND NOT (product = 'manual' AND status IN (${S.canceled}, ${S.notReleased})) LIMIT 1`,
    [companyId, policyNumber, contractId],
  );
  if (taken) throw validationError(MANUAL_TEXTS.numberTaken, 'details.policy.number');
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

export function manualRoutes(app: FastifyInstance, ctx: AppContext, flow: FlowDeps, insurers: () => Promise<Insurer[]>, answer: (req: FastifyRequest, id: string) => Promise<unknown>) {
  const base = '/api/v2/products/manual/contracts';
  const insurerOf = async (companyId: string) => {
    if (!(await insurers()).some((i) => i.id === companyId)) throw validationError('Поле «companyId»: такого страховщика нет', 'companyId');
  };

  route(app, { method: 'POST', url: base, summary: 'Полис, оформленный вручную: черновик', access: 'canSeeNewPolicy', body: createSchema }, async (req) => {
    const calculation = req.body.calculation as ManualCalculation;
    await insurerOf(req.body.companyId);
    const id = newId();
    const userId = req.me.user._id;
    await ctx.db.tx(async (q) => {
      await q.query(`INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, calculation, details) VALUES ($1, $2, $2, 'manual', $3, $4, $5, '{}')`, [id, userId, S.draft, req.body.companyId, JSON.stringify(calculation)]);
      await q.query(`INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, note) VALUES ($1, NULL, $2, $3, $4, 'Ручной ввод полиса')`, [id, S.draft, contractActorOf(req.me.user), userId]);
      await ensureScanType(q, req.body.companyId);
    });
    return { data: await answer(req, id) };
  });

  route(app, { method: 'PATCH', url: `${base}/:contractId/details`, summary: 'Полис, оформленный вручную: сохранить шаг', access: 'canSeeContracts', params: idParams('contractId'), body: manualDetailsSchema }, async (req) => {
    const body = req.body as { calculation?: ManualCalculation; companyId?: string; details: Partial<ManualDetails> };
    if (body.companyId) await insurerOf(body.companyId);
    const patch = Object.fromEntries(Object.entries(body.details).filter(([, v]) => v !== undefined)) as Partial<ManualDetails>;
    let linked: { agentId: string; changed: string[] } = { agentId: '', changed: [] };
    try {
      linked = await ctx.db.tx(async (q) => {
        const row = await manualContract(q, req, req.params.contractId, true);
        if (row.status !== S.draft) throw new HttpError(409, MANUAL_TEXTS.notEditable(CONTRACT_STATUS_TITLES[row.status]), { error: true, status: row.status });
        const calculation: ManualCalculation = body.calculation ?? row.calculation;
        const companyId = body.companyId ?? row.company_id!;
        const details = { ...(row.details ?? {}), ...patch } as Partial<ManualDetails>;
        const p = details.policy;
        let policyNumber: string | null = null;
        if (p) {
          const refusal = manualPolicyError(p, moscowToday());
          if (refusal) throw validationError(refusal.message, refusal.field);
          policyNumber = manualPolicyNumber(p.series, p.number);
          await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`manual-policy:${companyId}:${policyNumber}`]);
          await checkNumberFree(q, row.id, companyId, policyNumber);
        }
        const cols = manual.searchColumns(details, calculation);
        await q.query(
          `UPDATE contracts SET calculation = $2, company_id = $3, details = $4, client_name = $5, plate = $6, vin = $7, policy_number = $8, premium = $9, start_date = $10, end_date = $11, updated_at = now() WHERE id = $1`,
          [row.id, JSON.stringify(calculation), companyId, JSON.stringify(details), cols.client_name, cols.plate, cols.vin, policyNumber, p?.premium ?? null, p?.startDate ?? null, p?.endDate ?? null],
        );
        if (body.companyId) await ensureScanType(q, companyId);
        // The insurant picked from the client records: the contract is on the client's card (clients/link.ts).
        return { agentId: row.agent_id, changed: (await manual.linkRecords!(q, row.id, req.me.user._id)).changed };
      });
    } catch (e) {
      // Two saves of one number at once: the index (migration 29) had the last word.
      if (isUniqueViolation(e)) throw validationError(MANUAL_TEXTS.numberTaken, 'details.policy.number');
      throw e;
    }
    for (const clientId of linked.changed) await pushClientChanged(ctx.db, ctx.rt, linked.agentId, clientId, true, [req.me.user._id]);
    return { data: await answer(req, req.params.contractId) };
  });

  route(app, { method: 'POST', url: `${base}/:contractId/send`, summary: 'Полис, оформленный вручную: отправить на проверку', access: 'canSeeContracts', params: idParams('contractId') }, async (req) => {
    const moved = await ctx.db.tx(async (q) => {
      const row = await manualContract(q, req, req.params.contractId, true);
      if (row.status !== S.draft) throw new HttpError(409, MANUAL_TEXTS.notEditable(CONTRACT_STATUS_TITLES[row.status]), { error: true, status: row.status });
      const missing = manual.missing(row.details ?? {}, row.calculation) ?? manual.missingFiles!(await q.query<{ typeName: string | null }>('SELECT type_name AS "typeName" FROM contract_files WHERE contract_id = $1', [row.id]), row.calculation);
      if (missing) throw validationError(missing.message, missing.field);
      return moveContract(q, row.id, S.review, { actor: contractActorOf(req.me.user), userId: req.me.user._id, note: MANUAL_TEXTS.sentNote }, { insurer_message: null });
    });
    await pushMoved(flow, moved);
    return { data: await answer(req, req.params.contractId) };
  });

  route(app, { method: 'POST', url: `${base}/:contractId/confirm`, summary: 'Полис, оформленный вручную: подтвердить (сотрудник)', access: 'canReviewManualPolicies', params: idParams('contractId') }, async (req) => {
    const { moves, written } = await ctx.db.tx(async (q) => {
      const row = await manualContract(q, req, req.params.contractId, true);
      if (row.status !== S.review) throw new HttpError(409, MANUAL_TEXTS.notInReview(CONTRACT_STATUS_TITLES[row.status]), { error: true, status: row.status });
      const details = row.details as ManualDetails;
      const by = { actor: 'staff' as const, userId: req.me.user._id };
      // The path a paid contract takes: 500 accrues the ledger (finance/ledger.ts) on the premium typed, 510, then 600 from the start date.
      const moves: MovedContract[] = [await moveContract(q, row.id, S.paid, { ...by, note: MANUAL_TEXTS.confirmNote }, { paid_at: `${details.policy.paidAt}T00:00:00+03:00` })];
      moves.push(await moveContract(q, row.id, S.released, { ...SYSTEM, note: `Полис ${row.policy_number}` }));
      if (String(row.start_date) <= moscowToday()) moves.push(await moveContract(q, row.id, S.inAction, { ...SYSTEM, note: 'Дата начала действия наступила' }));
      const name = manualProductName(row.kind);
      const written: WrittenNotification[] = await writeNotifications(q, [row.agent_id, row.created_by], {
        title: MANUAL_TEXTS.confirmedTitle(name, row.policy_number ?? ''),
        body: MANUAL_TEXTS.confirmedBody,
        action: `/contracts/${row.id}`,
        actionText: 'Открыть полис',
      });
      return { moves, written };
    });
    for (const m of moves) await pushMoved(flow, m);
    await pushNotifications(ctx, written);
    return { data: await answer(req, req.params.contractId) };
  });

  route(app, { method: 'POST', url: `${base}/:contractId/return`, summary: 'Полис, оформленный вручную: вернуть агенту с причиной (сотрудник)', access: 'canReviewManualPolicies', params: idParams('contractId'), body: returnSchema }, async (req) => {
    const reason = req.body.reason;
    const { moved, written } = await ctx.db.tx(async (q) => {
      const row = await manualContract(q, req, req.params.contractId, true);
      if (row.status !== S.review) throw new HttpError(409, MANUAL_TEXTS.notInReview(CONTRACT_STATUS_TITLES[row.status]), { error: true, status: row.status });
      const moved = await moveContract(q, row.id, S.draft, { actor: 'staff', userId: req.me.user._id, note: MANUAL_TEXTS.returned(reason) }, { insurer_message: reason });
      const written: WrittenNotification[] = await writeNotifications(q, [row.agent_id, row.created_by], {
        title: MANUAL_TEXTS.returnedTitle(manualProductName(row.kind), row.policy_number ?? ''),
        body: reason,
        action: `/contracts/${row.id}`,
        actionText: 'Открыть полис',
      });
      return { moved, written };
    });
    await pushMoved(flow, moved);
    await pushNotifications(ctx, written);
    return { data: await answer(req, req.params.contractId) };
  });
}
