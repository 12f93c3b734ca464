import type { Migration } from '../platform/migrations.js';

/**
 * Migration 28: renewals (issue 25).
 * - contracts.renews_contract_id: the policy a contract renews (set when it is made from a renewal quote;
 *   the api checks the same agent and an old policy in force or ended).
 * - renewal_outcomes: one row per old policy that has an outcome — renewed here (written by the trigger
 *   below when the renewing contract is paid), lost or renewed elsewhere (the agent's mark, with a comment).
 *   No row: no outcome yet. agent_id is copied from the old contract (the scope module's column).
 * - renewal_reminders: one row per policy × threshold (45, 30, 7 days): the reminder job inserts the row
 *   and writes the notification in one transaction; the primary key makes it once only whatever the
 *   number of api instances.
 * - The worklist reads policies in force or ended by their end date: partial indexes on (agent_id,
 *   end_date, id) and (end_date, id) over statuses 600 and 700 only.
 */
const SQL = `
ALTER TABLE contracts ADD COLUMN renews_contract_id char(24) REFERENCES contracts(id);
CREATE INDEX contracts_renews_idx ON contracts(renews_contract_id) WHERE renews_contract_id IS NOT NULL;
CREATE INDEX contracts_renewal_agent_idx ON contracts(agent_id, end_date, id) WHERE status IN (600, 700);
CREATE INDEX contracts_renewal_end_idx ON contracts(end_date, id) WHERE status IN (600, 700);

CREATE TABLE renewal_outcomes (
  contract_id char(24) PRIMARY KEY REFERENCES contracts(id) ON DELETE CASCADE,
  agent_id char(24) NOT NULL REFERENCES users(id),
  outcome text NOT NULL CHECK (outcome IN ('renewed_here', 'lost', 'renewed_elsewhere')),
  renewed_by char(24) REFERENCES contracts(id) ON DELETE SET NULL,
  comment text CHECK (comment IS NULL OR length(comment) <= 500),
  marked_by char(24) REFERENCES users(id),
  marked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX renewal_outcomes_agent_idx ON renewal_outcomes(agent_id, outcome);

CREATE TABLE renewal_reminders (
  contract_id char(24) NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  threshold integer NOT NULL CHECK (threshold IN (45, 30, 7)),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contract_id, threshold)
);

-- «Renewed here» follows the payment of the renewing contract, whatever path moved it to 500 (the
-- callback, the demo acquirer, a retry), in the same transaction as the move.
CREATE FUNCTION renewal_renewed_here() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO renewal_outcomes (contract_id, agent_id, outcome, renewed_by, comment, marked_by, marked_at)
  SELECT old_c.id, old_c.agent_id, 'renewed_here', NEW.id, NULL, NULL, now()
    FROM contracts old_c WHERE old_c.id = NEW.renews_contract_id
  ON CONFLICT (contract_id) DO UPDATE SET outcome = 'renewed_here', renewed_by = EXCLUDED.renewed_by, comment = NULL, marked_by = NULL, marked_at = now();
  RETURN NULL;
END $$;
CREATE TRIGGER contracts_renewed_here AFTER UPDATE OF status ON contracts
  FOR EACH ROW WHEN (NEW.status = 500 AND OLD.status IS DISTINCT FROM 500 AND NEW.renews_contract_id IS NOT NULL)
  EXECUTE FUNCTION renewal_renewed_here();
`;

export const migration: Migration = { version: 28, name: 'renewals', sql: SQL };
