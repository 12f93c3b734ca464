import type { OsagoCalculateRequest, OsagoQuoteStarted, OsagoQuoteState } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * POST /api/v2/osago/quotes: the quote's id and the insurers asked, at once; each insurer's answer
 * follows on the bus (`osago_quote`). Silent: the calculator shows a failure in place (a 400 names
 * the field the server refused).
 */
export async function startOsagoQuote(body: OsagoCalculateRequest): Promise<OsagoQuoteStarted> {
  const r = await getRuntime().http.post<{ data: OsagoQuoteStarted }>('/api/v2/osago/quotes', body, { silent: true });
  return r.data;
}

/** GET /api/v2/osago/quotes/:id: what has come so far (when the socket is away). */
export async function getOsagoQuote(quoteId: string): Promise<OsagoQuoteState> {
  const r = await getRuntime().http.get<{ data: OsagoQuoteState }>(`/api/v2/osago/quotes/${quoteId}`, { silent: true });
  return r.data;
}
