import type { Queryable } from '../platform/db.js';

/**
 * THE people search of §5 (agent search: by name, e-mail or an id), for every list of users that has a
 * search box — the agents list and the pickers' search (people/agents.ts), the users of Управление
 * (people/manage.ts). What it matches, as before the index: the typed text anywhere in the e-mail or in
 * «Фамилия Имя Отчество», in any letter case (Cyrillic and Ё included, ё read as е); a 24-hex text is also
 * that user's id. How: migration 35's trigram index on person_search_text(), which the condition below
 * names exactly as the index does, so the planner can read the matches from it (or walk the list's own
 * order and stop at a page when the text is common).
 */

const ID = /^[0-9a-f]{24}$/;

/**
 * The SQL condition «the users row `alias` matches `search`», its parameters pushed onto `params`.
 * LIKE's wildcards typed by the user are taken literally; a line break reads as a space (the indexed text
 * keeps the e-mail and the name apart with one, so no match spans the two).
 */
export function personSearchCondition(alias: string, search: string, params: unknown[]): string {
  const text = search.replace(/[\r\n]+/g, ' ');
  params.push(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const match = `person_search_text(${alias}.email, ${alias}.second_name, ${alias}.first_name, ${alias}.middle_name) LIKE person_search_fold($${params.length})`;
  const id = text.trim().toLowerCase();
  if (!ID.test(id)) return match;
  params.push(id);
  return `(${alias}.id = $${params.length} OR ${match})`;
}

/** How many rows of a list, in the list's own order, a search reads first before it asks the index. */
export const SEARCH_WINDOW = 500;

export interface SearchedPageQuery {
  /** The columns, of `users u` and of `joins`. */
  columns: string;
  /** What is joined to `users u` (LEFT JOINs of the row's network, …), or ''. */
  joins: string;
  /** The list's conditions on `u` (scope, filters, the keyset cursor), the search aside; `params` hold theirs. */
  conds: string[];
  params: unknown[];
  search: string;
  /** The list's order, on `u` (its keyset index gives it). */
  order: string;
  limit: number;
  offset?: number;
}

/**
 * One page of a list of users in its own order, searched. Two tries, because how many rows match and
 * where they sit in the order is what no planner estimate knows (the rows that match «Морозова 1» may
 * all be old, and walking the newest first until 20 match then reads the whole table — 3 s at 100,000
 * agents): first the newest SEARCH_WINDOW rows of the list, read from its keyset index and filtered —
 * a common text fills the page there; when it does not, the matches are few, so they are read from the
 * trigram index (a materialised set the planner cannot turn back into that walk) and sorted.
 */
export async function searchedPage<T>(q: Queryable, p: SearchedPageQuery): Promise<T[]> {
  const params = [...p.params];
  const match = personSearchCondition('u', p.search, params);
  const where = p.conds.length ? p.conds.join(' AND ') : 'true';
  const offset = p.offset ?? 0;
  params.push(p.limit, offset);
  const page = `ORDER BY ${p.order} LIMIT $${params.length - 1} OFFSET $${params.length}`;
  if (offset + p.limit <= SEARCH_WINDOW) {
    const rows = await q.query<T>(
      `SELECT ${p.columns} FROM (SELECT * FROM users u WHERE ${where} ORDER BY ${p.order} LIMIT ${SEARCH_WINDOW}) u ${p.joins} WHERE ${match} ${page}`,
      params,
    );
    if (rows.length === p.limit) return rows;
  }
  return q.query<T>(
    `WITH found AS MATERIALIZED (SELECT u.id FROM users u WHERE ${where} AND ${match})
     SELECT ${p.columns} FROM users u ${p.joins} WHERE u.id IN (SELECT found.id FROM found) ${page}`,
    params,
  );
}
