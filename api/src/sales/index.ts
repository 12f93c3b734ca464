import type { Domain } from '../platform/context.js';
import { calendarTick, checksLeftBehind, RELEASE_RETRY_AFTER_MS, releaseLeftBehind, releaseRetriesWaiting, type FlowDeps } from './contracts/flow.js';
import { DEMO_INSURERS, demoAdapter } from './insurers/demo.js';
import type { Insurer } from './osago.js';
import { clientRoutes } from './clients/routes.js';
import { contractChatRoutes } from './routes/contract-chat.js';
import { contractFileRoutes } from './routes/contract-files.js';
import { contractRoutes, storePolicyPdf } from './routes/contracts.js';
import { osagoRoutes } from './routes/osago.js';
import { paymentRoutes } from './routes/payments.js';
import { renewalRoutes } from './routes/renewals.js';
import { remindRenewals } from './renewals/reminders.js';
import { soapLogRoutes } from './routes/soap-logs.js';
import { oysterAppRoutes } from './oyster-app/routes.js';
import { seedSales } from './seed.js';
import { seedClients } from './clients/seed.js';
import { tableRateSource } from './currency/rates.js';
import { runPeriodically } from '../platform/periodic.js';

/**
 * How often the calendar runs: expired payment links, released policies whose start date came, policies
 * whose end passed. Each is one indexed query; the payment page also ends an expired link itself.
 */
const CALENDAR_EVERY_MS = 5 * 60 * 1000;
/** How often paid contracts left unreleased are looked for. */
const RELEASE_RETRY_EVERY_MS = 60 * 1000;
/** How often due renewal reminders are looked for (each claims its row: once per policy × threshold). */
const RENEWAL_REMINDERS_EVERY_MS = 15 * 60 * 1000;

/**
 * Sales: e-OSAGO quotes from every insurer, contracts from an offer to a policy in force (the state
 * machine of shared-kit sales/contracts.ts), the payment page and its signed callback, the insurer
 * calls log, the files on contracts. remote-sales is its front.
 */
export const sales: Domain = {
  name: 'sales',
  register(app, ctx) {
    const adapters = DEMO_INSURERS.map((i) => demoAdapter(i, ctx.demoInsurerDelayMs, ctx.demoInsurerFaults[i.code] ?? null, ctx.db));
    // The insurers are init-state's companies, kept in-process by the reference cache (dropped on any change).
    const insurers = async (): Promise<Insurer[]> => (await ctx.reference.initState()).companies.map((c) => ({ id: c._id, code: c.idUnicus, name: c.shortName }));
    const flow: FlowDeps = {
      db: ctx.db,
      rt: ctx.rt,
      adapterOf: (code) => adapters.find((a) => a.code === code),
      rates: tableRateSource(ctx.db),
      log: app.log,
      onReleased: async (id) => void (await storePolicyPdf(ctx, id)),
    };
    osagoRoutes(app, ctx, adapters, insurers);
    contractRoutes(app, ctx, flow, insurers, adapters);
    contractFileRoutes(app, ctx);
    contractChatRoutes(app, ctx);
    paymentRoutes(app, ctx, flow, ctx.paymentSecrets);
    soapLogRoutes(app, ctx);
    renewalRoutes(app, ctx);
    oysterAppRoutes(app, ctx);
    clientRoutes(app, ctx);

    runPeriodically(app, 'contracts calendar', CALENDAR_EVERY_MS, () => calendarTick(flow));
    // Contracts whose insurer's check or release was cut short (a node stopped mid-way) are finished (flow.ts checksLeftBehind, releaseLeftBehind).
    const retryAfterMs = ctx.releaseRetry.afterMs ?? RELEASE_RETRY_AFTER_MS;
    runPeriodically(app, 'paid contracts release', ctx.releaseRetry.everyMs ?? RELEASE_RETRY_EVERY_MS, async () => {
      await checksLeftBehind(flow, new Date(), retryAfterMs);
      await releaseLeftBehind(flow, new Date(), retryAfterMs);
    });
    ctx.metrics.queueDepth('release_retries', () => releaseRetriesWaiting(ctx.db, new Date(), retryAfterMs));
    // Renewals: the reminders before 45, 30 and 7 days (renewals/reminders.ts).
    runPeriodically(app, 'renewal reminders', RENEWAL_REMINDERS_EVERY_MS, () => remindRenewals(ctx));
  },
  seed: async (q, demo) => {
    await seedSales(q, demo);
    await seedClients(q, demo);
  },
};

declare module '../platform/context.js' {
  interface AppContext {
    /** Every insurer's payment callback secret by insurer code, resolved at start (payments/secrets.ts). */
    paymentSecrets: Readonly<Record<string, string>>;
    /** The release retry's wait and period (RELEASE_RETRY_AFTER_MS, RELEASE_RETRY_EVERY_MS); unset: the defaults. */
    releaseRetry: { afterMs?: number; everyMs?: number };
  }
}
