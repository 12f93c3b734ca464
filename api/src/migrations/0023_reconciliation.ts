import type { Migration } from '../platform/migrations.js';

/**
 * Migration 23: reconciliation with insurers (issue 24; finance/reconciliation).
 * - insurer_statement_mappings: per insurer, which header of its statement file holds which column.
 * - insurer_statements: an imported statement — an insurer, a Moscow month, the file's name, who and when.
 * - insurer_statement_lines: each line of it after matching (the insurer's figures, ours, the status), and
 *   the lines «нет в выписке» the matcher added; a person's resolution (accept, dispute, ignore) with who,
 *   when and the note.
 * - insurer_commission_adjustments: the broker's side, apart from the agents' ledger — an accepted insurer
 *   figure (± kopecks) on a contract or on none; what the insurer owes the broker and the margin follow it.
 * Shipped: never edit.
 */
const SQL = `
CREATE TABLE insurer_statement_mappings (
  company_id char(24) PRIMARY KEY REFERENCES companies(id),
  columns jsonb NOT NULL,
  updated_by char(24) NOT NULL REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE insurer_statements (
  id char(24) PRIMARY KEY,
  company_id char(24) NOT NULL REFERENCES companies(id),
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  file_name text NOT NULL,
  created_by char(24) NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insurer_statements_company_idx ON insurer_statements(company_id, period DESC, created_at DESC);

CREATE TABLE insurer_statement_lines (
  id char(24) PRIMARY KEY,
  statement_id char(24) NOT NULL REFERENCES insurer_statements(id) ON DELETE CASCADE,
  row_no integer,
  contract_id char(24) REFERENCES contracts(id),
  matched_by text CHECK (matched_by IN ('policy', 'client')),
  policy_number text,
  client_name text,
  product text,
  start_date date,
  premium_kopecks bigint,
  rate_bp integer,
  amount_kopecks bigint,
  expected_rate_bp integer,
  expected_kopecks bigint,
  status text NOT NULL CHECK (status IN ('matched', 'amount_differs', 'rate_differs', 'missing', 'unknown')),
  resolution text CHECK (resolution IN ('accept', 'dispute', 'ignore')),
  note text,
  resolved_by char(24) REFERENCES users(id),
  resolved_at timestamptz,
  CHECK (status <> 'matched' OR resolution IS NULL),
  CHECK ((resolution IS NULL) = (resolved_by IS NULL) AND (resolution IS NULL) = (resolved_at IS NULL))
);
CREATE INDEX insurer_statement_lines_statement_idx ON insurer_statement_lines(statement_id, row_no);
CREATE INDEX insurer_statement_lines_contract_idx ON insurer_statement_lines(contract_id);

CREATE TABLE insurer_commission_adjustments (
  id char(24) PRIMARY KEY,
  line_id char(24) NOT NULL UNIQUE REFERENCES insurer_statement_lines(id),
  contract_id char(24) REFERENCES contracts(id),
  company_id char(24) NOT NULL REFERENCES companies(id),
  product text,
  period text NOT NULL,
  amount_kopecks bigint NOT NULL CHECK (amount_kopecks <> 0),
  note text NOT NULL,
  created_by char(24) NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insurer_commission_adjustments_contract_idx ON insurer_commission_adjustments(contract_id);
CREATE INDEX insurer_commission_adjustments_period_idx ON insurer_commission_adjustments(period, company_id);
`;

export const migration: Migration = { version: 23, name: 'reconciliation', sql: SQL };
