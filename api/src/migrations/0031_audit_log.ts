import type { Migration } from '../platform/migrations.js';

/**
 * Migration 31: the audit log of Управление (issue 26) — every change an administrator, a broker
 * network owner or finance makes to users, agents, partners and tariff mappings: who, when, what object,
 * the values before and after (only the fields that changed; never a password or a token). Append-only:
 * a trigger refuses UPDATE and DELETE, so a row once written stays as it was.
 */
const SQL = String.raw`
CREATE TABLE audit_log (
  id char(24) PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id char(24) REFERENCES users(id),
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_object_idx ON audit_log (object_type, object_id, at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
`;

export const migration: Migration = { version: 31, name: 'audit_log', sql: SQL };
