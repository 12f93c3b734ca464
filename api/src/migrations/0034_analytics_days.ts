import type { Migration } from '../platform/migrations.js';

/**
 * Migration 34: Аналитика's figures per Moscow day (issue 26; api/src/finance/analytics).
 * The screen sums sales of any period up to a year, for every agent or a network's or one's own, by
 * product, insurer, network and agent: over a million contracts and their ledger lines that read took
 * seconds. analytics_days holds the sums per Moscow day × agent × insurer × product, so a month of
 * sales is a few tens of thousands of rows whatever the number of contracts (bench/analytics.mjs).
 * - created: contracts created (the Moscow day of created_at), whatever became of them;
 * - policies, premium_kopecks: contracts paid (the Moscow day of paid_at); cancelled, cancelled_premium_kopecks:
 *   of those, the ones now cancelled (status 10000);
 * - quotes: e-OSAGO quote requests (osago_quotes, by their user and day; product 'eosago', no insurer);
 * - commission_kopecks: ledger lines (the day of `at`) to the agent they are written to, by their
 *   contract's insurer and product (an adjustment without a contract: neither). The ledger's month sums
 *   (commission_ledger_months, migration 24) have no agent, so the screen's scopes could not use them; the
 *   test checks this table's months against them.
 * - Kept in the writing transaction by statement-level triggers with transition tables (one upsert per
 *   statement, in key order so concurrent writers lock shared rows in one order): contracts inserted,
 *   updated (only rows whose agent, insurer, product, created_at, paid_at, premium or «cancelled» changed
 *   count) or deleted; ledger lines inserted or deleted (the ledger is never edited); quotes inserted or
 *   deleted. TRUNCATE of any of them rebuilds. A contract whose insurer or product changes after its
 *   ledger lines were written keeps those lines' commission under the old pair (the app never moves one;
 *   analytics_days_rebuild() puts it right).
 * - paid_at filled where it was missing (contracts seeded paid without it: the time their history reached 500).
 * - analytics_days_all: the same without the agent (day × insurer × product), kept from analytics_days' row changes by a
 *   row trigger: what a viewer of every agent reads unless an agent or a network is chosen.
 * - analytics_days_rebuild(): both tables from scratch (the backfill here; the bench after a bulk load).
 * Shipped: never edit (its SQL builders are exported for migration 37, which re-creates the trigger functions).
 */

export const DAY = (col: string) => `(${col} AT TIME ZONE 'Europe/Moscow')::date`;
export const COLUMNS = 'day, agent_id, company_id, product, quotes, created, policies, premium_kopecks, cancelled, cancelled_premium_kopecks, commission_kopecks';
/** Adds the delta rows `select` answers (COLUMNS' order) to the table. */
export const ADD = (select: string) => `INSERT INTO analytics_days AS a (${COLUMNS})
    SELECT * FROM (${select}) d WHERE d.quotes <> 0 OR d.created <> 0 OR d.policies <> 0 OR d.premium_kopecks <> 0 OR d.cancelled <> 0
        OR d.cancelled_premium_kopecks <> 0 OR d.commission_kopecks <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT analytics_days_key DO UPDATE SET
    quotes = a.quotes + EXCLUDED.quotes, created = a.created + EXCLUDED.created, policies = a.policies + EXCLUDED.policies,
    premium_kopecks = a.premium_kopecks + EXCLUDED.premium_kopecks, cancelled = a.cancelled + EXCLUDED.cancelled,
    cancelled_premium_kopecks = a.cancelled_premium_kopecks + EXCLUDED.cancelled_premium_kopecks,
    commission_kopecks = a.commission_kopecks + EXCLUDED.commission_kopecks;`;

/**
 * A contract's contributions, each times `s`: one row for the day it was created, one for the day it was paid
 * (if it was). `c` has the contracts' columns. Rows to be grouped by the caller.
 */
export const CONTRACT_ROWS = (from: string, s: string, c = from) => `
  SELECT ${DAY(`${c}.created_at`)} AS day, ${c}.agent_id, ${c}.company_id, ${c}.product, 0 AS quotes, ${s} AS created, 0 AS policies,
         0::bigint AS premium_kopecks, 0 AS cancelled, 0::bigint AS cancelled_premium_kopecks, 0::bigint AS commission_kopecks FROM ${from}${c === from ? '' : ` ${c}`}
  UNION ALL
  SELECT ${DAY(`${c}.paid_at`)}, ${c}.agent_id, ${c}.company_id, ${c}.product, 0, 0, ${s}, ${s} * coalesce(${c}.premium, 0),
         CASE WHEN ${c}.status = 10000 THEN ${s} ELSE 0 END, CASE WHEN ${c}.status = 10000 THEN ${s} * coalesce(${c}.premium, 0) ELSE 0 END, 0 FROM ${from}${c === from ? '' : ` ${c}`}
   WHERE ${c}.paid_at IS NOT NULL`;
export const GROUPED = (rows: string) => `SELECT day, agent_id, company_id, product, sum(quotes)::int AS quotes, sum(created)::int AS created, sum(policies)::int AS policies,
    sum(premium_kopecks)::bigint AS premium_kopecks, sum(cancelled)::int AS cancelled, sum(cancelled_premium_kopecks)::bigint AS cancelled_premium_kopecks,
    sum(commission_kopecks)::bigint AS commission_kopecks FROM (${rows}) r GROUP BY 1, 2, 3, 4`;
export const LEDGER_ROWS = (l: string, s: string) => `
  SELECT ${DAY('l.at')} AS day, l.agent_id, c.company_id, c.product, 0 AS quotes, 0 AS created, 0 AS policies, 0::bigint AS premium_kopecks, 0 AS cancelled,
         0::bigint AS cancelled_premium_kopecks, ${s} * l.amount_kopecks AS commission_kopecks
    FROM ${l} l LEFT JOIN contracts c ON c.id = l.contract_id`;
export const QUOTE_ROWS = (q: string, s: string) => `
  SELECT ${DAY('q.created_at')} AS day, q.user_id AS agent_id, NULL::char(24) AS company_id, 'eosago'::text AS product, ${s} AS quotes, 0 AS created, 0 AS policies,
         0::bigint AS premium_kopecks, 0 AS cancelled, 0::bigint AS cancelled_premium_kopecks, 0::bigint AS commission_kopecks FROM ${q} q`;
/** The contract columns a change of which moves its figures. */
export const CHANGED = `o.agent_id IS DISTINCT FROM n.agent_id OR o.company_id IS DISTINCT FROM n.company_id OR o.product IS DISTINCT FROM n.product
  OR o.created_at IS DISTINCT FROM n.created_at OR o.paid_at IS DISTINCT FROM n.paid_at OR o.premium IS DISTINCT FROM n.premium
  OR (o.status = 10000) IS DISTINCT FROM (n.status = 10000)`;

const SQL = `
-- Contracts paid before paid_at was written by every path (the demo's, seeded without it): the time their history
-- reached «Оплачен».
UPDATE contracts c SET paid_at = h.at
  FROM (SELECT contract_id, min(at) AS at FROM contract_status_history WHERE to_status = 500 GROUP BY 1) h
 WHERE c.id = h.contract_id AND c.paid_at IS NULL;

CREATE TABLE analytics_days (
  day date NOT NULL,             -- the Moscow day
  agent_id char(24) NOT NULL,    -- whose sale (contracts.agent_id), whose quote, to whom the ledger line is written
  company_id char(24),           -- the insurer; null: not chosen yet, a quote, an adjustment without a contract
  product text,                  -- contracts.product; null: an adjustment without a contract
  quotes int NOT NULL DEFAULT 0,
  created int NOT NULL DEFAULT 0,
  policies int NOT NULL DEFAULT 0,
  premium_kopecks bigint NOT NULL DEFAULT 0,
  cancelled int NOT NULL DEFAULT 0,
  cancelled_premium_kopecks bigint NOT NULL DEFAULT 0,
  commission_kopecks bigint NOT NULL DEFAULT 0,
  CONSTRAINT analytics_days_key UNIQUE NULLS NOT DISTINCT (day, agent_id, company_id, product)
);
CREATE INDEX analytics_days_agent_idx ON analytics_days(agent_id, day);

-- The same sums without the agent: what a viewer who sees every agent reads for the totals, the buckets, the products
-- and the insurers (a few rows a day). Kept from analytics_days' own changes, row by row (its writers touch a few rows
-- a statement); a rebuild fills both at once.
CREATE TABLE analytics_days_all (
  day date NOT NULL,
  company_id char(24),
  product text,
  quotes int NOT NULL DEFAULT 0,
  created int NOT NULL DEFAULT 0,
  policies int NOT NULL DEFAULT 0,
  premium_kopecks bigint NOT NULL DEFAULT 0,
  cancelled int NOT NULL DEFAULT 0,
  cancelled_premium_kopecks bigint NOT NULL DEFAULT 0,
  commission_kopecks bigint NOT NULL DEFAULT 0,
  CONSTRAINT analytics_days_all_key UNIQUE NULLS NOT DISTINCT (day, company_id, product)
);
CREATE FUNCTION analytics_days_all_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('oyster.analytics_rebuild', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_days_all AS a (day, company_id, product, quotes, created, policies, premium_kopecks, cancelled, cancelled_premium_kopecks, commission_kopecks)
    VALUES (NEW.day, NEW.company_id, NEW.product, NEW.quotes, NEW.created, NEW.policies, NEW.premium_kopecks, NEW.cancelled, NEW.cancelled_premium_kopecks, NEW.commission_kopecks)
    ON CONFLICT ON CONSTRAINT analytics_days_all_key DO UPDATE SET
      quotes = a.quotes + EXCLUDED.quotes, created = a.created + EXCLUDED.created, policies = a.policies + EXCLUDED.policies,
      premium_kopecks = a.premium_kopecks + EXCLUDED.premium_kopecks, cancelled = a.cancelled + EXCLUDED.cancelled,
      cancelled_premium_kopecks = a.cancelled_premium_kopecks + EXCLUDED.cancelled_premium_kopecks, commission_kopecks = a.commission_kopecks + EXCLUDED.commission_kopecks;
  ELSE -- UPDATE (the upsert's: the key never changes) or DELETE
    UPDATE analytics_days_all a SET
      quotes = a.quotes + coalesce(NEW.quotes, 0) - OLD.quotes, created = a.created + coalesce(NEW.created, 0) - OLD.created,
      policies = a.policies + coalesce(NEW.policies, 0) - OLD.policies, premium_kopecks = a.premium_kopecks + coalesce(NEW.premium_kopecks, 0) - OLD.premium_kopecks,
      cancelled = a.cancelled + coalesce(NEW.cancelled, 0) - OLD.cancelled,
      cancelled_premium_kopecks = a.cancelled_premium_kopecks + coalesce(NEW.cancelled_premium_kopecks, 0) - OLD.cancelled_premium_kopecks,
      commission_kopecks = a.commission_kopecks + coalesce(NEW.commission_kopecks, 0) - OLD.commission_kopecks
     WHERE a.day = OLD.day AND a.company_id IS NOT DISTINCT FROM OLD.company_id AND a.product IS NOT DISTINCT FROM OLD.product;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_days_all_row AFTER INSERT OR UPDATE OR DELETE ON analytics_days FOR EACH ROW EXECUTE FUNCTION analytics_days_all_row();

CREATE FUNCTION analytics_days_contracts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${ADD(GROUPED(CONTRACT_ROWS('new_rows', '1')))}
  ELSIF TG_OP = 'DELETE' THEN
    ${ADD(GROUPED(CONTRACT_ROWS('old_rows', '-1')))}
  ELSE
    -- Only the rows whose figures move: most updates are a status step of a contract not paid.
    ${ADD(GROUPED(`${CONTRACT_ROWS(`(SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${CHANGED})`, '-1', 'oc')}
      UNION ALL ${CONTRACT_ROWS(`(SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${CHANGED})`, '1', 'nc')}`))}
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_days_contracts_ins AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_contracts();
CREATE TRIGGER analytics_days_contracts_upd AFTER UPDATE ON contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_contracts();
CREATE TRIGGER analytics_days_contracts_del AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_contracts();

CREATE FUNCTION analytics_days_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${ADD(GROUPED(LEDGER_ROWS('new_rows', '1')))}
  ELSE
    ${ADD(GROUPED(LEDGER_ROWS('old_rows', '-1')))}
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_days_ledger_ins AFTER INSERT ON commission_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_ledger();
CREATE TRIGGER analytics_days_ledger_del AFTER DELETE ON commission_ledger
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_ledger();

CREATE FUNCTION analytics_days_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${ADD(GROUPED(QUOTE_ROWS('new_rows', '1')))}
  ELSE
    ${ADD(GROUPED(QUOTE_ROWS('old_rows', '-1')))}
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_days_quotes_ins AFTER INSERT ON osago_quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_quotes();
CREATE TRIGGER analytics_days_quotes_del AFTER DELETE ON osago_quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_quotes();

CREATE FUNCTION analytics_days_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Both tables from scratch (the row trigger keeping analytics_days_all stays quiet meanwhile).
  PERFORM set_config('oyster.analytics_rebuild', 'on', true);
  DELETE FROM analytics_days;
  INSERT INTO analytics_days (${COLUMNS})
  ${GROUPED(`${CONTRACT_ROWS('contracts', '1')} UNION ALL ${LEDGER_ROWS('commission_ledger', '1')} UNION ALL ${QUOTE_ROWS('osago_quotes', '1')}`)};
  DELETE FROM analytics_days_all;
  INSERT INTO analytics_days_all (day, company_id, product, quotes, created, policies, premium_kopecks, cancelled, cancelled_premium_kopecks, commission_kopecks)
  SELECT day, company_id, product, sum(quotes), sum(created), sum(policies), sum(premium_kopecks), sum(cancelled), sum(cancelled_premium_kopecks), sum(commission_kopecks)
    FROM analytics_days GROUP BY 1, 2, 3;
  PERFORM set_config('oyster.analytics_rebuild', 'off', true);
END $$;

-- TRUNCATE (tests; a purge) fires no row or transition trigger: rebuild from what is left.
CREATE FUNCTION analytics_days_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_days_rebuild();
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_days_truncated AFTER TRUNCATE ON contracts FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_truncated();
CREATE TRIGGER analytics_days_truncated AFTER TRUNCATE ON commission_ledger FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_truncated();
CREATE TRIGGER analytics_days_truncated AFTER TRUNCATE ON osago_quotes FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_truncated();

SELECT analytics_days_rebuild();
`;

export const migration: Migration = { version: 34, name: 'analytics_days', sql: SQL };
