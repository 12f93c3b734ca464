import type { Migration } from '../platform/migrations.js';

/**
 * Migration 33: a user's phone (issue 26, Управление: a new member of staff or agent is created with
 * one), as typed in the §5 phone format; nullable — the demo accounts and older users have none.
 */
const SQL = String.raw`
ALTER TABLE users ADD COLUMN phone text;
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
`;

export const migration: Migration = { version: 33, name: 'user_phone', sql: SQL };
