import type { Migration } from '../platform/migrations.js';

/**
 * Migration 11: chats worked for real (issue 13). A chat is the agent's support chat (its id is the
 * agent's users.chat_id) or the chat of one contract or broker request (type + entity_id, one each);
 * its title and the app path of its object are the owning domain's words, kept here. Messages are
 * numbered by one sequence (seq): a chat's order, and where a reconnecting client catches up from. A
 * message sent again with the same client key is the same message (the unique index). Each side's
 * last read seq gives unread counts and read receipts. Files sent in a chat keep their bytes here
 * (every api instance serves them).
 * Shipped: never edit.
 */
const CHATS_SQL = `
ALTER TABLE chats
  ADD COLUMN type text NOT NULL DEFAULT 'support' CHECK (type IN ('support','contract','brokerRequest')),
  ADD COLUMN entity_id char(24),
  ADD COLUMN title text NOT NULL DEFAULT 'Поддержка',
  ADD COLUMN entity_path text,
  ADD COLUMN last_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN last_message_at timestamptz(3),
  ADD COLUMN agent_read_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN staff_read_seq bigint NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX chats_entity_idx ON chats(type, entity_id) WHERE entity_id IS NOT NULL;
CREATE INDEX chats_agent_idx ON chats(agent_id, last_message_at DESC NULLS LAST, id DESC);
CREATE INDEX chats_open_idx ON chats(is_open, last_message_at DESC NULLS LAST, id DESC);
CREATE INDEX chats_manager_idx ON chats(manager_id) WHERE manager_id IS NOT NULL;

CREATE SEQUENCE chat_message_seq;

CREATE TABLE chat_files (
  id char(24) PRIMARY KEY,
  chat_id char(24) NOT NULL REFERENCES chats(id),
  user_id char(24) NOT NULL REFERENCES users(id),
  upload_file_name text NOT NULL,
  extension text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  data bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX chat_files_chat_idx ON chat_files(chat_id);

CREATE TABLE chat_messages (
  id char(24) PRIMARY KEY,
  chat_id char(24) NOT NULL REFERENCES chats(id),
  seq bigint NOT NULL UNIQUE DEFAULT nextval('chat_message_seq'),
  author_id char(24) NOT NULL REFERENCES users(id),
  side text NOT NULL CHECK (side IN ('agent','staff')),
  body text NOT NULL DEFAULT '',
  file_id char(24) REFERENCES chat_files(id),
  client_key text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_chat_idx ON chat_messages(chat_id, seq);
CREATE UNIQUE INDEX chat_messages_client_key_idx ON chat_messages(chat_id, author_id, client_key) WHERE client_key IS NOT NULL;
`;

export const migration: Migration = { version: 11, name: 'chats', sql: CHATS_SQL };
