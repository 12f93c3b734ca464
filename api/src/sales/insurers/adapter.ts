import type { OsagoPremium, OsagoRatingInput, TariffGroup } from '@oyster/shared-kit/domain';

/**
 * What the product asks of an insurer, one adapter per insurer (the demo adapter in demo.ts runs
 * in-process). This first slice needs the quote; prepare, check, issue, the payment link and
 * the status follow with the contract state machine and extend this interface.
 */
export interface InsurerAdapter {
  /** companies.id_unicus of the insurer. */
  readonly code: string;
  /** An offer, or the insurer's refusal with its reason (a thrown error is an adapter failure). */
  quoteOsago(request: OsagoQuoteRequest): Promise<OsagoQuoteAnswer>;
}

/** What an insurer gets for a quote: the rating input plus the facts its acceptance rules read. */
export interface OsagoQuoteRequest {
  rating: OsagoRatingInput;
  group: TariffGroup;
  vehicleYear: number | null;
}

export type OsagoQuoteAnswer =
  | { kind: 'offer'; baseRate: number; rated: OsagoPremium; commissionPercent: number }
  | { kind: 'refusal'; reason: string };
