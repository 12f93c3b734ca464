import type { Migration } from '../platform/migrations.js';

/**
 * Migration 3: sessions end after a spell without use. `last_seen_at` is when the session was last
 * used (written at most once a minute); `idle_timeout_sec` is the idle limit the session got when it
 * was created (NULL: none, as for rememberMe and the sessions that existed before this migration).
 * The absolute limit stays `expires_at`. Shipped: never edit; a change is a new numbered file.
 */
const SESSION_IDLE_SQL = `
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ADD COLUMN idle_timeout_sec integer CHECK (idle_timeout_sec > 0);
`;

export const migration: Migration = { version: 3, name: 'session_idle', sql: SESSION_IDLE_SQL };
