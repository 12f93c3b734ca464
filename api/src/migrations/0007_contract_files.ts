import type { Migration } from '../platform/migrations.js';

/**
 * Migration 7: files on contracts (§3, §7 attach-files).
 * - company_file_types: the file types each insurer asks for (`GET /api/v2/file-list-company/{id}`).
 * - contract_files: a file the agent or staff attached, with its type. The bytes are kept in the
 *   database (bytea) so every api instance serves them without a shared disk; lists never select them.
 * Shipped: never edit.
 */
const CONTRACT_FILES_SQL = `
CREATE TABLE company_file_types (
  id char(24) PRIMARY KEY,
  company_id char(24) NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  UNIQUE (company_id, name)
);

CREATE TABLE contract_files (
  id char(24) PRIMARY KEY,
  contract_id char(24) NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  type_id char(24) REFERENCES company_file_types(id) ON DELETE SET NULL,
  type_name text NOT NULL,
  upload_file_name text NOT NULL,
  storage_file_name text NOT NULL UNIQUE,
  size int NOT NULL CHECK (size > 0),
  extension text NOT NULL,
  mime text NOT NULL,
  user_id char(24) REFERENCES users(id) ON DELETE SET NULL,
  data bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX contract_files_contract_idx ON contract_files(contract_id, created_at);
`;

export const migration: Migration = { version: 7, name: 'contract_files', sql: CONTRACT_FILES_SQL };
