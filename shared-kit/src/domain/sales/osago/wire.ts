/** The wire of POST /api/v2/osago/calculate (api/src/sales, remote-sales' calculator). */
import type { KbmClass } from './tables';
import type { CoefficientName, Coefficients, OsagoOwnerType } from './rating';

export interface OsagoCalculateDriver {
  birthDate: string; // YYYY-MM-DD
  experienceSince: string; // YYYY-MM-DD
  /** 99АА999999; Latin look-alikes and spaces are accepted. */
  licence: string;
}

export interface OsagoCalculateRequest {
  vehicle: { category: string; powerHp: number; ownerType: OsagoOwnerType; year?: number; taxi?: boolean; trailer?: boolean };
  /** `address`: one suggestion of /suggest/address as it came (value and data). */
  owner: { address: { value: string; data: Record<string, unknown> }; licence?: string };
  unrestricted?: boolean;
  drivers?: OsagoCalculateDriver[];
  vehicleKbmClass?: KbmClass;
  periodMonths: number;
  startDate: string; // YYYY-MM-DD
  grossViolation?: boolean;
}

export interface OsagoOffer {
  companyId: string;
  companyName: string;
  /** Integer kopecks. */
  premium: number;
  /** tb in roubles a year; the others as decimals. */
  coefficients: Coefficients;
  /** Where each value came from, for the agent. */
  explain: Record<CoefficientName | 'cap', string>;
  /** The art. 9 cap was applied. */
  capped: boolean;
  warnings: string[];
  /** Insurer → broker commission, percent; absent for sub-agents (§6). */
  commissionPercent?: number;
  /**
   * What the agent quoting earns on this offer: their rate (insurer × product × their level, in force on
   * the start date) and the amount in integer kopecks; absent for sub-agents (§6) and without a rate.
   */
  agentCommission?: { percent: number; amount: number };
}

export interface OsagoRefusal {
  companyId: string;
  companyName: string;
  reason: string;
}

export interface DriverKbm {
  licence: string;
  kbmClass: KbmClass;
  /** false: not in the bonus-malus registry, class 3 (a driver without history). */
  found: boolean;
}

export interface OsagoQuote {
  offers: OsagoOffer[];
  refusals: OsagoRefusal[];
  drivers: DriverKbm[];
}

/** Coefficient names as the agent reads them, in the formula's order. */
export const COEFFICIENT_TITLES: Record<CoefficientName, string> = {
  tb: 'ТБ',
  kt: 'КТ',
  kbm: 'КБМ',
  kvs: 'КВС',
  ko: 'КО',
  km: 'КМ',
  ks: 'КС',
  kn: 'КН',
  kpr: 'КПр',
};

/** The coefficients in the formula's order. */
export const COEFFICIENT_NAMES = Object.keys(COEFFICIENT_TITLES) as CoefficientName[];

/** A coefficient as the agent reads it: ТБ in roubles, the others with two decimals («1,20»). */
export function formatCoefficient(name: CoefficientName, value: number): string {
  return name === 'tb' ? `${value.toLocaleString('ru-RU')} ₽` : value.toLocaleString('ru-RU', { minimumFractionDigits: 2 });
}

/** Vehicle categories the tariff tables can rate today (tables.ts MISSING says why the others cannot). */
export const RATED_CATEGORIES = ['B', 'BE'] as const;
/** At most this many named drivers in a quote. */
export const OSAGO_MAX_DRIVERS = 5;

/** POST /api/v2/osago/quotes answers at once; each insurer's answer follows over the socket. */
export interface OsagoQuoteStarted {
  quoteId: string;
  /** Every insurer asked, in the order they were asked. */
  insurers: { companyId: string; companyName: string }[];
  drivers: DriverKbm[];
}

/** GET /api/v2/osago/quotes/:quoteId: what has come so far (the fallback when the socket is away). */
export interface OsagoQuoteState extends OsagoQuote {
  quoteId: string;
  /** companyIds still to answer. */
  pending: string[];
}

/** The socket event `osago_quote`: one insurer's answer to a streamed quote. */
export interface OsagoQuoteEvent {
  quoteId: string;
  offer?: OsagoOffer;
  refusal?: OsagoRefusal;
  /** How many insurers have not answered yet. */
  pending: number;
}
