import type { Migration } from '../platform/migrations.js';

/**
 * Migration 20: which rate applies to a sale, and why (issue 24).
 * - commission_templates: an agent's personal rate for one insurer × product, from a day to a day (or open);
 *   the api refuses overlapping ones for the same agent × insurer × product.
 * - commission_segments / commission_segment_rates / commission_segment_members: the commission segmenter —
 *   segments of agents with their own rate versions; an agent is in one segment at most.
 * - commission_ledger.rate_reason: why a line has its rate (template, segment, level, override, the version),
 *   as the resolver said at accrual; null for lines written before.
 * The resolver: template > segment > level, in force on the sale's date (api/src/finance/resolver.ts).
 * Shipped: never edit.
 */
const SQL = `
CREATE TABLE commission_templates (
  id char(24) PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  company_id char(24) NOT NULL REFERENCES companies(id),
  product text NOT NULL,
  rate_bp int NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  valid_from date NOT NULL,
  valid_to date CHECK (valid_to IS NULL OR valid_to >= valid_from),
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commission_templates_agent_idx ON commission_templates(agent_id, product, company_id, valid_from DESC);
CREATE INDEX commission_templates_company_idx ON commission_templates(company_id, product);

CREATE TABLE commission_segments (
  id char(24) PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE commission_segment_rates (
  segment_id char(24) NOT NULL REFERENCES commission_segments(id) ON DELETE CASCADE,
  company_id char(24) NOT NULL REFERENCES companies(id),
  product text NOT NULL,
  rate_bp int NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  valid_from date NOT NULL,
  PRIMARY KEY (segment_id, company_id, product, valid_from)
);
CREATE INDEX commission_segment_rates_company_idx ON commission_segment_rates(company_id, product);
CREATE TABLE commission_segment_members (
  agent_id char(24) PRIMARY KEY REFERENCES users(id),
  segment_id char(24) NOT NULL REFERENCES commission_segments(id) ON DELETE CASCADE,
  assigned_by char(24) REFERENCES users(id),
  assigned_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commission_segment_members_segment_idx ON commission_segment_members(segment_id);

ALTER TABLE commission_ledger ADD COLUMN rate_reason text;
`;

export const migration: Migration = { version: 20, name: 'commission_templates_segments', sql: SQL };
