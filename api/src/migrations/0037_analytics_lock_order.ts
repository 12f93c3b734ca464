import type { Migration } from '../platform/migrations.js';
import { ADD, CHANGED, CONTRACT_ROWS, GROUPED, LEDGER_ROWS, QUOTE_ROWS } from './0034_analytics_days.js';

/**
 * Migration 37: Аналитика's day sums (migration 34) take their shared rows first, in one order (issue 27).
 * Every sale of one insurer and product on one day adds to the same analytics_days_all row, through the row
 * trigger on analytics_days — so a writer locked its agents' analytics_days rows first and the shared row
 * after. Two transactions could then lock the two kinds in opposite orders: a payment held the shared row
 * and went on to write a ledger line to another agent (a network's owner), whose own line, written at the
 * same time, held that agent's row and waited for the shared one. PostgreSQL broke it as a deadlock (40P01),
 * and the drill of a node killed under load saw one POST /contracts answer 500.
 * Now each of the three trigger functions first makes sure the analytics_days_all rows its change will add to
 * exist and locks them, sorted by key, and only then upserts analytics_days: writers of the same insurer,
 * product and day wait in line at the shared row before taking any agent's row. The sums are unchanged.
 * Shipped: never edit.
 */

/** The analytics_days_all keys of the delta rows `select` answers (migration 34's ADD keeps the same non-zero ones). */
const KEYS = (select: string) => `SELECT DISTINCT d.day, d.company_id, d.product FROM (${select}) d
   WHERE d.quotes <> 0 OR d.created <> 0 OR d.policies <> 0 OR d.premium_kopecks <> 0 OR d.cancelled <> 0
      OR d.cancelled_premium_kopecks <> 0 OR d.commission_kopecks <> 0`;

/**
 * Creates the missing rows of those keys (zero sums) and locks them all, in key order, in one statement: an
 * ON CONFLICT DO UPDATE locks the existing row even when its WHERE declines the update, so nothing is written.
 */
const LOCK_SHARED = (select: string) => `
    INSERT INTO analytics_days_all AS a (day, company_id, product)
    SELECT * FROM (${KEYS(select)}) k ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT analytics_days_all_key DO UPDATE SET day = a.day WHERE false;`;

/** Lock the shared rows, then add the delta (migration 34's upsert). */
const APPLY = (select: string) => `${LOCK_SHARED(select)}
    ${ADD(select)}`;

const CHANGED_CONTRACTS = (side: 'o' | 'n') => `(SELECT ${side}.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${CHANGED})`;

const SQL = `
CREATE OR REPLACE FUNCTION analytics_days_contracts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${APPLY(GROUPED(CONTRACT_ROWS('new_rows', '1')))}
  ELSIF TG_OP = 'DELETE' THEN
    ${APPLY(GROUPED(CONTRACT_ROWS('old_rows', '-1')))}
  ELSE
    -- Only the rows whose figures move: most updates are a status step of a contract not paid.
    ${APPLY(GROUPED(`${CONTRACT_ROWS(CHANGED_CONTRACTS('o'), '-1', 'oc')} UNION ALL ${CONTRACT_ROWS(CHANGED_CONTRACTS('n'), '1', 'nc')}`))}
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION analytics_days_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${APPLY(GROUPED(LEDGER_ROWS('new_rows', '1')))}
  ELSE
    ${APPLY(GROUPED(LEDGER_ROWS('old_rows', '-1')))}
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION analytics_days_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${APPLY(GROUPED(QUOTE_ROWS('new_rows', '1')))}
  ELSE
    ${APPLY(GROUPED(QUOTE_ROWS('old_rows', '-1')))}
  END IF;
  RETURN NULL;
END $$;
`;

export const migration: Migration = { version: 37, name: 'analytics_lock_order', sql: SQL };
