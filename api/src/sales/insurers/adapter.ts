import type { ContractCurrency, OsagoPremium, OsagoRatingInput, ProductCode, TariffGroup } from '@oyster/shared-kit/domain';

/**
 * What the products ask of an insurer, one adapter per insurer (the demo adapter in demo.ts runs
 * in-process), generic over products (shared-kit sales/products.ts; each product's request and
 * submission are its module's: api/src/sales/products/<code>/): quote; then, for a contract, prepare (the
 * insurer takes the documents and answers with its reference), check (its verdict on the data), a payment
 * link (for an instalment or an extra payment, with what it is for), issue (the policy number once paid;
 * asked again for the same reference, the same number) and status (whether the insurer has issued the
 * policy: how a release cut short is finished); once in force, cancel (the refund the insurer states) and
 * endorse (a change re-priced: the premium difference). A thrown error is an adapter failure; every call
 * is logged by contracts/insurer-calls.ts under the names of INSURER_CALL_METHODS.
 */
export interface InsurerAdapter {
  /** companies.id_unicus of the insurer. */
  readonly code: string;
  /** The products this insurer sells online through the product. */
  readonly products: readonly ProductCode[];
  /** An offer, or the insurer's refusal with its reason. */
  quote(product: ProductCode, request: unknown): Promise<QuoteAnswer>;
  /** The contract as the insurer gets it; answers the insurer's reference for the later calls. */
  prepare(product: ProductCode, submission: ContractSubmission): Promise<{ ref: string }>;
  /** The insurer's check of the data it was sent. */
  check(ref: string, product: ProductCode, submission: ContractSubmission): Promise<CheckAnswer>;
  /** A payment link for `amount` kopecks; `purpose` says what it pays («Взнос 2 из 4»); `token` is the link's secret part. */
  paymentLink(ref: string, amount: number, purpose: string): Promise<{ token: string; path: string }>;
  /** After payment: the policy's number (idempotent by reference). */
  issue(ref: string): Promise<{ policyNumber: string }>;
  /** How the contract stands at the insurer: issued (with the number) or not yet. */
  status(ref: string): Promise<InsurerStatus>;
  /** Cancels the policy from `date`: the refund the insurer states (kopecks, ≥ 0). */
  cancel(ref: string, date: string, context: ChangeContext): Promise<{ refund: number }>;
  /** A change of the policy from `date`, re-priced: the premium difference (kopecks: + extra, − returned), or the insurer's refusal of it. */
  endorse(ref: string, change: unknown, context: ChangeContext): Promise<EndorseAnswer>;
}

/** What the insurer knows of the policy when it is cancelled or changed (the demo insurer prices from it). */
export interface ChangeContext {
  product: ProductCode;
  premium: number;
  startDate: string;
  endDate: string;
  date: string;
  /** The policy's stored calculation (as it stands before this change): what the insurer re-rates. */
  calculation: unknown;
}

/**
 * An insurer's answer to a change: the premium difference with the change's own reference, or a refusal
 * with its reason and the field of the change it refuses (the api's 400 names it).
 */
export type EndorseAnswer = { kind: 'priced'; premiumDelta: number; ref: string } | { kind: 'refusal'; reason: string; field: string };

export type InsurerStatus = { state: 'issued'; policyNumber: string } | { state: 'not_issued' };

/**
 * An insurer's answer to a quote: the premium (kopecks, or the currency's minor units) and the product's
 * own figures (`detail`: for e-OSAGO the base rate and the rated premium), or a refusal with its reason.
 */
export type QuoteAnswer =
  | { kind: 'offer'; premium: number; currency: ContractCurrency; detail?: unknown }
  | { kind: 'refusal'; reason: string };

export type CheckAnswer = { kind: 'ok' } | { kind: 'fix'; message: string } | { kind: 'failed'; message: string };

/** A contract as it is sent to any insurer: the premium agreed, the start, and the product's own part. */
export interface ContractSubmission {
  contractId: string;
  product: ProductCode;
  premium: number;
  startDate: string;
  [part: string]: unknown;
}

/** What an insurer gets for an e-OSAGO quote: the rating input plus the facts its acceptance rules read. */
export interface OsagoQuoteRequest {
  rating: OsagoRatingInput;
  group: TariffGroup;
  vehicleYear: number | null;
}

/** e-OSAGO's figures in an offer. */
export interface OsagoQuoteDetail {
  baseRate: number;
  rated: OsagoPremium;
}

/** An e-OSAGO contract as it is sent to the insurer: the premium agreed and the documents. */
export interface OsagoContractSubmission extends ContractSubmission {
  vehicle: { vin: string | null; bodyNumber: string | null; plate: string | null; year: number; documentIssuedAt: string };
  owner: { birthDate: string; passportIssuedAt: string };
}

/** Kept for the e-OSAGO code: the same verdict. */
export type OsagoCheckAnswer = CheckAnswer;
