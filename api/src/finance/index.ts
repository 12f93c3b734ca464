import type { Domain } from '../platform/context.js';
import { analyticsRoutes } from './analytics/routes.js';
import { ledgerRoutes } from './routes/ledger.js';
import { payoutRoutes } from './payouts/routes.js';
import { personalRateRoutes } from './routes/personal-rates.js';
import { rateRoutes } from './routes/rates.js';
import { reconciliationRoutes } from './reconciliation/index.js';
import { seedFinance } from './seed.js';
import { seedPayouts } from './payouts/seed.js';

/**
 * Finance: the commission ledger sales writes through (ledger.ts), the rates and their check (rates.ts),
 * the payments to return to clients (refunds.ts), a contract's money for finance staff (contract-money.ts),
 * Мое КВ / КВ всех (statement.ts), reconciliation with insurers (reconciliation/: statements, the matcher,
 * the broker's margin — see reconciliation/index.ts), Аналитика (analytics/: it reads finance's ledger and the
 * sales beside it, per Moscow day from migration 34's sums; in finance, as remote-finance owns its screen).
 * remote-finance is its front (the screens come with the finance issue).
 */
export const finance: Domain = {
  name: 'finance',
  register(app, ctx) {
    rateRoutes(app, ctx);
    ledgerRoutes(app, ctx);
    personalRateRoutes(app, ctx);
    reconciliationRoutes(app, ctx);
    analyticsRoutes(app, ctx);
  },
  seed: (q) => seedFinance(q),
};

/**
 * Payouts, acts and registers: finance's too, registered and seeded after sales (its demo payouts read
 * the demo ledger sales' seed writes).
 */
export const financePayouts: Domain = {
  name: 'finance-payouts',
  register: (app, ctx) => payoutRoutes(app, ctx),
  seed: (q, demo) => seedPayouts(q, demo),
};
