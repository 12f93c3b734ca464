import type { Queryable } from '../platform/db.js';

/** The options of one dictionary in their order; empty when there is no such dictionary. */
export async function findDictionary(q: Queryable, type: string, name: string) {
  const rows = await q.query<{ option_id: string; option_name: string }>(
    'SELECT option_id, option_name FROM dictionaries WHERE type = $1 AND name = $2 ORDER BY sort, option_name',
    [type, name],
  );
  return rows.map((r) => ({ optionId: r.option_id, optionName: r.option_name }));
}
