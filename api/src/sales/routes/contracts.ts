import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTRACT_PRODUCT_TITLES, CONTRACT_STATUS as S, CONTRACT_STATUS_TITLES, contractActorOf, formatMoney, isContractEditable, type ContractCurrency, type ContractStatus, type OsagoOffer } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db.js';
import { keptBytes } from '../../platform/storage.js';
import { fileKey } from '../../migrations/0036_file_storage.js';
import { HttpError, notFound, validationError } from '../../platform/errors.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { route } from '../../platform/routes.js';
import { idParams, objectIdSchema, yup } from '../../platform/validation.js';
import { contractPdf, DOCUMENT_FILE_NAMES } from '../contracts/documents.js';
import { move, sendToInsurer, type FlowDeps } from '../contracts/flow.js';
import { tableRateSource, type RateSource, type StoredRate } from '../currency/rates.js';
import { eosago } from '../products/eosago/index.js';
import { changeRoutes } from './changes.js';
import { productRoutes } from './products.js';
import { manualRoutes } from './manual.js';
import type { InsurerAdapter } from '../insurers/adapter.js';
import type { ProductModule } from '../products/index.js';
import { CONTRACT_SELECT, contractDetails, listContracts, moveContract, scopedContract, type ContractRow } from '../contracts/store.js';
import { moscowToday, quoteAll, type Insurer } from '../osago.js';
import { tariffsInForce } from '../../reference/partners.js';
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
export function contractRoutes(app: FastifyInstance, ctx: AppContext, flow: FlowDeps, insurers: () => Promise<Insurer[]>, adapters: readonly InsurerAdapter[]) {
  const details = async (req: FastifyRequest, id: string) => contractDetails(ctx.db, await scopedContract(ctx.db, req.me, id), req.me.user, publicBase(req));
  const withCommands = <T extends { next: ContractStatus[] }>(d: T): T => ({ ...d, next: d.next.filter((s) => COMMAND_MOVES.includes(s)) });

  route(app, { method: 'GET', url: '/api/v2/contracts', summary: 'Полисы: список с фильтрами, постранично по курсору', access: 'canSeeContracts', query: contractListQuerySchema }, async (req) => {
    return { data: await listContracts(ctx.db, req.me, req.query as never) };
  });

  route(app, { method: 'GET', url: '/api/v2/contracts/:contractId', summary: 'Договор: данные, история статусов, документы', access: 'canSeeContracts', params: idParams('contractId') }, async (req) => {
    return { data: withCommands(await details(req, req.params.contractId)) };
  });

  changeRoutes(app, ctx, flow, async (req, id) => withCommands(await details(req, id)));
  productRoutes(app, ctx, flow, adapters, insurers, async (req, id) => withCommands(await details(req, id)));
  manualRoutes(app, ctx, flow, insurers, async (req, id) => withCommands(await details(req, id)));

  route(app, { method: 'POST', url: '/api/v2/contracts', summary: 'Договор Е-ОСАГО из предложения страховщика', access: 'canSeeNewPolicy', body: contractCreateSchema }, async (req) => {
    const id = await createContract(ctx, flow, insurers, req, eosago, req.body.calculation, req.body.companyId, req.body.renewsContractId);
    return { data: withCommands(await details(req, id)) };
  });

  route(app, { method: 'PATCH', url: '/api/v2/contracts/:contractId/details', summary: 'Договор: сохранить данные для оформления', access: 'canSeeContracts', params: idParams('contractId'), body: contractDetailsPatchSchema }, async (req) => {
    await saveDetails(ctx, req, eosago, req.params.contractId, req.body.details);
    return { data: withCommands(await details(req, req.params.contractId)) };
  });

  route(app, { method: 'POST', url: '/api/v2/contracts/:contractId/send', summary: 'Договор: отправить страховщику', access: 'canSeeContracts', params: idParams('contractId') }, async (req) => {
    const row = await scopedContract(ctx.db, req.me, req.params.contractId);
    const { missing } = await sendToInsurer(flow, row.id, { actor: contractActorOf(req.me.user), userId: req.me.user._id }, row);
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
        // A policy entered by hand has no PDF of Oyster's: its scan is among the files.
        if (!row.policy_number || row.product === 'manual') throw notFound();
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

/**
 * A contract of `module`'s product from the chosen insurer's offer: the insurer is asked again (the premium
 * is its answer now, never the page's figure), a foreign premium fixed in kopecks at the day's rate, the
 * payment schedule written with it. Answers the new contract's id.
 */
export async function createContract(ctx: AppContext, flow: FlowDeps, insurers: () => Promise<Insurer[]>, req: FastifyRequest, module: ProductModule, calculation: any, companyId: string, renewsContractId?: string | null): Promise<string> {
  const insurer = (await insurers()).find((i) => i.id === companyId);
  const adapter = insurer && flow.adapterOf(insurer.code);
  if (!insurer || !adapter || !adapter.products.includes(module.code)) throw validationError('Поле «companyId»: такого страховщика нет', 'companyId');
  const request = await module.quoteRequest(ctx.db, calculation);
  const today = moscowToday();
  // end_date is the end of the policy's term (for e-OSAGO its year, not its period of use, which only priced it).
  const term = module.term(calculation);
  const { offers, refusals } = await quoteAll([adapter], [insurer], request, {
    product: module.code,
    currencyRates: await currencyRatesFor(flow.rates ?? tableRateSource(ctx.db), module, calculation, today),
    showCommission: true,
    rates: await offerRates(ctx.db, req.me.user._id, module.code, term.from),
    log: (o, m) => req.log.warn(o, m),
    callLog: ctx.db,
    askedBy: req.me.user._id,
    tariffs: await tariffsInForce(ctx.db, module.code, today),
  });
  const offer = offers[0] as (OsagoOffer & Partial<ForeignOffer>) | undefined;
  if (!offer) throw new HttpError(409, `${insurer.name} отказал: ${refusals[0]?.reason ?? 'нет ответа'}`, { error: true });
  const id = newId();
  const userId = req.me.user._id;
  const schedule = module.schedule(offer.premium, calculation, today, offer as unknown as Record<string, unknown>);
  await ctx.db.tx(async (q) => {
    await q.query(
      `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, offer, start_date, end_date, currency, premium_foreign, currency_rate, currency_rate_date, currency_rate_source)
       VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [id, userId, module.code, S.draft, companyId, offer.premium, JSON.stringify(calculation), JSON.stringify(offer), term.from, term.to, offer.currency ?? 'RUB', offer.premiumForeign ?? null, offer.rate ?? null, offer.rateDate ?? null, offer.rateSource ?? null],
    );
    // A renewal quote's contract remembers the policy it renews (same agent and product: renewals/store.ts checks).
    if (renewsContractId) await linkRenewal(q, id, renewsContractId, userId, module.code);
    for (const [i, part] of schedule.entries()) {
      await q.query(`INSERT INTO contract_instalments (contract_id, number, due_date, amount_kopecks) VALUES ($1, $2, $3, $4)`, [id, i + 1, part.dueDate, part.amount]);
    }
    await q.query(`INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, note) VALUES ($1, NULL, $2, 'agent', $3, 'Создан из расчёта')`, [id, S.draft, userId]);
    await moveContract(q, id, S.calculating, { actor: 'agent', userId });
    await moveContract(q, id, S.calculated, { actor: 'system', userId: null, note: `${insurer.name}: ${formatMoney(offer.premium)}` });
  });
  return id;
}

/** An offer fixed from a foreign currency (sales/osago.ts quoteAll). */
interface ForeignOffer {
  currency: ContractCurrency;
  premiumForeign: number;
  rate: number;
  rateDate: string;
  rateSource: string;
}

/** The day's rate of each currency the product prices in (none for a product in roubles). */
export async function currencyRatesFor(source: RateSource, module: ProductModule, calculation: unknown, today: string): Promise<Map<string, StoredRate>> {
  const currency = module.currency(calculation);
  const out = new Map<string, StoredRate>();
  if (currency === 'RUB') return out;
  const rate = await source.rateOn(currency, today);
  if (rate) out.set(currency, rate);
  return out;
}

/** The details the steps saved, for a contract of `module`'s product still being filled: each part sent replaces that part. */
export async function saveDetails(ctx: AppContext, req: FastifyRequest, module: ProductModule, contractId: string, patch: Record<string, unknown>) {
  const linked = await ctx.db.tx(async (q) => {
    const row = await scopedContract(q, req.me, contractId, true);
    if (row.product !== module.code) throw new HttpError(409, `Это договор другого продукта («${CONTRACT_PRODUCT_TITLES[row.product] ?? row.product}»)`, { error: true });
    if (!isContractEditable(row.status)) {
      throw new HttpError(409, `Данные договора в статусе «${CONTRACT_STATUS_TITLES[row.status]}» менять нельзя`, { error: true, status: row.status });
    }
    // Each part sent replaces that part (the page sends its whole form); parts not sent stay.
    const merged = { ...row.details, ...patch };
    const cols = module.searchColumns(merged, row.calculation);
    await q.query('UPDATE contracts SET details = $2, client_name = $3, plate = $4, vin = $5, updated_at = now() WHERE id = $1', [row.id, JSON.stringify(merged), cols.client_name, cols.plate, cols.vin]);
    // The client and the vehicle, typed once (clients/link.ts): the agent's records follow the contract.
    return { agentId: row.agent_id, changed: module.linkRecords ? (await module.linkRecords(q, row.id, req.me.user._id)).changed : [] };
  });
  for (const clientId of linked.changed) await pushClientChanged(ctx.db, ctx.rt, linked.agentId, clientId, true, [req.me.user._id]);
}

/** The policy PDF: written once (at release, or at the first download of a policy issued without one) and kept. */
export async function storePolicyPdf(ctx: AppContext, contractId: string): Promise<Buffer> {
  const [kept] = await ctx.db.query<{ pdf: Buffer | Uint8Array | null; storage_key: string | null }>(`SELECT pdf, storage_key FROM contract_documents WHERE contract_id = $1 AND kind = 'policy'`, [contractId]);
  const keptPdf = kept ? await keptBytes(ctx.files, kept.storage_key, kept.pdf) : null;
  if (keptPdf) return keptPdf;
  const [row] = await ctx.db.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.id = $1`, [contractId]);
  const pdf = await contractPdf('policy', row, row.company_name ?? '');
  // The bytes in the file store (platform/storage.ts), the row says where; written again the same if two raced.
  const key = fileKey('contract_documents', `${contractId}/policy`);
  await ctx.files.put(key, pdf, { contentType: 'application/pdf' });
  await ctx.db.query(`INSERT INTO contract_documents (contract_id, kind, storage_key) VALUES ($1, 'policy', $2) ON CONFLICT (contract_id, kind) DO NOTHING`, [contractId, key]);
  return pdf;
}

