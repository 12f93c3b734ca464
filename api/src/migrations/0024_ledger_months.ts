import type { Migration } from '../platform/migrations.js';

/**
 * Migration 24: КВ всех's totals without reading the whole ledger (issue 24; finance/statement.ts).
 * Staff see every agent, so the page's totals (carried in = every earlier line not yet paid) summed the whole
 * ledger: 2.4M lines for 100,000 agents × 12 months, about a second a page (bench/finance-ledger.mjs).
 * - commission_ledger_months: the ledger's lines summed per Moscow month (of the line's `at`) × the contract's
 *   insurer × product × kind — the positive lines («Начислено»), the negative ones («Сторно»), how many lines,
 *   how many without a rate; and the same four of those lines that are in a paid payout («Выплачено», and the
 *   status filter «Ожидается» / «Выплачено»: by the line's month, whatever the payout's period). A few hundred
 *   rows answer what statement.ts asked of every line.
 * - Kept in the transaction that writes, by statement-level triggers with transition tables (one aggregate
 *   per statement, so a calculation or a register of 100,000 payouts is one more statement, not a row trigger
 *   each): ledger lines inserted or deleted (the ledger is never edited); payouts whose status became 'paid'
 *   (a paid payout never changes back: migration 22's lock); payout lines inserted or moved into a payout
 *   that is already paid (the app never does; kept right anyway); a contract's insurer or product changed
 *   (a row trigger, only when either changes: the app never does). TRUNCATE fires no row or transition
 *   trigger, so TRUNCATE triggers: payout_lines emptied — no line is paid, every paid sum is 0; the ledger
 *   emptied — no rows.
 * - Upserts in (month, insurer, product, kind) order: concurrent writers lock the rows they share in one
 *   order (no deadlock); two payments of one insurer × product in one month wait for each other's commit.
 * - commission_ledger_months_rebuild(): the table recomputed from the ledger and the payouts (the backfill
 *   here; bench/finance-ledger.mjs after it writes lines with triggers off). Its writers wait while it runs.
 * Needs UNIQUE NULLS NOT DISTINCT: PostgreSQL 15+ (PGlite is 17). Shipped: never edit.
 */

/** The Moscow month (its first day) of ledger line `l`. */
const MONTH = (l: string) => `date_trunc('month', ${l}.at AT TIME ZONE 'Europe/Moscow')::date`;
const COLUMNS = 'month, company_id, product, kind, plus_kopecks, minus_kopecks, lines, no_rate, paid_plus_kopecks, paid_minus_kopecks, paid_lines, paid_no_rate';
/** Adds the rows `select` answers (in COLUMNS' order, deltas: negative to take away) to the table. */
const ADD = (select: string) => `INSERT INTO commission_ledger_months AS m (${COLUMNS})
    ${select}
    ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT commission_ledger_months_key DO UPDATE SET
    plus_kopecks = m.plus_kopecks + EXCLUDED.plus_kopecks, minus_kopecks = m.minus_kopecks + EXCLUDED.minus_kopecks,
    lines = m.lines + EXCLUDED.lines, no_rate = m.no_rate + EXCLUDED.no_rate,
    paid_plus_kopecks = m.paid_plus_kopecks + EXCLUDED.paid_plus_kopecks, paid_minus_kopecks = m.paid_minus_kopecks + EXCLUDED.paid_minus_kopecks,
    paid_lines = m.paid_lines + EXCLUDED.paid_lines, paid_no_rate = m.paid_no_rate + EXCLUDED.paid_no_rate;`;
/** Plus, minus, lines, without a rate — of ledger lines `l` (those meeting `where`), each times `s`: four of COLUMNS. */
const SUMS = (s = '', where = '') => {
  const f = where && ` FILTER (WHERE ${where})`;
  return `${s}coalesce(sum(greatest(l.amount_kopecks, 0))${f}, 0), ${s}coalesce(sum(least(l.amount_kopecks, 0))${f}, 0), ${s}count(*)${f}, ${s}count(*) FILTER (WHERE ${where ? `${where} AND ` : ''}l.rate_bp IS NULL)`;
};
/** Of lines `l` joined to `p` (their payout, if any): those in a paid payout. */
const IN_PAID = `p.status = 'paid'`;

const SQL = `
CREATE TABLE commission_ledger_months (
  month date NOT NULL,          -- the Moscow month's first day
  company_id char(24),          -- the contract's insurer; null: an adjustment without a contract
  product text,                 -- the contract's product; null likewise
  kind text NOT NULL,
  plus_kopecks bigint NOT NULL DEFAULT 0,   -- sum of the positive lines («Начислено»)
  minus_kopecks bigint NOT NULL DEFAULT 0,  -- sum of the negative lines («Сторно»), ≤ 0
  lines int NOT NULL DEFAULT 0,
  no_rate int NOT NULL DEFAULT 0,           -- lines without a rate («Без ставки»)
  -- the same four of the lines in a paid payout («Выплачено»; with the status filter: «Выплачено» / «Ожидается»)
  paid_plus_kopecks bigint NOT NULL DEFAULT 0,
  paid_minus_kopecks bigint NOT NULL DEFAULT 0,
  paid_lines int NOT NULL DEFAULT 0,
  paid_no_rate int NOT NULL DEFAULT 0,
  CONSTRAINT commission_ledger_months_key UNIQUE NULLS NOT DISTINCT (month, company_id, product, kind)
);

-- Ledger lines inserted (+) or deleted (−). A deleted line is in no payout (payout_lines' foreign key), so paid
-- is untouched.
CREATE FUNCTION commission_ledger_months_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  ${ADD(`SELECT ${MONTH('l')}, c.company_id, c.product, l.kind, ${SUMS('s * ')}, 0, 0, 0, 0
      FROM changed l LEFT JOIN contracts c ON c.id = l.contract_id GROUP BY 1, 2, 3, 4`)}
  RETURN NULL;
END $$;
CREATE TRIGGER commission_ledger_months_ins AFTER INSERT ON commission_ledger
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_months_lines();
CREATE TRIGGER commission_ledger_months_del AFTER DELETE ON commission_ledger
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_months_lines();

-- Payouts that became paid in this statement (markPaid: a whole register in one UPDATE): their lines' sums. A
-- payout paid before is not updated at all (migration 22's lock raises), so every 'paid' row here just became
-- paid. Other updates (receipts, a register built or taken apart) find none and stop. The cost is one read of
-- the paid lines, each joined to its contract: 100,000 payouts of 11 months' lines each (2.2M lines) marked paid
-- in 19 s instead of 5 s on 2 busy cores (bench/finance-ledger.mjs --keep's database); a month's register of
-- about 2 lines a payout reads a tenth of that.
CREATE FUNCTION commission_ledger_months_payouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_payouts WHERE status = 'paid') THEN RETURN NULL; END IF;
  ${ADD(`SELECT ${MONTH('l')}, c.company_id, c.product, l.kind, 0, 0, 0, 0, ${SUMS()}
      FROM new_payouts n JOIN payout_lines pl ON pl.payout_id = n.id JOIN commission_ledger l ON l.id = pl.ledger_id LEFT JOIN contracts c ON c.id = l.contract_id
     WHERE n.status = 'paid' GROUP BY 1, 2, 3, 4`)}
  RETURN NULL;
END $$;
CREATE TRIGGER commission_ledger_months_paid AFTER UPDATE ON payouts
  REFERENCING NEW TABLE AS new_payouts FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_months_payouts();

-- Lines put (INSERT) or moved (UPDATE) into a payout already paid. A line leaves no paid payout (migration 22's
-- lock), so the old rows add nothing.
CREATE FUNCTION commission_ledger_months_payout_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${ADD(`SELECT ${MONTH('l')}, c.company_id, c.product, l.kind, 0, 0, 0, 0, ${SUMS()}
      FROM changed pl JOIN payouts p ON p.id = pl.payout_id AND p.status = 'paid'
      JOIN commission_ledger l ON l.id = pl.ledger_id LEFT JOIN contracts c ON c.id = l.contract_id GROUP BY 1, 2, 3, 4`)}
  RETURN NULL;
END $$;
CREATE TRIGGER commission_ledger_months_pl_ins AFTER INSERT ON payout_lines
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_months_payout_lines();
CREATE TRIGGER commission_ledger_months_pl_upd AFTER UPDATE ON payout_lines
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_months_payout_lines();

-- A contract's insurer or product changed: its lines move from the old row to the new one.
CREATE FUNCTION commission_ledger_months_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${ADD(`SELECT ${MONTH('l')}, k.company_id, k.product, l.kind, ${SUMS('k.s * ')}, ${SUMS('k.s * ', IN_PAID)}
      FROM commission_ledger l LEFT JOIN payout_lines pl ON pl.ledger_id = l.id LEFT JOIN payouts p ON p.id = pl.payout_id
     CROSS JOIN (VALUES (OLD.company_id, OLD.product, -1), (NEW.company_id, NEW.product, 1)) k(company_id, product, s)
     WHERE l.contract_id = NEW.id GROUP BY 1, 2, 3, 4, k.s`)}
  RETURN NULL;
END $$;
CREATE TRIGGER commission_ledger_months_contract AFTER UPDATE OF company_id, product ON contracts FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.product IS DISTINCT FROM NEW.product)
  EXECUTE FUNCTION commission_ledger_months_contract();

-- TRUNCATE (tests; a purge) skips the triggers above.
CREATE FUNCTION commission_ledger_months_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'commission_ledger' THEN
    DELETE FROM commission_ledger_months;
  ELSE -- payout_lines: no line is in a payout now
    UPDATE commission_ledger_months SET paid_plus_kopecks = 0, paid_minus_kopecks = 0, paid_lines = 0, paid_no_rate = 0 WHERE paid_lines <> 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER commission_ledger_months_truncated AFTER TRUNCATE ON commission_ledger FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_months_truncated();
CREATE TRIGGER commission_ledger_months_truncated AFTER TRUNCATE ON payout_lines FOR EACH STATEMENT EXECUTE FUNCTION commission_ledger_months_truncated();

-- The table from scratch. The ledger and payouts are locked against writes meanwhile.
CREATE FUNCTION commission_ledger_months_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE commission_ledger, payout_lines, payouts IN SHARE MODE;
  DELETE FROM commission_ledger_months;
  INSERT INTO commission_ledger_months (${COLUMNS})
  SELECT ${MONTH('l')}, c.company_id, c.product, l.kind, ${SUMS()}, ${SUMS('', IN_PAID)}
    FROM commission_ledger l LEFT JOIN contracts c ON c.id = l.contract_id
    LEFT JOIN payout_lines pl ON pl.ledger_id = l.id LEFT JOIN payouts p ON p.id = pl.payout_id
   GROUP BY 1, 2, 3, 4;
END $$;
SELECT commission_ledger_months_rebuild();
`;

export const migration: Migration = { version: 24, name: 'ledger_months', sql: SQL };
