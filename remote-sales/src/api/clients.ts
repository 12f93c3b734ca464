import type { ClientCard, ClientInput, ClientPage, VehicleInput } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The clients api (api/src/sales/clients/routes.ts). Silent: each page shows its failures in place (a form under its buttons). */
const http = () => getRuntime().http;

export async function listClients(query: URLSearchParams, after: string | null): Promise<ClientPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', '20');
  return (await http().get<{ data: ClientPage }>(`/api/v2/clients?${q}`, { silent: true })).data;
}

export const getClient = async (id: string): Promise<ClientCard> => (await http().get<{ data: ClientCard }>(`/api/v2/clients/${id}`, { silent: true })).data;
export const createClient = async (body: ClientInput & { vehicles?: VehicleInput[] }): Promise<ClientCard> => (await http().post<{ data: ClientCard }>('/api/v2/clients', body, { silent: true })).data;
export const updateClient = async (id: string, body: ClientInput): Promise<ClientCard> => (await http().patch<{ data: ClientCard }>(`/api/v2/clients/${id}`, body, { silent: true })).data;
export const deleteClient = async (id: string): Promise<void> => void (await http().delete(`/api/v2/clients/${id}`));
export const addVehicle = async (clientId: string, body: VehicleInput): Promise<ClientCard> => (await http().post<{ data: ClientCard }>(`/api/v2/clients/${clientId}/vehicles`, body, { silent: true })).data;
export const updateVehicle = async (id: string, body: VehicleInput): Promise<ClientCard> => (await http().patch<{ data: ClientCard }>(`/api/v2/vehicles/${id}`, body, { silent: true })).data;
export const deleteVehicle = async (id: string): Promise<ClientCard> => (await http().delete<{ data: ClientCard }>(`/api/v2/vehicles/${id}`)).data;
