/**
 * SQL building blocks every domain's queries use. No imports on purpose: the bench loads domain
 * modules straight from TypeScript (tsx) without the rest of the platform.
 */

/** A column a PATCH may set: its name, or its name and a cast of the parameter (`'::jsonb'`). */
export type ColumnSpec = string | { column: string; cast: string };

/**
 * The SET list of a partial UPDATE: one `column = $n` per key of `columns` the patch defines (in the
 * order of `columns`), numbered from `firstParamIndex`, then `extra` as written (`updated_at = now()`).
 * Only columns named here can be written, whatever keys the patch carries.
 */
export function updateSet<K extends string>(
  columns: Record<K, ColumnSpec>,
  patch: Partial<Record<NoInfer<K>, unknown>>,
  firstParamIndex: number,
  extra: string[] = [],
): { sql: string; params: unknown[] } {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const key of Object.keys(columns) as K[]) {
    const value = patch[key];
    if (value === undefined) continue;
    const spec = columns[key];
    const { column, cast } = typeof spec === 'string' ? { column: spec, cast: '' } : spec;
    params.push(value);
    sets.push(`${column} = $${firstParamIndex + params.length - 1}${cast}`);
  }
  return { sql: [...sets, ...extra].join(', '), params };
}

/** A timestamp column as the api sends it: ISO 8601 in UTC (drivers give a Date or a string), null kept. */
export function isoTime(v: string | Date): string;
export function isoTime(v: string | Date | null): string | null;
export function isoTime(v: string | Date | null): string | null {
  return v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();
}

/**
 * The product's months are Moscow's (UTC+3), whatever the database's TimeZone: the start of the Moscow
 * calendar month `offset` months after the one the timestamptz `at` (an SQL expression: `$2`, `now()`)
 * falls in, as a timestamptz. `column >= moscowMonthStart(at) AND column < moscowMonthStart(at, 1)` is
 * «this month»; its name is shared-kit's moscowMonthName(at).
 */
export function moscowMonthStart(at: string, offset = 0): string {
  if (!Number.isInteger(offset)) throw new RangeError(`not a whole number of months: ${offset}`);
  // Month arithmetic on Moscow's wall clock, then back to a moment: interval math on a timestamptz
  // would run in the session's zone.
  return `((date_trunc('month', (${at})::timestamptz AT TIME ZONE 'Europe/Moscow') + interval '${offset} month') AT TIME ZONE 'Europe/Moscow')`;
}

/** `column` (a timestamptz) lies in the Moscow calendar month `offset` months after the one of `at` (see moscowMonthStart). */
export function inMoscowMonth(column: string, at: string, offset = 0): string {
  return `(${column} >= ${moscowMonthStart(at, offset)} AND ${column} < ${moscowMonthStart(at, offset + 1)})`;
}
