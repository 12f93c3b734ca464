import type { EndorsementPrice, EndorsementTerm, ProductOffer, ProductQuote } from '@oyster/shared-kit/domain';
import { yup } from '../../platform/validation.js';
import { detailText } from '../schemas.js';
import type { ProductModule } from './types.js';

/**
 * What the products priced in roubles by shared-kit's rating of each demo insurer, and re-priced by it on a
 * change (e-KASKO, property), have the same: the demo quote (the insurer's tariff or its refusal with the
 * reason), the offer kept with the contract (the rating, whole, with its insurer), the demo re-pricing of a
 * change (the days left pro rata, or the insurer's refusal naming the change's field).
 */
export function ratedInRoubles<Calc, Change>(
  rate: (calc: Calc, insurer: string) => ProductQuote,
  priceChange: (insurer: string, calc: Calc, change: Change, term: EndorsementTerm) => EndorsementPrice,
): Pick<ProductModule<Calc, unknown, Calc>, 'demoQuote' | 'demoEndorse' | 'offer'> {
  return {
    demoQuote(insurer, calc) {
      const q = rate(calc, insurer);
      return q.kind === 'refusal' ? { kind: 'refusal', reason: q.reason } : { kind: 'offer', premium: q.premium, currency: 'RUB', detail: q };
    },
    demoEndorse(insurer, change, ctx) {
      const priced = priceChange(insurer, ctx.calculation as Calc, change as unknown as Change, ctx);
      return priced.kind === 'refusal' ? { refusal: priced.reason, field: priced.field } : priced.delta;
    },
    offer: ratedOffer,
  };
}

/** The offer a rated product keeps with the contract: the insurer's rating, whole, with the insurer it is of. */
export const ratedOffer: ProductModule['offer'] = (answer, insurer) => ({ ...(answer.detail as ProductOffer), companyId: insurer.id, companyName: insurer.name, premium: answer.premium });

/** The details' contacts (PATCH …/details): a phone and an e-mail, each optional. */
export const contactsSchema = (path: string) =>
  yup
    .object({ phone: detailText(`${path}.phone`, 30), email: detailText(`${path}.email`, 120) })
    .default(undefined)
    .nullable()
    .label(path);
