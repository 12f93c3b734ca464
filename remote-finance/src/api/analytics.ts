import type { AnalyticsFilters, AnalyticsReport } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** Аналитика's calls (api/src/finance/analytics/routes.ts). Silent: the page shows its failures in place. */
const http = () => getRuntime().http;

/** The report of `query` (from, to, bucket and the filters: GET /api/v2/analytics's names). */
export async function analyticsReport(query: URLSearchParams): Promise<AnalyticsReport> {
  return (await http().get<{ data: AnalyticsReport }>(`/api/v2/analytics?${query}`, { silent: true })).data;
}

/** The insurers and networks to filter by (in the viewer's scope). */
export async function analyticsFilters(): Promise<AnalyticsFilters> {
  return (await http().get<{ data: AnalyticsFilters }>('/api/v2/analytics/filters', { silent: true })).data;
}

/** The same report as an XLSX file (a plain link: the session cookie signs it in). */
export function analyticsExportUrl(query: URLSearchParams): string {
  const q = new URLSearchParams(query);
  q.set('format', 'xlsx');
  return `/api/v2/analytics/export?${q}`;
}
