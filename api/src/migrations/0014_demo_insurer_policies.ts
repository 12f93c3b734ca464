import type { Migration } from '../platform/migrations.js';

/**
 * Migration 14: the demo insurers' own record of the policies they issued (issue 11). It stands in for
 * an insurer's system: issuing is idempotent by the insurer's reference (asked twice, the same number),
 * and the insurer's status call reads it — so a paid contract whose release was cut short (the insurer
 * failed, or the api stopped between the insurer's answer and the move) is released with the number the
 * insurer already gave, never with a second one.
 * Shipped: never edit.
 */
const SQL = `
CREATE TABLE demo_insurer_policies (
  ref text PRIMARY KEY,
  company_code text NOT NULL,
  policy_number text NOT NULL UNIQUE,
  issued_at timestamptz(3) NOT NULL DEFAULT now()
);
`;

export const migration: Migration = { version: 14, name: 'demo_insurer_policies', sql: SQL };
