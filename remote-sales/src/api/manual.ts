import type { ContractDetails, ManualCalculation, ManualDetails } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** A policy entered by hand (api/src/sales/routes/manual.ts). Silent: each page shows its failures in place. */
const http = () => getRuntime().http;
const base = '/api/v2/products/manual/contracts';

export async function createManualContract(calculation: ManualCalculation, companyId: string): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>(base, { calculation, companyId }, { silent: true })).data;
}

/** One step's part of the details (and, from the «Полис» step, the kind and the insurer). */
export async function saveManualStep(id: string, details: Partial<ManualDetails>, policyOf?: { calculation: ManualCalculation; companyId: string }): Promise<ContractDetails> {
  return (await http().patch<{ data: ContractDetails }>(`${base}/${id}/details`, { details, ...(policyOf ?? {}) }, { silent: true })).data;
}

export async function sendManual(id: string): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>(`${base}/${id}/send`, undefined, { silent: true })).data;
}
