import type { Migration } from '../platform/migrations.js';

/**
 * Migration 19: КВ всех (issue 24) reads the commission ledger by Moscow month for everyone in a staff
 * member's scope, newest first — an index on the moment of each line (the agent's own page already has
 * commission_ledger_agent_idx).
 * Shipped: never edit.
 */
const SQL = `CREATE INDEX commission_ledger_at_idx ON commission_ledger(at DESC, id DESC);`;

export const migration: Migration = { version: 19, name: 'ledger_by_time', sql: SQL };
