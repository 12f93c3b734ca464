import type { LedgerAdjustmentInput, LedgerPage, LedgerPeriod } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * The commission ledger's calls (api/src/finance/routes/ledger.ts): the periods and a page of a
 * period's lines with its totals. Silent: the page shows its failures in place.
 */
const http = () => getRuntime().http;

/** Lines per page of «Показать ещё». */
export const LEDGER_PAGE_SIZE = 50;

/** The Moscow months with lines, newest first; the current month is always first. */
export async function ledgerPeriods(): Promise<LedgerPeriod[]> {
  return (await http().get<{ data: LedgerPeriod[] }>('/api/v2/payments/period-filters-pay-lists', { silent: true })).data;
}

/** One page of the period's lines (`query` holds period and the filters) and the period's totals for them. */
export async function ledgerPage(query: URLSearchParams, after: string | null): Promise<LedgerPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', String(LEDGER_PAGE_SIZE));
  return (await http().get<{ data: LedgerPage }>(`/api/v2/finance/ledger?${q}`, { silent: true })).data;
}

/** The address of the period's lines as a file, with the same filters (a plain link: the session cookie signs it in). */
export function ledgerExportUrl(query: URLSearchParams, format: 'xlsx' | 'csv'): string {
  const q = new URLSearchParams(query);
  q.set('format', format);
  return `/api/v2/finance/ledger/export?${q}`;
}

/** Finance's adjustment of an agent's commission (plus or minus, with its reason); a refusal comes back as an HttpError. */
export async function addAdjustment(input: LedgerAdjustmentInput): Promise<{ id: string }> {
  return (await http().post<{ data: { id: string } }>('/api/v2/finance/ledger/adjustments', input, { silent: true })).data;
}
