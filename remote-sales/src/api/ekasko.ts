import type { ContractDetails, KaskoCalculateRequest, KaskoContractDetails, OsagoOffer, ProductOffer } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The e-KASKO routes of the product rails (api/src/sales/routes/products.ts). Silent: the pages show failures in place. */
const http = () => getRuntime().http;
const BASE = '/api/v2/products/ekasko';

/** One insurer's KASKO offer as the quote answers it: its rating plus the rails' commission fields. */
export type KaskoOfferWire = ProductOffer & Pick<OsagoOffer, 'companyId' | 'companyName' | 'agentCommission' | 'commissionPercent'>;
export interface KaskoQuote {
  offers: KaskoOfferWire[];
  refusals: { companyId: string; companyName: string; reason: string }[];
}

export async function quoteKasko(calc: KaskoCalculateRequest): Promise<KaskoQuote> {
  return (await http().post<{ data: KaskoQuote }>(`${BASE}/quote`, calc, { silent: true })).data;
}

export async function createKaskoContract(calculation: KaskoCalculateRequest, companyId: string, renewsContractId?: string | null): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>(`${BASE}/contracts`, { calculation, companyId, ...(renewsContractId ? { renewsContractId } : {}) }, { silent: true })).data;
}

export async function saveKaskoDetails(id: string, details: Partial<KaskoContractDetails>): Promise<ContractDetails> {
  return (await http().patch<{ data: ContractDetails }>(`${BASE}/contracts/${id}/details`, { details }, { silent: true })).data;
}
