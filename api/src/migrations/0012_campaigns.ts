import type { Migration } from '../platform/migrations.js';

/**
 * Migration 12: popup campaigns (issue 13, §3 communication notification, §7 set-logs/communication).
 * A campaign is written once and sent once: `status` moves draft|scheduled → sent in one UPDATE, which
 * is the lock that makes a scheduled one go out exactly once whatever the number of api instances (and
 * after a restart). A delivery is one campaign to one user (its guid is the logs' guid); its shown_at is
 * set by the first log, so a delivery made while the user was away is shown at their next start, once.
 * Every log is kept (who saw, who pressed which button, when).
 * Shipped: never edit.
 */
const CAMPAIGNS_SQL = `
CREATE TABLE campaigns (
  id char(24) PRIMARY KEY,
  title text NOT NULL,
  text_html text NOT NULL,
  actions jsonb NOT NULL DEFAULT '[]',
  action_color text CHECK (action_color IN ('green')),
  dark_background boolean NOT NULL DEFAULT false,
  sound text CHECK (sound IN ('sound1','sound2','sound3')),
  image_url text,
  audience jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('draft','scheduled','sent')),
  send_at timestamptz(3),
  sent_at timestamptz(3),
  recipients int NOT NULL DEFAULT 0,
  created_by char(24) NOT NULL REFERENCES users(id),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_list_idx ON campaigns(created_at DESC, id DESC);
CREATE INDEX campaigns_due_idx ON campaigns(send_at) WHERE status = 'scheduled';

CREATE TABLE campaign_deliveries (
  guid char(24) PRIMARY KEY,
  campaign_id char(24) NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  user_id char(24) NOT NULL REFERENCES users(id),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  shown_at timestamptz(3),
  reaction smallint CHECK (reaction BETWEEN 1 AND 4),
  reacted_at timestamptz(3),
  UNIQUE (campaign_id, user_id)
);
CREATE INDEX campaign_deliveries_pending_idx ON campaign_deliveries(user_id, created_at) WHERE shown_at IS NULL;

CREATE TABLE communication_logs (
  id bigserial PRIMARY KEY,
  communication_id char(24) NOT NULL,
  guid char(24) NOT NULL,
  agent_id char(24) NOT NULL REFERENCES users(id),
  reaction smallint NOT NULL CHECK (reaction BETWEEN 1 AND 4),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX communication_logs_campaign_idx ON communication_logs(communication_id, created_at);
`;

export const migration: Migration = { version: 12, name: 'campaigns', sql: CAMPAIGNS_SQL };
