import type { Migration } from '../platform/migrations.js';

/**
 * Migration 1: users, broker networks, curators, sessions, reference data, and the tables the home
 * counters read (notifications, chats, payments, broker requests, app registrations).
 * Shipped: never edit; a change is a new numbered file.
 */
export const migration: Migration = {
  version: 1,
  name: 'core',
  sql: `
CREATE TABLE broker_networks (
  id char(24) PRIMARY KEY,
  name text NOT NULL,
  owner_user_id char(24),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id char(24) PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  roles text[] NOT NULL DEFAULT '{}',
  first_name text NOT NULL DEFAULT '',
  second_name text NOT NULL DEFAULT '',
  middle_name text NOT NULL DEFAULT '',
  opf text CHECK (opf IN ('FL','IP','SZ','YL')),
  is_personal boolean NOT NULL DEFAULT false,
  chat_id text,
  broker_network_id char(24) REFERENCES broker_networks(id),
  parent_agent_id char(24) REFERENCES users(id),
  can_chat_with_agents boolean NOT NULL DEFAULT false,
  can_chat_with_clients boolean NOT NULL DEFAULT false,
  can_view_only_appointed_agents boolean NOT NULL DEFAULT false,
  can_analytics_view boolean NOT NULL DEFAULT false,
  is_sub_agent boolean NOT NULL DEFAULT false,
  is_blocked boolean NOT NULL DEFAULT false,
  rating_level int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_network_idx ON users(broker_network_id);
CREATE INDEX users_parent_idx ON users(parent_agent_id);

-- Agents appointed to a supervisor (curator); used by canViewOnlyAppointedAgents.
CREATE TABLE agent_curators (
  curator_id char(24) NOT NULL REFERENCES users(id),
  agent_id char(24) NOT NULL REFERENCES users(id),
  PRIMARY KEY (curator_id, agent_id)
);

CREATE TABLE sessions (
  id char(24) PRIMARY KEY,
  token_hash char(64) NOT NULL UNIQUE,
  user_id char(24) NOT NULL REFERENCES users(id),
  remember_me boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_route text
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

CREATE TABLE companies (
  id char(24) PRIMARY KEY,
  id_unicus text NOT NULL UNIQUE,
  short_name text NOT NULL
);

CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  visible_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE dictionaries (
  type text NOT NULL,
  name text NOT NULL,
  option_id text NOT NULL,
  option_name text NOT NULL,
  sort int NOT NULL DEFAULT 0,
  PRIMARY KEY (type, name, option_id)
);

CREATE TABLE notifications (
  id char(24) PRIMARY KEY,
  user_id char(24) NOT NULL REFERENCES users(id),
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications(user_id, is_read);

-- kind 'agent': an agent talking to staff (manager_id answers); 'client': a client talking to an agent.
CREATE TABLE chats (
  id char(24) PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('agent','client')),
  agent_id char(24) NOT NULL REFERENCES users(id),
  manager_id char(24) REFERENCES users(id),
  is_open boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Commission payouts to agents; money in integer kopecks.
CREATE TABLE payments (
  id char(24) PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  status text NOT NULL CHECK (status IN ('paid','await','continue')),
  amount_kopecks bigint NOT NULL CHECK (amount_kopecks >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_agent_idx ON payments(agent_id);

-- Broker request statuses are the numbers of spec section 4.
CREATE TABLE broker_requests (
  id char(24) PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  executor_id char(24) REFERENCES users(id),
  product_id text NOT NULL,
  status int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX broker_requests_executor_idx ON broker_requests(executor_id, status);
CREATE INDEX broker_requests_agent_idx ON broker_requests(agent_id);

-- Clients registered in the Oyster.app by an agent.
CREATE TABLE app_registrations (
  id char(24) PRIMARY KEY,
  agent_id char(24) NOT NULL REFERENCES users(id),
  client_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
