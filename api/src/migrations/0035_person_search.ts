import type { Migration } from '../platform/migrations.js';

/**
 * Migration 35 (issue 26, agent search at 100,000 agents): the text a person is searched by (§5: by name
 * or e-mail) as one immutable function, and a trigram index on it, so «contains» stays what it was — any
 * part of the surname, first name, patronymic or e-mail, typed in any case — and is read from the index
 * instead of from every user.
 *
 * - `person_search_fold(text)`: lower case, ё read as е — Cyrillic folded by translate(), not left to the
 *   database's LC_CTYPE (a database made with LC_CTYPE=C lowers only Latin letters), so the index and the
 *   typed text fold alike on any server. Built-ins only (pg_catalog), so it is safe under the fixed
 *   search_path PostgreSQL 17+ uses for ANALYZE and REINDEX.
 * - `person_search_text(...)`: «e-mail ⏎ Фамилия Имя Отчество» folded. A line break between them: the typed
 *   text (no line break, no wildcards — people/search.ts) matches the whole exactly when it matches one of
 *   the two, as `email ILIKE x OR concat_ws(' ', second_name, first_name, middle_name) ILIKE x` did (the
 *   columns are NOT NULL, so plain || is that concat_ws, and immutable: the functions inline into the
 *   query and the index alike).
 * - pg_trgm: CREATE EXTENSION is per database, not per schema, so it goes to `public` whichever schema
 *   migrates first (the api tests migrate one schema each in one database, serialised by the start-up lock,
 *   and drop their schemas afterwards — an extension inside one of them would go with it). Where an operator
 *   installed it elsewhere beforehand, the index names the opclass in that schema. PGlite loads the
 *   extension from its contrib (platform/db.ts). PostgreSQL: pg_trgm is a trusted extension, so the database
 *   owner may create it (the postgres image ships contrib).
 */
const SQL = String.raw`
CREATE FUNCTION person_search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(translate(t, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе'));

CREATE FUNCTION person_search_text(email text, second_name text, first_name text, middle_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN person_search_fold(email || E'\n' || second_name || ' ' || first_name || ' ' || middle_name);

DO $$
DECLARE
  trgm_schema text;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX users_person_search_idx ON users USING gin (person_search_text(email, second_name, first_name, middle_name) %I.gin_trgm_ops)', trgm_schema);
END
$$;
`;

export const migration: Migration = { version: 35, name: 'person_search', sql: SQL };
