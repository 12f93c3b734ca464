import type { Migration } from '../platform/migrations.js';

/**
 * Migration 13: webinars (issue 13, §3 webinar, §7 webinars/registration, §9 the reminder 10 minutes
 * before the start). A webinar's jobs are rows, not timers: the reminder's row is claimed with FOR UPDATE
 * SKIP LOCKED and marked done in the transaction that writes the reminders, so it goes out once whatever
 * the number of api instances, and one that fell due while no api ran goes out at the next start.
 * Moving the start re-arms it; postponing (removed) deletes it.
 * Shipped: never edit.
 */
const WEBINARS_SQL = `
CREATE TABLE webinars (
  id char(24) PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  starts_at timestamptz(3) NOT NULL,
  duration_min int NOT NULL CHECK (duration_min > 0),
  platform text NOT NULL,
  conference_link text NOT NULL,
  removed boolean NOT NULL DEFAULT false,
  announced_at timestamptz(3),
  created_by char(24) NOT NULL REFERENCES users(id),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX webinars_start_idx ON webinars(starts_at, id);

CREATE TABLE webinar_registrations (
  webinar_id char(24) NOT NULL REFERENCES webinars(id) ON DELETE CASCADE,
  user_id char(24) NOT NULL REFERENCES users(id),
  signed_up_at timestamptz(3) NOT NULL DEFAULT now(),
  watched_at timestamptz(3),
  PRIMARY KEY (webinar_id, user_id)
);
CREATE INDEX webinar_registrations_user_idx ON webinar_registrations(user_id);

CREATE TABLE webinar_jobs (
  webinar_id char(24) NOT NULL REFERENCES webinars(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reminder')),
  run_at timestamptz(3) NOT NULL,
  done_at timestamptz(3),
  PRIMARY KEY (webinar_id, kind)
);
CREATE INDEX webinar_jobs_due_idx ON webinar_jobs(run_at) WHERE done_at IS NULL;
`;

export const migration: Migration = { version: 13, name: 'webinars', sql: WEBINARS_SQL };
