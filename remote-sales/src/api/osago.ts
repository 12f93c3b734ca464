import type { OsagoCalculateRequest, OsagoQuote } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * POST /api/v2/osago/calculate: every insurer's offer or refusal for the rating factors. Silent: the
 * calculator shows a failure in place (a 400 names the field the server refused).
 */
export async function calculateOsago(body: OsagoCalculateRequest): Promise<OsagoQuote> {
  const r = await getRuntime().http.post<{ data: OsagoQuote }>('/api/v2/osago/calculate', body, { silent: true });
  return r.data;
}
