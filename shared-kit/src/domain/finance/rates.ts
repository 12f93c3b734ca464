import type { ContractParty } from '../sales/contractWire';

/**
 * Which commission rate applies to a sale, and why (issue 24): a personal template of the agent beats the
 * rate of the agent's segment, which beats the rate of the agent's level — each the version in force on the
 * sale's date (the contract's start). A network owner's override on a sub-agent's sale is its own rate.
 * The api's resolver (api/src/finance/resolver.ts) answers it; the offer's «Ваше КВ» and the accrual ask the
 * same resolver, and every ledger line keeps the reason.
 */
export const RATE_SOURCES = ['template', 'segment', 'level', 'override'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];
export const RATE_SOURCE_TITLES: Record<RateSource, string> = {
  template: 'Персональный шаблон',
  segment: 'Сегмент',
  level: 'Уровень',
  override: 'КВ владельца сети',
};

/** A personal template: an agent's own rate for one insurer × product, from a day (to a day, or open). */
export interface CommissionTemplate {
  id: string;
  agent: ContractParty;
  companyId: string;
  companyName: string;
  product: string;
  productName: string;
  /** Basis points (1000 = 10%). */
  rateBp: number;
  validFrom: string;
  /** The last day it applies; null: until another replaces it. */
  validTo: string | null;
  createdAt: string;
  createdBy: ContractParty | null;
}

/** POST /api/v2/finance/templates; PATCH takes rateBp, validFrom, validTo. */
export interface CommissionTemplateInput {
  agentId: string;
  companyId: string;
  product: string;
  rateBp: number;
  validFrom: string;
  validTo?: string | null;
}

/** A segment of agents with their own rates (the commission segmenter); an agent is in one segment at most. */
export interface CommissionSegment {
  id: string;
  name: string;
  members: ContractParty[];
  /** Every rate version of the segment, newest start first within each insurer × product. */
  rates: { companyId: string; companyName: string; product: string; productName: string; rateBp: number; validFrom: string }[];
  createdAt: string;
}
