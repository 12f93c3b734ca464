import type { Migration } from '../platform/migrations.js';

/**
 * Migration 18: every call in SOAP-логи has someone whose scope it follows (issue 23, «Leaks across scope»).
 *
 * - `asked_by`: the user who asked for a call that belongs to no contract (a quote). A contract's calls
 *   follow the contract's agent; a quote's follow this user (routes/soap-logs.ts). Rows written before
 *   have nobody: only viewers who see every agent see them.
 * Shipped: never edit.
 */
const SQL = String.raw`
ALTER TABLE insurer_calls ADD COLUMN asked_by char(24) REFERENCES users(id);
-- One contract's calls (the contract page's «Журнал обращений»; SOAP-логи's scope joins by it).
CREATE INDEX insurer_calls_contract_idx ON insurer_calls(contract_id, id);
`;

export const migration: Migration = { version: 18, name: 'insurer_calls_privacy', sql: SQL };
