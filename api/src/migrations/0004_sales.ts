import type { Migration } from '../platform/migrations.js';

/**
 * Migration 4: the sales domain's first tables.
 * - kbm_registry: the bonus-malus registry the OSAGO calculation reads КБМ from, by driver licence. It
 *   stands in for the insurers' shared database (АИС): demo drivers only; a licence not in it is class 3
 *   (a driver without history).
 * - osago_quotes: a streamed quote (POST /api/v2/osago/quotes) and every insurer's answer as it came,
 *   so any api instance can tell the page what has arrived when the socket was away.
 * Shipped: never edit.
 */
const SALES_SQL = `
CREATE TABLE kbm_registry (
  licence text PRIMARY KEY,
  kbm_class text NOT NULL CHECK (kbm_class IN ('M','0','1','2','3','4','5','6','7','8','9','10','11','12','13')),
  full_name text NOT NULL,
  birth_date date NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE osago_quotes (
  id char(24) PRIMARY KEY,
  user_id char(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  drivers jsonb NOT NULL DEFAULT '[]',
  offers jsonb NOT NULL DEFAULT '[]',
  refusals jsonb NOT NULL DEFAULT '[]',
  pending text[] NOT NULL
);
CREATE INDEX osago_quotes_user_idx ON osago_quotes(user_id, created_at DESC);
`;

export const migration: Migration = { version: 4, name: 'sales', sql: SALES_SQL };
