import type { Migration } from '../platform/migrations.js';

/**
 * Migration 21: the ledger takes several payment events per contract, and finance's adjustments (issue 24).
 * - event_key: which payment event of its contract a line belongs to ('payment' for the one payment of an
 *   e-OSAGO; instalments, endorsements and partial refunds of the other products get their own keys). A
 *   contract's agent × kind × event is accrued (and reversed) once.
 * - 'adjustment': a correction by finance, plus or minus, with its reason (note) and who made it; tied to a
 *   contract or not (contract_id may then be null). A correction is a new line, never an edit.
 * Shipped: never edit.
 */
const SQL = `
ALTER TABLE commission_ledger ADD COLUMN event_key text NOT NULL DEFAULT 'payment';
ALTER TABLE commission_ledger DROP CONSTRAINT commission_ledger_contract_id_agent_id_kind_key;
CREATE UNIQUE INDEX commission_ledger_event_idx ON commission_ledger(contract_id, agent_id, kind, event_key) WHERE kind <> 'adjustment';
ALTER TABLE commission_ledger ALTER COLUMN contract_id DROP NOT NULL;
ALTER TABLE commission_ledger DROP CONSTRAINT commission_ledger_kind_check;
ALTER TABLE commission_ledger ADD CONSTRAINT commission_ledger_kind_check CHECK (kind IN ('commission', 'override', 'commission_reversal', 'override_reversal', 'adjustment'));
ALTER TABLE commission_ledger ADD COLUMN note text, ADD COLUMN created_by char(24) REFERENCES users(id);
-- An adjustment has no rate and an amount; any other line without a rate is a 0 («нет ставки»).
ALTER TABLE commission_ledger DROP CONSTRAINT commission_ledger_no_rate_check;
ALTER TABLE commission_ledger ADD CONSTRAINT commission_ledger_no_rate_check CHECK (rate_bp IS NOT NULL OR amount_kopecks = 0 OR kind = 'adjustment');
ALTER TABLE commission_ledger ADD CONSTRAINT commission_ledger_adjustment_check
  CHECK (CASE WHEN kind = 'adjustment' THEN note IS NOT NULL AND created_by IS NOT NULL AND amount_kopecks <> 0 ELSE contract_id IS NOT NULL AND note IS NULL END);
`;

export const migration: Migration = { version: 21, name: 'ledger_events_adjustments', sql: SQL };
