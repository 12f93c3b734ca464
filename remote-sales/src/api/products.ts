import type { ContractDetails, OsagoOffer, OsagoRefusal, ProductCode, ProductOffer } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The product rails' own routes (api/src/sales/routes/products.ts): quote, contract from an offer, details. Silent: pages show failures in place. */
const http = () => getRuntime().http;

/** One insurer's offer of a rated product: the rails' part (company, premium, «Ваше КВ») and the product's (factors, notes, tariff). */
export type RatedOffer = Pick<OsagoOffer, 'companyId' | 'companyName' | 'premium' | 'agentCommission' | 'commissionPercent'> & Pick<ProductOffer, 'factors' | 'notes' | 'clamps' | 'tariff'>;
export interface ProductQuoteAnswer {
  offers: RatedOffer[];
  refusals: OsagoRefusal[];
}

export async function quoteProduct(product: ProductCode, calculation: unknown): Promise<ProductQuoteAnswer> {
  return (await http().post<{ data: ProductQuoteAnswer }>(`/api/v2/products/${product}/quote`, calculation, { silent: true })).data;
}

export async function createProductContract(product: ProductCode, calculation: unknown, companyId: string, renewsContractId?: string | null): Promise<ContractDetails> {
  const body = { calculation, companyId, ...(renewsContractId ? { renewsContractId } : {}) };
  return (await http().post<{ data: ContractDetails }>(`/api/v2/products/${product}/contracts`, body, { silent: true })).data;
}

export async function saveProductDetails(product: ProductCode, id: string, details: Record<string, unknown>): Promise<ContractDetails> {
  return (await http().patch<{ data: ContractDetails }>(`/api/v2/products/${product}/contracts/${id}/details`, { details }, { silent: true })).data;
}
