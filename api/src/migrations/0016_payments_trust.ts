import type { Migration } from '../platform/migrations.js';

/**
 * Migration 16: payments you can trust (issue 23).
 * - payment_callbacks keeps no raw bodies: anyone can post to the callback route, and a whole body each
 *   time filled the disk. A digest, the size and at most the first 2 KB (the rows already kept: their
 *   first 512 characters, at most 2 KB), and the sender's address; the payment ids are indexed for the
 *   repeated-delivery lookup.
 * - refund_due_payments: money an insurer took that could not be applied to a contract (paid already,
 *   cancelled, not released, link run out, wrong amount, no such link) — it must be returned to the client.
 *   One per insurer payment id; contract_id null when no contract has the link.
 * - commission_ledger: a paid sale with no rate in force is a line of 0 without a rate («нет ставки»), not
 *   a missing line.
 * - insurer_rates: what each insurer pays the broker per product, from a date — what every rate set paid
 *   out is checked against (finance/rates.ts).
 * Shipped: never edit.
 */
const SQL = `
ALTER TABLE payment_callbacks ADD COLUMN body_sha256 text, ADD COLUMN body_size integer, ADD COLUMN body_head text, ADD COLUMN address text;
UPDATE payment_callbacks SET body_sha256 = encode(sha256(convert_to(body, 'UTF8')), 'hex'), body_size = octet_length(body), body_head = left(body, 512);
ALTER TABLE payment_callbacks ALTER COLUMN body_sha256 SET NOT NULL, ALTER COLUMN body_size SET NOT NULL, ALTER COLUMN body_head SET NOT NULL;
ALTER TABLE payment_callbacks DROP COLUMN body;
CREATE INDEX payment_callbacks_payment_idx ON payment_callbacks(company_code, payment_id);

CREATE TABLE refund_due_payments (
  id char(24) PRIMARY KEY,
  company_code text NOT NULL,
  payment_id text NOT NULL,
  contract_id char(24) REFERENCES contracts(id),
  amount_kopecks bigint NOT NULL CHECK (amount_kopecks > 0),
  reason text NOT NULL CHECK (reason IN ('already_paid','canceled','not_released','expired','not_waiting','amount_mismatch','unknown_contract')),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_code, payment_id)
);
CREATE INDEX refund_due_payments_contract_idx ON refund_due_payments(contract_id, created_at);

ALTER TABLE commission_ledger ALTER COLUMN rate_bp DROP NOT NULL;
ALTER TABLE commission_ledger ADD CONSTRAINT commission_ledger_no_rate_check CHECK (rate_bp IS NOT NULL OR amount_kopecks = 0);
CREATE INDEX commission_ledger_contract_idx ON commission_ledger(contract_id, id);

CREATE TABLE insurer_rates (
  company_id char(24) NOT NULL REFERENCES companies(id),
  product text NOT NULL,
  rate_bp int NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  valid_from date NOT NULL,
  PRIMARY KEY (company_id, product, valid_from)
);
`;

export const migration: Migration = { version: 16, name: 'payments_trust', sql: SQL };
