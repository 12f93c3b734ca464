import type { Migration } from '../platform/migrations.js';

/**
 * Migration 29: policies issued elsewhere and entered by hand (issue 25, product `manual`).
 * - contracts.kind: what the policy is — its product, or for a manual one the kind the agent chose (kept
 *   in its calculation). Generated, so it never disagrees with the calculation; the ledger's rate, the
 *   list's product filter and the renewals read it.
 * - Policy numbers are an insurer's: unique per insurer (company_id, upper(policy_number)), not across
 *   insurers as before. A manual entry that was cancelled or not released holds no number (another
 *   agent may enter the policy again); every other contract — a manual one in any other status, an
 *   issued one whatever became of it — does. The api answers a 400 naming the field first; the index is
 *   the last word when two agents save at once.
 */
const SQL = `
ALTER TABLE contracts ADD COLUMN kind text GENERATED ALWAYS AS (CASE WHEN product = 'manual' THEN calculation->>'kind' ELSE product END) STORED;
ALTER TABLE contracts DROP CONSTRAINT IF EXISTS contracts_policy_number_key;
CREATE UNIQUE INDEX contracts_company_policy_key ON contracts(company_id, upper(policy_number))
  WHERE policy_number IS NOT NULL AND NOT (product = 'manual' AND status IN (10000, 11000));
`;

export const migration: Migration = { version: 29, name: 'manual_policies', sql: SQL };
