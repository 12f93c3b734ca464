import type { Migration } from '../platform/migrations.js';

/**
 * Migration 8: when a contract's payment link stops working (shared-kit paymentLinkExpiry). NULL for a
 * link made before this (the demo's seeded contracts): it never expires. The partial index serves the
 * calendar's search for expired links among the contracts waiting for payment.
 * Shipped: never edit.
 */
const SQL = `
ALTER TABLE contracts ADD COLUMN payment_expires_at timestamptz;
CREATE INDEX contracts_payment_expiry_idx ON contracts(payment_expires_at) WHERE status = 250;
`;

export const migration: Migration = { version: 8, name: 'payment_link_expiry', sql: SQL };
