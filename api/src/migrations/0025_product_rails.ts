import type { Migration } from '../platform/migrations.js';

/**
 * Migration 25: the contract rails made product-neutral (issue 25).
 * - contracts.product: the CHECK ('eosago') dropped — the api accepts only the products registered in
 *   shared-kit sales/products.ts (each with its module in api/src/sales/products/<code>/).
 * - Currency: contracts.currency (RUB by default; EUR, USD); for a foreign one the premium in it
 *   (premium_foreign, minor units), the day's rate it was fixed at (currency_rate: roubles per unit × 10 000,
 *   an integer) and its date and source. contracts.premium stays kopecks (the ledger's base).
 * - currency_rates: the rates the rate source reads (sales/currency/rates.ts). The rows shipped here are
 *   DEMO rates (source 'demo'), labelled so wherever they are shown — not the Bank of Russia's.
 * - contract_instalments: a contract's payment schedule, 1..N premium instalments plus the extra payments
 *   of endorsements; each its own link (payment_token, unique over both tables by the app: tokens are
 *   random) and expiry, its payment id once paid. A contract without rows is one instalment of its
 *   premium, paid by contracts.payment_token (the e-OSAGO contracts made before this migration).
 * - contract_changes: cancellations and endorsements at the insurer — what changed, the premium
 *   difference the insurer stated (kopecks: + the client pays, − returned), who asked.
 * Shipped: never edit.
 */
const SQL = `
ALTER TABLE contracts DROP CONSTRAINT IF EXISTS contracts_product_check;
ALTER TABLE contracts
  ADD COLUMN currency text NOT NULL DEFAULT 'RUB' CHECK (currency IN ('RUB', 'EUR', 'USD')),
  ADD COLUMN premium_foreign bigint CHECK (premium_foreign IS NULL OR premium_foreign >= 0),
  ADD COLUMN currency_rate integer CHECK (currency_rate IS NULL OR currency_rate > 0),
  ADD COLUMN currency_rate_date date,
  ADD COLUMN currency_rate_source text,
  ADD CONSTRAINT contracts_foreign_check CHECK (currency = 'RUB' OR (currency_rate IS NOT NULL AND currency_rate_date IS NOT NULL));
CREATE INDEX contracts_product_idx ON contracts(product, created_at DESC, id DESC);

CREATE TABLE currency_rates (
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  on_date date NOT NULL,
  rate integer NOT NULL CHECK (rate > 0),
  source text NOT NULL,
  PRIMARY KEY (currency, on_date)
);
INSERT INTO currency_rates (currency, on_date, rate, source) VALUES
  ('EUR', '2025-01-01', 950000, 'demo'),
  ('USD', '2025-01-01', 825000, 'demo');

CREATE TABLE contract_changes (
  id char(24) PRIMARY KEY,
  contract_id char(24) NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('cancel', 'endorsement')),
  change jsonb NOT NULL DEFAULT '{}',
  description text NOT NULL,
  premium_delta bigint NOT NULL,
  insurer_ref text,
  effective_date date NOT NULL,
  created_by char(24) REFERENCES users(id),
  at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX contract_changes_idx ON contract_changes(contract_id, at);
CREATE UNIQUE INDEX contract_changes_one_cancel_idx ON contract_changes(contract_id) WHERE kind = 'cancel';

CREATE TABLE contract_instalments (
  contract_id char(24) NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number >= 1),
  purpose text NOT NULL DEFAULT 'premium' CHECK (purpose IN ('premium', 'endorsement')),
  change_id char(24) REFERENCES contract_changes(id),
  due_date date NOT NULL,
  amount_kopecks bigint NOT NULL CHECK (amount_kopecks > 0),
  state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'waiting', 'paid', 'canceled')),
  payment_token text UNIQUE,
  payment_expires_at timestamptz,
  payment_id text,
  paid_at timestamptz,
  PRIMARY KEY (contract_id, number),
  CHECK (state <> 'paid' OR paid_at IS NOT NULL),
  CHECK (purpose = 'premium' OR change_id IS NOT NULL)
);
CREATE INDEX contract_instalments_due_idx ON contract_instalments(due_date) WHERE state IN ('scheduled', 'waiting');
`;

export const migration: Migration = { version: 25, name: 'product_rails', sql: SQL };
