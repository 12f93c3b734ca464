import {
  PRODUCT_TITLES,
  TRAVEL_INSURERS,
  missingTravelDetail,
  rateTravel,
  travelCalculateSchema,
  travelClientName,
  travelDetailsSchema,
  travelSummary,
  travelZone,
  TRAVEL_ZONE_CURRENCY,
  yearPolicyEnd,
  type ProductOffer,
  type SummaryBlock,
  type TravelCalculateRequest,
  type TravelContractDetails,
} from '@oyster/shared-kit/domain';
import type { ContractSubmission } from '../../insurers/adapter.js';
import type { ProductModule, ProductRow } from '../types.js';

/**
 * Travel insurance (ВЗР, issue 25) on the rails: the calculation and details schemas and the rating are
 * shared-kit's (sales/travel: research §4, each demo insurer's own tariff inside the documented ranges);
 * the premium is priced in euros (Europe) or dollars (the world) and fixed in roubles by the rails at the
 * day's stored rate. One payment; the term is the trip (a multi-trip policy: a year). No endorsements.
 */

/** What every insurer is asked: the calculation as it is (shared-kit's rating reads it). */
type Request = TravelCalculateRequest;
type Row = ProductRow<TravelCalculateRequest, TravelContractDetails>;

/** What a travel offer keeps of the insurer's rating (beside the rails' premium, currency and rate). */
export interface TravelOfferDetail {
  companyId: string;
  companyName: string;
  premium: number;
  factors: ProductOffer['factors'];
  notes: string[];
  clamps: string[];
  instalments: number[];
  tariff: ProductOffer['tariff'];
}

const term = (calc: TravelCalculateRequest) => ({ from: calc.startDate, to: calc.tripType === 'multi' ? yearPolicyEnd(calc.startDate) : calc.endDate! });

/** The insurer's offer as rated (foreign minor units), rebuilt from what the contract kept. */
function ratedOffer(row: Row): ProductOffer | null {
  const o = row.offer as (Partial<TravelOfferDetail> & { currency?: ProductOffer['currency']; premiumForeign?: number }) | null;
  if (!o?.tariff) return null;
  return {
    kind: 'offer',
    insurer: o.tariff.insurer,
    premium: o.premiumForeign ?? Number(row.premium),
    currency: o.currency ?? 'RUB',
    factors: o.factors ?? [],
    clamps: o.clamps ?? [],
    notes: o.notes ?? [],
    instalments: [o.premiumForeign ?? Number(row.premium)],
    tariff: o.tariff,
  };
}

export const vzr: ProductModule<TravelCalculateRequest, TravelContractDetails, Request> = {
  code: 'vzr',
  calculationSchema: travelCalculateSchema,
  detailsSchema: travelDetailsSchema,
  async quoteRequest(_q, calc) {
    return { ...calc, countries: calc.countries.map((c) => c.toUpperCase()) };
  },
  demoQuote(insurerCode, request) {
    // An insurer without a travel tariff (not in shared-kit's table) has none: the adapter says so.
    if (!TRAVEL_INSURERS.includes(insurerCode)) return null;
    const q = rateTravel(request, insurerCode);
    if (q.kind === 'refusal') return { kind: 'refusal', reason: q.reason };
    return { kind: 'offer', premium: q.premium, currency: q.currency, detail: q };
  },
  offer(answer, insurer) {
    const q = answer.detail as ProductOffer;
    const offer: TravelOfferDetail = { companyId: insurer.id, companyName: insurer.name, premium: answer.premium, factors: q.factors, notes: q.notes, clamps: q.clamps, instalments: q.instalments, tariff: q.tariff };
    return offer as unknown as Record<string, unknown>;
  },
  submission(row: Row): ContractSubmission {
    const d = row.details;
    return {
      contractId: row.id,
      product: 'vzr',
      premium: Number(row.premium),
      startDate: row.calculation.startDate,
      endDate: term(row.calculation).to,
      countries: row.calculation.countries,
      travellers: row.calculation.travellers.map((t, i) => ({ ...d.travellers?.[i], birthDate: t.birthDate })),
      insurant: d.insurant ?? null,
    };
  },
  searchColumns: (details) => ({ client_name: travelClientName(details), plate: null, vin: null }),
  missing: (details, calc) => missingTravelDetail(details, calc),
  summary(row: Row): SummaryBlock[] {
    const o = ratedOffer(row);
    const calc = row.calculation;
    const foreign = row.offer as { rate?: number; rateDate?: string } | null;
    if (!o) return [];
    return travelSummary(calc, o, String((row.offer as { companyName?: string }).companyName ?? ''), row.details ?? {}, foreign?.rate && foreign.rateDate ? { kopecks: Number(row.premium), rate: foreign.rate, rateDate: foreign.rateDate } : undefined);
  },
  term,
  schedule: (premium, _calc, today) => [{ dueDate: today, amount: premium }],
  currency: (calc) => TRAVEL_ZONE_CURRENCY[travelZone(calc.countries ?? [])],
  documentTitles: { draft: `Проект полиса ${PRODUCT_TITLES.vzr}`, policy: `Полис ${PRODUCT_TITLES.vzr}`, payment: `Оплата полиса ${PRODUCT_TITLES.vzr}` },
};
