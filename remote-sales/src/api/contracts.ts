import type { ContractDetails, ContractPage, ContractStatus, EosagoContractDetails, OsagoCalculateRequest } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The contracts api (api/src/sales/routes/contracts.ts). Silent: each page shows its failures in place. */
const http = () => getRuntime().http;

export async function listContracts(query: URLSearchParams, after: string | null): Promise<ContractPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', '20');
  return (await http().get<{ data: ContractPage }>(`/api/v2/contracts?${q}`, { silent: true })).data;
}

export async function getContract(id: string): Promise<ContractDetails> {
  return (await http().get<{ data: ContractDetails }>(`/api/v2/contracts/${id}`, { silent: true })).data;
}

export async function createContract(calculation: OsagoCalculateRequest, companyId: string): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>('/api/v2/contracts', { calculation, companyId }, { silent: true })).data;
}

export async function saveContractDetails(id: string, details: Partial<EosagoContractDetails>): Promise<ContractDetails> {
  return (await http().patch<{ data: ContractDetails }>(`/api/v2/contracts/${id}/details`, { details }, { silent: true })).data;
}

export async function sendContract(id: string): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>(`/api/v2/contracts/${id}/send`, undefined, { silent: true })).data;
}

export async function moveContract(id: string, status: ContractStatus): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>(`/api/v2/contracts/${id}/status`, { status }, { silent: true })).data;
}

/** The document's address (downloaded by the browser with the session cookie). */
export const documentUrl = (id: string, kind: 'draft' | 'policy') => `/api/v2/contracts/${id}/documents/${kind}`;
