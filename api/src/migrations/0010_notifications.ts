import type { Migration } from '../platform/migrations.js';

/**
 * Migration 10: notifications worked for real (issue 13): where one leads (§3 action, actionText),
 * when it was read; the page's order — unread first, newest first — by index. created_at is kept to the
 * millisecond the page's cursor carries (a microsecond past it would skip a row between pages); the new
 * index leads with (user_id, is_read), so the old one only cost writes.
 * Shipped: never edit.
 */
const NOTIFICATIONS_SQL = `
ALTER TABLE notifications
  ADD COLUMN action text,
  ADD COLUMN action_text text,
  ADD COLUMN read_at timestamptz(3),
  ALTER COLUMN created_at TYPE timestamptz(3);
DROP INDEX notifications_user_idx;
CREATE INDEX notifications_page_idx ON notifications(user_id, is_read, created_at DESC, id DESC);
`;

export const migration: Migration = { version: 10, name: 'notifications', sql: NOTIFICATIONS_SQL };
