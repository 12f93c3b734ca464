import {
  MORTGAGE_INSURERS,
  missingMortgageDetail,
  mortgageCalculateSchema,
  mortgageClientName,
  mortgageDetailsBlock,
  mortgageDetailsSchema,
  mortgageSchedule,
  mortgageSummary,
  mortgageTerm,
  rateMortgageContract,
  type MortgageCalculateRequest,
  type MortgageContractDetails,
  type ProductOffer,
  type SummaryBlock,
} from '@oyster/shared-kit/domain';
import type { ContractSubmission } from '../../insurers/adapter.js';
import { linkMortgageRecords } from '../../clients/link.js';
import { ratedOffer } from '../rated.js';
import type { ProductModule, ProductRow } from '../types.js';

/**
 * Mortgage insurance (ipoteka, `new-ipoteka`, issue 25) on the rails. The calculation and its checks are
 * shared-kit's (sales/mortgage/input.ts: the bank, the balance, the property, life and title cover, the
 * borrowers with their shares, 1–5 policy years); each demo insurer rates every policy year by its own
 * tariff inside research §5 (sales/mortgage/rating.ts — an insurer without a mortgage tariff, or not
 * accredited with the bank, refuses with its reason). Paid yearly: one instalment per policy year, each
 * the rating of that year on the stated balance, the first due now, the next on each anniversary. What
 * the insurer needs after the offer: sales/mortgage/details.ts. No endorsements.
 */
type Row = ProductRow<MortgageCalculateRequest, MortgageContractDetails>;
/** What a mortgage offer keeps (the contract's `offer`): the insurer's rating, whole, with the insurer it is of. */
type StoredOffer = ProductOffer & { companyId: string; companyName: string };

export const ipoteka: ProductModule<MortgageCalculateRequest, MortgageContractDetails, MortgageCalculateRequest> = {
  code: 'ipoteka',
  calculationSchema: mortgageCalculateSchema,
  detailsSchema: mortgageDetailsSchema,
  // The schema checked what every insurer shares (the shares sum to 100 %); each insurer's own limits are its refusal.
  quoteRequest: async (_q, calc) => calc,
  demoQuote(insurer, req) {
    // An insurer without a mortgage tariff (not in shared-kit's table) has none: the adapter says so.
    if (!MORTGAGE_INSURERS.includes(insurer)) return null;
    const q = rateMortgageContract(req, insurer);
    if (q.kind === 'refusal') return { kind: 'refusal', reason: q.reason };
    return { kind: 'offer', premium: q.premium, currency: 'RUB', detail: q };
  },
  offer: ratedOffer,
  linkRecords: linkMortgageRecords,
  // One instalment per policy year: the payment page says which year it pays for.
  instalmentNote: (n) => `${n}-й год страхования`,
  submission(row: Row): ContractSubmission {
    const calc = row.calculation;
    const d = row.details;
    return {
      contractId: row.id,
      product: 'ipoteka',
      premium: Number(row.premium),
      startDate: calc.startDate,
      endDate: mortgageTerm(calc).to,
      bank: calc.bank,
      balance: calc.balance,
      property: { kind: calc.property, address: d.property?.address ?? null, cadastralNumber: d.property?.cadastralNumber ?? null },
      cover: { life: calc.life, title: calc.title },
      borrowers: calc.life ? (calc.borrowers ?? []).map((b, i) => ({ ...b, ...(i === 0 ? { lastName: d.insurant?.lastName ?? null, firstName: d.insurant?.firstName ?? null, middleName: d.insurant?.middleName ?? null } : d.coBorrowers?.[i - 1]) })) : [],
      insurant: d.insurant ?? null,
      contacts: d.contacts ?? null,
      loan: d.loan ?? null,
      years: calc.years ?? 1,
    };
  },
  searchColumns: (details) => ({ client_name: mortgageClientName(details), plate: null, vin: null }),
  missing: (details, calc) => missingMortgageDetail(details, calc),
  summary(row: Row): SummaryBlock[] {
    const offer = row.offer as StoredOffer | null;
    const calc = row.calculation;
    const details = mortgageDetailsBlock(row.details ?? {}, calc);
    if (!offer?.factors) return [details];
    const blocks = mortgageSummary(calc, { ...offer, premium: Number(row.premium ?? offer.premium) }, offer.companyName);
    // The insurant and the loan agreement after the loan and the borrowers, before the premium.
    return [...blocks.slice(0, -1), details, blocks[blocks.length - 1]];
  },
  term: (calc) => mortgageTerm(calc),
  schedule(premium, calc, today, offer) {
    const yearly = (offer as Partial<StoredOffer> | undefined)?.instalments ?? [premium];
    if (yearly.reduce((a, b) => a + b, 0) !== premium) throw new Error(`ipoteka: the yearly amounts do not sum to the premium ${premium}`);
    return mortgageSchedule(yearly, calc, today);
  },
  currency: () => 'RUB',
  documentTitles: { draft: 'Проект полиса ипотечного страхования', policy: 'Полис ипотечного страхования', payment: 'Оплата полиса ипотечного страхования' },
};
