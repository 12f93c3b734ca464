import type { RenewalItem, RenewalMark, RenewalPage, RenewalPeriod, RenewalQuote, RenewalStats } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The renewals api (api/src/sales/routes/renewals.ts). Silent: each page shows its failures in place. */
const http = () => getRuntime().http;

export async function listRenewals(query: URLSearchParams, after: string | null): Promise<RenewalPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', '20');
  return (await http().get<{ data: RenewalPage }>(`/api/v2/renewals?${q}`, { silent: true })).data;
}

export async function renewalStats(period: RenewalPeriod, agent: string | null): Promise<RenewalStats> {
  const q = new URLSearchParams({ period });
  if (agent) q.set('agent', agent);
  return (await http().get<{ data: RenewalStats }>(`/api/v2/renewals/stats?${q}`, { silent: true })).data;
}

export async function markRenewal(id: string, outcome: RenewalMark, comment: string): Promise<RenewalItem> {
  return (await http().post<{ data: RenewalItem }>(`/api/v2/renewals/${id}/outcome`, { outcome, ...(comment.trim() ? { comment: comment.trim() } : {}) }, { silent: true })).data;
}

export async function undoRenewalMark(id: string): Promise<RenewalItem> {
  return (await http().delete<{ data: RenewalItem }>(`/api/v2/renewals/${id}/outcome`, { silent: true })).data;
}

/** The old policy's data for the calculator opened with ?renew=<contractId>. */
export async function renewalQuote(id: string): Promise<RenewalQuote> {
  return (await http().get<{ data: RenewalQuote }>(`/api/v2/renewals/${id}/quote`, { silent: true })).data;
}
