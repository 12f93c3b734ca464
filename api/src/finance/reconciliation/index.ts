/**
 * Reconciliation with insurers (issue 24, «Сверка со страховщиками»; finance staff: canManageCommissionRates).
 *
 * An insurer sends the broker a commission statement (акт-отчёт) for a month; finance imports it, every line
 * is matched to a contract, and a person resolves each exception. Decisions made here:
 * - The broker's side is kept apart from the agents' ledger. What an insurer owes the broker for a paid
 *   contract (paid, released, in force, ended) is premium × the insurer's rate (insurer_rates) in force on the
 *   contract's start date, plus the insurer-side adjustments accepted on it (insurer_commission_adjustments).
 *   Accepting an insurer's figure writes such an adjustment (insurer's amount − expected; none when equal),
 *   never an agent's ledger line: agents keep what they were promised.
 * - A statement is one insurer × one Moscow month 'YYYY-MM'. «Нет в выписке» (missing): paid contracts of that
 *   insurer whose START DATE falls in the month (the day the rate version is picked by, and the day insurers'
 *   акт-отчёты list policies by), expected to bring money, that no line matched.
 * - Matching (matcher.ts): policy number first (without spaces, dashes, case), then client + premium; the
 *   statuses matched / amount_differs / rate_differs / missing / unknown. Several statements of one month may
 *   be imported (a corrected file): each is matched afresh against the adjustments accepted so far, so a line
 *   accepted on the first matches on the second.
 * - Resolutions: accept (→ adjustment; note optional), dispute (note required; the line stays open and may be
 *   accepted or ignored later), ignore (reason required; closed). Each records who and when; a matched line, a
 *   closed line, or a disputed line disputed again is a 409 in Russian. Nothing changes without a person.
 * - Progress: per statement and per insurer — exceptions, resolved (accepted or ignored), disputed, open.
 * - The column mapping is saved per insurer (insurer_statement_mappings) as the header texts of its file;
 *   the next file reads by it, a column the mapping leaves out is guessed from the header words, and the
 *   mapping as used replaces the saved one. XLSX through ExcelJS, CSV with ';' or ',' in UTF-8 (BOM or not);
 *   roubles → kopecks by reading the text, never a float (import.ts). A bad row is a 400 naming the row and
 *   column, and nothing is written.
 * - Margin per insurer × product for a month (contracts by start date): the insurer's expected commission on
 *   its paid contracts + adjustments accepted on that month's statements − every agents' ledger line on those
 *   contracts (commission, override, their reversals, adjustments tied to them).
 * - Demo statements (demo.ts): one per demo insurer for the latest full month with its paid contracts, with a
 *   planted mismatch of every kind, downloadable from the page in demo mode.
 * - Live: `reconciliation_changed` { statementId } to finance staff after an import or a resolution.
 */
export { reconciliationRoutes, pushReconciliation } from './routes.js';
