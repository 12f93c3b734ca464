import type { Migration } from '../platform/migrations.js';

/**
 * Migration 17: a policy's term is its year, not its period of use (issue 23). Contracts were written
 * with end_date = start + periodMonths − 1 day (and month overflow: 30 November + 3 months gave
 * 1 March), so a 3-month e-OSAGO policy «ended» after 3 months though it insures for a year.
 * - end_date becomes the term's last day, by shared-kit sales/term.ts policyTerm as it is today: the
 *   day before the matching day a year on, or the last day of that month when it has none (a year from
 *   29.02.2028 is по 28.02.2029). Written out in SQL here: a migration does what it did when it shipped.
 * - A contract the calendar already ended («Завершён», 700) before its real end goes back in force
 *   («Действует», 600): it still insures, and the agent and the insurer see it so. Its history gets the
 *   move, by the system, with the reason; the commission ledger is untouched (ending never changed it).
 *   One whose year is over too stays ended.
 * Shipped: never edit.
 */
const SQL = `
WITH term AS (
  SELECT id, status, CASE WHEN extract(day FROM matching) = extract(day FROM start_date) THEN matching - 1 ELSE matching END AS term_end
    FROM (SELECT id, status, start_date, (start_date + interval '1 year')::date AS matching FROM contracts WHERE start_date IS NOT NULL) s
), fixed AS (
  UPDATE contracts c
     SET end_date = t.term_end,
         status = CASE WHEN c.status = 700 AND t.term_end >= (now() AT TIME ZONE 'Europe/Moscow')::date THEN 600 ELSE c.status END,
         updated_at = now()
    FROM term t
   WHERE c.id = t.id AND c.end_date IS DISTINCT FROM t.term_end
  RETURNING c.id, t.status AS was, c.status AS now_status, c.end_date
)
INSERT INTO contract_status_history (contract_id, from_status, to_status, actor, user_id, note)
SELECT id, 700, 600, 'system', NULL,
       'Полис действует по ' || to_char(end_date, 'DD.MM.YYYY') || ': срок страхования — год, период использования его не сокращает'
  FROM fixed WHERE was = 700 AND now_status = 600;
`;

export const migration: Migration = { version: 17, name: 'policy_term_year', sql: SQL };
