import type { Migration } from '../platform/migrations.js';

/**
 * Migration 27: Oyster.app's invitations (issue 25, `/app/oyster-app`).
 * - users.app_invite_code: each user's own code of the link to the client app (`/oyster-app/i/<code>`),
 *   16 hex characters of a random UUID (64 random bits), filled for every existing and new user by the
 *   column's default, so reading one's link writes nothing. «Обновить ссылку» puts a new one (the api's
 *   crypto); the old code then registers nobody (a 400 from the integration). Unique: a code names one agent.
 * - app_registrations.client_phone: the client's mobile as the app sends it at registration, kept as its
 *   last 10 digits (the national number, whether typed from +7, 8 or without). What a client bought is
 *   their agent's contracts whose client phone (details.contacts.phone, the same 10 digits) is that number:
 *   the index below answers it per agent without reading the agent's whole list.
 * Shipped: never edit.
 */
const SQL = `
ALTER TABLE users ADD COLUMN app_invite_code text NOT NULL DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16);
CREATE UNIQUE INDEX users_app_invite_code_idx ON users(app_invite_code);

ALTER TABLE app_registrations ADD COLUMN client_phone text CHECK (client_phone IS NULL OR client_phone ~ '^[0-9]{10}$');
CREATE INDEX app_registrations_agent_keyset_idx ON app_registrations(agent_id, created_at DESC, id DESC);
CREATE INDEX app_registrations_keyset_idx ON app_registrations(created_at DESC, id DESC);

CREATE INDEX contracts_agent_client_phone_idx ON contracts(agent_id, right(regexp_replace(details->'contacts'->>'phone', '[^0-9]', '', 'g'), 10));
`;

export const migration: Migration = { version: 27, name: 'oyster_app', sql: SQL };
