import type { InsurerCallLogPage } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The insurer calls log (api/src/sales/routes/soap-logs.ts), staff only. Silent: the page shows failures in place. */
export async function listInsurerCalls(filters: URLSearchParams, before: number | null): Promise<InsurerCallLogPage> {
  const q = new URLSearchParams(filters);
  if (before) q.set('before', String(before));
  q.set('limit', '50');
  return (await getRuntime().http.get<{ data: InsurerCallLogPage }>(`/api/v2/soap-logs?${q}`, { silent: true })).data;
}
