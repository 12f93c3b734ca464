import type { Migration } from '../platform/migrations.js';

/**
 * Migration 4: the sales domain's first table — the bonus-malus registry the OSAGO calculation reads
 * КБМ from, by driver licence. It stands in for the insurers' shared database (АИС): demo drivers
 * only; a licence not in it is class 3 (a driver without history). Shipped: never edit.
 */
const SALES_SQL = `
CREATE TABLE kbm_registry (
  licence text PRIMARY KEY,
  kbm_class text NOT NULL CHECK (kbm_class IN ('M','0','1','2','3','4','5','6','7','8','9','10','11','12','13')),
  full_name text NOT NULL,
  birth_date date NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now()
);
`;

export const migration: Migration = { version: 4, name: 'sales', sql: SALES_SQL };
