import type { Migration } from '../platform/migrations.js';

/**
 * Migration 18: SOAP-логи keep no payment token and no passport or driver's licence number, and every call
 * has someone whose scope it follows (issue 23, «Leaks across scope»).
 *
 * - `asked_by`: the user who asked for a call that belongs to no contract (a quote). A contract's calls
 *   follow the contract's agent; a quote's follow this user (routes/soap-logs.ts). Rows written before
 *   have nobody: only viewers who see every agent see them.
 * - `insurer_log_masked(jsonb)`, THE masking rule, applied by a trigger to every row written (the flow's
 *   `loggedCall`, the demo seed, anything later), so no writer can store a secret by forgetting to ask;
 *   and to the rows already stored. What counts as secret:
 *     - a payment token: the value of any field whose name contains «token» (the `token` of a
 *       `paymentLink` answer, `paymentToken`, `payment_token`…), and in any text a `/pay/<token>` path or
 *       URL or a `…token=<value>` query field;
 *     - a person's document — a passport or a driver's licence — its series and number wherever they sit:
 *       `passportNumber`, `passport_series`, `driverLicenseNumber`…, a text `passport` or `licence`, and
 *       `series` / `number` (`serial`, `num`, `no`) inside an object named like one or whose `type` /
 *       `docType` says it is one (`{ "type": "passport", "number": … }`). No call sends them today (the
 *       quote carries КБМ classes, not licences; the contract the owner's birth and passport issue dates):
 *       the rule is there for the insurer whose service asks for them.
 *   A masked value is «••••» and the last third of the secret, at most 4 characters (a token keeps its
 *   last 4, a passport number its last 2, a series its last 1): enough for support to tell calls apart
 *   and match a call to the contract, not enough to pay or to read a document. Masking a masked value
 *   changes nothing.
 * Shipped: never edit (a change of the rule is a new migration replacing these functions).
 */
const SQL = String.raw`
ALTER TABLE insurer_calls ADD COLUMN asked_by char(24) REFERENCES users(id);
-- One contract's calls (the contract page's «Журнал обращений»; SOAP-логи's scope joins by it).
CREATE INDEX insurer_calls_contract_idx ON insurer_calls(contract_id, id);

CREATE FUNCTION insurer_log_secret(s text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s LIKE '••••%' THEN s ELSE '••••' || right(s, least(4, length(s) / 3)) END
$$;

CREATE FUNCTION insurer_log_text(s text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(
    regexp_replace(s, '/pay/[A-Za-z0-9_-]+([A-Za-z0-9_-]{4})', '/pay/••••\1', 'g'),
    '([?&][A-Za-z_]*token=)[^&#[:space:]]*([^&#[:space:]]{4})', '\1••••\2', 'gi')
$$;

CREATE FUNCTION insurer_log_masked(v jsonb, secret boolean DEFAULT false, in_document boolean DEFAULT false) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  document boolean;
BEGIN
  CASE jsonb_typeof(v)
    WHEN 'object' THEN
      document := in_document OR EXISTS (SELECT 1 FROM jsonb_each(v) t WHERE t.key ~* '^(doc_?)?type$' AND t.value #>> '{}' ~* 'passport|паспорт|licen[cs]e|водительск');
      RETURN (SELECT coalesce(jsonb_object_agg(e.key, insurer_log_masked(e.value,
                secret
                OR e.key ~* 'token'
                OR e.key ~* '^(passport|(driver_?)?licen[cs]e)[_-]?(series|serial|number|num|no)'
                OR (e.key ~* '^(passport|(driver_?)?licen[cs]e)$' AND jsonb_typeof(e.value) IN ('string', 'number'))
                OR (document AND e.key ~* '^(series|serial|number|num|no)$'),
                e.key ~* 'passport|licen[cs]e')), '{}'::jsonb)
                FROM jsonb_each(v) e);
    WHEN 'array' THEN
      RETURN (SELECT coalesce(jsonb_agg(insurer_log_masked(a.value, secret, in_document) ORDER BY a.n), '[]'::jsonb)
                FROM jsonb_array_elements(v) WITH ORDINALITY a(value, n));
    WHEN 'string' THEN
      RETURN to_jsonb(CASE WHEN secret THEN insurer_log_secret(v #>> '{}') ELSE insurer_log_text(v #>> '{}') END);
    WHEN 'number' THEN
      RETURN CASE WHEN secret THEN to_jsonb(insurer_log_secret(v #>> '{}')) ELSE v END;
    ELSE
      RETURN v;
  END CASE;
END
$$;

CREATE FUNCTION insurer_calls_mask_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.request := insurer_log_masked(NEW.request);
  NEW.response := insurer_log_masked(NEW.response);
  NEW.error := insurer_log_text(NEW.error);
  RETURN NEW;
END
$$;

-- The rows already stored (only those that can hold a secret are rewritten).
UPDATE insurer_calls
   SET request = insurer_log_masked(request), response = insurer_log_masked(response), error = insurer_log_text(error)
 WHERE (request::text || coalesce(response::text, '') || coalesce(error, '')) ~* 'token|passport|паспорт|licen[cs]e|водительск|/pay/';

CREATE TRIGGER insurer_calls_masked BEFORE INSERT OR UPDATE ON insurer_calls FOR EACH ROW EXECUTE FUNCTION insurer_calls_mask_row();
`;

export const migration: Migration = { version: 18, name: 'insurer_calls_privacy', sql: SQL };
