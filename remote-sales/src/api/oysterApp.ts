import type { OysterAppClientsPage, OysterAppSummary } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** Oyster.app's section (api/src/sales/oyster-app/routes.ts). Silent: the pages show failures in place. */
export async function oysterAppSummary(): Promise<OysterAppSummary> {
  return (await getRuntime().http.get<{ data: OysterAppSummary }>('/api/v2/oyster-app/summary', { silent: true })).data;
}

/** A new invite code in place of the one shown (409 when another window already replaced it). */
export async function rotateInviteCode(previousCode: string): Promise<string> {
  return (await getRuntime().http.post<{ data: { code: string } }>('/api/v2/oyster-app/link', { previousCode }, { silent: true })).data.code;
}

export async function oysterAppClients(filters: URLSearchParams, after: string | null): Promise<OysterAppClientsPage> {
  const q = new URLSearchParams(filters);
  if (after) q.set('after', after);
  q.set('limit', '20');
  return (await getRuntime().http.get<{ data: OysterAppClientsPage }>(`/api/v2/oyster-app/registrations?${q}`, { silent: true })).data;
}
