import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCTS } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { idParams, objectIdSchema, yup } from '../../platform/validation.js';
import { offerRates } from '../../finance/rates.js';
import type { FlowDeps } from '../contracts/flow.js';
import { tableRateSource } from '../currency/rates.js';
import type { InsurerAdapter } from '../insurers/adapter.js';
import { moscowToday, quoteAll, type Insurer } from '../osago.js';
import { productModules } from '../products/index.js';
import { tariffsInForce } from '../../reference/partners.js';
import { createContract, currencyRatesFor, saveDetails } from './contracts.js';

/**
 * Every registered product but e-OSAGO (whose routes are routes/osago.ts and routes/contracts.ts) gets the
 * same three routes from its module — nothing here knows a product:
 * - `POST /api/v2/products/{code}/quote`: every insurer that sells it at once (offers cheapest first, refusals
 *   with reasons; a foreign premium fixed in kopecks at the day's rate); canSeeNewPolicy;
 * - `POST /api/v2/products/{code}/contracts`: a contract from the chosen insurer's offer; canSeeNewPolicy;
 * - `PATCH /api/v2/products/{code}/contracts/:contractId/details`: the steps' data; canSeeContracts, in scope.
 * The contract's other routes (read, send, cancel, endorse, documents, files, payment) are the rails' own.
 */
export function productRoutes(app: FastifyInstance, ctx: AppContext, flow: FlowDeps, adapters: readonly InsurerAdapter[], insurers: () => Promise<Insurer[]>, answer: (req: FastifyRequest, id: string) => Promise<unknown>) {
  for (const module of productModules()) {
    // e-OSAGO's routes are its own; a manual policy is typed, not quoted (routes/manual.ts).
    if (module.code === 'eosago' || module.code === 'manual') continue;
    const title = PRODUCTS[module.code].title;
    const base = `/api/v2/products/${module.code}`;
    const calculation = module.calculationSchema.required().label('calculation');

    route(app, { method: 'POST', url: `${base}/quote`, summary: `${title}: расчёт у всех страховщиков`, access: 'canSeeNewPolicy', body: module.calculationSchema }, async (req) => {
      const request = await module.quoteRequest(ctx.db, req.body);
      const showCommission = req.me.can.canSeeCommissionInTooltips;
      const today = moscowToday();
      const { offers, refusals } = await quoteAll(adapters, await insurers(), request, {
        product: module.code,
        currencyRates: await currencyRatesFor(flow.rates ?? tableRateSource(ctx.db), module, req.body, today),
        showCommission,
        rates: showCommission ? await offerRates(ctx.db, req.me.user._id, module.code, module.term(req.body).from) : undefined,
        log: (o, m) => req.log.warn(o, m),
        callLog: ctx.db,
        askedBy: req.me.user._id,
        tariffs: await tariffsInForce(ctx.db, module.code, today),
      });
      return { data: { offers, refusals } };
    });

    route(
      app,
      { method: 'POST', url: `${base}/contracts`, summary: `${title}: договор из предложения страховщика`, access: 'canSeeNewPolicy', body: yup.object({ calculation, companyId: objectIdSchema.required().label('companyId'), renewsContractId: objectIdSchema.label('renewsContractId') }) },
      async (req) => ({ data: await answer(req, await createContract(ctx, flow, insurers, req, module, req.body.calculation, req.body.companyId, req.body.renewsContractId)) }),
    );

    route(app, { method: 'PATCH', url: `${base}/contracts/:contractId/details`, summary: `${title}: сохранить данные для оформления`, access: 'canSeeContracts', params: idParams('contractId'), body: module.detailsSchema }, async (req) => {
      await saveDetails(ctx, req, module, req.params.contractId, (req.body as { details: Record<string, unknown> }).details);
      return { data: await answer(req, req.params.contractId) };
    });
  }
}
