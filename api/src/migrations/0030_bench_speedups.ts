import type { Migration } from '../platform/migrations.js';

/**
 * Migration 30: what issue 25's benches found (bench/products-quote.mjs, bench/contracts-list.mjs).
 *
 * - SOAP-логи's masking trigger (migration 18) walked every row's request and response node by node in
 *   plpgsql, with a regular expression per key and per string, though a quote's six log rows (one per
 *   insurer, written after the answer) hold no secret: on PGlite that walk was most of a quote's time,
 *   the next call queueing behind the last one's log rows. The rule itself is unchanged
 *   (insurer_log_masked, insurer_log_text); the trigger now applies it only to a row whose text names
 *   something it masks — the same test migration 18 used to pick the stored rows to rewrite: every
 *   masked value sits under a key, in a document typed, or in a text matching
 *   token|passport|паспорт|licen[cs]e|водительск|/pay/, so a row without any of them is left as it was
 *   by the walk too.
 */
const SQL = String.raw`
CREATE OR REPLACE FUNCTION insurer_calls_mask_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (coalesce(NEW.request::text, '') || coalesce(NEW.response::text, '') || coalesce(NEW.error, '')) ~* 'token|passport|паспорт|licen[cs]e|водительск|/pay/' THEN
    NEW.request := insurer_log_masked(NEW.request);
    NEW.response := insurer_log_masked(NEW.response);
    NEW.error := insurer_log_text(NEW.error);
  END IF;
  RETURN NEW;
END
$$;
`;

export const migration: Migration = { version: 30, name: 'bench_speedups', sql: SQL };
