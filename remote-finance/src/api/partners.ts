import { isObjectId, PARTNER_TEXTS, type Partner, type PartnerInput, type PartnerKind, type PartnerListItem, type TariffMapping, type TariffMappingInput } from '@oyster/shared-kit/domain';
import { getRuntime, HttpError } from '@oyster/shared-kit/runtime';

/**
 * Partners and the tariff mapping (Управление; api/src/reference/routes/partners.ts): whoever sees
 * Управление reads them, administrators and finance controllers change them (canManagePartners; 403 to the
 * others). Silent: the screens show failures in place — a 400 `{ message, field }` under the field it names.
 */
const http = () => getRuntime().http;

export async function listPartners(kind?: PartnerKind, signal?: AbortSignal): Promise<PartnerListItem[]> {
  return (await http().get<{ data: PartnerListItem[] }>(`/api/v2/partners${kind ? `?kind=${kind}` : ''}`, { silent: true, signal })).data;
}

/** A mistyped id is not found without asking; a 404 says the api's words. */
export async function getPartner(id: string, signal?: AbortSignal): Promise<Partner> {
  if (!isObjectId(id)) throw new HttpError(404, PARTNER_TEXTS.notFound, { message: PARTNER_TEXTS.notFound, errorMessage: PARTNER_TEXTS.notFound });
  try {
    return (await http().get<{ data: Partner }>(`/api/v2/partners/${id}`, { silent: true, signal })).data;
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw new HttpError(404, PARTNER_TEXTS.notFound, { message: PARTNER_TEXTS.notFound, errorMessage: PARTNER_TEXTS.notFound });
    throw e;
  }
}

export async function createPartner(input: PartnerInput): Promise<Partner> {
  return (await http().post<{ data: Partner }>('/api/v2/partners', input, { silent: true })).data;
}

export async function savePartner(id: string, input: PartnerInput): Promise<Partner> {
  return (await http().put<{ data: Partner }>(`/api/v2/partners/${id}`, input, { silent: true })).data;
}

export async function listTariffMappings(filters: { companyId?: string; product?: string }, signal?: AbortSignal): Promise<TariffMapping[]> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  const query = q.toString();
  return (await http().get<{ data: TariffMapping[] }>(`/api/v2/tariff-mappings${query ? `?${query}` : ''}`, { silent: true, signal })).data;
}

export async function createTariffMapping(input: TariffMappingInput): Promise<TariffMapping> {
  return (await http().post<{ data: TariffMapping }>('/api/v2/tariff-mappings', input, { silent: true })).data;
}

export async function saveTariffMapping(id: string, input: TariffMappingInput): Promise<TariffMapping> {
  return (await http().put<{ data: TariffMapping }>(`/api/v2/tariff-mappings/${id}`, input, { silent: true })).data;
}

export async function deleteTariffMapping(id: string): Promise<void> {
  await http().delete(`/api/v2/tariff-mappings/${id}`, { silent: true });
}
