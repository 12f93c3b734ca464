import type { Queryable } from '../../platform/db.js';

/** One call to an insurer as the log keeps it. */
export interface InsurerCall {
  companyId: string | null;
  /** The contract the call is for; null for a quote (no contract yet). */
  contractId: string | null;
  /** Who asked, for a call that belongs to no contract (a quote): SOAP-логи show it within that user's scope. */
  askedBy?: string | null;
  method: string;
  request: unknown;
}

/**
 * Every call made to an insurer (quotes included), logged with what was asked, what came back (or the error) and how
 * long it took: the soap-logs page (staff, within their scope: routes/soap-logs.ts) reads them. Logged whether it
 * succeeds or not; the error is thrown on to the caller. Payment tokens and passport numbers are masked as the row is
 * written, by the table's own trigger (`insurer_log_masked`, migration 18), for every writer alike.
 */
export async function loggedCall<T>(db: Queryable, call: InsurerCall, fn: () => Promise<T>, { wait = true }: { wait?: boolean } = {}): Promise<T> {
  const started = performance.now();
  let response: T | undefined;
  let error: string | null = null;
  try {
    response = await fn();
    return response;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    throw e;
  } finally {
    const duration = Math.round(performance.now() - started);
    // `wait: false` (quotes, many at once): the answer does not wait for its log line.
    const written = db
      .query('INSERT INTO insurer_calls (company_id, contract_id, asked_by, method, request, response, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
        call.companyId,
        call.contractId,
        call.askedBy ?? null,
        call.method,
        JSON.stringify(call.request ?? null),
        response === undefined ? null : JSON.stringify(response),
        error,
        duration,
      ])
      .catch(() => undefined);
    if (wait) await written;
  }
}
