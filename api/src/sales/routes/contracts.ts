import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTRACT_STATUS as S, CONTRACT_STATUS_TITLES, contractActorOf, isContractEditable, policyTerm, type ContractStatus, type EosagoContractDetails } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db.js';
import { HttpError, notFound, validationError } from '../../platform/errors.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { route } from '../../platform/routes.js';
import { idParams, objectIdSchema, yup } from '../../platform/validation.js';
import { contractPdf, DOCUMENT_FILE_NAMES } from '../contracts/documents.js';
import { move, searchColumns, sendToInsurer, type FlowDeps } from '../contracts/flow.js';
import { CONTRACT_SELECT, contractDetails, listContracts, moveContract, scopedContract, type ContractRow } from '../contracts/store.js';
import { quoteAll, ratingInput, type Insurer } from '../osago.js';
import { offerRates } from '../../finance/rates.js';
import { linkRenewal } from '../renewals/store.js';
import { linkContractRecords } from '../clients/link.js';
import { pushClientChanged } from '../clients/store.js';
import { contractCreateSchema, contractDetailsPatchSchema, contractListQuerySchema, contractStatusSchema } from '../schemas.js';

/** The address the product is reached at, as this request came (the payment link is absolute). */
export const publicBase = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** The moves POST /contracts/:id/status makes; the others come from «Отправить страховщику», the insurer, the payment. */
const COMMAND_MOVES: readonly ContractStatus[] = [S.canceled];

/**
 * Contracts (Полисы): who may — the list and a contract: canSeeContracts, and only within the user's
 * scope (platform/scope.ts; another's contract is a 404); making one: canSeeNewPolicy.
 */
export function contractRoutes(app: FastifyInstance, ctx: AppContext, flow: FlowDeps, insurers: () => Promise<Insurer[]>) {
  const details = async (req: FastifyRequest, id: string) => contractDetails(ctx.db, await scopedContract(ctx.db, req.me, id), req.me.user, publicBase(req));
  const withCommands = <T extends { next: ContractStatus[] }>(d: T): T => ({ ...d, next: d.next.filter((s) => COMMAND_MOVES.includes(s)) });

  route(app, { method: 'GET', url: '/api/v2/contracts', summary: 'Полисы: список с фильтрами, постранично по курсору', access: 'canSeeContracts', query: contractListQuerySchema }, async (req) => {
    return { data: await listContracts(ctx.db, req.me, req.query as never) };
  });

  route(app, { method: 'GET', url: '/api/v2/contracts/:contractId', summary: 'Договор: данные, история статусов, документы', access: 'canSeeContracts', params: idParams('contractId') }, async (req) => {
    return { data: withCommands(await details(req, req.params.contractId)) };
  });

  route(app, { method: 'POST', url: '/api/v2/contracts', summary: 'Договор Е-ОСАГО из предложения страховщика', access: 'canSeeNewPolicy', body: contractCreateSchema }, async (req) => {
    const { calculation, companyId, renewsContractId } = req.body;
    const insurer = (await insurers()).find((i) => i.id === companyId);
    const adapter = insurer && flow.adapterOf(insurer.code);
    if (!insurer || !adapter) throw validationError('Поле «companyId»: такого страховщика нет', 'companyId');
    const { rating, group } = await ratingInput(ctx.db, calculation);
    // The premium is the insurer's answer now, never the page's figure.
    const { offers, refusals } = await quoteAll([adapter], [insurer], { rating, group, vehicleYear: calculation.vehicle.year ?? null }, {
      showCommission: true,
      rates: await offerRates(ctx.db, req.me.user._id, 'eosago', calculation.startDate),
      log: (o, m) => req.log.warn(o, m),
      callLog: ctx.db,
      askedBy: req.me.user._id,
    });
    const offer = offers[0];
    if (!offer) throw new HttpError(409, `${insurer.name} отказал: ${refusals[0]?.reason ?? 'нет ответа'}`, { error: true });
    const id = newId();
    const userId = req.me.user._id;
    // end_date is the end of the policy's year, not of its period of use (which only priced it).
    const term = policyTerm(calculation.startDate);
    await ctx.db.tx(async (q) => {
      await q.query(
        `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, offer, start_date, end_date)
         VALUES ($1, $2, $2, 'eosago', $3, $4, $5, $6, $7, $8, $9)`,
        [id, userId, S.draft, companyId, offer.premium, JSON.stringify(calculation), JSON.stringify(offer), term.from, term.to],
      );
      if (renewsContractId) await linkRenewal(q, id, renewsContractId, userId, 'eosago');
      await q.query(`INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, note) VALUES ($1, NULL, $2, 'agent', $3, 'Создан из расчёта')`, [id, S.draft, userId]);
      await moveContract(q, id, S.calculating, { actor: 'agent', userId });
      await moveContract(q, id, S.calculated, { actor: 'system', userId: null, note: `${insurer.name}: ${offer.premium / 100} ₽` });
    });
    return { data: withCommands(await details(req, id)) };
  });

  route(app, { method: 'PATCH', url: '/api/v2/contracts/:contractId/details', summary: 'Договор: сохранить данные для оформления', access: 'canSeeContracts', params: idParams('contractId'), body: contractDetailsPatchSchema }, async (req) => {
    const linked = await ctx.db.tx(async (q) => {
      const row = await scopedContract(q, req.me, req.params.contractId, true);
      if (!isContractEditable(row.status)) {
        throw new HttpError(409, `Данные договора в статусе «${CONTRACT_STATUS_TITLES[row.status]}» менять нельзя`, { error: true, status: row.status });
      }
      // Each part sent replaces that part (the page sends its whole form); parts not sent stay.
      const merged = { ...row.details, ...(req.body.details as Partial<EosagoContractDetails>) };
      const cols = searchColumns(merged);
      await q.query('UPDATE contracts SET details = $2, client_name = $3, plate = $4, vin = $5, updated_at = now() WHERE id = $1', [
        row.id,
        JSON.stringify(merged),
        cols.client_name,
        cols.plate,
        cols.vin,
      ]);
      // The client and the vehicle, typed once (clients/link.ts): the agent's records follow the contract.
      return { agentId: row.agent_id, ...(await linkContractRecords(q, row.id, req.me.user._id)) };
    });
    for (const clientId of linked.changed) await pushClientChanged(ctx.db, ctx.rt, linked.agentId, clientId, true, [req.me.user._id]);
    return { data: withCommands(await details(req, req.params.contractId)) };
  });

  route(app, { method: 'POST', url: '/api/v2/contracts/:contractId/send', summary: 'Договор: отправить страховщику', access: 'canSeeContracts', params: idParams('contractId') }, async (req) => {
    const row = await scopedContract(ctx.db, req.me, req.params.contractId);
    const { missing } = await sendToInsurer(flow, row.id, { actor: contractActorOf(req.me.user), userId: req.me.user._id }, row.details, row.calculation);
    if (missing) throw validationError(missing.message, missing.field);
    return { data: withCommands(await details(req, row.id)) };
  });

  route(app, { method: 'POST', url: '/api/v2/contracts/:contractId/status', summary: 'Договор: сменить статус (отмена)', access: 'canSeeContracts', params: idParams('contractId'), body: contractStatusSchema }, async (req) => {
    const row = await scopedContract(ctx.db, req.me, req.params.contractId);
    const to = req.body.status as ContractStatus;
    if (!COMMAND_MOVES.includes(to)) {
      throw new HttpError(409, `Статус «${CONTRACT_STATUS_TITLES[to]}» не ставится вручную: его ставит оформление договора`, { error: true, status: row.status });
    }
    await move(flow, row.id, to, { actor: contractActorOf(req.me.user), userId: req.me.user._id });
    return { data: withCommands(await details(req, row.id)) };
  });

  route(
    app,
    {
      method: 'GET',
      url: '/api/v2/contracts/:contractId/documents/:kind',
      summary: 'Договор: PDF черновика или полиса',
      access: 'canSeeContracts',
      params: yup.object({
        contractId: objectIdSchema.required().label('contractId'),
        kind: yup.string().oneOf(['draft', 'policy'] as const, 'Поле «kind» должно быть одним из: draft, policy').required().label('kind'),
      }),
    },
    async (req, reply) => {
      const row = await scopedContract(ctx.db, req.me, req.params.contractId);
      const kind = req.params.kind as 'draft' | 'policy';
      let pdf: Buffer;
      if (kind === 'policy') {
        if (!row.policy_number) throw notFound();
        pdf = await storePolicyPdf(ctx, row.id);
      } else {
        if (row.status < S.calculated || row.status > S.waitingPayment) throw notFound();
        pdf = await contractPdf('draft', row, row.company_name ?? '');
      }
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(DOCUMENT_FILE_NAMES[kind](row), 'contract.pdf'))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}

/** The policy PDF: written once (at release, or at the first download of a policy issued without one) and kept. */
export async function storePolicyPdf(ctx: AppContext, contractId: string): Promise<Buffer> {
  const [kept] = await ctx.db.query<{ pdf: Buffer | Uint8Array }>(`SELECT pdf FROM contract_documents WHERE contract_id = $1 AND kind = 'policy'`, [contractId]);
  if (kept) return Buffer.from(kept.pdf);
  const [row] = await ctx.db.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.id = $1`, [contractId]);
  const pdf = await contractPdf('policy', row, row.company_name ?? '');
  await ctx.db.query(`INSERT INTO contract_documents (contract_id, kind, pdf) VALUES ($1, 'policy', $2) ON CONFLICT (contract_id, kind) DO NOTHING`, [contractId, pdf]);
  return pdf;
}

