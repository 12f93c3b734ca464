import type { Migration } from '../platform/migrations.js';

/**
 * Migration 33: partners and the tariff mapping (issue 26, Управление).
 * - companies grows into the partners' card (one source of truth: init-state's insurers, file-list-company
 *   and the calculators read the same row): kind (insurer, bank, agency, other), legal name, INN/KPP/OGRN,
 *   address, bank details, the products offered, contacts; file types stay in company_file_types (0007).
 * - tariff_mappings: an insurer's own tariff and product codes for one of our products, from a day to a day
 *   (NULL: open-ended); the api keeps the periods of one insurer × product from overlapping (under an
 *   advisory lock). The adapters' requests carry the code in force on the quote's day.
 * Shipped: never edit.
 */
const SQL = String.raw`
ALTER TABLE companies
  ADD COLUMN kind text NOT NULL DEFAULT 'insurer' CHECK (kind IN ('insurer', 'bank', 'agency', 'other')),
  ADD COLUMN legal_name text NOT NULL DEFAULT '',
  ADD COLUMN inn text NOT NULL DEFAULT '',
  ADD COLUMN kpp text NOT NULL DEFAULT '',
  ADD COLUMN ogrn text NOT NULL DEFAULT '',
  ADD COLUMN address text NOT NULL DEFAULT '',
  ADD COLUMN bank_bik text NOT NULL DEFAULT '',
  ADD COLUMN bank_name text NOT NULL DEFAULT '',
  ADD COLUMN bank_account text NOT NULL DEFAULT '',
  ADD COLUMN bank_corr_account text NOT NULL DEFAULT '',
  ADD COLUMN products text[] NOT NULL DEFAULT '{}',
  ADD COLUMN contacts jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN updated_at timestamptz(3);

CREATE TABLE tariff_mappings (
  id char(24) PRIMARY KEY,
  company_id char(24) NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  product text NOT NULL,
  tariff_code text NOT NULL,
  insurer_product_code text NOT NULL DEFAULT '',
  valid_from date NOT NULL,
  valid_to date,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE INDEX tariff_mappings_company_product_idx ON tariff_mappings (company_id, product, valid_from);
CREATE INDEX tariff_mappings_product_idx ON tariff_mappings (product, valid_from);
`;

export const migration: Migration = { version: 33, name: 'partners', sql: SQL };
