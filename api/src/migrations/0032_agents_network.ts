import type { Migration } from '../platform/migrations.js';

/**
 * Migration 32 (issue 26, agents and sub-agents): one-time password links (an invitation of a new
 * sub-agent, a password reset by an administrator) — only the token's SHA-256 is kept, a link is used
 * once and expires; the user's phone (asked when a sub-agent is invited); the agents list's keyset
 * order (created_at DESC, id DESC) as an index, so a page of 100,000 agents is read from the index.
 */
const SQL = String.raw`
CREATE TABLE password_links (
  id char(24) PRIMARY KEY,
  token_hash char(64) NOT NULL UNIQUE,
  user_id char(24) NOT NULL REFERENCES users(id),
  purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_links_user_idx ON password_links (user_id) WHERE used_at IS NULL;

ALTER TABLE users ADD COLUMN phone text;

-- Milliseconds, as contracts: the list's keyset cursor carries created_at as an ISO string.
UPDATE users SET created_at = date_trunc('milliseconds', created_at) WHERE created_at <> date_trunc('milliseconds', created_at);
ALTER TABLE users ALTER COLUMN created_at SET DEFAULT date_trunc('milliseconds', now());
CREATE INDEX users_created_keyset_idx ON users (created_at DESC, id DESC);
-- The rare filters of the list (§4 blocked; in a broker network) read their own slice in the same order.
CREATE INDEX users_blocked_keyset_idx ON users (created_at DESC, id DESC) WHERE is_blocked;
CREATE INDEX users_network_keyset_idx ON users (created_at DESC, id DESC) WHERE broker_network_id IS NOT NULL;
`;

export const migration: Migration = { version: 32, name: 'agents_network', sql: SQL };
