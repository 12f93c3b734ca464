import type { Migration } from '../platform/migrations.js';

/**
 * Migration 9: broker requests worked for real (issue 12). The table of migration 1 held only what
 * the counters read; now it carries the request's form values, its number, the SLA clock (sent_at,
 * sla_hours, sla_due_at, escalated_at) and how it ended. Beside it: the status history, the insurers'
 * offers, and the files (bytes in the database, as contract files, so every instance serves them).
 * Indexes: the executors' queue (open requests by deadline), the lists by creation, the filters.
 * Shipped: never edit.
 */
const BROKER_REQUESTS_SQL = `
CREATE SEQUENCE broker_request_numbers START 1001;

ALTER TABLE broker_requests
  ADD COLUMN number bigint NOT NULL DEFAULT nextval('broker_request_numbers'),
  ADD COLUMN created_by char(24) REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN form jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN client_name text,
  ADD COLUMN sent_at timestamptz(3),
  ADD COLUMN sla_hours int NOT NULL DEFAULT 16 CHECK (sla_hours > 0),
  ADD COLUMN sla_due_at timestamptz(3),
  ADD COLUMN escalated_at timestamptz(3),
  ADD COLUMN closed_at timestamptz(3),
  ADD COLUMN close_reason text,
  ADD COLUMN accepted_offer_id char(24),
  ADD COLUMN updated_at timestamptz(3) NOT NULL DEFAULT now();
UPDATE broker_requests SET created_by = agent_id, updated_at = created_at;
CREATE UNIQUE INDEX broker_requests_number_idx ON broker_requests(number);

-- The queue: open requests by deadline (overdue first); the lists: newest first; the filters.
CREATE INDEX broker_requests_due_idx ON broker_requests(sla_due_at, id) WHERE status NOT IN (50, 100, 500, 11000);
CREATE INDEX broker_requests_created_idx ON broker_requests(created_at DESC, id DESC);
CREATE INDEX broker_requests_status_created_idx ON broker_requests(status, created_at DESC, id DESC);
CREATE INDEX broker_requests_product_created_idx ON broker_requests(product_id, created_at DESC, id DESC);
CREATE INDEX broker_requests_agent_created_idx ON broker_requests(agent_id, created_at DESC, id DESC);
CREATE INDEX broker_requests_agent_status_idx ON broker_requests(agent_id, status, created_at DESC, id DESC);
CREATE INDEX broker_requests_client_idx ON broker_requests(lower(client_name) text_pattern_ops);
-- Which statuses which agents' requests are in is far from independent (an agent filtering by a status
-- they have none of): the planner is told, so it does not walk the whole list looking for them.
CREATE STATISTICS broker_requests_agent_status_stats (mcv) ON agent_id, status FROM broker_requests;

CREATE TABLE broker_request_history (
  id bigserial PRIMARY KEY,
  request_id char(24) NOT NULL REFERENCES broker_requests(id) ON DELETE CASCADE,
  from_status int,
  to_status int NOT NULL,
  actor text NOT NULL CHECK (actor IN ('agent', 'executor', 'system')),
  user_id char(24) REFERENCES users(id) ON DELETE SET NULL,
  note text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX broker_request_history_request_idx ON broker_request_history(request_id, id);

CREATE TABLE broker_request_offers (
  id char(24) PRIMARY KEY,
  request_id char(24) NOT NULL REFERENCES broker_requests(id) ON DELETE CASCADE,
  company_id char(24) NOT NULL REFERENCES companies(id),
  premium_kopecks bigint NOT NULL CHECK (premium_kopecks > 0),
  commission_percent numeric(5,2) CHECK (commission_percent >= 0 AND commission_percent <= 100),
  conditions text NOT NULL DEFAULT '',
  created_by char(24) REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX broker_request_offers_request_idx ON broker_request_offers(request_id, created_at);

CREATE TABLE broker_request_files (
  id char(24) PRIMARY KEY,
  request_id char(24) NOT NULL REFERENCES broker_requests(id) ON DELETE CASCADE,
  offer_id char(24) REFERENCES broker_request_offers(id) ON DELETE CASCADE,
  type_name text NOT NULL,
  upload_file_name text NOT NULL,
  storage_file_name text NOT NULL UNIQUE,
  size int NOT NULL CHECK (size > 0),
  extension text NOT NULL,
  mime text NOT NULL,
  user_id char(24) REFERENCES users(id) ON DELETE SET NULL,
  data bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX broker_request_files_request_idx ON broker_request_files(request_id, created_at);
`;

export const migration: Migration = { version: 9, name: 'broker_requests', sql: BROKER_REQUESTS_SQL };
