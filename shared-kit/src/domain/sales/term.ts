import dayjs from 'dayjs';

/**
 * A policy's dates. Its term (срок страхования) is how long it insures: an e-OSAGO policy is issued for
 * one year (Закон об ОСАГО, ст. 10). Its period of use (период использования, 3 to 12 months of the
 * calculation's `periodMonths`) only prices it (КС) and never shortens the term: a 3-month policy is
 * in force for its year. Calendar days are 'YYYY-MM-DD' strings; months are counted by dayjs.
 */

/** An e-OSAGO policy is issued for a year. */
export const OSAGO_TERM_MONTHS = 12;

export const POLICY_TERM_TITLE = 'Срок страхования';
export const PERIOD_OF_USE_TITLE = 'Период использования';

/** «с from по to», both days included ('YYYY-MM-DD'). */
export interface CalendarSpan {
  from: string;
  to: string;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The last day of a span of `months` months that begins on `from`, both days included.
 *
 * The convention (ГК РФ ст. 190–192, read the way policies are written, «с 00:00 30.11.2026 по 24:00
 * 29.11.2027»): the first day is counted, so the span ends the day before the matching day of its last
 * month — that day begins the next span; when the last month has no matching day (ст. 192 п. 3), the
 * span ends on that month's last day. So: a year from 30.11.2026 is по 29.11.2027; 3 months from
 * 30.11.2026 по 28.02.2027 (no 30 February); a month from 31.01.2028 по 29.02.2028; a month from
 * 01.03.2027 по 31.03.2027; a year from 29.02.2028 по 28.02.2029. Why this one: it is how insurers
 * write a policy's dates (its start day is insured from 00:00), consecutive spans neither overlap nor
 * leave a day out, and the end never passes into the month after the last (plain Date month
 * arithmetic overflowed: 3 months from 30 November ended on 1 March).
 */
export function spanEnd(from: string, months: number): string {
  const start = dayjs(from);
  if (!CALENDAR_DAY.test(from) || !start.isValid() || start.format('YYYY-MM-DD') !== from) throw new RangeError(`not a calendar day: ${from}`);
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`not a number of months: ${months}`);
  // dayjs keeps the day of the month, or takes the month's last day when it has no such day.
  const matching = start.add(months, 'month');
  return (matching.date() === start.date() ? matching.subtract(1, 'day') : matching).format('YYYY-MM-DD');
}

/** The calendar day `days` after (before, when negative) `day`, both 'YYYY-MM-DD'. */
export function addCalendarDays(day: string, days: number): string {
  return dayjs(day).add(days, 'day').format('YYYY-MM-DD');
}

/** The policy's term: a year from its start date. `contracts.end_date` is its last day. */
export function policyTerm(startDate: string): CalendarSpan {
  return { from: startDate, to: spanEnd(startDate, OSAGO_TERM_MONTHS) };
}

/** The period of use priced by КС: `periodMonths` from the start date (all of the term at 12). */
export function periodOfUse(startDate: string, periodMonths: number): CalendarSpan {
  return { from: startDate, to: spanEnd(startDate, periodMonths) };
}

/** The period of use when it is shorter than the term (the contract page and the PDF show it then), else null. */
export function shorterPeriodOfUse(startDate: string, periodMonths: number): CalendarSpan | null {
  return Number.isInteger(periodMonths) && periodMonths >= 1 && periodMonths < OSAGO_TERM_MONTHS ? periodOfUse(startDate, periodMonths) : null;
}
