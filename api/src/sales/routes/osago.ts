import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { DEMO_INSURERS, demoAdapter } from '../insurers/demo.js';
import { quoteAll, ratingInput, type Insurer } from '../osago.js';
import { osagoCalculateSchema } from '../schemas.js';

/**
 * e-OSAGO quotes. `POST /api/v2/osago/calculate` is the quick pre-calculation of the issue: the rating
 * factors only, every insurer asked at once, offers cheapest first with every coefficient, refusals
 * with the insurer's reason. Who may: whoever may start a new policy (§6 canSeeNewPolicy).
 */
export function osagoRoutes(app: FastifyInstance, ctx: AppContext) {
  const adapters = DEMO_INSURERS.map((i) => demoAdapter(i, ctx.demoInsurerDelayMs));
  const insurers = async (): Promise<Insurer[]> =>
    (await ctx.db.query<{ id: string; id_unicus: string; short_name: string }>('SELECT id, id_unicus, short_name FROM companies')).map((c) => ({
      id: c.id,
      code: c.id_unicus,
      name: c.short_name,
    }));

  route(app, { method: 'POST', url: '/api/v2/osago/calculate', summary: 'Е-ОСАГО: предварительный расчёт у всех страховщиков', access: 'canSeeNewPolicy', body: osagoCalculateSchema }, async (req) => {
    const { rating, group, kbm } = await ratingInput(ctx.db, req.body);
    const { offers, refusals } = await quoteAll(adapters, await insurers(), { rating, group, vehicleYear: req.body.vehicle.year ?? null }, {
      showCommission: req.me.can.canSeeCommissionInTooltips,
      log: (o, m) => req.log.warn(o, m),
    });
    return { data: { offers, refusals, drivers: kbm } };
  });
}

declare module '../../platform/context.js' {
  interface AppContext {
    /** Every demo insurer's answer delay in ms (DEMO_INSURER_DELAY_MS); null: each insurer's own. */
    demoInsurerDelayMs: number | null;
  }
}
