import type { ReconLineStatus } from '@oyster/shared-kit/domain';
import type { StatementRow } from './import.js';

/**
 * The matcher: an insurer's statement rows against our contracts of that insurer. Pure (no database), so
 * the rules are read and tested here:
 * - a row finds its contract by the policy number (compared without spaces, dashes and case), else by the
 *   client's name (without case, «ё» as «е») and the premium together, when exactly one contract not yet
 *   matched has both; else it is «неизвестный договор» (unknown);
 * - what we expect for a matched contract: premium × the insurer's rate in force on its start date, plus the
 *   insurer-side adjustments accepted on it before; nothing for a contract that is not paid (cancelled);
 * - the insurer's amount equal to it: «сошлось» (matched); else «ставка отличается» when the file's rate is
 *   not the rate we expect, or «сумма отличается»;
 * - every paid contract of the insurer whose start date falls in the period, expected to bring money, that no
 *   row matched: «нет в выписке» (missing), one line each.
 * A second row for a contract already matched is compared to the same expectation (both show).
 */

export interface Candidate {
  id: string;
  policyNumber: string | null;
  clientName: string | null;
  premiumKopecks: number;
  startDate: string | null;
  product: string;
  /** Paid (paid, released, in force, ended): the insurer owes the broker for it. */
  paid: boolean;
  /** Its start date falls in the statement's period. */
  inPeriod: boolean;
  expectedRateBp: number | null;
  /** premium × rate + adjustments accepted before (0 when not paid). */
  expectedKopecks: number;
}

export interface MatchedLine {
  row: StatementRow | null;
  contract: Candidate | null;
  matchedBy: 'policy' | 'client' | null;
  status: ReconLineStatus;
}

export const policyKey = (s: string | null | undefined) => (s ?? '').toUpperCase().replace(/Ё/g, 'Е').replace(/[^0-9A-ZА-Я]/g, '');
export const clientKey = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

export function matchStatement(rows: readonly StatementRow[], contracts: readonly Candidate[]): MatchedLine[] {
  const byPolicy = new Map<string, Candidate>();
  for (const c of contracts) if (policyKey(c.policyNumber)) byPolicy.set(policyKey(c.policyNumber), c);
  const used = new Set<string>();
  const byRow = rows.map((row) => {
    const c = policyKey(row.policyNumber) ? byPolicy.get(policyKey(row.policyNumber)) : undefined;
    if (c) used.add(c.id);
    return c ?? null;
  });
  const lines: MatchedLine[] = rows.map((row, i) => {
    let contract = byRow[i];
    let matchedBy: MatchedLine['matchedBy'] = contract ? 'policy' : null;
    if (!contract && row.clientName && row.premiumKopecks !== null) {
      const same = contracts.filter((c) => !used.has(c.id) && clientKey(c.clientName) === clientKey(row.clientName) && c.premiumKopecks === row.premiumKopecks);
      if (same.length === 1) {
        contract = same[0];
        matchedBy = 'client';
        used.add(contract.id);
      }
    }
    if (!contract) return { row, contract: null, matchedBy: null, status: 'unknown' };
    const expected = contract.paid ? contract.expectedKopecks : 0;
    const status: ReconLineStatus =
      row.amountKopecks === expected ? 'matched'
      : row.rateBp !== null && contract.expectedRateBp !== null && row.rateBp !== contract.expectedRateBp ? 'rate_differs'
      : 'amount_differs';
    return { row, contract, matchedBy, status };
  });
  for (const c of contracts) {
    if (c.paid && c.inPeriod && c.expectedKopecks !== 0 && !used.has(c.id)) lines.push({ row: null, contract: c, matchedBy: null, status: 'missing' });
  }
  return lines;
}
