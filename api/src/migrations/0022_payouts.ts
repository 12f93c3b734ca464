import type { Migration } from '../platform/migrations.js';

/**
 * Migration 22: payouts by legal form, acts and payout registers (issue 24; rules in
 * shared-kit/src/domain/finance/payouts.ts and tax.ts, api/src/finance/payouts/).
 * - agent_billing: an agent's details for acts and the bank file (INN, bank, account; the VAT line of the act).
 * - finance_settings: one row — the minimum payout and the broker's own details as the payer.
 * - payouts: one per agent × period (a Moscow month), gross = the sum of its ledger lines, НДФЛ withheld
 *   (FL), net generated; an SZ payout waits for its «Мой налог» receipt; the act's number.
 * - payout_lines: which ledger line went into which payout — a line into one payout at most.
 * - payout_registers: the payouts of a period sent to the bank together; its builder never approves it.
 * A paid payout is locked: neither it nor its lines change (a trigger); later corrections are new ledger lines.
 * Shipped: never edit.
 */
const SQL = `
CREATE TABLE agent_billing (
  user_id char(24) PRIMARY KEY REFERENCES users(id),
  legal_name text NOT NULL,
  inn text NOT NULL CHECK (inn ~ '^([0-9]{10}|[0-9]{12})$'),
  kpp text CHECK (kpp ~ '^[0-9]{9}$'),
  bank_name text,
  bik text CHECK (bik ~ '^[0-9]{9}$'),
  account text CHECK (account ~ '^[0-9]{20}$'),
  corr_account text CHECK (corr_account ~ '^[0-9]{20}$'),
  vat_mode text NOT NULL DEFAULT 'exempt' CHECK (vat_mode IN ('exempt', 'without')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE finance_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  min_payout_kopecks bigint NOT NULL DEFAULT 100000 CHECK (min_payout_kopecks >= 0),
  payer_name text,
  payer_inn text,
  payer_kpp text,
  payer_bank text,
  payer_bik text,
  payer_account text,
  payer_corr_account text
);
INSERT INTO finance_settings DEFAULT VALUES;

CREATE SEQUENCE payout_act_seq;
CREATE SEQUENCE payout_register_seq;

CREATE TABLE payout_registers (
  id bigserial PRIMARY KEY,
  number int NOT NULL UNIQUE DEFAULT nextval('payout_register_seq'),
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'paid')),
  total_kopecks bigint NOT NULL CHECK (total_kopecks > 0),
  built_by char(24) NOT NULL REFERENCES users(id),
  approved_by char(24) REFERENCES users(id) CHECK (approved_by <> built_by),
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz,
  paid_at timestamptz,
  CHECK ((status = 'draft') = (approved_by IS NULL))
);

CREATE TABLE payouts (
  id bigserial PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  opf text CHECK (opf IN ('FL', 'IP', 'SZ', 'YL')),
  tax_year int NOT NULL,
  gross_kopecks bigint NOT NULL CHECK (gross_kopecks > 0),
  tax_kopecks bigint NOT NULL DEFAULT 0 CHECK (tax_kopecks >= 0 AND tax_kopecks < gross_kopecks),
  net_kopecks bigint GENERATED ALWAYS AS (gross_kopecks - tax_kopecks) STORED,
  status text NOT NULL CHECK (status IN ('awaiting_receipt', 'ready', 'in_register', 'paid')),
  act_number text NOT NULL UNIQUE,
  vat_mode text NOT NULL DEFAULT 'exempt',
  receipt_number text,
  receipt_date date,
  receipt_amount_kopecks bigint,
  receipt_inn text,
  receipt_link text,
  receipt_at timestamptz,
  register_id bigint REFERENCES payout_registers(id),
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  UNIQUE (agent_id, period),
  CHECK ((status IN ('in_register', 'paid')) = (register_id IS NOT NULL)),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  -- An SZ payout leaves «awaiting_receipt» only with a receipt for exactly its amount.
  CHECK (opf IS DISTINCT FROM 'SZ' OR status = 'awaiting_receipt' OR receipt_amount_kopecks = gross_kopecks)
);
CREATE INDEX payouts_period_idx ON payouts(period, status);
CREATE INDEX payouts_register_idx ON payouts(register_id);
CREATE INDEX payouts_agent_year_idx ON payouts(agent_id, tax_year);

CREATE TABLE payout_lines (
  ledger_id bigint PRIMARY KEY REFERENCES commission_ledger(id),
  payout_id bigint NOT NULL REFERENCES payouts(id)
);
CREATE INDEX payout_lines_payout_idx ON payout_lines(payout_id);

-- A paid payout and its lines are the period's locked statement.
CREATE FUNCTION payouts_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'payouts' THEN
    IF OLD.status = 'paid' THEN RAISE EXCEPTION 'payout % is paid: its period is locked', OLD.id; END IF;
  ELSIF EXISTS (SELECT 1 FROM payouts WHERE id = OLD.payout_id AND status = 'paid') THEN
    RAISE EXCEPTION 'payout % is paid: its lines are locked', OLD.payout_id;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
-- WHEN: only a paid row calls the function (a register of 100,000 lines changes status without 100,000 calls).
CREATE TRIGGER payouts_locked BEFORE UPDATE OR DELETE ON payouts FOR EACH ROW WHEN (OLD.status = 'paid') EXECUTE FUNCTION payouts_locked();
CREATE TRIGGER payout_lines_locked BEFORE UPDATE OR DELETE ON payout_lines FOR EACH ROW EXECUTE FUNCTION payouts_locked();
`;

export const migration: Migration = { version: 22, name: 'payouts', sql: SQL };
