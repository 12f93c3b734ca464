import type { Migration } from '../platform/migrations.js';

/**
 * Migration 5: contracts (issue 11) — the e-OSAGO contract, its status history, every call made to an
 * insurer (the soap-logs page), the payment callbacks as they came, and the documents.
 * - contracts.agent_id is whose sale it is (the scope module's column); created_by who typed it.
 * - calculation/offer/details are the calculator's wire (shared-kit sales/contractWire.ts) as jsonb;
 *   the columns the list filters and searches on are copied out of them (plate, vin, client_name).
 * - premium is integer kopecks. payment_token is the secret part of the payment link.
 * - The list's keyset is (created_at DESC, id DESC); search matches the start of the policy number, plate,
 *   VIN or client name (upper-cased, text_pattern_ops indexes).
 * Shipped: never edit.
 */
const CONTRACTS_SQL = `
CREATE TABLE contracts (
  id char(24) PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  created_by char(24) NOT NULL REFERENCES users(id),
  product text NOT NULL CHECK (product IN ('eosago')),
  status integer NOT NULL,
  company_id char(24) REFERENCES companies(id),
  premium bigint CHECK (premium IS NULL OR premium >= 0),
  calculation jsonb NOT NULL,
  offer jsonb,
  details jsonb NOT NULL DEFAULT '{}',
  client_name text,
  plate text,
  vin text,
  policy_number text UNIQUE,
  start_date date,
  end_date date,
  insurer_ref text,
  insurer_message text,
  payment_token text UNIQUE,
  paid_at timestamptz,
  -- Milliseconds: the list's keyset cursor carries created_at as an ISO string (ms precision).
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contracts_agent_keyset_idx ON contracts(agent_id, created_at DESC, id DESC);
CREATE INDEX contracts_keyset_idx ON contracts(created_at DESC, id DESC);
CREATE INDEX contracts_status_idx ON contracts(status, created_at DESC, id DESC);
CREATE INDEX contracts_company_idx ON contracts(company_id, created_at DESC, id DESC);
-- Search is by the start of a policy number, plate, VIN or client name (what an agent types).
CREATE INDEX contracts_policy_search_idx ON contracts(upper(policy_number) text_pattern_ops);
CREATE INDEX contracts_plate_search_idx ON contracts(upper(plate) text_pattern_ops);
CREATE INDEX contracts_vin_search_idx ON contracts(upper(vin) text_pattern_ops);
CREATE INDEX contracts_client_search_idx ON contracts(upper(client_name) text_pattern_ops);

CREATE TABLE contract_status_history (
  id bigserial PRIMARY KEY,
  contract_id char(24) NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  from_status integer,
  to_status integer NOT NULL,
  actor text NOT NULL CHECK (actor IN ('agent', 'staff', 'system')),
  user_id char(24) REFERENCES users(id),
  note text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_status_history_idx ON contract_status_history(contract_id, id);

CREATE TABLE insurer_calls (
  id bigserial PRIMARY KEY,
  company_id char(24) REFERENCES companies(id),
  contract_id char(24) REFERENCES contracts(id) ON DELETE CASCADE,
  method text NOT NULL,
  request jsonb NOT NULL,
  response jsonb,
  error text,
  duration_ms integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insurer_calls_at_idx ON insurer_calls(at DESC, id DESC);

CREATE TABLE payment_callbacks (
  id bigserial PRIMARY KEY,
  company_code text NOT NULL,
  payment_id text,
  contract_id char(24),
  outcome text NOT NULL,
  body text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_callbacks_applied_idx ON payment_callbacks(company_code, payment_id) WHERE outcome = 'applied';

CREATE TABLE contract_documents (
  contract_id char(24) NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('draft', 'policy')),
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contract_id, kind)
);
`;

export const migration: Migration = { version: 5, name: 'contracts', sql: CONTRACTS_SQL };
