import {
  PRODUCT_TITLES,
  applyPropertyChange,
  describePropertyChange,
  pricePropertyChange,
  propertyChangeProblem,
  propertyChangeSchema,
  missingPropertyDetail,
  propertyCalculateSchema,
  propertyClientName,
  propertyInsurantBlock,
  propertySummary,
  rateProperty,
  yearPolicyEnd,
  type PropertyCalculateRequest,
  type PropertyChange,
  type PropertyContractDetails,
  type PropertyKind,
  type ProductOffer,
  type SummaryBlock,
} from '@oyster/shared-kit/domain';
import { validationError } from '../../../platform/errors.js';
import { yup } from '../../../platform/validation.js';
import { detailText, personSchema } from '../../schemas.js';
import { contactsSchema, ratedInRoubles } from '../rated.js';
import type { ProductModule, ProductRow } from '../types.js';

/**
 * Property of individuals on the rails (issue 25): the apartment (ifl, `new-ifl`) and the house
 * (ifl_house, `new-ifl_house`) — one module per kind from this factory. The calculation is shared-kit's
 * (sales/property/input.ts), each demo insurer rates it by its own tariff inside research §3
 * (sales/property/rating.ts) — an insurer without a property tariff refuses with its reason. What the
 * insurer needs after the offer: the insurant with a passport and a phone (sales/property/details.ts).
 * One payment, in roubles; the term is the policy's year. A policy in force takes changes of its cover
 * sums (endorsements, shared-kit sales/property/changes.ts): the demo insurer re-rates the changed
 * calculation by its tariff and prices the days left pro rata.
 */

type Row = ProductRow<PropertyCalculateRequest, PropertyContractDetails>;
/** What the demo insurers keep of an offer: shared-kit's offer, with the insurer it is of. */
type StoredOffer = ProductOffer & { companyId: string; companyName: string };

export const propertyDetailsSchema = yup.object({
  details: yup
    .object({
      insurant: personSchema('details.insurant'),
      contacts: contactsSchema('details.contacts'),
      insurantIsOwner: yup.boolean().strict().nullable().label('details.insurantIsOwner'),
      cadastralNumber: detailText('details.cadastralNumber', 40).matches(/^\d{2}:\d{2}:\d{6,7}:\d{1,6}$/, { message: 'Поле «details.cadastralNumber»: кадастровый номер вида 77:01:0001001:1234', excludeEmptyString: true }),
    })
    .required()
    .label('details'),
});

export function propertyModule(kind: PropertyKind): ProductModule<PropertyCalculateRequest, PropertyContractDetails, PropertyCalculateRequest> {
  const code = kind === 'apartment' ? 'ifl' : 'ifl_house';
  const noun = kind === 'apartment' ? 'квартиры' : 'дома';
  return {
    code,
    calculationSchema: propertyCalculateSchema,
    detailsSchema: propertyDetailsSchema,
    changeSchema: propertyChangeSchema,
    async quoteRequest(_q, calc) {
      // The product's route fixes the kind: an apartment's calculation is not a house's.
      if (calc.kind !== kind) throw validationError(`Поле «kind»: этот расчёт — страхование ${noun} (${kind})`, 'kind');
      return calc;
    },
    ...ratedInRoubles(rateProperty, pricePropertyChange),
    applyChange(row: Row, change) {
      const c = change as unknown as PropertyChange;
      const problem = propertyChangeProblem(row.calculation, c);
      if (problem) throw validationError(problem.message, problem.field);
      if (!describePropertyChange(row.calculation, c)) throw validationError('Поле «change.cover»: новые суммы совпадают с прежними — изменять нечего', 'change.cover');
      return { calculation: applyPropertyChange(row.calculation, c) };
    },
    describeChange: (change, row: Row) => describePropertyChange(row.calculation, change as unknown as PropertyChange) ?? 'Изменение договора',
    submission: (row: Row) => ({
      contractId: row.id,
      product: code,
      premium: Number(row.premium),
      startDate: row.calculation.startDate,
      property: { kind, address: row.calculation.address.value, area: row.calculation.area, yearBuilt: row.calculation.yearBuilt, cover: row.calculation.cover },
      insurant: row.details.insurant ?? null,
      insurantIsOwner: row.details.insurantIsOwner ?? null,
      cadastralNumber: row.details.cadastralNumber ?? null,
    }),
    searchColumns: (details) => ({ client_name: propertyClientName(details), plate: null, vin: null }),
    missing: (details) => missingPropertyDetail(details),
    summary(row: Row): SummaryBlock[] {
      const offer = row.offer as StoredOffer | null;
      const calc = row.start_date ? { ...row.calculation, startDate: row.start_date } : row.calculation;
      // The premium the contract stands at (an endorsement moves it); the factors as the insurer quoted them.
      const blocks = offer?.factors ? propertySummary(calc, { ...offer, premium: Number(row.premium ?? offer.premium) }, offer.companyName) : [];
      // The insurant after the property and sums, before the premium.
      return blocks.length ? [...blocks.slice(0, -1), propertyInsurantBlock(row.details), blocks[blocks.length - 1]] : [propertyInsurantBlock(row.details)];
    },
    term: (calc) => ({ from: calc.startDate, to: yearPolicyEnd(calc.startDate) }),
    schedule: (premium, _calc, today) => [{ dueDate: today, amount: premium }],
    currency: () => 'RUB',
    documentTitles: {
      draft: `Проект полиса: ${PRODUCT_TITLES[code].toLowerCase()}`,
      policy: `Полис: ${PRODUCT_TITLES[code].toLowerCase()}`,
      payment: `Оплата полиса: ${PRODUCT_TITLES[code].toLowerCase()}`,
    },
  };
}

export const ifl = propertyModule('apartment');
