import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTRACT_STATUS as S, CONTRACT_STATUS_TITLES, contractActorOf, contractTransitionError, formatDate, formatMoney } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, validationError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams, isoDate, validate, yup } from '../../platform/validation.js';
import { reverseCommission } from '../../finance/ledger.js';
import { move, pushMoved, type FlowDeps } from '../contracts/flow.js';
import { loggedCall } from '../contracts/insurer-calls.js';
import { moveContract, scopedContract, type ContractRow } from '../contracts/store.js';
import type { ChangeContext } from '../insurers/adapter.js';
import { moscowToday } from '../osago.js';
import { moduleOf, productModules } from '../products/index.js';

/**
 * A contract changed at the insurer (issue 25), for any product; who may: whoever sees the contract
 * (canSeeContracts, within their scope), the move itself decided by the status table.
 * - `POST /api/v2/contracts/:contractId/cancel`: before payment the agent (or staff) cancels as before —
 *   a status move, nothing asked of the insurer; a paid contract (500 / 510 / 600) staff cancel at the
 *   insurer: it states the refund, the commission is reversed in part for it (ledger event 'cancel'),
 *   the contract is «Отменён» with the refund in its history.
 * - `POST /api/v2/contracts/:contractId/endorsements`: a policy in force changed (the product's `change`,
 *   checked by its module's changeSchema), re-priced by the insurer: an extra premium becomes an extra
 *   payment (its own link, callback and ledger accrual); a return is reversed in part in the ledger. The
 *   contract keeps the changed calculation (its module's applyChange), so its page and a renewal's quote
 *   read the policy as it now stands. A change the insurer refuses is a 400 naming the field, nothing written.
 * Both are kept in contract_changes and shown on the contract page; both push the contract's status and money.
 */

const cancelSchema = yup.object({ date: isoDate('date') });
/**
 * POST …/endorsements' body as the route declares it (checked before the handler, in the OpenAPI document):
 * `change` takes every field a registered product's change takes, each optional — the contract's own
 * product's changeSchema then checks it whole (which fields, together, in range).
 */
function endorseSchema() {
  const fields: Record<string, yup.AnySchema> = {};
  for (const m of productModules()) {
    for (const [key, schema] of Object.entries((m.changeSchema?.fields ?? {}) as Record<string, yup.AnySchema>)) fields[key] ??= schema.optional().default(undefined);
  }
  return yup.object({
    date: isoDate('date'),
    change: yup.object(fields).required('Поле «change»: опишите изменение договора').label('change'),
  });
}

/** What the client has paid on the contract so far (kopecks): its paid instalments, or the premium of a paid contract without a schedule. */
export async function paidTotal(q: Queryable, row: Pick<ContractRow, 'id' | 'premium' | 'status'>): Promise<number> {
  const [r] = await q.query<{ paid: string | number | null; n: number }>(`SELECT sum(amount_kopecks) FILTER (WHERE state = 'paid') AS paid, count(*)::int AS n FROM contract_instalments WHERE contract_id = $1`, [row.id]);
  if (r.n > 0) return Number(r.paid ?? 0);
  return row.status >= S.paid && row.status <= S.ended ? Number(row.premium ?? 0) : 0;
}

export function changeRoutes(app: FastifyInstance, ctx: AppContext, flow: FlowDeps, answer: (req: FastifyRequest, id: string) => Promise<unknown>) {
  const insurerOf = (row: ContractRow) => (row.company_code ? flow.adapterOf(row.company_code) : undefined);
  const contextOf = (row: ContractRow, premium: number, date: string): ChangeContext => ({ product: row.product, premium, startDate: String(row.start_date), endDate: String(row.end_date), date, calculation: row.calculation });

  route(app, { method: 'POST', url: '/api/v2/contracts/:contractId/cancel', summary: 'Договор: расторгнуть (после оплаты — у страховщика, с возвратом)', access: 'canSeeContracts', params: idParams('contractId'), body: cancelSchema }, async (req) => {
    const row = await scopedContract(ctx.db, req.me, req.params.contractId);
    const by = { actor: contractActorOf(req.me.user), userId: req.me.user._id };
    const refusal = contractTransitionError(row.status, S.canceled, by.actor);
    if (refusal) throw new HttpError(409, refusal, { error: true, status: row.status });
    if (row.status < S.paid) {
      await move(flow, row.id, S.canceled, by);
      return { data: await answer(req, row.id) };
    }
    const date = req.body.date ?? moscowToday();
    if (row.start_date && row.end_date && (date < moscowToday() || date > String(row.end_date))) {
      throw new HttpError(400, `Поле «date»: дата расторжения — с сегодняшнего дня по ${formatDate(String(row.end_date))}`, { error: true, type: 'validation', field: 'date' });
    }
    const adapter = insurerOf(row);
    if (!adapter || !row.insurer_ref) throw new HttpError(409, 'Страховщик не знает этот договор: расторгнуть у него нельзя', { error: true });
    const paid = await paidTotal(ctx.db, row);
    const ref = row.insurer_ref;
    const stated = await loggedCall(ctx.db, { companyId: row.company_id, contractId: row.id, method: 'cancel', request: { ref, date } }, () => adapter.cancel(ref, date, contextOf(row, paid, date)));
    // Never more than was paid, never negative: the insurer's figure, bounded by what the client gave.
    const refund = Math.max(0, Math.min(paid, Math.trunc(stated.refund)));
    const note = `Расторгнут у страховщика с ${formatDate(date)}: возврат клиенту ${formatMoney(refund)}`;
    const moved = await ctx.db.tx(async (q) => {
      await q.query(
        `INSERT INTO contract_changes (id, contract_id, kind, change, description, premium_delta, insurer_ref, effective_date, created_by) VALUES ($1, $2, 'cancel', '{}', $3, $4, $5, $6, $7)`,
        [newId(), row.id, note, -refund, ref, date, by.userId],
      );
      return moveContract(q, row.id, S.canceled, { ...by, note }, {}, { refundKopecks: refund, paidKopecks: paid });
    });
    await pushMoved(flow, moved);
    return { data: await answer(req, row.id) };
  });

  route(app, { method: 'POST', url: '/api/v2/contracts/:contractId/endorsements', summary: 'Договор: изменение у страховщика (доплата или возврат)', access: 'canSeeContracts', params: idParams('contractId'), body: endorseSchema() }, async (req) => {
    const row = await scopedContract(ctx.db, req.me, req.params.contractId);
    const module = moduleOf(row);
    if (!module.changeSchema) throw new HttpError(409, `Изменения договора «${module.documentTitles.policy}» через платформу не оформляются`, { error: true });
    if (row.status !== S.released && row.status !== S.inAction) {
      throw new HttpError(409, `Изменить можно только выпущенный или действующий полис, а этот — «${CONTRACT_STATUS_TITLES[row.status]}»`, { error: true, status: row.status });
    }
    const change = (await validate(module.changeSchema, req.body.change)) as Record<string, unknown>;
    const date = req.body.date ?? moscowToday();
    if (date < moscowToday() || date > String(row.end_date)) {
      throw new HttpError(400, `Поле «date»: дата изменения — с сегодняшнего дня по ${formatDate(String(row.end_date))}`, { error: true, type: 'validation', field: 'date' });
    }
    const adapter = insurerOf(row);
    if (!adapter || !row.insurer_ref) throw new HttpError(409, 'Страховщик не знает этот договор: изменить его у него нельзя', { error: true });
    // The policy as changed (a 400 naming the field for a change no insurer takes), described against the policy as it stands.
    const applied = module.applyChange?.(row, change) ?? null;
    const what = module.describeChange?.(change, row) ?? 'Изменение договора';
    const ref = row.insurer_ref;
    const paid = await paidTotal(ctx.db, row);
    const insurerAnswer = await loggedCall(ctx.db, { companyId: row.company_id, contractId: row.id, method: 'endorse', request: { ref, date, change } }, () => adapter.endorse(ref, change, contextOf(row, Number(row.premium ?? 0), date)));
    if (insurerAnswer.kind === 'refusal') throw validationError(`Поле «${insurerAnswer.field}»: страховщик не принимает изменение — ${insurerAnswer.reason}`, insurerAnswer.field);
    const priced = insurerAnswer;
    // A return is never more than was paid.
    const delta = Math.max(-paid, Math.trunc(priced.premiumDelta));
    const changeId = newId();
    // The change's own line names what changed and from when (its money is the page's «Доплата …» / «Возврат клиенту …»
    // line, from premium_delta); the status history's note says the money too.
    const description = `${what} с ${formatDate(date)}${delta === 0 ? ': премия не изменилась' : ''}`;
    const note = `${what} с ${formatDate(date)}: ${delta > 0 ? `доплата ${formatMoney(delta)}` : delta < 0 ? `возврат клиенту ${formatMoney(-delta)}` : 'премия не изменилась'}`;
    const link = delta > 0 ? await loggedCall(ctx.db, { companyId: row.company_id, contractId: row.id, method: 'paymentLink', request: { ref: priced.ref, premium: delta, purpose: 'Доплата по изменению договора' } }, () => adapter.paymentLink(priced.ref, delta, 'Доплата по изменению договора')) : null;
    const moneyMoved = await ctx.db.tx(async (q) => {
      await q.query('SELECT 1 FROM contracts WHERE id = $1 FOR UPDATE', [row.id]);
      await q.query(
        `INSERT INTO contract_changes (id, contract_id, kind, change, description, premium_delta, insurer_ref, effective_date, created_by) VALUES ($1, $2, 'endorsement', $3, $4, $5, $6, $7, $8)`,
        [changeId, row.id, JSON.stringify(change), description, delta, priced.ref, date, req.me.user._id],
      );
      await q.query('UPDATE contracts SET premium = premium + $2, updated_at = now() WHERE id = $1', [row.id, delta]);
      // The policy as it now stands: the page's «Что застраховано» and a renewal's quote read it.
      if (applied) {
        await q.query('UPDATE contracts SET calculation = $2, details = coalesce($3::jsonb, details) WHERE id = $1', [row.id, JSON.stringify(applied.calculation), applied.details ? JSON.stringify(applied.details) : null]);
      }
      if (link) {
        const expires = new Date(Date.now() + ENDORSEMENT_LINK_DAYS * 86_400_000).toISOString();
        await q.query(
          `INSERT INTO contract_instalments (contract_id, number, purpose, change_id, due_date, amount_kopecks, state, payment_token, payment_expires_at)
           SELECT $1, coalesce(max(number), 0) + 1, 'endorsement', $2, $3, $4, 'waiting', $5, $6 FROM contract_instalments WHERE contract_id = $1`,
          [row.id, changeId, moscowToday(), delta, link.token, expires],
        );
      }
      if (delta < 0 && paid > 0) await reverseCommission(q, row.id, { eventKey: `endorsement:${changeId}`, refundKopecks: -delta, premiumKopecks: paid });
      await q.query(`INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, note) VALUES ($1, $2, $2, $3, $4, $5)`, [row.id, row.status, contractActorOf(req.me.user), req.me.user._id, note]);
      return delta < 0 && paid > 0;
    });
    const [fresh] = await ctx.db.query<{ agent_id: string; created_by: string; policy_number: string | null; updated_at: string | Date }>('SELECT agent_id, created_by, policy_number, updated_at FROM contracts WHERE id = $1', [row.id]);
    await pushMoved(flow, {
      event: { contractId: row.id, status: row.status, statusTitle: CONTRACT_STATUS_TITLES[row.status], policyNumber: fresh.policy_number, at: new Date(fresh.updated_at).toISOString() },
      notify: [...new Set([fresh.agent_id, fresh.created_by])],
      moneyChanged: moneyMoved,
    });
    return { data: await answer(req, row.id) };
  });
}

/** How long an endorsement's extra payment link stays payable (a demo insurer's setting). */
export const ENDORSEMENT_LINK_DAYS = 5;
