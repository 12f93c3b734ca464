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
