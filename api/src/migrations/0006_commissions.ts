import type { Migration } from '../platform/migrations.js';

/**
 * Migration 6: the commission ledger of sales (issue 11 writes it, the finance issue manages the rates
 * and shows it).
 * - commission_rates: the agent's rate per insurer × product × agent level (users.rating_level: 1 agent,
 *   2 expert, 3 broker), in basis points, from a date; level 0 is the network owner's override on a
 *   sub-agent's sale.
 * - commission_ledger: one row per accrual (a paid contract: the seller's commission and, for a
 *   sub-agent's sale, the owner's override) and per reversal (the contract cancelled after payment:
 *   the same amounts negative). Integer kopecks. A contract is accrued and reversed at most once
 *   (unique per contract, agent and kind).
 * Shipped: never edit.
 */
const COMMISSIONS_SQL = `
CREATE TABLE commission_rates (
  company_id char(24) NOT NULL REFERENCES companies(id),
  product text NOT NULL,
  level int NOT NULL CHECK (level BETWEEN 0 AND 3),
  rate_bp int NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  valid_from date NOT NULL,
  PRIMARY KEY (company_id, product, level, valid_from)
);

CREATE TABLE commission_ledger (
  id bigserial PRIMARY KEY,
  contract_id char(24) NOT NULL REFERENCES contracts(id),
  agent_id char(24) NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('commission', 'override', 'commission_reversal', 'override_reversal')),
  rate_bp int NOT NULL,
  base_kopecks bigint NOT NULL,
  amount_kopecks bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contract_id, agent_id, kind)
);
CREATE INDEX commission_ledger_agent_idx ON commission_ledger(agent_id, at DESC);
`;

export const migration: Migration = { version: 6, name: 'commissions', sql: COMMISSIONS_SQL };
