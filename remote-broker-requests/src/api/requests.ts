import type {
  AttachFilesAnswer,
  BrokerFormValues,
  BrokerRequestDetails,
  BrokerRequestFile,
  BrokerRequestPage,
  BrokerRequestStatus,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The broker-requests api (api/src/broker-requests/routes). Silent: each page shows its failures in place. */
const http = () => getRuntime().http;

export async function listRequests(query: URLSearchParams, after: string | null): Promise<BrokerRequestPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', '20');
  return (await http().get<{ data: BrokerRequestPage }>(`/api/v2/broker-requests?${q}`, { silent: true })).data;
}

export async function getRequest(id: string): Promise<BrokerRequestDetails> {
  return (await http().get<{ data: BrokerRequestDetails }>(`/api/v2/broker-requests/${id}`, { silent: true })).data;
}

export async function createRequest(productType: string, values: BrokerFormValues): Promise<BrokerRequestDetails> {
  return (await http().post<{ data: BrokerRequestDetails }>('/api/v2/broker-requests', { productType, values }, { silent: true })).data;
}

export async function saveRequestValues(id: string, values: BrokerFormValues): Promise<BrokerRequestDetails> {
  return (await http().patch<{ data: BrokerRequestDetails }>(`/api/v2/broker-requests/${id}/values`, { values }, { silent: true })).data;
}

export async function moveRequest(id: string, status: BrokerRequestStatus, extra: { reason?: string; offerId?: string } = {}): Promise<BrokerRequestDetails> {
  return (await http().post<{ data: BrokerRequestDetails }>(`/api/v2/broker-requests/${id}/status`, { status, ...extra }, { silent: true })).data;
}

export interface NewOffer {
  companyId: string;
  /** Kopecks. */
  premium: number;
  commissionPercent: number | null;
  conditions: string;
}

export async function addOffer(id: string, offer: NewOffer): Promise<BrokerRequestDetails> {
  return (await http().post<{ data: BrokerRequestDetails }>(`/api/v2/broker-requests/${id}/offers`, offer, { silent: true })).data;
}

export async function removeOffer(id: string, offerId: string): Promise<BrokerRequestDetails> {
  return (await http().delete<{ data: BrokerRequestDetails }>(`/api/v2/broker-requests/${id}/offers/${offerId}`, { silent: true })).data;
}

export async function attachRequestFiles(id: string, typeName: string, files: File[], offerId?: string): Promise<AttachFilesAnswer & { data: { files: BrokerRequestFile[] } }> {
  const form = new FormData();
  form.append('typeName', typeName);
  if (offerId) form.append('offerId', offerId);
  for (const f of files) form.append('file', f, f.name);
  return http().post<AttachFilesAnswer & { data: { files: BrokerRequestFile[] } }>(`/api/v2/broker-requests/${id}/attach-files`, form, { silent: true });
}

export async function removeRequestFile(id: string, fileId: string): Promise<BrokerRequestFile[]> {
  return (await http().delete<{ data: { files: BrokerRequestFile[] } }>(`/api/v2/broker-requests/${id}/files/${fileId}`, { silent: true })).data.files;
}

/** Where a file downloads from (the browser sends the session cookie). */
export const requestFileUrl = (id: string, fileId: string) => `/api/v2/broker-requests/${id}/files/${fileId}`;
