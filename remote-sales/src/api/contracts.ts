import type { AttachedFile, AttachFilesAnswer, AttachFileType, ContractDetails, ContractPage, ContractStatus, EosagoContractDetails, OsagoCalculateRequest } from '@oyster/shared-kit/domain';
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

/** `renewsContractId`: the policy this contract renews (a quote opened from the renewals worklist). */
export async function createContract(calculation: OsagoCalculateRequest, companyId: string, renewsContractId?: string | null): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>('/api/v2/contracts', { calculation, companyId, ...(renewsContractId ? { renewsContractId } : {}) }, { silent: true })).data;
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

/** Cancels the contract: before payment a status move; a paid one at the insurer, with the refund it states (staff). */
export async function cancelContract(id: string): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>(`/api/v2/contracts/${id}/cancel`, {}, { silent: true })).data;
}

/** A change of a policy in force at the insurer (the product's `change`, from `date` — today when absent): the contract with the change, its extra payment or return. */
export async function endorseContract(id: string, change: object, date?: string): Promise<ContractDetails> {
  return (await http().post<{ data: ContractDetails }>(`/api/v2/contracts/${id}/endorsements`, { change, ...(date ? { date } : {}) }, { silent: true })).data;
}

/** The document's address (downloaded by the browser with the session cookie). */
export const documentUrl = (id: string, kind: 'draft' | 'policy') => `/api/v2/contracts/${id}/documents/${kind}`;

/** The file types the contract's insurer asks for, sorted by name (§8). */
export async function companyFileTypes(companyId: string): Promise<AttachFileType[]> {
  return (await http().get<{ data: { fileTypes: AttachFileType[] } }>(`/api/v2/file-list-company/${companyId}`, { silent: true })).data.fileTypes;
}

/** Attaches files of one type (§7); the answer's message is what the page shows. A 400 carries the server's Russian reason. */
export async function attachContractFiles(id: string, typeId: string, files: readonly File[]): Promise<AttachFilesAnswer> {
  const client = http();
  if (!client.upload) throw new Error('Загрузка файлов недоступна');
  const form = new FormData();
  form.append('typeId', typeId);
  for (const f of files) form.append('file', f, f.name);
  return client.upload<AttachFilesAnswer>(`/api/v2/contracts/${id}/attach-files`, form, { silent: true });
}

export async function removeContractFile(id: string, fileId: string): Promise<AttachedFile[]> {
  return (await http().delete<{ data: { files: AttachedFile[] } }>(`/api/v2/contracts/${id}/files/${fileId}`, { silent: true })).data.files;
}

export const contractFileUrl = (id: string, fileId: string) => `/api/v2/contracts/${id}/files/${fileId}`;
