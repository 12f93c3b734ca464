import type { FastifyInstance } from 'fastify';
import type { OsagoOffer, OsagoQuoteStarted, OsagoQuoteState, OsagoRefusal, DriverKbm } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams } from '../../platform/validation.js';
import type { InsurerAdapter } from '../insurers/adapter.js';
import type { DemoInsurerFault } from '../insurers/demo.js';
import { offerRates } from '../../finance/rates.js';
import { askedAdapters, moscowToday, quoteAll, ratingInput, type Insurer } from '../osago.js';
import { tariffsInForce } from '../../reference/partners.js';
import { osagoCalculateSchema } from '../schemas.js';

/**
 * e-OSAGO quotes; who may: whoever may start a new policy (§6 canSeeNewPolicy).
 * - `POST /api/v2/osago/calculate`: the quick pre-calculation of the issue — every insurer at once, one
 *   answer with the offers (cheapest first, every coefficient) and the refusals with reasons.
 * - `POST /api/v2/osago/quotes`: the same question answered at once with the quote's id; each insurer's
 *   answer follows as it comes, over the socket (`osago_quote`) and in the database, where
 *   `GET /api/v2/osago/quotes/:quoteId` reads it (the page's fallback when the socket is away).
 */
export function osagoRoutes(app: FastifyInstance, ctx: AppContext, adapters: readonly InsurerAdapter[], insurers: () => Promise<Insurer[]>) {

  route(app, { method: 'POST', url: '/api/v2/osago/calculate', summary: 'Е-ОСАГО: предварительный расчёт у всех страховщиков', access: 'canSeeNewPolicy', body: osagoCalculateSchema }, async (req) => {
    const { rating, group, kbm } = await ratingInput(ctx.db, req.body);
    const showCommission = req.me.can.canSeeCommissionInTooltips;
    const { offers, refusals } = await quoteAll(adapters, await insurers(), { rating, group, vehicleYear: req.body.vehicle.year ?? null }, {
      showCommission,
      rates: showCommission ? await offerRates(ctx.db, req.me.user._id, 'eosago', req.body.startDate) : undefined,
      log: (o, m) => req.log.warn(o, m),
      callLog: ctx.db,
      askedBy: req.me.user._id,
      tariffs: await tariffsInForce(ctx.db, 'eosago', moscowToday()),
    });
    return { data: { offers, refusals, drivers: kbm } };
  });

  route(app, { method: 'POST', url: '/api/v2/osago/quotes', summary: 'Е-ОСАГО: расчёт, ответы страховщиков по мере поступления (сокет osago_quote)', access: 'canSeeNewPolicy', body: osagoCalculateSchema }, async (req) => {
    const { rating, group, kbm } = await ratingInput(ctx.db, req.body);
    const known = await insurers();
    const asked = askedAdapters(adapters, known).map((a) => known.find((i) => i.code === a.code)!);
    const quoteId = newId();
    const userId = req.me.user._id;
    await ctx.db.query('INSERT INTO osago_quotes (id, user_id, drivers, pending) VALUES ($1, $2, $3, $4)', [quoteId, userId, JSON.stringify(kbm), asked.map((i) => i.id)]);
    // Not awaited: the answer goes now, the insurers' answers follow one by one.
    const showCommission = req.me.can.canSeeCommissionInTooltips;
    const rates = showCommission ? await offerRates(ctx.db, userId, 'eosago', req.body.startDate) : undefined;
    void quoteAll(adapters, known, { rating, group, vehicleYear: req.body.vehicle.year ?? null }, {
      showCommission,
      rates,
      log: (o, m) => req.log.warn(o, m),
      callLog: ctx.db,
      askedBy: req.me.user._id,
      tariffs: await tariffsInForce(ctx.db, 'eosago', moscowToday()),
      onAnswer: async ({ offer, refusal }) => {
        const companyId = (offer ?? refusal)!.companyId;
        const [row] = await ctx.db.query<{ left: number }>(
          `UPDATE osago_quotes SET ${offer ? 'offers = offers' : 'refusals = refusals'} || jsonb_build_array($2::jsonb), pending = array_remove(pending, $3)
           WHERE id = $1 RETURNING cardinality(pending) AS left`,
          [quoteId, JSON.stringify(offer ?? refusal), companyId],
        );
        ctx.rt.emitToUser(userId, 'osago_quote', { quoteId, ...(offer ? { offer } : { refusal }), pending: row?.left ?? 0 });
      },
    }).catch((e) => req.log.error({ err: String(e), quoteId }, 'osago quote stopped'));
    const started: OsagoQuoteStarted = { quoteId, insurers: asked.map((i) => ({ companyId: i.id, companyName: i.name })), drivers: kbm };
    return { data: started };
  });

  route(app, { method: 'GET', url: '/api/v2/osago/quotes/:quoteId', summary: 'Е-ОСАГО: ответы страховщиков на расчёт', access: 'canSeeNewPolicy', params: idParams('quoteId') }, async (req) => {
    // Only its author sees a quote: another user's id is simply not found.
    const [row] = await ctx.db.query<{ offers: OsagoOffer[]; refusals: OsagoRefusal[]; drivers: DriverKbm[]; pending: string[] }>(
      'SELECT offers, refusals, drivers, pending FROM osago_quotes WHERE id = $1 AND user_id = $2',
      [req.params.quoteId, req.me.user._id],
    );
    if (!row) throw notFound();
    const state: OsagoQuoteState = { quoteId: req.params.quoteId, offers: [...row.offers].sort((a, b) => a.premium - b.premium), refusals: row.refusals, drivers: row.drivers, pending: row.pending };
    return { data: state };
  });
}

declare module '../../platform/context.js' {
  interface AppContext {
    /** Every demo insurer's answer delay in ms (DEMO_INSURER_DELAY_MS); null: each insurer's own. */
    demoInsurerDelayMs: number | null;
    /** Demo insurers told to misbehave (DEMO_INSURER_FAULTS): insurer code → fault. */
    demoInsurerFaults: Record<string, DemoInsurerFault>;
  }
}
