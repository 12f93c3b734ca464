import type { ContractDetails, OsagoOffer, OsagoRefusal, ProductCode, ProductOffer } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * The product rails' routes (api/src/sales/routes/products.ts) for a product other than e-OSAGO: the quote at
 * every insurer, the contract from the chosen offer, the details saved as the agent goes. Silent: each page
 * shows its failures in place.
 */
const http = () => getRuntime().http;

/** One insurer's offer of a rated product: the rails' part (company, premium, «Ваше КВ») and the product's (factors, notes, tariff). */
export type RatedOffer = Pick<OsagoOffer, 'companyId' | 'companyName' | 'premium' | 'agentCommission' | 'commissionPercent'> & Pick<ProductOffer, 'factors' | 'notes' | 'clamps' | 'tariff'>;
export interface ProductQuoteAnswer<Offer = RatedOffer> {
  offers: Offer[];
  refusals: OsagoRefusal[];
}

export async function quoteProduct<Offer = RatedOffer>(product: ProductCode, calculation: unknown): Promise<ProductQuoteAnswer<Offer>> {
  return (await http().post<{ data: ProductQuoteAnswer<Offer> }>(`/api/v2/products/${product}/quote`, calculation, { silent: true })).data;
}

/** `renewsContractId`: the policy this contract renews (a quote opened from the renewals worklist). */
export async function createProductContract(product: ProductCode, calculation: unknown, companyId: string, renewsContractId?: string | null): Promise<ContractDetails> {
  const body = { calculation, companyId, ...(renewsContractId ? { renewsContractId } : {}) };
  return (await http().post<{ data: ContractDetails }>(`/api/v2/products/${product}/contracts`, body, { silent: true })).data;
}

export async function saveProductDetails(product: ProductCode, id: string, details: Record<string, unknown>): Promise<ContractDetails> {
  return (await http().patch<{ data: ContractDetails }>(`/api/v2/products/${product}/contracts/${id}/details`, { details }, { silent: true })).data;
}
