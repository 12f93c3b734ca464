import { isoDate, objectIdSchema, yup } from '../platform/validation.js';

/** Request schemas of the finance api; every message names its field. */

const basisPoints = (label: string) =>
  yup
    .number()
    .strict()
    .integer(`Поле «${label}»: ставка в базисных пунктах, целое число (1000 = 10%)`)
    .min(0, `Поле «${label}»: ставка не может быть отрицательной`)
    .max(10_000, `Поле «${label}»: ставка не больше 10000 (100%)`)
    .label(label);

const productField = yup.string().trim().matches(/^[a-z_]{2,40}$/, 'Поле «product»: код продукта латиницей').label('product');

/** PUT /api/v2/finance/commission-rates: one insurer × product from a date. */
export const rateSetSchema = yup.object({
  companyId: objectIdSchema.required().label('companyId'),
  product: productField.required(),
  validFrom: isoDate('validFrom').required(),
  insurerRateBp: basisPoints('insurerRateBp').required(),
  levels: yup
    .object({
      agent: basisPoints('levels.agent').required(),
      expert: basisPoints('levels.expert').required(),
      broker: basisPoints('levels.broker').required(),
    })
    .required()
    .label('levels'),
  ownerOverrideBp: basisPoints('ownerOverrideBp').required(),
});

export const rateSetsQuery = yup.object({ product: productField });
