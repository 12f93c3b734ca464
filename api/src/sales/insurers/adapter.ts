import type { OsagoPremium, OsagoRatingInput, TariffGroup } from '@oyster/shared-kit/domain';

/**
 * What the product asks of an insurer, one adapter per insurer (the demo adapter in demo.ts runs
 * in-process): quote; then, for a contract, prepare (the insurer takes the documents and answers with
 * its reference), check (its verdict on the data), the payment link, issue (the policy number once
 * paid; asked again for the same reference, the same number) and status (whether the insurer has issued
 * the policy: how a release cut short is finished). A thrown error is an adapter failure; every call is
 * logged by contracts/insurer-calls.ts.
 */
export interface InsurerAdapter {
  /** companies.id_unicus of the insurer. */
  readonly code: string;
  /** An offer, or the insurer's refusal with its reason. */
  quoteOsago(request: OsagoQuoteRequest): Promise<OsagoQuoteAnswer>;
  /** The contract as the insurer gets it; answers the insurer's reference for the later calls. */
  prepareOsago(contract: OsagoContractSubmission): Promise<{ ref: string }>;
  /** The insurer's check of the data it was sent. */
  checkOsago(ref: string, contract: OsagoContractSubmission): Promise<OsagoCheckAnswer>;
  /** A payment link for the premium; `token` is the link's secret part (the demo insurer's page is served by the product). */
  paymentLink(ref: string, premium: number): Promise<{ token: string; path: string }>;
  /** After payment: the policy's number (idempotent by reference). */
  issueOsago(ref: string): Promise<{ policyNumber: string }>;
  /** How the contract stands at the insurer: issued (with the number) or not yet. */
  statusOsago(ref: string): Promise<OsagoInsurerStatus>;
}

export type OsagoInsurerStatus = { state: 'issued'; policyNumber: string } | { state: 'not_issued' };

/** What an insurer gets for a quote: the rating input plus the facts its acceptance rules read. */
export interface OsagoQuoteRequest {
  rating: OsagoRatingInput;
  group: TariffGroup;
  vehicleYear: number | null;
}

export type OsagoQuoteAnswer =
  | { kind: 'offer'; baseRate: number; rated: OsagoPremium }
  | { kind: 'refusal'; reason: string };

/** A contract as it is sent to the insurer: the premium agreed and the documents. */
export interface OsagoContractSubmission {
  contractId: string;
  premium: number;
  startDate: string;
  vehicle: { vin: string | null; bodyNumber: string | null; plate: string | null; year: number; documentIssuedAt: string };
  owner: { birthDate: string; passportIssuedAt: string };
}

export type OsagoCheckAnswer = { kind: 'ok' } | { kind: 'fix'; message: string } | { kind: 'failed'; message: string };
