import type { Migration } from '../platform/migrations.js';

/**
 * Migration 15: chats with Oyster.app's clients (issue 13, §6 «clients' chats for users with
 * canChatWithClients»). A client registered in the app through an agent (app_registrations, now with
 * the app's own id of the client, unique: the app's backend registers a client again without a second
 * row) has one chat of type 'client' (client_id); the staff who may chat with clients answer it. The
 * client's messages come from the app's backend and have no user author (side 'client', author_id
 * null — the name is the registration's, and so are their files'); a key sent again by the app is the
 * same message. In a client chat the counterpart's read seq (agent_read_seq) is the client's.
 * Shipped: never edit.
 */
const SQL = `
ALTER TABLE app_registrations ADD COLUMN app_client_id text;
CREATE UNIQUE INDEX app_registrations_app_client_idx ON app_registrations(app_client_id) WHERE app_client_id IS NOT NULL;
CREATE INDEX app_registrations_agent_idx ON app_registrations(agent_id);

ALTER TABLE chats DROP CONSTRAINT chats_type_check;
ALTER TABLE chats ADD CONSTRAINT chats_type_check CHECK (type IN ('support','contract','brokerRequest','client'));
ALTER TABLE chats ADD COLUMN client_id char(24) REFERENCES app_registrations(id);
ALTER TABLE chats ADD CONSTRAINT chats_client_check CHECK ((type = 'client') = (client_id IS NOT NULL) AND (type = 'client') = (kind = 'client'));
CREATE UNIQUE INDEX chats_client_idx ON chats(client_id) WHERE client_id IS NOT NULL;

ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_side_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_side_check CHECK (side IN ('agent','staff','client'));
ALTER TABLE chat_messages ALTER COLUMN author_id DROP NOT NULL;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_author_check CHECK ((side = 'client') = (author_id IS NULL));
CREATE UNIQUE INDEX chat_messages_client_side_key_idx ON chat_messages(chat_id, client_key) WHERE author_id IS NULL AND client_key IS NOT NULL;
ALTER TABLE chat_files ALTER COLUMN user_id DROP NOT NULL;
`;

export const migration: Migration = { version: 15, name: 'client_chats', sql: SQL };
