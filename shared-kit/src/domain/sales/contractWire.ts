/**
 * The wire of the contracts api (api/src/sales/contracts, remote-sales' Полисы and contract page):
 * what an e-OSAGO contract holds, how the list is asked for and what the socket says when a status moves.
 * Money is integer kopecks; dates are YYYY-MM-DD, moments ISO strings.
 */
import type { ContractMoney } from '../finance/money';
import type { ContractActor, ContractStatus } from './contracts';
import type { ReportStatus } from './statuses';
import type { OsagoCalculateRequest, OsagoOffer } from './osago/wire';
import type { AttachedFile } from '../files';
import { PRODUCT_TITLES, PRODUCT_CODES, type ContractChange, type ContractCurrency, type ContractInstalment, type ProductCode, type SummaryBlock } from './products';

/** The steps of contractDetails.ts' CONTRACT_STEPS (named here so the wire does not import the rules). */
export type ContractStepKey = 'vehicle' | 'owner' | 'insurant' | 'drivers' | 'contacts';

/** The products a contract may be (products.ts, the registry). */
export const CONTRACT_PRODUCTS = PRODUCT_CODES;
export type ContractProduct = ProductCode;
export const CONTRACT_PRODUCT_TITLES: Record<ContractProduct, string> = PRODUCT_TITLES;

export const VEHICLE_DOCUMENT_TYPES = ['STS', 'PTS', 'EPTS'] as const;
export type VehicleDocumentType = (typeof VEHICLE_DOCUMENT_TYPES)[number];
export const VEHICLE_DOCUMENT_TITLES: Record<VehicleDocumentType, string> = { STS: 'СТС', PTS: 'ПТС', EPTS: 'ЭПТС' };

export interface ContractPerson {
  lastName: string;
  firstName: string;
  middleName?: string | null;
  birthDate: string;
  passport: { series: string; number: string; issuedAt: string; issuer: string };
  /** The registration address as a suggestion gave it (its value). */
  address: string;
}

/**
 * What issuing an e-OSAGO policy needs beyond the rating factors (the calculation): the documents.
 * Saved as the agent types (every part optional until «Отправить страховщику», which needs it whole).
 */
export interface EosagoContractDetails {
  vehicle: {
    /** Registration plate; a new vehicle may have none yet. */
    plate?: string | null;
    /** VIN, or the body/chassis number when the vehicle has no VIN. */
    vin?: string | null;
    bodyNumber?: string | null;
    make: string;
    model: string;
    year: number;
    document: { type: VehicleDocumentType; series?: string | null; number: string; issuedAt: string };
  };
  owner: ContractPerson;
  insurantIsOwner: boolean;
  /** When the insurant is not the owner. */
  insurant?: ContractPerson | null;
  /** Full names of the named drivers, in the calculation's order. */
  driverNames?: string[];
  /** Where the payment link and the policy go. */
  contacts: { phone: string; email: string };
}

export interface ContractParty {
  id: string;
  fio: string;
}

/** One row of Полисы. */
export interface ContractListItem {
  id: string;
  product: ContractProduct;
  /** What the policy is: its product, or for a policy entered by hand (`manual`) the kind the agent chose. */
  kind: ContractProduct;
  productName: string;
  status: ContractStatus;
  statusTitle: string;
  /** The report status (§3) the row's icon and group come from. */
  reportStatus: ReportStatus;
  /** The policy number once released (OSAGO mask: 3 Cyrillic letters + 10 digits). */
  policyNumber: string | null;
  companyId: string | null;
  companyName: string | null;
  /** Integer kopecks; null before an offer is chosen. */
  premium: number | null;
  clientName: string | null;
  plate: string | null;
  vin: string | null;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  updatedAt: string;
  agent: ContractParty;
  /** While the agent fills the documents (106, 220): the step a draft resumes at (`/contracts/{id}/{step}`). */
  resumeStep: ContractStepKey | null;
}

export interface ContractHistoryEntry {
  from: ContractStatus | null;
  to: ContractStatus;
  at: string;
  actor: ContractActor;
  /** Who, when a person made the move. */
  by: ContractParty | null;
  note: string | null;
}

export interface ContractDetails extends ContractListItem {
  calculation: OsagoCalculateRequest;
  offer: OsagoOffer | null;
  details: Partial<EosagoContractDetails>;
  history: ContractHistoryEntry[];
  /** The moves the caller may make from here (what the page offers). */
  next: ContractStatus[];
  /** While waiting for payment: the link the client pays by. */
  paymentUrl: string | null;
  /** Until when the payment link works (ISO); after it the contract ends as «Не выпущен». */
  paymentExpiresAt: string | null;
  /** What the insurer said when it refused or asked to fix the data. */
  insurerMessage: string | null;
  /** The documents there are: 'draft' before payment, 'policy' once released. */
  documents: ('draft' | 'policy')[];
  /** Files the agent or staff attached (scans for the insurer), oldest first. */
  files: AttachedFile[];
  /** Whether the caller may attach files now (not to a cancelled or not released contract). */
  canAttachFiles: boolean;
  /** Its commission lines and the payments to return to the client: finance staff only (access canSeeContractMoney), else null. */
  money: ContractMoney | null;
  /** What the contract insures, as its product module describes it (the page renders the blocks as they come). */
  summary: SummaryBlock[];
  /** The premium's currency; for a foreign one, the premium in it (minor units) and the day's rate it was fixed at. */
  currency: ContractCurrency;
  foreign: { premium: number; rate: number; rateDate: string; rateSource: string } | null;
  /** The payment schedule: 1..N premium instalments, then extra payments of endorsements. */
  instalments: ContractInstalment[];
  /** Cancellation and endorsements made at the insurer, oldest first. */
  changes: ContractChange[];
  /** Whether the caller may cancel at the insurer now (staff: a paid contract; the agent: before payment). */
  canCancel: boolean;
  /** Whether the caller may make an endorsement now (a policy in force, a product that takes changes). */
  canEndorse: boolean;
  /** A policy entered by hand on review (130) and the caller is staff: «Подтвердить» / «Вернуть агенту» are theirs. */
  canReview: boolean;
}

/** `contract_files`: the files of a contract changed (attached or removed) — the page refetches. */
export interface ContractFilesEvent {
  contractId: string;
}

/** §9 quick date filters. */
export const QUICK_PERIODS = ['today', 'yesterday', '7', '14', '30'] as const;
export type QuickPeriod = (typeof QUICK_PERIODS)[number];
export const QUICK_PERIOD_TITLES: Record<QuickPeriod, string> = {
  today: 'Сегодня',
  yesterday: 'Вчера',
  '7': 'Последние 7 дней',
  '14': 'Последние 14 дней',
  '30': 'Последние 30 дней',
};

/** The days a quick filter covers, both ends included, counted from `today` (YYYY-MM-DD). */
export function quickPeriodRange(period: QuickPeriod, today: string): { from: string; to: string } {
  const shift = (days: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - days);
    return d.toISOString().slice(0, 10);
  };
  if (period === 'today') return { from: today, to: today };
  if (period === 'yesterday') return { from: shift(1), to: shift(1) };
  return { from: shift(Number(period) - 1), to: today };
}

/** GET /api/v2/contracts: the §3 URL filters, and the keyset cursor of the page after. */
export interface ContractListQuery {
  /** Status numbers, comma-separated. */
  status?: string;
  period?: QuickPeriod;
  company?: string;
  product?: ContractProduct;
  /** Policy number, plate, VIN or client name. */
  search?: string;
  /** One agent's contracts (the agent card's link): an agent of the user's scope, else a 403. */
  agentId?: string;
  after?: string;
  limit?: number;
}

export interface ContractPage {
  items: ContractListItem[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
  /** With `agentId`: that agent (the filter's chip names them, however few contracts they have). */
  agent?: ContractParty;
}

/** The socket event `contract_status`: a contract of the user's moved. */
export interface ContractStatusEvent {
  contractId: string;
  status: ContractStatus;
  statusTitle: string;
  policyNumber: string | null;
  at: string;
}

/** The OSAGO policy number mask (§5): 3 Cyrillic letters + 10 digits. */
export const OSAGO_POLICY_NUMBER = /^[А-ЯЁ]{3}\d{10}$/;
